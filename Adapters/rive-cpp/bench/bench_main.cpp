// rive-cpp-bench: the benchmarks of `rive-harness bench` on the Rive C++ runtime, run
// in-process with the runtime's object API and Google Benchmark. Written for RiveHarness.
//
//   rive-cpp-bench --plan PLAN.tsv [--benchmark_* flags]     time: Google Benchmark JSON via
//                                                            --benchmark_out=FILE
//   rive-cpp-bench --plan PLAN.tsv --instructions ROWS.json  callgrind: each benchmark's fixed
//                                                            iteration count between callgrind
//                                                            client requests (run it under
//                                                            valgrind --tool=callgrind
//                                                            --collect-atstart=no --instr-atstart=no)
//
// The plan comes from `rive-harness bench` (docs/benchmarks.md, "The plan file"): one
// benchmark per line, tab-separated: name, family, file, artboard, state machine,
// parameter, instruction iterations; `load-all-file` lines list load-all's files.
// Exit codes: 0 ran, 2 usage, 3 the plan cannot be read or has a bad line, 4 writing failed.

#include "cairo_renderer.hpp"
#include "harness_render.hpp"
#include "playback.hpp"
#include "recording_renderer.hpp"
#if RIVE_HARNESS_RENDERER_VULKAN
#include "rive_vulkan_target.hpp"
#endif

#include "rive/file.hpp"
#include "rive/refcnt.hpp"
#include "rive/viewmodel/runtime/viewmodel_instance_runtime.hpp"

