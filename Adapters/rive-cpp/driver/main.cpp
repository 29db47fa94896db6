// rive-cpp-driver's entry point: reads its arguments, installs the fatal-signal report and
// serves the adapter protocol (driver.hpp).
#include "build_info.hpp"
#include "driver.hpp"

#include "rive/file.hpp"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cxxabi.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <iostream>
#include <string>

namespace
{
/// On a fatal signal, writes the signal and the stack (`#N 0xADDRESS in FUNCTION`,
/// demangled) to stderr, then dies of the same signal, so a crash names where it happened
/// (rive-harness fuzz buckets crashes by the first frame in rive::). Not async-signal-safe
/// (dladdr, demangling): the process is ending anyway.
void reportFatalSignal(int signal)
{
    std::fprintf(stderr, "rive-cpp-driver: fatal signal %d (%s)\n", signal, strsignal(signal));
    void* frames[64];
    int count = backtrace(frames, 64);
    for (int i = 0; i < count; ++i)
    {
        Dl_info info;
        const char* name = "?";
        char* demangled = nullptr;
        if (dladdr(frames[i], &info) != 0 && info.dli_sname != nullptr)
        {
            int status = 0;
            demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
            name = status == 0 && demangled != nullptr ? demangled : info.dli_sname;
        }
        std::fprintf(stderr, "    #%d %p in %s\n", i, frames[i], name);
        std::free(demangled);
    }
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void installFatalSignalReport()
{
#if !defined(__SANITIZE_ADDRESS__) && !(defined(__has_feature) && __has_feature(address_sanitizer))
    // Sanitized builds print their own, better report.
    for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
        std::signal(signal, reportFatalSignal);
#endif
}
} // namespace

int main(int argc, char** argv)
{
    installFatalSignalReport();
    harness::Rasterizer rasterizer = harness::Rasterizer::cairo;
    for (int i = 1; i < argc; ++i)
    {
        std::string argument = argv[i];
        if (argument == "--help" || argument == "-h")
        {
            std::printf("rive-cpp-driver: the Rive C++ runtime (commit %s) behind RiveHarness's adapter protocol.\n"
                        "Reads JSON-line requests on stdin and answers on stdout (docs/adapter-protocol.md);\n"
                        "run it through: rive-harness run --adapter rive-cpp\n"
                        "  --rasterizer cairo|rive-vulkan   what view.rasterize draws with (default cairo;\n"
                        "                                   rive-vulkan: the Rive Renderer, in a driver built\n"
                        "                                   with scripts/build-rive-cpp --renderer vulkan)\n",
                        RIVE_HARNESS_RUNTIME_COMMIT);
            return 0;
        }
        if (argument == "--rasterizer" && i + 1 < argc)
        {
            std::string value = argv[++i];
            if (value == "cairo")
                rasterizer = harness::Rasterizer::cairo;
            else if (value == "rive-vulkan")
            {
#if RIVE_HARNESS_RENDERER_VULKAN
                rasterizer = harness::Rasterizer::riveVulkan;
#else
                std::fprintf(stderr, "rive-cpp-driver: this driver is built without the Rive Renderer; build one with: "
                                     "scripts/build-rive-cpp --renderer vulkan\n");
                return 2;
#endif
            }
            else
            {
                std::fprintf(stderr, "rive-cpp-driver: --rasterizer takes cairo or rive-vulkan, got '%s'\n", value.c_str());
                return 2;
            }
            continue;
        }
        std::fprintf(stderr, "rive-cpp-driver: unknown argument '%s' (try --help)\n", argument.c_str());
        return 2;
    }
    rive::File::deterministicMode = true;
    std::ios::sync_with_stdio(false);
    harness::Driver driver(rasterizer);
    return driver.serve();
}
