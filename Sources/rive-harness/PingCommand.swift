import AdapterProtocol
import Foundation

/// `rive-harness ping`: starts an adapter program, checks its handshake and times request round trips.
struct PingCommand: HarnessCommand {
    static let name = "ping"
    static let summary = "check an adapter program's handshake and time protocol round trips"
    static let options = OptionTable(command: name, column: 21, options: [
        OptionSpec("--adapter", "NAME", help: """
            the adapter program to start: process (default), the program
            of --command, or a cached one (rive-cpp, apple)
            """),
        OptionSpec("--command", "'CMD'", synopsis: "[--command 'CMD ARGS']", help: "with --adapter process: the adapter program, run with /bin/sh -c"),
        OptionSpec("--count", "N", help: "round trips to time (default 10000)"),
        OptionSpec("--profile", help: "also attribute the time of a round trip to its phases"),
        OptionSpec(group: "adapter options", names: AdapterSelection.optionNames.filter { $0 != "--command" }, help: """
            --request-timeout, --handshake-timeout, --runtime-commit,
            --runtime-features, --runtime-sanitize, --runtime-renderer,
            --ios-commit, as
            'run' takes them
            """),
    ])
    static let help = options.help(about: """
        Starts the adapter program (CMD, or the cached program of --adapter rive-cpp or apple)
        as a process adapter (docs/adapter-protocol.md), prints what its handshake
        declares, then sends N 'ping' requests one after another (each after the previous
        answer), first awaited (as async RuntimeAPI members are), then blocking (as synchronous
        members such as RuntimeView.tick are), and prints the median and mean round trips in
        microseconds. A quick check for a new adapter program, and the per-request cost in
        Benchmarks/process-adapter.sh.

        With --profile it sends N more blocking pings that ask the server for its timestamps
        ('rive-harness serve' answers them; the clock is CLOCK_MONOTONIC, shared by both
        processes) and prints the median microseconds of each phase of a round trip: the
        client's encode and write, the pipe and the server's wake, the server's parse, handling
        and write, the pipe and the client's wake, the client's read and decode, and the
        hand-off to the waiting caller.
        """, footer: """
        exit codes: 0 handshake and pings answered; 2 usage error; 3 the program failed its
        handshake or a ping.
        """)

    /// The adapter program to start and its options.
    let selection: AdapterSelection
    let count: Int
    let profile: Bool

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness ping --help'"
        let adapterName = try arguments.option("--adapter") ?? AdapterRegistry.processAdapterName
        selection = try AdapterSelection(names: [adapterName], arguments: &arguments, command: Self.name, single: true)
        switch selection.adapters[0].kind {
        case .inProcess:
            throw UsageError(message: "ping times a process adapter; '\(adapterName)' runs inside rive-harness", hint: "pass --command 'CMD ARGS', or --adapter rive-cpp or apple")
        case .process, .cached: break
        }
        let countText = try arguments.option("--count") ?? "10000"
        guard let count = Int(countText), count > 0 else { throw UsageError(message: "--count needs a positive integer, got '\(countText)'", hint: hint) }
        self.count = count
        profile = arguments.flag("--profile")
        let extra = try arguments.positionals()
        guard extra.isEmpty else { throw UsageError(message: "ping takes no arguments, got '\(extra.joined(separator: " "))'", hint: hint) }
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        guard let configuration = try selection.configuration(at: 0) else { return .usage }
        let started = try AdapterRegistry.processFactory(configuration)
        let adapter = started.first
        print("adapter: \(adapter.name) \(adapter.version)")
        print("capabilities: \(adapter.capabilities)")
        do {
            let measured = try await adapter.measurePing(count: count, profile: profile)
            func micro(_ values: [Double]) -> (median: Double, mean: Double) {
                (PingMeasurement.median(values) * 1e6, values.reduce(0, +) / Double(max(1, values.count)) * 1e6)
            }
            let awaited = micro(measured.awaited), blocking = micro(measured.blocking)
            print(String(format: "round trip awaited: median %.1f us (mean %.1f), blocking: median %.1f us (mean %.1f) (%d pings each)",
                         awaited.median, awaited.mean, blocking.median, blocking.mean, count))
            if !measured.phases.isEmpty {
                print("where a blocking round trip goes (median us of \(count) profiled pings):")
                for phase in measured.phases {
                    let name = phase.phase.padding(toLength: 26, withPad: " ", startingAt: 0)
                    print("  " + name + String(format: " %7.2f", PingMeasurement.median(phase.nanoseconds.map { Double($0) }) / 1e3))
                }
            }
        } catch {
            throw CommandFailure(message: error.message, hint: "check the program's stderr; it must answer 'ping' with {}", exitCode: .badInput)
        }
        return .success
    }
}
