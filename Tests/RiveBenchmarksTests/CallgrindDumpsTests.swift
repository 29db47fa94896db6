import Testing
@testable import RiveBenchmarks

/// Reading callgrind's dump files.
struct CallgrindDumpsTests {
    @Test("callgrind dumps: the client request's name and totals")
    func callgrindDump() {
        let dump = "version: 1\ncmd: x\ndesc: Trigger: Client Request: reference/advance/a.riv/SM 1/settled\nevents: Ir\nsummary: 123\nfn=main\n1 2\ntotals: 123456\n"
        let parsed = CallgrindDumps.parse(dump)
        #expect(parsed?.0 == "reference/advance/a.riv/SM 1/settled")
        #expect(parsed?.1 == 123_456)
        #expect(CallgrindDumps.parse("desc: Trigger: Program termination\ntotals: 0\n") == nil)
    }
}
