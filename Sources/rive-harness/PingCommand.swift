import AdapterProtocol
import Foundation

/// `rive-harness ping`: starts an adapter program, checks its handshake and times request round trips.
struct PingCommand: HarnessCommand {
    static let name = "ping"
    static let summary = "check an adapter program's handshake and time protocol round trips"
    static let help = """
        usage: rive-harness ping --command 'CMD ARGS' [--count N]

        Starts CMD as a process adapter (docs/adapter-protocol.md), prints what its handshake
        declares, then sends N 'ping' requests one after another (each after the previous
        answer), first awaited (as async RuntimeAPI members are), then blocking (as synchronous
        members such as RuntimeView.tick are), and prints the mean round trips in
        microseconds. A quick check for a new
        adapter program, and the per-request cost in Benchmarks/process-adapter.sh.

        options:
          --command 'CMD'    the adapter program, run with /bin/sh -c
          --count N          round trips to time (default 10000)
          --help             show this help

        exit codes: 0 handshake and pings answered; 2 usage error; 3 the program failed its
        handshake or a ping.
        """

    let command: String
    let count: Int

    init(arguments: inout ArgumentList) throws(UsageError) {
        let hint = "see 'rive-harness ping --help'"
        guard let command = try arguments.option("--command"), !command.isEmpty else {
            throw UsageError(message: "ping needs --command 'CMD ARGS'", hint: hint)
        }
        self.command = command
        let countText = try arguments.option("--count") ?? "10000"
        guard let count = Int(countText), count > 0 else { throw UsageError(message: "--count needs a positive integer, got '\(countText)'", hint: hint) }
        self.count = count
        let extra = try arguments.positionals(known: ["--command", "--count"])
        guard extra.isEmpty else { throw UsageError(message: "ping takes no arguments, got '\(extra.joined(separator: " "))'", hint: hint) }
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let started = try AdapterRegistry.processFactory(ProcessAdapterConfiguration(command: command))
        let adapter = started.first
        print("adapter: \(adapter.name) \(adapter.version)")
        print("capabilities: \(adapter.capabilities)")
        do {
            let seconds = try await adapter.measurePing(count: count)
            print(String(format: "round trip awaited: %.1f us, blocking: %.1f us (means of %d pings each)", seconds.awaited * 1e6, seconds.blocking * 1e6, count))
        } catch {
            throw CommandFailure(message: "error: \(error.message)\n  hint: check the program's stderr; it must answer 'ping' with {}", exitCode: .badInput)
        }
        return .success
    }
}
