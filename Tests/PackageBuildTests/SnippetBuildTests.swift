import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiEmitter
import MusubiTestSupport
import Testing

/// The Swift each snippet of `Tests/Snippets` shows compiles.
///
/// `SnippetTests` proves the generator writes exactly that Swift; this builds it. Every snippet
/// becomes a target of one package, so one `swift build` compiles them all: the files a snippet
/// shows are written as shown, each preceded by a `#sourceLocation` pointing at its block, so a
/// compiler error names the snippet's Markdown file and line; the files it does not show (the
/// types a shown file uses) are generated as `SnippetTests` generates them. The runtime is
/// embedded as the package's own `MusubiRuntime` target, so nothing is fetched.
@Suite struct SnippetBuildTests {
    @Test func everySnippetsSwiftCompiles() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("Snippets")
        var targets: [String] = []
        for name in Snippet.names {
            let path = Snippet.directory.appendingPathComponent(name)
            let snippet = try #require(
                Snippet(markdown: try String(contentsOf: path, encoding: .utf8)), "\(name) is not a well-formed snippet"
            )
            let target = Self.targetName(forSnippet: name)
            targets.append(target)
            let sources = package.appendingPathComponent("Sources/\(target)")
            for (file, contents) in try Self.files(of: snippet, named: name, in: root) {
                try Self.write(contents, to: sources.appendingPathComponent(file))
            }
        }
        for (file, contents) in EmbeddedRuntime.sources {
            try Self.write(contents, to: package.appendingPathComponent("Sources/MusubiRuntime/\(file)"))
        }
        try Self.write(Self.manifest(targets: targets), to: package.appendingPathComponent("Package.swift"))

        #expect(targets.count == Snippet.names.count)
        let build = try await runProcess(
            "swift",
            ["build", "--package-path", package.path, "--scratch-path", root.appendingPathComponent(".build").path])
        let errors = (build.standardOutput + "\n" + build.standardError).split(separator: "\n")
            .filter { $0.contains("error:") }
        #expect(
            build.status == 0,
            "a snippet's Swift does not compile:\n\(errors.prefix(40).joined(separator: "\n"))\n\(build.standardError)")
    }

    /// What a snippet's target holds: every file generated for its spec, with the files the
    /// snippet shows replaced by the text it shows, located at its Markdown lines.
    static func files(of snippet: Snippet, named name: String, in scratch: URL) throws -> [String: String] {
        let folder = scratch.appendingPathComponent("spec-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let specPath = folder.appendingPathComponent("spec." + snippet.specLanguage).path
        try snippet.spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        let output = try Pipeline.generate(
            specPath: specPath,
            options: Pipeline.Options(modelOptions: ClientModelOptions(moduleName: "Snippet", filePerType: true)))
        var files = Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, $0.contents) })
        for (file, shown) in snippet.expectedFiles {
            let line = try #require(snippet.firstLine(of: file))
            files[file] = "#sourceLocation(file: \"Tests/Snippets/\(name)\", line: \(line))\n" + shown
        }
        return files.filter { $0.key.hasSuffix(".swift") }
    }

    /// `all-of.md` → `SnippetAllOf`.
    static func targetName(forSnippet name: String) -> String {
        let words = name.replacingOccurrences(of: ".md", with: "").split { !$0.isLetter && !$0.isNumber }
        return "Snippet" + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func manifest(targets: [String]) -> String {
        let list = targets.map { "        .target(name: \"\($0)\", dependencies: [\"MusubiRuntime\"]),\n" }.joined()
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Snippets",
                platforms: [.macOS(.v13)],
                targets: [
                    .target(name: "MusubiRuntime"),
            \(list)    ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
