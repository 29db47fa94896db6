import Foundation

/// Upstream `.riv` files from the shared material (`../shared/rive-assets`), which scenarios
/// name as fixtures `shared/NAME` (without `.riv`) where the corpus's own fixtures cannot
/// express a case.
///
/// The shared folder is `RIVE_HARNESS_SHARED` when set, else `shared` beside the package
/// that holds the corpus (the corpus folder's grandparent). Validation accepts a shared name
/// whatever the machine has; the planner skips a scenario whose shared file is absent, so a
/// checkout without `../shared` runs everything else and says what it skipped.
public enum SharedFixtures {
    /// The prefix of fixture names that refer to shared upstream files.
    public static let prefix = "shared/"

    /// The shared `rive-assets` folder for a corpus folder.
    public static func assetsDirectory(corpusRoot: String) -> String {
        if let configured = ProcessInfo.processInfo.environment["RIVE_HARNESS_SHARED"], !configured.isEmpty {
            return configured + "/rive-assets"
        }
        return corpusRoot + "/../../shared/rive-assets"
    }

    /// The upstream file name a shared fixture name refers to, or `nil` when the name is not a
    /// shared one or is not a plain file name (no folders, no leading dot).
    public static func fileName(of fixture: String) -> String? {
        guard fixture.hasPrefix(prefix) else { return nil }
        let name = String(fixture.dropFirst(prefix.count))
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else { return nil }
        return name
    }

    /// The path of a fixture: a shared file's path for `shared/NAME`, else the corpus's own.
    public static func path(of fixture: String, fixturesDirectory: String) -> String {
        if let name = fileName(of: fixture) {
            return assetsDirectory(corpusRoot: (fixturesDirectory as NSString).deletingLastPathComponent) + "/\(name).riv"
        }
        return "\(fixturesDirectory)/\(fixture).riv"
    }

    /// The shared fixtures a scenario loads (its default fixture and its load steps).
    public static func sharedFixtures(of scenario: Scenario) -> [String] {
        var names = scenario.fixture.map { [$0] } ?? []
        for step in scenario.steps {
            if case .load(_, let fixture, _) = step.action { names.append(fixture) }
        }
        return names.filter { fileName(of: $0) != nil }
    }
}