#include <benchmark/benchmark.h>
#include <valgrind/callgrind.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace
{

constexpr float frameSeconds = 1.0f / 60;
constexpr int warmUpFrames = 120;

/// One planned benchmark, parsed from a plan line.
struct PlanLine
{
    std::string name, family, file, artboard, stateMachine, parameter;
    int64_t instructionIterations = 1;
    std::vector<std::string> loadAllFiles;
};

/// A benchmark ready to run: a body that runs its work `n` times.
struct Bench
{
    std::string name;
    std::function<void(int64_t)> batch;
    int64_t bytesPerIteration = 0;
    std::string label;
    int64_t instructionIterations = 1;
};

std::vector<std::string> splitTabs(const std::string& line)
{
    std::vector<std::string> fields;
    size_t start = 0;
    while (true)
    {
        size_t tab = line.find('\t', start);
        fields.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
        if (tab == std::string::npos)
            break;
        start = tab + 1;
    }
    return fields;
}

/// Reads the plan; false with `*error` (naming the line) on a malformed line.
bool readPlan(const std::string& path, std::vector<PlanLine>* plan, std::string* error)
{
    std::ifstream in(path);
    if (!in)
    {
        *error = "cannot read the plan " + path;
        return false;
    }
    std::string line;
    int number = 0;
    while (std::getline(in, line))
    {
        ++number;
        if (line.empty() || line[0] == '#')
            continue;
        auto fields = splitTabs(line);
        if (fields.size() != 7)
        {
            *error = path + ":" + std::to_string(number) + ": expected 7 tab-separated fields, found " +
                     std::to_string(fields.size());
            return false;
        }
        if (fields[1] == "load-all-file")
        {
            if (plan->empty() || plan->back().family != "load-all")
            {
                *error = path + ":" + std::to_string(number) + ": a load-all-file line must follow a load-all line";
                return false;
            }
            plan->back().loadAllFiles.push_back(fields[2]);
            continue;
        }
        PlanLine entry{fields[0], fields[1], fields[2], fields[3], fields[4], fields[5]};
        char* end = nullptr;
        entry.instructionIterations = std::strtoll(fields[6].c_str(), &end, 10);
        if (fields[6].empty() || *end != '\0' || entry.instructionIterations < 1)
        {
            *error = path + ":" + std::to_string(number) + ": the instruction iterations '" + fields[6] +
                     "' are not a whole number of at least 1";
            return false;
        }
        plan->push_back(entry);
    }
    return true;
}

/// Loads the entry's file with its artboard and state machine and plays the warm-up frames.
std::shared_ptr<harness::Playback> openPlayback(const PlanLine& entry, rive::Factory* factory, std::string* error)
{
    auto bytes = harness::readFileBytes(entry.file, error);
    if (bytes.empty())
        return nullptr;
    std::shared_ptr<harness::Playback> playback =
        harness::Playback::load(bytes, factory, entry.artboard, entry.stateMachine, error);
    if (!playback)
        return nullptr;
    playback->advance(0);
    for (int frame = 0; frame < warmUpFrames; ++frame)
        playback->advance(frameSeconds);
    return playback;
}

/// The size of a raster benchmark, or 0 with `*error` set.
int rasterSize(const PlanLine& entry, std::string* error)
{
    int size = std::atoi(entry.parameter.c_str());
    if (size < 1 || size > 8192)
    {
        *error = "bad raster size '" + entry.parameter + "'";
        return 0;
    }
    return size;
}

/// A raster-rive benchmark: the Rive Renderer over Vulkan on an offscreen `size`x`size`
/// image, one target per size shared by the benchmarks of that size. The file is imported
/// with the renderer's own factory. Without the renderer built in, says how to build it.
bool makeRiveRasterBench(const PlanLine& entry, Bench* bench, std::string* error)
{
#if RIVE_HARNESS_RENDERER_VULKAN
    int size = rasterSize(entry, error);
    if (size == 0)
        return false;
    static std::map<int, std::shared_ptr<harness::RiveVulkanTarget>> targets;
    auto& target = targets[size];
    if (target == nullptr)
    {
        std::unique_ptr<harness::RiveVulkanTarget> made = harness::RiveVulkanTarget::make(size, size, error);
        if (made == nullptr)
            return false;
        target = std::move(made);
    }
    auto playback = openPlayback(entry, target->factory(), error);
    if (!playback)
        return false;
    bench->label = target->deviceName();
    std::shared_ptr<harness::RiveVulkanTarget> shared = target;
    bench->batch = [playback, shared](int64_t n) {
        for (int64_t i = 0; i < n; ++i)
        {
            shared->beginFrame(playback->artboard()->bounds());
            playback->draw(shared->renderer());
            std::string frameError;
            if (!shared->endFrame(&frameError))
                std::fprintf(stderr, "error: rive-cpp: %s\n", frameError.c_str());
        }
    };
    return true;
#else
    (void)entry;
    (void)bench;
    *error = "this rive-cpp-bench is built without the Rive Renderer; build one with: "
             "scripts/build-rive-cpp --renderer vulkan --print bench";
    return false;
#endif
}

/// Builds the benchmark of one plan line; false with `*error` when it cannot be set up.
bool makeBench(const PlanLine& entry, rive::Factory* factory, Bench* bench, std::string* error)
{
    bench->name = entry.name;
    bench->instructionIterations = entry.instructionIterations;
    const std::string& family = entry.family;
    if (family == "raster-rive")
        return makeRiveRasterBench(entry, bench, error);
    if (family == "load")
    {
        auto bytes = std::make_shared<std::vector<uint8_t>>(harness::readFileBytes(entry.file, error));
        if (bytes->empty())
            return false;
        rive::ImportResult result;
        if (rive::File::import(rive::Span<const uint8_t>(bytes->data(), bytes->size()), factory, &result) == nullptr)
        {
            *error = "File::import rejects the file (ImportResult " + std::to_string(int(result)) + ")";
            return false;
        }
        bench->bytesPerIteration = static_cast<int64_t>(bytes->size());
        bench->batch = [bytes, factory](int64_t n) {
            for (int64_t i = 0; i < n; ++i)
            {
                auto file = rive::File::import(rive::Span<const uint8_t>(bytes->data(), bytes->size()), factory);
                benchmark::DoNotOptimize(file.get());
            }
        };
        return true;
    }
    if (family == "load-all")
    {
        auto files = std::make_shared<std::vector<std::vector<uint8_t>>>();
        int rejected = 0;
        for (const auto& path : entry.loadAllFiles)
        {
            std::string readError;
            auto bytes = harness::readFileBytes(path, &readError);
            if (bytes.empty() ||
                rive::File::import(rive::Span<const uint8_t>(bytes.data(), bytes.size()), factory) == nullptr)
            {
                ++rejected;
                continue;
            }
            bench->bytesPerIteration += static_cast<int64_t>(bytes.size());
            files->push_back(std::move(bytes));
        }
        bench->label = std::to_string(files->size()) + " files" +
                       (rejected > 0 ? ", " + std::to_string(rejected) + " rejected" : "");
        bench->batch = [files, factory](int64_t n) {
            for (int64_t i = 0; i < n; ++i)
                for (const auto& bytes : *files)
                {
                    auto file = rive::File::import(rive::Span<const uint8_t>(bytes.data(), bytes.size()), factory);
                    benchmark::DoNotOptimize(file.get());
                }
        };
        return true;
    }
    auto playback = openPlayback(entry, factory, error);
    if (!playback)
        return false;
    if (family == "settled" || family == "animating")
    {
        if (playback->stateMachine() == nullptr)
        {
            *error = "the artboard has no state machine";
            return false;
        }
        bench->batch = [playback](int64_t n) {
            for (int64_t i = 0; i < n; ++i)
                playback->advance(frameSeconds);
        };
        return true;
    }
    if (family == "set-per-frame" || family == "trigger-per-frame")
    {
        if (playback->stateMachine() == nullptr || playback->viewModelInstance() == nullptr)
        {
            *error = "the artboard has no state machine or no view-model instance";
            return false;
        }
        auto runtime = rive::make_rcp<rive::ViewModelInstanceRuntime>(rive::ref_rcp(playback->viewModelInstance()));
        if (family == "set-per-frame")
        {
            auto* number = runtime->propertyNumber(entry.parameter);
            if (number == nullptr)
            {
                *error = "the default instance has no number property '" + entry.parameter + "'";
                return false;
            }
            auto value = std::make_shared<float>(0.0f);
            bench->batch = [playback, runtime, number, value](int64_t n) {
                for (int64_t i = 0; i < n; ++i)
                {
                    *value = *value >= 99 ? 0 : *value + 1;
                    number->value(*value);
                    playback->advance(frameSeconds);
                }
            };
        }
        else
        {
            auto* trigger = runtime->propertyTrigger(entry.parameter);
            if (trigger == nullptr)
            {
                *error = "the default instance has no trigger property '" + entry.parameter + "'";
                return false;
            }
            bench->batch = [playback, runtime, trigger](int64_t n) {
                for (int64_t i = 0; i < n; ++i)
                {
                    trigger->trigger();
                    playback->advance(frameSeconds);
                }
            };
        }
        return true;
    }
    if (family == "raster")
    {
        int size = rasterSize(entry, error);
        if (size == 0)
            return false;
        auto raster = std::make_shared<harness::CairoRenderer>(size, size);
        bench->batch = [playback, raster](int64_t n) {
            for (int64_t i = 0; i < n; ++i)
            {
                raster->beginFrame(playback->artboard()->bounds());
                playback->draw(raster.get());
            }
        };
        return true;
    }
    if (family == "digest")
    {
        auto recorder = std::make_shared<harness::RecordingRenderer>();
        bench->batch = [playback, recorder](int64_t n) {
            for (int64_t i = 0; i < n; ++i)
            {
                recorder->reset();
                playback->draw(recorder.get());
                std::string digest = recorder->digestHex();
                benchmark::DoNotOptimize(digest.data());
            }
        };
        return true;
    }
    *error = "unknown family '" + family + "'";
    return false;
}

std::string jsonString(const std::string& text)
{
    std::string out = "\"";
    for (unsigned char c : text)
    {
        if (c == '"' || c == '\\')
        {
            out += '\\';
            out += static_cast<char>(c);
        }
        else if (c < 0x20)
        {
            char escaped[8];
            std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
            out += escaped;
        }
        else
            out += static_cast<char>(c);
    }
    return out + "\"";
}

/// One benchmark's instructions-mode run: its iteration count and measured wall time.
struct InstructionRun
{
    int64_t iterations = 0;
    double nanosecondsPerIteration = 0;
};

/// Instructions mode: each benchmark once as a warm-up and once between callgrind client
/// requests; rows (name, iterations, times) go to `out` for rive-harness, which reads the
/// counts from callgrind's dumps.
///
/// Nothing that depends on time runs between the measured regions: the clock is read
/// outside the collected region, and the rows are formatted only after every benchmark
/// ran. (Formatting a time into a growing string between benchmarks made the heap's
/// free lists, and so later benchmarks' malloc work, depend on how long a benchmark took.)
int runInstructions(std::vector<Bench>& benches, const std::string& out)
{
    std::vector<InstructionRun> runs(benches.size());
    for (size_t index = 0; index < benches.size(); ++index)
    {
        Bench& bench = benches[index];
        const int64_t n = bench.instructionIterations;
        CALLGRIND_START_INSTRUMENTATION;
        bench.batch(n);
        CALLGRIND_ZERO_STATS;
        auto start = std::chrono::steady_clock::now();
        CALLGRIND_TOGGLE_COLLECT;
        bench.batch(n);
        CALLGRIND_TOGGLE_COLLECT;
        auto end = std::chrono::steady_clock::now();
        CALLGRIND_DUMP_STATS_AT(bench.name.c_str());
        CALLGRIND_STOP_INSTRUMENTATION;
        runs[index].iterations = n;
        runs[index].nanosecondsPerIteration =
            std::chrono::duration<double, std::nano>(end - start).count() / static_cast<double>(n);
    }
    std::ostringstream json;
    json << "{\n  \"context\": {\"executable\": \"rive-cpp-bench\", \"library_build_type\": \"callgrind\"},\n  \"benchmarks\": [";
    for (size_t index = 0; index < benches.size(); ++index)
    {
        const Bench& bench = benches[index];
        const double nanoseconds = runs[index].nanosecondsPerIteration;
        json << (index == 0 ? "\n" : ",\n") << "    {\"name\": " << jsonString(bench.name) << ", \"run_name\": " << jsonString(bench.name)
             << ", \"run_type\": \"iteration\", \"iterations\": " << runs[index].iterations << ", \"real_time\": " << nanoseconds
             << ", \"cpu_time\": " << nanoseconds << ", \"time_unit\": \"ns\", \"threads\": 1";
        if (bench.bytesPerIteration > 0 && nanoseconds > 0)
            json << ", \"bytes_per_second\": " << static_cast<double>(bench.bytesPerIteration) / nanoseconds * 1e9;
        if (!bench.label.empty())
            json << ", \"label\": " << jsonString(bench.label);
        json << "}";
    }
    json << "\n  ]\n}\n";
    std::string temporary = out + ".tmp";
    {
        std::ofstream file(temporary, std::ios::binary);
        file << json.str();
        if (!file)
        {
            std::fprintf(stderr, "error: cannot write %s\n", temporary.c_str());
            return 4;
        }
    }
    if (std::rename(temporary.c_str(), out.c_str()) != 0)
    {
        std::fprintf(stderr, "error: cannot rename %s to %s\n", temporary.c_str(), out.c_str());
        return 4;
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    std::string planPath, instructionsOut;
    std::vector<char*> passThrough{argv[0]};
    for (int i = 1; i < argc; ++i)
    {
        std::string argument = argv[i];
        if ((argument == "--plan" || argument == "--instructions") && i + 1 < argc)
        {
            (argument == "--plan" ? planPath : instructionsOut) = argv[++i];
        }
        else if (argument == "--help" || argument == "-h")
        {
            std::printf("usage: rive-cpp-bench --plan PLAN.tsv [--benchmark_* flags | --instructions ROWS.json]\n"
                        "Runs the benchmarks of a rive-harness bench plan on the Rive C++ runtime.\n"
                        "Normally started by 'rive-harness bench --adapters rive-cpp'.\n");
            return 0;
        }
        else if (argument.rfind("--benchmark_", 0) == 0)
        {
            passThrough.push_back(argv[i]);
        }
        else
        {
            std::fprintf(stderr, "error: unknown argument '%s'\n  hint: run rive-cpp-bench --help\n", argv[i]);
            return 2;
        }
    }
    if (planPath.empty())
    {
        std::fprintf(stderr, "error: --plan PLAN.tsv is required\n  hint: the plan is written by rive-harness bench\n");
        return 2;
    }
    std::vector<PlanLine> plan;
    std::string error;
    if (!readPlan(planPath, &plan, &error))
    {
        std::fprintf(stderr, "error: %s\n", error.c_str());
        return 3;
    }
    rive::File::deterministicMode = true;
    static harness::HarnessFactory factory;
    std::vector<Bench> benches;
    for (const auto& entry : plan)
    {
        Bench bench;
        std::string setupError;
        if (makeBench(entry, &factory, &bench, &setupError))
            benches.push_back(std::move(bench));
        else
            std::fprintf(stderr, "note: rive-cpp: %s: %s; left out\n", entry.name.c_str(), setupError.c_str());
    }
    if (!instructionsOut.empty())
        return runInstructions(benches, instructionsOut);

    for (auto& bench : benches)
    {
        Bench* pointer = &bench;
        benchmark::RegisterBenchmark(bench.name.c_str(), [pointer](benchmark::State& state) {
            const benchmark::IterationCount batch = state.max_iterations;
            while (state.KeepRunningBatch(batch))
                pointer->batch(static_cast<int64_t>(batch));
            if (pointer->bytesPerIteration > 0)
                state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * pointer->bytesPerIteration);
            if (!pointer->label.empty())
                state.SetLabel(pointer->label);
        });
    }
    int count = static_cast<int>(passThrough.size());
    passThrough.push_back(nullptr);
    benchmark::Initialize(&count, passThrough.data());
    if (benchmark::ReportUnrecognizedArguments(count, passThrough.data()))
        return 2;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
