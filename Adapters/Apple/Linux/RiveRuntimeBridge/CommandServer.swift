// RiveRuntime's `CommandServer` (Objective-C `RiveCommandServer`) for Linux, over the C++
// `rive::CommandServer` through our C bridge.

import Foundation
internal import CRiveIOSBridge

/// The server side of one worker: a `rive::CommandServer` over the worker's queue that
/// serves on a thread of its own, drawing with the render context's factory.
final class CommandServer: NSObject, CommandServerProtocol {
    private let server: OpaquePointer
    /// Kept for the server's lifetime: the C++ server draws with its factory.
    private let renderContext: RiveUIRenderContext

    init(commandQueue: CommandQueue, renderContext: RiveUIRenderContext) {
        self.renderContext = renderContext
        server = rib_server_create(commandQueue.cQueue, renderContext.cFactory)
        super.init()
    }

    deinit { rib_server_release(server) }

    /// Starts serving until the queue disconnects (once; later calls do nothing).
    func serveUntilDisconnect() { rib_server_serve_until_disconnect(server) }
}

/// RiveRuntime's render context for Linux: no Metal, our headless recording factory
/// (Adapters/rive-cpp/common) for the command server.
final class RiveUIRenderContext: NSObject {
    private let factory: OpaquePointer

    init(device: any MTLDevice) {
        factory = rib_factory_create()
        super.init()
    }

    deinit { rib_factory_destroy(factory) }

    var cFactory: OpaquePointer { factory }

    /// Not implemented on Linux: there are no Metal command buffers.
    func newCommandBuffer() -> any MTLCommandBuffer {
        fatalError(LinuxBridge.unsupportedMessage("RiveUIRenderContext.newCommandBuffer()"))
    }
}
