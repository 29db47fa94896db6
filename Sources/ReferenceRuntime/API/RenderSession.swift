import RiveRendering
import RuntimeAPI

/// Plays one artboard of a file frame by frame and draws each frame: what `rive-harness
/// render` runs, and what tests run in-process over whole folders of files.
///
/// The artboard's state machine (the named one, else the default, else none) is bound to the
/// artboard's default view-model instance when it has one, as `Rive(file:)` does. Each frame
/// advances the state machine, records the scene (the digest) and rasterizes it on a reused
/// cairo surface, contain + centred on a transparent background. Nothing is rebuilt per frame.
@MainActor
public final class RenderSession {
    /// Why a session could not start.
    public enum Failure: Error, CustomStringConvertible {
        /// No artboard has the requested name, or the file has no artboard.
        case artboard(FileError)
        /// No state machine of the artboard has the requested name.
        case stateMachine(ArtboardError)
        /// No linear animation of the artboard has the requested name.
        case animation(String)
        /// The pixel size is invalid (`.invalidSize`), or cairo could not create the surface.
        case size(RenderingError)

        public var description: String {
            switch self {
            case .artboard(let error): error.message
            case .stateMachine(let error): error.message
            case .animation(let message): message
            case .size(let error): error.description
            }
        }
    }

    /// The artboard played.
    public let artboard: ReferenceArtboard
    /// The state machine played, or `nil` when a linear animation is played or the artboard
    /// has neither (its initial state is drawn).
    public let stateMachine: ReferenceStateMachine?
    /// The linear animation played without a state machine (`--animation`, or the first one
    /// of an artboard without state machines, as upstream's default scene plays it), if any.
    public let animationName: String?
    private let scene: ReferenceStateMachine?
    private let rasterizer: CairoRasterizer
    private let recorder = DrawCommandRecorder()

    /// Opens artboard `artboardName` (or the default) and plays linear animation
    /// `animationName`, or state machine `stateMachineName`, or the one a player shows: the
    /// default state machine, else the first, else the first linear animation.
    /// - Throws: `Failure.artboard` for an unknown artboard, `.stateMachine` or `.animation` for
    ///   an unknown name, `.size` for an invalid pixel size.
    public init(file: ReferenceFile, artboard artboardName: String?, stateMachine stateMachineName: String?, animation: String? = nil,
                width: Int, height: Int) throws(Failure) {
        do { artboard = try file.makeArtboard(artboardName) } catch { throw .artboard(error) }
        if let animation {
            guard let scene = artboard.makeAnimationScene(animation) else {
                throw .animation("artboard \"\(artboard.name)\" has no linear animation named \"\(animation)\"; it has "
                                 + (artboard.animationNames.isEmpty ? "none" : artboard.animationNames.map { "\"\($0)\"" }.joined(separator: ", ")))
            }
            stateMachine = nil
            self.scene = scene
            animationName = animation
        } else if let stateMachineName {
            do { stateMachine = try artboard.makeStateMachine(stateMachineName, binding: .auto) } catch { throw .stateMachine(error) }
            scene = stateMachine
            animationName = nil
        } else if let played = artboard.makePlayedStateMachine() {
            stateMachine = played
            scene = played
            animationName = nil
        } else {
            stateMachine = nil
            scene = artboard.makeAnimationScene(nil)
            animationName = scene == nil ? nil : artboard.animationNames.first
        }
        do { rasterizer = try CairoRasterizer(width: width, height: height) } catch let error as RenderingError { throw .size(error) } catch {
            throw .size(.cairo(operation: "create a surface", message: "\(error)"))
        }
    }

    /// Advances by `seconds` (0 for the first frame) and draws the frame; returns its digest.
    @discardableResult
    public func frame(advancingBy seconds: Double) -> String {
        scene?.advanceAndApply(by: seconds)
        artboard.record(into: recorder)
        rasterizer.beginFrame(artboardBounds: artboard.scene.bounds)
        recorder.replay(on: rasterizer)
        return recorder.digest
    }

    /// The readable draw commands of the last frame.
    public var dump: String { recorder.dump }

    /// The last frame's pixels.
    public func image() -> RasterImage { rasterizer.makeImage() }

    /// Writes the last frame as a PNG file atomically.
    /// - Throws: `RenderingError.cairo` or `.file`.
    public func writePNG(to path: String) throws {
        try rasterizer.writePNG(toFile: path)
    }
}
