// What scripts/build-rive-cpp compiles into the driver: the runtime commit, the engine
// features, the sources that stood in for pinned forks and the sanitizers (empty defaults
// for a build without them).
#pragma once

#ifndef RIVE_HARNESS_RUNTIME_COMMIT
#define RIVE_HARNESS_RUNTIME_COMMIT ""
#endif
// The engine features compiled in ("text layout scripting audio", or "none") and the public
// sources that stood in for pinned forks ("harfbuzz=harfbuzz/harfbuzz@13.1.1,..."), from
// scripts/build-rive-cpp.
#ifndef RIVE_HARNESS_ENGINE_FEATURES
#define RIVE_HARNESS_ENGINE_FEATURES "none"
#endif
#ifndef RIVE_HARNESS_ENGINE_SUBSTITUTES
#define RIVE_HARNESS_ENGINE_SUBSTITUTES ""
#endif
// The sanitizers the build instruments with ("+asan+ubsan", or empty).
#ifndef RIVE_HARNESS_SANITIZERS
#define RIVE_HARNESS_SANITIZERS ""
#endif
