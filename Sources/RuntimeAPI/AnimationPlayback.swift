/// An artboard that also plays one of its linear animations without a state machine.
///
/// Optional, and not part of the Apple API of 6.28, which plays state machines only: this is
/// the legacy play (the Apple legacy runtime's `RiveViewModel(fileName:animationName:)`, the
/// C++ runtime's `ArtboardInstance::animationAt(i)`, which `defaultScene()` plays when an
/// artboard has no state machine). Adapters that implement it declare
/// `RuntimeCapabilities.animationPlayback`; callers test with `as? any AnimationPlayback`.
@MainActor
public protocol AnimationPlayback: Artboard {
    /// Creates a scene that plays the linear animation `name` (`nil`: the artboard's first),
    /// bound as `binding` says (`.auto` binds a default instance of the artboard's default view
    /// model when it has one).
    ///
    /// The scene has the `StateMachine` shape so a `RuntimeView` can play it: its `name` is the
    /// animation's, `advance(by:)` advances and applies the animation (looping or ping-ponging
    /// as authored) and then the artboard, and it settles once a one-shot animation has ended.
    /// It has no inputs (`setInput` and `triggerInput` change nothing and go to the log).
    /// - Throws: `ArtboardError.invalidStateMachine` when the artboard has no animation of that
    ///   name, or none at all.
    func createAnimationScene(_ name: String?, binding: DataBind) async throws(ArtboardError) -> any StateMachine
}
