import RuntimeAPI

/// One case of a runtime error enum as scenarios name it (`FileError.invalidArtboard`), with its stable code.
public struct ErrorCase: Sendable, Hashable, CustomStringConvertible {
    /// The enum's name, for example `FileError`.
    public var enumName: String
    /// The case's name, for example `invalidArtboard`.
    public var caseName: String
    /// The stable code the case reports (`RuntimeError.code`), for example `file.invalid-artboard`.
    public var code: String

    /// `Enum.case`.
    public var description: String { "\(enumName).\(caseName)" }

    /// Every error case of the RuntimeAPI error enums; codes come from the enums themselves.
    public static let catalog: [ErrorCase] = {
        let cases: [(String, String, any RuntimeError)] = [
            ("WorkerError", "missingDevice", WorkerError.missingDevice("")),
            ("FileError", "missingFile", FileError.missingFile("")),
            ("FileError", "invalidData", FileError.invalidData("")),
            ("FileError", "missingData", FileError.missingData("")),
            ("FileError", "invalidFile", FileError.invalidFile("")),
            ("FileError", "invalidArtboard", FileError.invalidArtboard("")),
            ("FileError", "invalidViewModel", FileError.invalidViewModel("")),
            ("FileError", "invalidViewModelInstance", FileError.invalidViewModelInstance("")),
            ("FileError", "cancelled", FileError.cancelled),
            ("ArtboardError", "invalidArtboard", ArtboardError.invalidArtboard("")),
            ("ArtboardError", "invalidStateMachine", ArtboardError.invalidStateMachine("")),
            ("ArtboardError", "cancelled", ArtboardError.cancelled),
            ("StateMachineError", "error", StateMachineError.error("")),
            ("StateMachineError", "cancelled", StateMachineError.cancelled),
            ("StateMachineError", "invalidGlobalViewModelName", StateMachineError.invalidGlobalViewModelName("")),
            ("StateMachineError", "duplicateGlobalViewModelInstance", StateMachineError.duplicateGlobalViewModelInstance("")),
            ("ViewModelInstanceError", "missingData", ViewModelInstanceError.missingData),
            ("ViewModelInstanceError", "valueMismatch", ViewModelInstanceError.valueMismatch(expected: "", actual: "")),
            ("ViewModelInstanceError", "error", ViewModelInstanceError.error("")),
            ("ViewModelInstanceError", "message", ViewModelInstanceError.message("")),
            ("ViewModelInstanceError", "cancelled", ViewModelInstanceError.cancelled),
            ("AssetError", "failedDecoding", AssetError.failedDecoding("")),
            ("AssetError", "cancelled", AssetError.cancelled),
            ("ObservationError", "unsupported", ObservationError.unsupported([], "")),
            ("ObservationError", "failed", ObservationError.failed("")),
            ("RiveError", "unsupported", RiveError.unsupported("")),
        ]
        return cases.map { ErrorCase(enumName: $0.0, caseName: $0.1, code: $0.2.code) }
    }()

    /// The case written as `Enum.case`, or `nil` when no enum has that case.
    public init?(name: String) {
        guard let found = Self.catalog.first(where: { $0.description == name }) else { return nil }
        self = found
    }

    /// The case a thrown runtime error is.
    public init(_ error: any RuntimeError) {
        self = Self.catalog.first { $0.code == error.code }
            ?? ErrorCase(enumName: String(describing: type(of: error)), caseName: error.code, code: error.code)
    }

    private init(enumName: String, caseName: String, code: String) {
        self.enumName = enumName
        self.caseName = caseName
        self.code = code
    }
}
