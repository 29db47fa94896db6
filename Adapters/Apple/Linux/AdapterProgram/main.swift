// rive-harness-apple-adapter: the Apple adapter (RiveRuntime's Swift layer, built on Linux by
// scripts/build-rive-ios) served over the RiveHarness adapter protocol on standard input and
// output, so that `rive-harness run --adapter apple` can run it as a process adapter.
//
// Exit codes: those of `rive-harness serve` (docs/adapter-protocol.md): 0 after shutdown or
// the end of input, 1 after input that is not the protocol.

import AdapterProtocol
import Foundation
import RiveHarnessApple

import RiveRuntime

let server = await AdapterServer(adapter: AppleRuntimeAdapter(riveRuntimeVersion: AppleRuntimeAdapter.builtRiveRuntimeVersion),
                                 runtimeCommit: RiveRuntimeBuildInfo.runtimeCommit)
exit(await server.serve())
