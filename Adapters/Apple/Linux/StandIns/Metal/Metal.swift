// The parts of Apple's `Metal` module that RiveRuntime's Swift layer names, for Linux.
//
// There is no GPU here: `MTLCreateSystemDefaultDevice()` returns a headless device, which is
// what lets `Worker()` start (it throws `WorkerError.missingDevice` without one). Drawing
// goes through the recording factory of the command server, never through this device.

import Foundation

/// A GPU device, as far as RiveRuntime's Swift layer uses one: something to hold and name.
public protocol MTLDevice: AnyObject {
    var name: String { get }
}

/// A command buffer, which RiveRuntime's render context hands out for Metal drawing.
public protocol MTLCommandBuffer: AnyObject {}

/// The device of a machine without a GPU.
public final class HeadlessMTLDevice: MTLDevice, @unchecked Sendable {
    public let name = "RiveHarness headless device (no GPU)"
    public init() {}
}

/// Returns the headless device: the only device on Linux.
public func MTLCreateSystemDefaultDevice() -> (any MTLDevice)? {
    HeadlessMTLDevice()
}
