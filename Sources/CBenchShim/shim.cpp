// The C API of CBenchShim over Google Benchmark 1.7 and valgrind's callgrind client requests.
#include "CBenchShim.h"

#include <benchmark/benchmark.h>
#include <valgrind/callgrind.h>
#include <valgrind/valgrind.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace {

/// What one registered benchmark reports besides its time; read when a run finishes, so
/// it may be set after registration.
struct Extras {
    int64_t bytesPerIteration = 0;
    std::string label;
    std::map<std::string, double> counters;
};

std::vector<std::shared_ptr<Extras>> &registry() {
    static std::vector<std::shared_ptr<Extras>> extras;
    return extras;
}

std::vector<std::string> &flagStorage() {
    static std::vector<std::string> flags;
    return flags;
}

char *copyString(const std::string &text) {
    char *result = static_cast<char *>(std::malloc(text.size() + 1));
    if (result == nullptr) return nullptr;
    std::memcpy(result, text.c_str(), text.size() + 1);
    return result;
}

/// Google Benchmark's JSON reporter that also tells the caller about each finished run.
class ProgressJSONReporter : public benchmark::JSONReporter {
public:
    ProgressJSONReporter(rvb_progress_fn progress, void *context) : progress_(progress), context_(context) {}

    void ReportRuns(const std::vector<Run> &runs) override {
        JSONReporter::ReportRuns(runs);
        if (progress_ == nullptr) return;
        for (const Run &run : runs) {
            if (run.run_type != Run::RT_Iteration) continue;
            double nanoseconds = run.iterations > 0 ? run.real_accumulated_time * 1e9 / static_cast<double>(run.iterations) : 0;
            progress_(context_, run.benchmark_name().c_str(), nanoseconds, static_cast<int64_t>(run.iterations));
        }
    }

private:
    rvb_progress_fn progress_;
    void *context_;
};

} // namespace

extern "C" int32_t rvb_register(const char *name, rvb_batch_fn fn, void *ctx) {
    auto extras = std::make_shared<Extras>();
    registry().push_back(extras);
    benchmark::RegisterBenchmark(name, [fn, ctx, extras](benchmark::State &state) {
        // One batch of exactly the iteration count Google Benchmark chose for this run.
        const benchmark::IterationCount batch = state.max_iterations;
        while (state.KeepRunningBatch(batch)) {
            fn(ctx, static_cast<int64_t>(batch));
        }
        if (extras->bytesPerIteration > 0) {
            state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * extras->bytesPerIteration);
        }
        if (!extras->label.empty()) state.SetLabel(extras->label);
        for (const auto &counter : extras->counters) state.counters[counter.first] = counter.second;
    });
    return static_cast<int32_t>(registry().size() - 1);
}

extern "C" void rvb_set_bytes_per_iteration(int32_t handle, int64_t bytes) {
    if (handle >= 0 && static_cast<size_t>(handle) < registry().size()) registry()[handle]->bytesPerIteration = bytes;
}

extern "C" void rvb_set_label(int32_t handle, const char *label) {
    if (handle >= 0 && static_cast<size_t>(handle) < registry().size()) registry()[handle]->label = label ? label : "";
}

extern "C" void rvb_set_counter(int32_t handle, const char *name, double value) {
    if (handle >= 0 && static_cast<size_t>(handle) < registry().size() && name != nullptr) registry()[handle]->counters[name] = value;
}

extern "C" void rvb_clear(void) {
    benchmark::ClearRegisteredBenchmarks();
    registry().clear();
}

extern "C" int32_t rvb_initialize(int32_t argc, const char *const *argv) {
    // Google Benchmark keeps argv[0] and the flag values; keep our own copies alive.
    auto &storage = flagStorage();
    storage.assign(argv, argv + argc);
    std::vector<char *> pointers;
    for (auto &flag : storage) pointers.push_back(flag.data());
    pointers.push_back(nullptr);
    int count = argc;
    benchmark::Initialize(&count, pointers.data());
    if (count > 1) {
        // Initialize removed the flags it accepted; the first left over names the problem.
        for (int32_t index = 1; index < argc; ++index) {
            if (storage[index] == pointers[1]) return index;
        }
        return 1;
    }
    return 0;
}

extern "C" char *rvb_run(rvb_progress_fn progress, void *progress_ctx, char **log) {
    std::ostringstream json;
    std::ostringstream errors;
    ProgressJSONReporter reporter(progress, progress_ctx);
    reporter.SetOutputStream(&json);
    reporter.SetErrorStream(&errors);
    benchmark::RunSpecifiedBenchmarks(&reporter);
    if (log != nullptr) *log = copyString(errors.str());
    return copyString(json.str());
}

extern "C" void rvb_free(void *pointer) { std::free(pointer); }

extern "C" double rvb_measure_instructions(const char *name, rvb_batch_fn fn, void *ctx, int64_t iterations) {
    CALLGRIND_START_INSTRUMENTATION;
    fn(ctx, iterations);
    CALLGRIND_ZERO_STATS;
    // The clock is read outside the collected region: its cost (a vDSO read that may
    // retry) must not enter the counts.
    auto start = std::chrono::steady_clock::now();
    CALLGRIND_TOGGLE_COLLECT;
    fn(ctx, iterations);
    CALLGRIND_TOGGLE_COLLECT;
    auto end = std::chrono::steady_clock::now();
    CALLGRIND_DUMP_STATS_AT(name);
    CALLGRIND_STOP_INSTRUMENTATION;
    return std::chrono::duration<double, std::nano>(end - start).count();
}

extern "C" int32_t rvb_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }
