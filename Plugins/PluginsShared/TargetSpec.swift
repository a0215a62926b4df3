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
    /// The folder the config's `templates:` names, if any: its `.mustache` files are inputs
    /// of the build command, so editing a template regenerates the client.
    var templatesDirectory: URL?

    /// The spec in `directory`, or nil when the target has none.
    init?(directory: URL) {
        let fileManager = FileManager.default
        func existing(_ names: [String]) -> URL? {
            names.lazy.map { directory.appendingPathComponent($0) }.first { fileManager.fileExists(atPath: $0.path) }
        }
        guard let spec = existing(Self.specNames) else { return nil }
        self.spec = spec
        config = existing(Self.configNames)
        templatesDirectory = config.flatMap(Self.templatesDirectory(configuredIn:))
    }

    /// The `.mustache` files of the templates folder, sorted: none without one.
    var templateFiles: [URL] {
        guard let templatesDirectory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: templatesDirectory.path)
        else { return [] }
        return names.filter { $0.hasSuffix(".mustache") }.sorted().map { templatesDirectory.appendingPathComponent($0) }
    }

    /// The folder named by a top-level `templates:` entry of the config at `url`, resolved
    /// against the config's folder as `musubi` resolves it.
    ///
    /// A plugin can link no library of ours, so this reads the one line it needs instead of
    /// the YAML: `templates: DIR` at the start of a line, the value plain or quoted, a
    /// trailing `# comment` allowed. A config that spells the entry another way (a flow
    /// mapping, a value on the next line) still generates with its templates; only edits to
    /// them do not trigger regeneration by themselves.
    static func templatesDirectory(configuredIn url: URL) -> URL? {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            guard line.hasPrefix("templates:") else { continue }
            var value = line.dropFirst("templates:".count).drop { $0 == " " || $0 == "\t" }
            if let quote = value.first, quote == "\"" || quote == "'" {
                value = value.dropFirst().prefix { $0 != quote }
            } else {
                if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
                while value.last == " " || value.last == "\t" { value = value.dropLast() }
            }
            guard !value.isEmpty else { return nil }
            let path = String(value)
            return path.hasPrefix("/")
                ? URL(fileURLWithPath: path)
                : url.deletingLastPathComponent().appendingPathComponent(path)
        }
        return nil
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
