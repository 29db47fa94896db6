extension ErrorCase: Codable {
    /// Decodes `Enum.case` (`"FileError.invalidArtboard"`), a case of the RuntimeAPI error enums.
    /// - Throws: `DecodingError.dataCorrupted` for a name no enum has.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let found = ErrorCase(name: name) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(name)' is not a RuntimeAPI error case (Enum.case)")
        }
        self = found
    }

    /// Encodes the case as `Enum.case`; its code comes from the catalog when decoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
