import Foundation
import PackagePlugin

/// The OpenAPI description and the optional `musubi.yaml` of a target, found by name in the
/// target's folder.
///
/// Shared by both plugins (each plugin folder links this file: a plugin can depend on
/// executables only, not on a library of shared code).
struct TargetSpec {
    /// The names a spec may have, in order of preference.
    static let specNames = ["openapi.yaml", "openapi.yml", "openapi.json"]
    static let configNames = ["musubi.yaml", "musubi.yml"]

    var spec: URL
    var config: URL?

    /// The spec in `directory`, or nil when the target has none.
    init?(directory: URL) {
        let fileManager = FileManager.default
        func existing(_ names: [String]) -> URL? {
            names.lazy.map { directory.appendingPathComponent($0) }.first { fileManager.fileExists(atPath: $0.path) }
        }
        guard let spec = existing(Self.specNames) else { return nil }
        self.spec = spec
        config = existing(Self.configNames)
    }

    /// The `musubi generate` arguments for this spec, writing into `output`, with the module
    /// named after the target.
    func generateArguments(output: URL, moduleName: String) -> [String] {
        var arguments = ["generate", spec.path, "--output", output.path, "--module-name", moduleName]
        if let config {
            arguments += ["--config", config.path]
        }
        return arguments
    }
}
