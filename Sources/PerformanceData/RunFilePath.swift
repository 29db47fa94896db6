import Foundation

/// Where `bench` and `run` put their run files: `FOLDER/runs/<UTC yyyyMMdd-HHmmss>-<testbed>-bench.json`
/// and `…-<testbed>-conformance-<adapter>.json`.
public enum RunFilePath {
    /// The file name of a run started at `createdAt` on the testbed with `fingerprint`; a
    /// conformance run's adapter name keeps letters, digits and `-`, other characters become `_`.
    public static func fileName(createdAt: Date, testbed fingerprint: String, kind: RunKind, adapter: String? = nil) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "\(formatter.string(from: createdAt))-\(fingerprint)" + suffix(kind: kind, adapter: adapter)
    }

    /// How the file name of a run of this kind (and adapter) ends: `-bench.json`, `-conformance-<adapter>.json`.
    public static func suffix(kind: RunKind, adapter: String? = nil) -> String {
        switch kind {
        case .bench: return "-bench.json"
        case .conformance: return "-conformance-" + String((adapter ?? "").map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }) + ".json"
        }
    }

    /// The absolute path of that file under `folder/runs/`.
    public static func path(in folder: String, createdAt: Date, testbed fingerprint: String, kind: RunKind, adapter: String? = nil) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent("runs")
            .appendingPathComponent(fileName(createdAt: createdAt, testbed: fingerprint, kind: kind, adapter: adapter)).path
    }
}
