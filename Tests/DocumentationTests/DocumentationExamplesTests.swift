import Foundation
import MusubiTestSupport
import Testing

/// The Swift blocks of README.md and of the DocC articles are compiled: this target holds them,
/// extracted into `Examples/` by `Scripts/extract-doc-examples.py`, each pointing back at its
/// Markdown file and line, so a block that does not compile fails the build there. This test
/// makes sure what is compiled is the documentation as it reads now.
@Suite struct DocumentationExamplesTests {
    @Test func extractedBlocksAreTheDocumentationsOwn() async throws {
        let result = try await runProcess(
            "python3", [repositoryRoot.appendingPathComponent("Scripts/extract-doc-examples.py").path, "--check"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func everyDocumentationFileWithSwiftHasExtractedBlocks() throws {
        let examples = repositoryRoot.appendingPathComponent("Tests/DocumentationTests/Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path)
        #expect(names.contains { $0.hasPrefix("README-") }, "the README's example is compiled")
        #expect(names.contains { $0.hasPrefix("Sources-MusubiCLI-Musubi-docc-") }, "the guide's examples are compiled")
        #expect(names.contains { $0.contains("MusubiRuntime-docc-") }, "the runtime's examples are compiled")
    }

    /// The README introduces; the guides hold the rest.
    @Test func theReadmeStaysShort() throws {
        let size = try Data(contentsOf: repositoryRoot.appendingPathComponent("README.md")).count
        #expect(size <= 10 * 1024, "README.md is \(size) bytes; move detail into the DocC guides")
    }

    /// Every snippet is linked from the OpenAPI → Swift table, and every link there names a
    /// snippet that exists.
    @Test func theConstructTableLinksEverySnippet() throws {
        let article = try String(
            contentsOf: repositoryRoot.appendingPathComponent("Sources/MusubiCLI/Musubi.docc/OpenAPIToSwift.md"),
            encoding: .utf8)
        let snippets = repositoryRoot.appendingPathComponent("Tests/Snippets")
        let names = try FileManager.default.contentsOfDirectory(atPath: snippets.path).filter { $0.hasSuffix(".md") }
        let prefix = "](../../../Tests/Snippets/"
        var linked = Set<String>()
        var rest = article[...]
        while let start = rest.range(of: prefix) {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: ")") else { break }
            linked.insert(String(rest[..<end]))
        }
        #expect(Set(names).subtracting(linked).sorted() == [], "snippets the table does not link")
        #expect(linked.subtracting(names).sorted() == [], "links to snippets that do not exist")
    }

    /// Links between the repository's files (the README's to the guides, the guides' to the
    /// snippets) lead to files that exist, so moving a file cannot leave a dead link behind.
    @Test func relativeLinksLeadToFiles() throws {
        var documents = ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md"]
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let paths = FileManager.default.enumerator(atPath: sources.path)?.allObjects ?? []
        for case let path as String in paths where path.contains(".docc/") && path.hasSuffix(".md") {
            documents.append("Sources/" + path)
        }
        #expect(documents.count > 10)
        for document in documents {
            let url = repositoryRoot.appendingPathComponent(document)
            let text = try String(contentsOf: url, encoding: .utf8)
            for target in Self.linkTargets(in: text) where !target.contains(":") && !target.hasPrefix("#") {
                let file = target.split(separator: "#").first.map(String.init) ?? target
                let resolved = url.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
                #expect(
                    FileManager.default.fileExists(atPath: resolved.path),
                    "\(document) links to \(target), which is missing")
            }
        }
    }

    /// The targets of Markdown links, `[text](target)`.
    static func linkTargets(in text: String) -> [String] {
        var targets: [String] = []
        var rest = text[...]
        while let start = rest.range(of: "](") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: ")") else { break }
            targets.append(String(rest[..<end]))
        }
        return targets
    }
}
