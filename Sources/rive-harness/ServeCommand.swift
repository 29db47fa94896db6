import AdapterProtocol
import RuntimeAPI

/// `rive-harness serve`: serves an in-process adapter over the adapter protocol on stdin and stdout.
struct ServeCommand: HarnessCommand {
    static let name = "serve"
    static let summary = "serve an in-process adapter over the JSON-lines adapter protocol"
    static let options = OptionTable(command: name, column: 21, options: [
        OptionSpec("--adapter", "NAME", help: "the in-process adapter to serve (default: reference)"),
    ])
    static let help = options.help(about: """
        Serves the adapter NAME (default: reference) over the protocol of
        docs/adapter-protocol.md: requests on standard input, one JSON object per line;
        answers and events on standard output; diagnostics on standard error. It ends after
        'shutdown' or at the end of its input. Use it as a process adapter:

          rive-harness run --adapter process --command 'rive-harness serve'
        """, footer: """
        exit codes: 0 served until shutdown or end of input; 1 the input broke the protocol
        (a line that is not JSON, not a request, or longer than 16 MiB; the reason goes to
        standard error); 2 usage error (including an unknown adapter).
        """)

    /// Makes the adapter to serve.
    let makeAdapter: @MainActor @Sendable () -> any RuntimeAdapter

    init(arguments: inout ArgumentList) throws(UsageError) {
        makeAdapter = try AdapterRegistry.inProcessFactory(named: try arguments.option("--adapter") ?? "reference", command: Self.name)
        let extra = try arguments.positionals()
        guard extra.isEmpty else {
            throw UsageError(message: "serve takes no arguments, got '\(extra.joined(separator: " "))'", hint: "see 'rive-harness serve --help'")
        }
    }

    @MainActor func run() async throws(CommandFailure) -> ExitCode {
        let status = await AdapterServer(adapter: makeAdapter()).serve()
        return status == 0 ? .success : .failuresFound
    }
}
