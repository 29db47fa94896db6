// A test-only `UIKit` for rive-ios's Tests/Concurrency on Linux: the tests are written for
// iOS and name `UIFont`, while the RiveRuntime module built on Linux takes its AppKit branch
// (`NSFont`). Here `UIFont` is that `NSFont`, so the tests' mocks and calls line up with the
// module's declarations.

@_exported import AppKit

public typealias UIFont = NSFont

extension NSFont {
    /// A font's weight, as the tests name it.
    public struct Weight: Sendable, Hashable {
        public let rawValue: Double
        public init(rawValue: Double) { self.rawValue = rawValue }
        public static let regular = Weight(rawValue: 0)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
    }

    /// A system font of a size: a named stand-in, as no system font exists here.
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> NSFont {
        NSFont(name: "system-\(weight.rawValue)", size: size)!
    }
}
