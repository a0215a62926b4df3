import Foundation
import PackagePlugin

/// Generates a target's client at build time from the `openapi.yaml` (or `.yml`, `.json`)
/// in its folder, configured by the `musubi.yaml` beside it if there is one.
///
/// A `prebuildCommand` may write any files, but SwiftPM forbids it to run an executable
/// built from source, as `musubi` is here ("a prebuild command cannot use executables built
/// from source": SwiftPM 6.1 and 6.2 enforce it; 6.3.1 on Linux happened to let it through
/// when tried). A `buildCommand` may, and runs only when its inputs change, but must name its
/// outputs before it runs, when the number of types in the spec is not known yet: so
/// `musubi` writes the whole client into a fixed set of files (`--merge-into`).
///
/// Four files rather than one: how many files a client is spread over barely changes the CPU
/// time of its build, but one file needs much more memory than four, and more files let more
/// cores work (Benchmarks/README.md has the measurements).
@main
struct MusubiGenerator: BuildToolPlugin {
    /// How many files the client is spread over.
    static let fileCount = 4

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else { return [] }
        guard let spec = TargetSpec(directory: target.directoryURL) else {
            throw MusubiGeneratorError(
                "\(target.name): the MusubiGenerator plugin needs one of "
                    + TargetSpec.specNames.joined(separator: ", ") + " in \(target.directoryURL.path)")
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        let names = (1...Self.fileCount).map { "MusubiGenerated\($0).swift" }
        var arguments = spec.generateArguments(output: output, moduleName: target.name)
        for name in names {
            arguments += ["--merge-into", name]
        }
        // Every YAML and JSON file of the target is an input: a spec split over several
        // files through `$ref` regenerates when any of them changes. So is every template of
        // the config's `templates:` folder, which may be outside the target.
        let inputs =
            [spec.spec] + (spec.config.map { [$0] } ?? []) + spec.templateFiles
            + target.sourceFiles.map(\.url).filter { ["yaml", "yml", "json"].contains($0.pathExtension) }
        return [
            .buildCommand(
                displayName: "Generating the \(target.name) client from \(spec.spec.lastPathComponent)",
                executable: try context.tool(named: "musubi").url,
                arguments: arguments,
                inputFiles: Array(Set(inputs)).sorted { $0.path < $1.path },
                outputFiles: names.map { output.appendingPathComponent($0) })
        ]
    }
}

struct MusubiGeneratorError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
