import HarnessTestSupport
import ObjCHeaderImport
import Testing

/// The generator translates the real headers of rive-ios (`RIVE_IOS_GIT_DIR`, at HEAD) with the
/// names upstream's Swift code calls.
@Suite struct UpstreamHeadersTests {
    @Test("every header of Source/Concurrency at HEAD translates, with the names upstream Swift uses",
          .enabled(if: RiveIOSMirror.isAvailable, Comment(rawValue: RiveIOSMirror.absentComment)))
    func upstreamHeadersTranslate() throws {
        let paths = try RiveIOSMirror.files(under: "Source/Concurrency").filter { $0.hasSuffix(".h") }
        #expect(!paths.isEmpty)
        let headers = try paths.map { HeaderSource(path: $0, text: try RiveIOSMirror.contents(of: $0)) }
        let output = try ObjCHeaderImporter.generate(headers: headers)
        let lines = declarationLines(output)
        for expected in [
            "public protocol CommandQueueProtocol: AnyObject {",
            "func subscribe(toViewModelProperty viewModelInstance: UInt64, path: String, type: RiveViewModelInstanceDataType, requestID: UInt64)",
            "@discardableResult func createDefaultArtboard(fromFile fileHandle: UInt64, observer: any ArtboardListener, requestID: UInt64) -> UInt64",
            "@discardableResult func createArtboardNamed(_ name: String, fromFile fileHandle: UInt64, observer: any ArtboardListener, requestID: UInt64) -> UInt64",
            "func bindViewModelInstance(_ stateMachineHandle: UInt64, toViewModelInstance viewModelInstanceHandle: UInt64, requestID: UInt64)",
            "func draw(_ drawKey: UInt64, callback: @escaping (UnsafeMutableRawPointer) -> Void)",
            "@discardableResult func decodeFont(_ font: NSFont, listener: any FontListener, requestID: UInt64) -> UInt64",
            "case `enum` = ",
            "case assetImage = ",
            "extension CommandQueue: _HeaderInterface_CommandQueue {}",
        ] {
            #expect(lines.contains { $0.hasPrefix(expected) }, "missing: \(expected)")
        }
        let phone = try ObjCHeaderImporter.generate(headers: headers, target: .ios, checks: .none)
        #expect(phone.contains("func decodeFont(_ font: UIFont, listener: any FontListener, requestID: UInt64) -> UInt64"))
    }
}
