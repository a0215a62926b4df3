import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiTestSupport
import Testing

/// `Examples/PluginExample` built the way a user builds it: a copy of the package in a fresh
/// folder, depending on this repository by path, so nothing from an earlier build is reused.
/// `swift build` runs the MusubiGenerator build-tool plugin, `swift package generate-client`
/// runs the command plugin, and the example program uses both clients.
///
/// The one build of the example (musubi and MusubiRuntime included) takes minutes on two cores,
/// which is why everything is checked in this one test.
@Suite(.serialized) struct PluginExampleTests {
    static let example = repositoryRoot.appendingPathComponent("Examples/PluginExample")

    /// The quick check of the committed client, without building anything: the same files
    /// `musubi generate` writes for the spec (`Scripts/regenerate-examples.sh` rewrites them).
    @Test func committedWeatherClientIsWhatMusubiGenerates() throws {
        let target = Self.example.appendingPathComponent("Sources/WeatherClient")
        let output = try Pipeline.generate(
            specPath: target.appendingPathComponent("openapi.yaml").path,
            options: Pipeline.Options(modelOptions: ClientModelOptions(moduleName: "WeatherClient")))
        let generated = Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, Data($0.contents.utf8)) })
        var committed = filesBelow(target.appendingPathComponent("Generated"))
        #expect(committed.removeValue(forKey: ".musubi-manifest") != nil, "the manifest is committed with the client")
        #expect(committed == generated, "run Scripts/regenerate-examples.sh")
        #expect(output.warnings.isEmpty)
    }

    @Test(.timeLimit(.minutes(30))) func bothPluginsGenerateClientsTheExampleBuildsAndRuns() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let package = folder.appendingPathComponent("PluginExample")
        try copyExample(to: package)
        let scratch = folder.appendingPathComponent(".build").path

        // The build-tool plugin generates BookshelfClient into the plugin work directory.
        let build = try await swift(["build", "--scratch-path", scratch], in: package)
        #expect(build.contains("Generating the BookshelfClient client from openapi.yaml"), "\(build)")
        let generated = filesBelow(
            folder.appendingPathComponent(
                ".build/plugins/outputs/pluginexample/BookshelfClient/destination/MusubiGenerator"))
        #expect(
            Set(generated.keys)
                == Set(
                    (1...4).map { "GeneratedSources/MusubiGenerated\($0).swift" } + [
                        "GeneratedSources/.musubi-manifest"
                    ]))
        #expect(
            generated.values.contains { String(decoding: $0, as: UTF8.self).contains("public final class GetBook:") })

        // The command plugin writes WeatherClient's committed files again, from nothing: a
        // target whose client was never generated has no Swift files, so SwiftPM does not
        // list it, and the plugin finds it in Sources/.
        let committed = filesBelow(Self.example.appendingPathComponent("Sources/WeatherClient/Generated"))
        #expect(committed.count == 5, "four sources and the manifest")
        let written = package.appendingPathComponent("Sources/WeatherClient/Generated")
        try FileManager.default.removeItem(at: written)
        try await swift(
            [
                "package", "--scratch-path", scratch, "--allow-writing-to-package-directory",
                "generate-client", "--target", "WeatherClient",
            ],
            in: package)
        #expect(
            filesBelow(written) == committed,
            "regenerate with: cd Examples/PluginExample && swift package --allow-writing-to-package-directory generate-client --target WeatherClient"
        )

        // The program sends one request of each client through MockTransport.
        let printed = try await run(folder.appendingPathComponent(".build/debug/PluginExample").path, [], in: package)
        #expect(
            printed == """
                GET https://bookshelf.example.com/v1/books/7
                GET https://weather.example.com/forecasts/Kyoto?days=3
                Kokoro by Natsume Soseki
                Kyoto: ["clear 31.5"]

                """)

        // A config naming a templates folder outside the target: the build-tool plugin lists
        // the folder's templates as inputs, so editing one regenerates the client, with no
        // change to the spec or the config.
        let templates = package.appendingPathComponent("BookshelfTemplates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let apiTemplate = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Templates/API.mustache"), encoding: .utf8)
        func writeAPITemplate(marker: String) throws {
            try ("// \(marker)\n" + apiTemplate)
                .write(to: templates.appendingPathComponent("API.mustache"), atomically: true, encoding: .utf8)
        }
        func generatedText() -> String {
            filesBelow(
                folder.appendingPathComponent(
                    ".build/plugins/outputs/pluginexample/BookshelfClient/destination/MusubiGenerator")
            ).values.map { String(decoding: $0, as: UTF8.self) }.joined()
        }
        try writeAPITemplate(marker: "Bookshelf API, first template")
        try "templates: '../../BookshelfTemplates' # the API template, edited\n".write(
            to: package.appendingPathComponent("Sources/BookshelfClient/musubi.yaml"), atomically: true,
            encoding: .utf8)
        try await swift(["build", "--scratch-path", scratch, "--product", "PluginExample"], in: package)
        #expect(generatedText().contains("// Bookshelf API, first template"))
        // SwiftPM may run a build command once more on the next build after its inputs
        // changed; a build with nothing changed settles that, so the one after the edit shows
        // the edit's own effect.
        try await swift(["build", "--scratch-path", scratch, "--product", "PluginExample"], in: package)
        try writeAPITemplate(marker: "Bookshelf API, second template")
        let rebuild = try await swift(["build", "--scratch-path", scratch, "--product", "PluginExample"], in: package)
        #expect(rebuild.contains("Generating the BookshelfClient client"), "\(rebuild)")
        #expect(generatedText().contains("// Bookshelf API, second template"))
        #expect(!generatedText().contains("first template"))
    }

    /// The example without its build folders, depending on this checkout by absolute path.
    private func copyExample(to package: URL) throws {
        for (path, contents) in filesBelow(Self.example)
        where !path.hasPrefix(".build/") && !path.hasPrefix(".swiftpm/") {
            let url = package.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
        }
        let manifest = package.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let dependency = #"path: "../..""#
        #expect(text.contains(dependency))
        try text.replacingOccurrences(of: dependency, with: "path: \"\(repositoryRoot.path)\"")
            .write(to: manifest, atomically: true, encoding: .utf8)
    }

    @discardableResult
    private func swift(_ arguments: [String], in directory: URL) async throws -> String {
        try await run("swift", arguments, in: directory)
    }

    /// Runs a program to its end and returns its standard output; a non-zero exit throws
    /// with the end of both outputs.
    @discardableResult
    private func run(_ program: String, _ arguments: [String], in directory: URL) async throws -> String {
        let result = try await runProcess(program, arguments, in: directory)
        guard result.status == 0 else {
            throw CommandFailure(
                description: "\(([program] + arguments).joined(separator: " ")) exited with \(result.status):\n"
                    + "\(result.standardOutput.suffix(4000))\n\(result.standardError.suffix(4000))")
        }
        return result.standardOutput
    }

    struct CommandFailure: Error, CustomStringConvertible {
        var description: String
    }
}
