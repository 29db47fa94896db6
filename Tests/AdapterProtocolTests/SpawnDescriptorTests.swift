import Foundation
import SystemCalls
import Testing

/// A spawned adapter child holds no descriptor of ours beyond its standard three.
@Suite("spawned children")
struct SpawnDescriptorTests {
    @Test("a child keeps no other descriptor open: a pipe opened without close-on-exec (as Foundation's Pipe) ends when its writer closes, while the child still runs")
    func childHoldsNoOtherDescriptor() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let devNull = open("/dev/null", O_RDWR)
        defer { close(devNull) }
        let spawned = SystemCalls.spawnInOwnProcessGroup(arguments: ["/bin/sleep", "5"], environment: [],
                                                         standardInput: devNull, standardOutput: devNull, standardError: devNull)
        let child = try spawned.get()
        defer { kill(child, SIGKILL); var status: Int32 = 0; waitpid(child, &status, 0) }
        close(ends[1])
        var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, 2_000)
        var byte: UInt8 = 0
        #expect(ready == 1 && read(ends[0], &byte, 1) == 0, "the read end sees the end at once, not when the child exits")
        close(ends[0])
    }
}
