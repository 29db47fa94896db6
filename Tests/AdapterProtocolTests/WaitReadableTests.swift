import Foundation
import SystemCalls
import Testing

/// `SystemCalls.waitReadable` sees a line written during its spin, one written after it (asleep
/// in `poll`), a closed pipe, and times out on silence.
struct WaitReadableTests {
    private func pipe() throws -> (read: Int32, write: Int32) {
        try #require(SystemCalls.makeCloseOnExecPipe())
    }

    @Test("data already in the pipe is readable at once, spinning or not", arguments: [UInt64(0), 50_000])
    func alreadyReadable(spin: UInt64) throws {
        let ends = try pipe()
        defer { close(ends.read); close(ends.write) }
        #expect(SystemCalls.writeAll(ends.write, Array("x\n".utf8)))
        #expect(SystemCalls.waitReadable(ends.read, spinNanoseconds: spin, timeoutMilliseconds: 0) == 1)
    }

    @Test("silence times out after the spin and the poll", arguments: [UInt64(0), 2_000_000])
    func silenceTimesOut(spin: UInt64) throws {
        let ends = try pipe()
        defer { close(ends.read); close(ends.write) }
        let start = SystemCalls.monotonicNanoseconds()
        #expect(SystemCalls.waitReadable(ends.read, spinNanoseconds: spin, timeoutMilliseconds: 20) == 0)
        #expect(SystemCalls.monotonicNanoseconds() - start >= spin + 20_000_000)
    }

    @Test("a write from another thread after the spin ended wakes the poll")
    func writeAfterSpinWakesPoll() throws {
        let ends = try pipe()
        defer { close(ends.read); close(ends.write) }
        let writer = ends.write
        Thread.detachNewThread {
            usleep(50_000)
            _ = SystemCalls.writeAll(writer, Array("late\n".utf8))
        }
        #expect(SystemCalls.waitReadable(ends.read, spinNanoseconds: 1_000, timeoutMilliseconds: 10_000) == 1)
        var byte: UInt8 = 0
        #expect(read(ends.read, &byte, 1) == 1 && byte == UInt8(ascii: "l"))
    }

    @Test("a closed writer ends the wait (the reader then reads the end of input)")
    func closedWriterEndsWait() throws {
        let ends = try pipe()
        defer { close(ends.read) }
        close(ends.write)
        #expect(SystemCalls.waitReadable(ends.read, spinNanoseconds: 50_000, timeoutMilliseconds: 10_000) == 1)
        var byte: UInt8 = 0
        #expect(read(ends.read, &byte, 1) == 0)
    }
}
