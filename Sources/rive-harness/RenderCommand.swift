import Foundation
import HarnessSupport
import ReferenceRuntime
import RiveFormat
import RuntimeAPI

/// `rive-harness render`: plays a `.riv` file with the reference runtime and writes PNG frames.
struct RenderCommand: HarnessCommand {
    static let name = "render"
    static let summary = "play a .riv file with the reference runtime and write PNG frames or digests"
    static let options = OptionTable(command: name, positionals: "FILE.riv", column: 22, options: [
        OptionSpec("--artboard", "A", help: "the artboard to play (default: the file's first artboard)"),
        OptionSpec("--state-machine", "S", synopsis: "[--state-machine S | --animation L]", help: """
            the state machine to play (default: the artboard's default,
            else its first, else its first linear animation; an
            artboard with neither is drawn as authored)
            """),
        OptionSpec("--animation", "L", synopsis: "", help: "play linear animation L without a state machine"),
        OptionSpec("--frames", "N", help: "how many frames to draw (default 1)"),
        OptionSpec("--dt", "SECONDS", help: "the time step between frames (default 0.016)"),
        OptionSpec("--size", "WxH", help: "the frame size in pixels, each side 1…8192 (default 512x512)"),
        OptionSpec("--out", "DIR", help: """
            write DIR/frame-0000.png, frame-0001.png, … (atomically;
            DIR is created when missing), one progress line per frame
            """),
        OptionSpec("--digest", help: "print each frame's draw-command digest"),
    ])
    static let help = options.help(about: """
        Plays FILE.riv with the reference runtime: the artboard's state machine (or, on an
        artboard without state machines, its first linear animation, as upstream's default
        scene plays it), bound to the artboard's default view-model instance when it has a
        view model, advanced by 0 for
        frame 0 and by --dt for every later frame. Each frame is drawn contain + centred on a
        transparent background at --size pixels. Content the runtime cannot play is listed
        first, by type name ("unsupported: …"; an object the schema does not know by its type
        key); it is not drawn.
        """, footer: """
        At least one of --out and --digest is needed.

        exit codes: 0 rendered; 2 usage error (bad option or size, unknown artboard, state
        machine or animation); 3 the file is missing or malformed; 4 cairo could not make a frame or a
        frame could not be written.
        """)

    let path: String
    let artboard: String?
    let stateMachine: String?
    let animation: String?
    let frames: Int
    let dt: Double
    let width: Int
    let height: Int
    let outDirectory: String?
    let digest: Bool

    init(arguments: inout ArgumentList) throws(UsageError) {
        artboard = try arguments.option("--artboard")
        stateMachine = try arguments.option("--state-machine")
        animation = try arguments.option("--animation")
        guard stateMachine == nil || animation == nil else {
            throw UsageError(message: "--state-machine and --animation cannot be given together", hint: "choose what to play")
        }
        let framesText = try arguments.option("--frames") ?? "1"
        guard let frames = Int(framesText), frames >= 1 else {
            throw UsageError(message: "--frames must be a whole number of at least 1, got '\(framesText)'", hint: "for example --frames 10")
        }
        self.frames = frames
        let dtText = try arguments.option("--dt") ?? "0.016"
        guard let dt = Double(dtText), dt >= 0, dt.isFinite else {
            throw UsageError(message: "--dt must be a number of seconds of at least 0, got '\(dtText)'", hint: "for example --dt 0.016")
        }
        self.dt = dt
        let sizeText = try arguments.option("--size") ?? "512x512"
        guard let size = Self.parseSize(sizeText) else {
            throw UsageError(message: "--size must be WIDTHxHEIGHT in whole pixels (1…\(Self.maximumSide) each), got '\(sizeText)'", hint: "for example --size 512x512")
        }
        (width, height) = size
        outDirectory = try arguments.option("--out")
        digest = arguments.flag("--digest")
        let positionals = try arguments.positionals()
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "render needs a .riv file" : "render takes one file, got \(positionals.count)",
                             hint: "run 'rive-harness render FILE.riv --out DIR'")
        }
        path = positionals[0]
        guard outDirectory != nil || digest else {
            throw UsageError(message: "render needs --out DIR, --digest or both", hint: "for example 'rive-harness render \(path) --out frames'")
        }
    }

    /// The largest width or height `--size` accepts, in pixels.
    static let maximumSide = 8192

    /// Parses `WxH`: exactly two positive whole numbers, each at most `maximumSide`, or `nil`.
    static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let sides = text.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, sides.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }),
              let width = Int(sides[0]), let height = Int(sides[1]),
              (1...maximumSide).contains(width), (1...maximumSide).contains(height) else { return nil }
        return (width, height)
    }

    /// The message and exit code for a session that could not start: 2 for an unknown
    /// artboard or state machine or an invalid size, 4 when cairo fails.
    static func failure(_ error: RenderSession.Failure, path: String) -> CommandFailure {
        switch error {
        case .artboard, .stateMachine, .animation:
            CommandFailure(message: "\(path): \(error.description)", hint: "run 'rive-harness inspect \(path)' for the artboard and state machine names",
                           exitCode: .usage)
        case .size(.invalidSize):
            CommandFailure(message: error.description, hint: "pass --size with each side 1…\(maximumSide)", exitCode: .usage)
        case .size:
            CommandFailure(message: error.description, hint: "try a smaller --size; the machine may be out of memory", exitCode: .internalError)
        }
    }

    @MainActor func run() throws(CommandFailure) -> ExitCode {
        let bytes = try readFileBytes(path)
        let document: RiveDocument
        do { document = try RiveReader.read(bytes) } catch {
            throw CommandFailure(reportText: "\(path): \(error)", exitCode: .badInput)
        }
        let file = ReferenceWorker().openDocument(document)
        let session: RenderSession
        do {
            session = try RenderSession(file: file, artboard: artboard, stateMachine: stateMachine, animation: animation, width: width, height: height)
        } catch {
            throw Self.failure(error, path: path)
        }
        let played = session.animationName.map { "animation \"\($0)\"" } ?? "state machine " + (session.stateMachine.map { "\"\($0.name)\"" } ?? "none")
        print("\(path): artboard \"\(session.artboard.name)\", \(played), \(frames) frame(s) of \(dt) s at \(width)x\(height)")
        let unsupported = session.artboard.unsupportedContent
        print(unsupported.isEmpty ? "unsupported: none" : "unsupported: " + unsupported.joined(separator: ", "))
        if let outDirectory {
            if let reason = AtomicFile.probeFolder(outDirectory) {
                throw CommandFailure(message: "cannot write frames to '\(outDirectory)': \(reason)", hint: "choose a writable folder for --out", exitCode: .internalError)
            }
        }
        for index in 0..<frames {
            let frameDigest = session.frame(advancingBy: index == 0 ? 0 : dt)
            var line = "frame \(index)"
            if digest { line += " digest \(frameDigest)" }
            if let outDirectory {
                let target = (outDirectory as NSString).appendingPathComponent(String(format: "frame-%04d.png", index))
                do { try session.writePNG(to: target) } catch {
                    throw CommandFailure(message: "cannot write '\(target)': \(error)", hint: "check that the folder is writable", exitCode: .internalError)
                }
                line += " wrote \(target)"
            }
            print(line)
        }
        return .success
    }
}
