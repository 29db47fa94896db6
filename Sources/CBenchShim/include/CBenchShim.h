// CBenchShim: a small C API over Google Benchmark (and callgrind client requests) for
// RiveHarness. Every symbol has the prefix rvb_. Valid C and C++.
#ifndef RVB_CBENCHSHIM_H
#define RVB_CBENCHSHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A benchmark body: runs the measured work `iterations` times. The timed loop is the
/// caller's loop inside this function, so no call per iteration crosses the language
/// boundary.
typedef void (*rvb_batch_fn)(void *ctx, int64_t iterations);

/// Called after each finished benchmark run (one repetition of one benchmark) with its
/// name, real time per iteration in nanoseconds and iteration count.
typedef void (*rvb_progress_fn)(void *ctx, const char *name, double real_ns_per_iteration, int64_t iterations);

/// Registers a benchmark named `name` whose body is `fn(ctx, n)`. Returns its handle (>= 0).
/// Registration order is run order. The name is copied.
int32_t rvb_register(const char *name, rvb_batch_fn fn, void *ctx);

/// Reports `bytes` processed per iteration (Google Benchmark's bytes_per_second counter).
void rvb_set_bytes_per_iteration(int32_t handle, int64_t bytes);

/// Sets the label shown and stored with the benchmark's rows. The text is copied.
void rvb_set_label(int32_t handle, const char *label);

/// Sets a constant user counter stored with the benchmark's rows. The name is copied.
void rvb_set_counter(int32_t handle, const char *name, double value);

/// Forgets every registered benchmark (handles become invalid).
void rvb_clear(void);

/// Passes Google Benchmark command-line flags (`--benchmark_*`; `argv[0]` is the program
/// name). Returns 0, or the index of the first argument Google Benchmark did not accept.
/// May be called again before each run to change the flags.
int32_t rvb_initialize(int32_t argc, const char *const *argv);

/// Runs the registered benchmarks selected by the flags and returns Google Benchmark's JSON
/// report (malloc'd, free with rvb_free). Messages Google Benchmark writes to its error
/// stream (such as the debug-library warning) go to `*log` (malloc'd, may be empty) when
/// `log` is not NULL. `progress` may be NULL.
char *rvb_run(rvb_progress_fn progress, void *progress_ctx, char **log);

/// Frees a string returned by the shim.
void rvb_free(void *pointer);

/// Measures `fn(ctx, iterations)` for callgrind: starts instrumentation, runs it once as a
/// warm-up, then zeroes the counters, toggles collection on, runs it again, toggles
/// collection off, dumps the counts under `name` (callgrind's "desc: Trigger: Client
/// Request: name") and stops instrumentation. Meant for `valgrind --tool=callgrind
/// --collect-atstart=no --instr-atstart=no`; outside valgrind the requests do nothing.
/// Returns the measured run's wall time in nanoseconds.
double rvb_measure_instructions(const char *name, rvb_batch_fn fn, void *ctx, int64_t iterations);

/// 1 when the process runs under valgrind, else 0.
int32_t rvb_running_on_valgrind(void);

/// Makes the compiler believe `value` is used, so work producing it is not removed.
static inline void rvb_do_not_optimize_int64(int64_t value) {
    __asm__ volatile("" : : "r"(value) : "memory");
}

/// Makes the compiler believe the memory behind `pointer` is read and written.
static inline void rvb_do_not_optimize_pointer(const void *pointer) {
    __asm__ volatile("" : : "r"(pointer) : "memory");
}

#ifdef __cplusplus
}
#endif

#endif
