// The `os` module's `Logger`, as RiveRuntime's RiveLog.swift uses it, for Linux.

import Foundation

/// A log destination of one subsystem and category that writes each message as one line to
/// standard error, the way the unified log would record it on an Apple platform.
public struct Logger: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    public func notice(_ message: String) { write("notice", message) }
    public func debug(_ message: String) { write("debug", message) }
    public func trace(_ message: String) { write("trace", message) }
    public func info(_ message: String) { write("info", message) }
    public func error(_ message: String) { write("error", message) }
    public func warning(_ message: String) { write("warning", message) }
    public func fault(_ message: String) { write("fault", message) }
    public func critical(_ message: String) { write("critical", message) }

    private func write(_ level: String, _ message: String) {
        FileHandle.standardError.write(Data("[\(subsystem):\(category)] \(level): \(message)\n".utf8))
    }
}
