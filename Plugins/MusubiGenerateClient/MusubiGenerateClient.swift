import Foundation
import PackagePlugin

/// `swift package generate-client [--target NAME ...] [musubi generate options]`: writes a
/// target's client into `Sources/NAME/Generated/`, to be committed, from the `openapi.yaml`
/// (or `.yml`, `.json`) in the target's folder and the `musubi.yaml` beside it.
///
/// Without `--target`, every target with a spec in its folder that is excluded from its
/// sources (`exclude: ["openapi.yaml"]`; a spec that is a source is MusubiGenerator's, for
/// build time) is generated. Other arguments go to `musubi generate` as they are
/// (`-- --access-level internal`).
@main
struct MusubiGenerateClient: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passedThrough = extractor.remainingArguments

        var clients: [(name: String, directory: URL, spec: TargetSpec)] = []
        if targetNames.isEmpty {
            // A target whose spec is one of its files (not excluded) has its client generated
            // at build time by MusubiGenerator; writing it into the folder too would declare
            // everything twice.
            for case let target as SwiftSourceModuleTarget in context.package.targets {
                if let spec = TargetSpec(directory: target.directoryURL),
                    !target.sourceFiles.contains(where: { $0.url.standardizedFileURL == spec.spec.standardizedFileURL })
                {
                    clients.append((target.name, target.directoryURL, spec))
                }
            }
            if clients.isEmpty {
                throw GenerateClientError(
                    "no target of \(context.package.displayName) has "
                        + TargetSpec.specNames.joined(separator: ", ")
                        + " excluded from its sources in its folder; name one with --target")
            }
        }
        for name in targetNames {
            let directory = try directory(ofTarget: name, in: context.package)
            guard let spec = TargetSpec(directory: directory) else {
                throw GenerateClientError(
                    "target '\(name)' has none of " + TargetSpec.specNames.joined(separator: ", ")
                        + " in \(directory.path)")
            }
            clients.append((name, directory, spec))
        }

        let musubi = try context.tool(named: "musubi").url
        for client in clients {
            let output = client.directory.appendingPathComponent("Generated")
            try run(musubi, client.spec.generateArguments(output: output, moduleName: client.name) + passedThrough)
        }
    }

    /// The folder of the target `name`. SwiftPM leaves out a target without Swift files, as
    /// one is before its client is first generated, so `Sources/NAME` is taken when it has
    /// a spec.
    private func directory(ofTarget name: String, in package: Package) throws -> URL {
        if let target = package.targets.first(where: { $0.name == name }) {
            guard let target = target as? SwiftSourceModuleTarget else {
                throw GenerateClientError("target '\(name)' is not a Swift target")
            }
            return target.directoryURL
        }
        let conventional = package.directoryURL.appendingPathComponent("Sources").appendingPathComponent(name)
        guard TargetSpec(directory: conventional) != nil else {
            throw GenerateClientError("\(package.displayName) has no target named '\(name)'")
        }
        return conventional
    }

    /// Runs `musubi` with its output and diagnostics going to the terminal.
    private func run(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw GenerateClientError(
                "musubi \(arguments.joined(separator: " ")) failed (\(process.terminationStatus))")
        }
    }
}

struct GenerateClientError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
