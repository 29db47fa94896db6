// The `NSFont` type of Apple's AppKit, as RiveRuntime's Swift layer names it, for Linux.
//
// On Linux the Swift layer's `#if canImport(UIKit) ... #else import AppKit` takes this
// branch. No system font can be turned into a Rive font here: the command queue answers a
// `decodeFont(_ font: NSFont, ...)` with a font error that says so.

import Foundation

/// A platform font, named and sized, without outlines.
public final class NSFont: NSObject, @unchecked Sendable {
    public let fontName: String
    public let pointSize: Double

    public init?(name: String, size: Double) {
        self.fontName = name
        self.pointSize = size
    }
}
