import AdapterProtocol
import Foundation
import ReferenceRuntime
import RuntimeAPI

/// Chooses the adapter the corpus runs against under `swift test`; the factory makes a fresh
/// instance per call.
///
/// By default the reference runtime, in process. With `RIVE_HARNESS_ADAPTER_COMMAND` set,
/// a process adapter running that command (docs/adapter-protocol.md), for example
/// `RIVE_HARNESS_ADAPTER_COMMAND='.build/debug/rive-harness serve' swift test --filter CorpusTests`.
/// The first child's handshake is done once per test process; later instances start their own
/// child and must declare the same identity. The rest of CorpusTests depends only on `RuntimeAdapter`.
/// - Throws: `ProcessAdapterError` when the command fails its handshake.
@MainActor func corpusAdapterFactory() throws -> @MainActor () -> any RuntimeAdapter {
    guard let command = ProcessInfo.processInfo.environment["RIVE_HARNESS_ADAPTER_COMMAND"], !command.isEmpty else {
        return { ReferenceRuntimeAdapter() }
    }
    let first: ProcessAdapter
    if let started = CorpusProcessAdapter.first, started.configuration.command == command {
        first = started
    } else {
        first = try ProcessAdapter(configuration: ProcessAdapterConfiguration(command: command))
        CorpusProcessAdapter.first = first
    }
    return { first.sibling() }
}

/// The first process adapter started in this test process, whose handshake the others repeat.
@MainActor private enum CorpusProcessAdapter {
    static var first: ProcessAdapter?
}

/// A fresh adapter for the corpus suite: the reference runtime, or the process adapter that
/// `RIVE_HARNESS_ADAPTER_COMMAND` names (a failed handshake stops the test run with its message).
@MainActor func makeCorpusAdapter() -> any RuntimeAdapter {
    do {
        return try corpusAdapterFactory()()
    } catch {
        fatalError("RIVE_HARNESS_ADAPTER_COMMAND: \(error)")
    }
}
