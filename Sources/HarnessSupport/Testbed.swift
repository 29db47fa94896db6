import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine and build a benchmark ran on, with a fingerprint that changes whenever one of
/// them does: timings are comparable only between runs with the same fingerprint.
public struct Testbed: Sendable, Hashable, Codable {
    /// The CPU model name (`model name` in `/proc/cpuinfo`, `machdep.cpu.brand_string` on macOS).
    public var cpuModel: String
    /// The number of logical CPUs the process may use.
    public var cores: Int
    /// The operating system kernel: its name and release (`uname -sr`).
    public var kernel: String
    /// The first line of `swift --version` (the toolchain that built the harness).
    public var toolchain: String
    /// How the harness was built: `release` or `debug`, plus the benchmark library build type.
    public var buildFlags: String
    /// The Vulkan device the Rive Renderer drew on (`llvmpipe (LLVM 15.0.6, 256 bits) (cpu)`),
    /// when the run drew with it; nil otherwise.
    public var vulkanDevice: String?

    /// Creates a testbed description from its parts.
    public init(cpuModel: String, cores: Int, kernel: String, toolchain: String, buildFlags: String, vulkanDevice: String? = nil) {
        self.cpuModel = cpuModel
        self.cores = cores
        self.kernel = kernel
        self.toolchain = toolchain
        self.buildFlags = buildFlags
        self.vulkanDevice = vulkanDevice
    }

    /// The 16-hex-digit FNV-1a 64 hash of every field, each on its own line in declaration order
    /// (`vulkanDevice` only when present, so a testbed without one keeps its fingerprint).
    public var fingerprint: String {
        var hash = FNV1a64()
        hash.combine(Array(([cpuModel, String(cores), kernel, toolchain, buildFlags] + [vulkanDevice].compactMap { $0 }).joined(separator: "\n").utf8))
        return hash.hexDigest
    }

    /// The testbed of this process: this machine, and `buildFlags` as given (the caller knows
    /// how it was built). `toolchain` runs `swift --version` once; "unknown" when that fails.
    public static func current(buildFlags: String) -> Testbed {
        Testbed(cpuModel: cpuModelName(), cores: ProcessInfo.processInfo.activeProcessorCount,
                kernel: kernelName(), toolchain: toolchainVersion(), buildFlags: buildFlags)
    }

    /// The CPU model name, or "unknown".
    static func cpuModelName() -> String {
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("model name") {
                if let colon = line.firstIndex(of: ":") {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return runFirstLine("/usr/sbin/sysctl", ["-n", "machdep.cpu.brand_string"]) ?? "unknown"
    }

    /// The Vulkan device the Rive Renderer's headless target picks (`RiveVulkanTarget`: a
    /// discrete GPU, then an integrated one, then a virtual one, then a CPU device such as
    /// lavapipe) among those `vulkaninfo --summary` lists, named as the target names it:
    /// `deviceName (type)`. nil when vulkaninfo is missing, fails or lists no device.
    public static func preferredVulkanDevice() -> String? {
        guard let summary = Subprocess.output(of: "/usr/bin/env", ["vulkaninfo", "--summary"]) else { return nil }
        return preferredVulkanDevice(summary: summary)
    }

    /// The device `preferredVulkanDevice()` picks from the text of `vulkaninfo --summary`.
    public static func preferredVulkanDevice(summary: String) -> String? {
        // The device types in the order of preference, with the names the target prints for them.
        let ranks: [(type: String, name: String)] = [("DISCRETE_GPU", "discrete gpu"), ("INTEGRATED_GPU", "integrated gpu"),
                                                     ("VIRTUAL_GPU", "virtual gpu"), ("CPU", "cpu")]
        func rank(_ type: String) -> Int { ranks.firstIndex { $0.type == type } ?? ranks.count }
        var devices: [(type: String, name: String)] = []
        var type: String?
        for line in summary.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0] == "deviceType" { type = parts[1].replacingOccurrences(of: "PHYSICAL_DEVICE_TYPE_", with: "") }
            if parts[0] == "deviceName", let found = type {
                devices.append((found, parts[1]))
                type = nil
            }
        }
        let chosen = devices.min { rank($0.type) < rank($1.type) }
        return chosen.map { device in "\(device.name) (\(ranks.first { $0.type == device.type }?.name ?? "other"))" }
    }

    /// `uname -sr`: the kernel's name and release.
    static func kernelName() -> String {
        var info = utsname()
        guard uname(&info) == 0 else { return "unknown" }
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return "\(field(info.sysname)) \(field(info.release))"
    }

    /// The first line of `swift --version`, or "unknown" when swift is not on the PATH.
    static func toolchainVersion() -> String {
        runFirstLine("/usr/bin/env", ["swift", "--version"]) ?? "unknown"
    }

    /// Runs a program and returns the first non-empty line of its output, or `nil` when it
    /// cannot start or fails.
    private static func runFirstLine(_ executable: String, _ arguments: [String]) -> String? {
        Subprocess.output(of: executable, arguments)?.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
