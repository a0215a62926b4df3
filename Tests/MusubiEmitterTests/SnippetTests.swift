import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiTestSupport
import Testing

/// Snippets: `Tests/Snippets/*.md`, one construct each, a small spec and the exact Swift it must
/// produce. They are written to be read: the guide's OpenAPI → Swift table links to them.
///
/// A snippet is Markdown: a `yaml` (or `json`) block with the whole spec, then for each file it
/// shows a line naming the file in backticks followed by a `swift` block, and optionally a line
/// `` `warnings` `` followed by a `text` block with the exact warnings (the spec is called
/// `spec.yaml` in them). Files the snippet does not show are not compared.
///
/// To accept a deliberate change, run with `MUSUBI_UPDATE_GOLDENS=1` and review the diff.
@Suite struct SnippetTests {
    static let directory = Snippet.directory

    static let names = Snippet.names

    @Test func thereAreSnippets() {
        #expect(Self.names.count >= 10)
    }

    @Test(arguments: names) func snippetProducesItsSwift(name: String) throws {
        let path = Self.directory.appendingPathComponent(name)
        let text = try String(contentsOf: path, encoding: .utf8)
        var snippet = try #require(Snippet(markdown: text), "\(name) is not a well-formed snippet")

        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let specPath = folder.appendingPathComponent("spec." + snippet.specLanguage).path
        try snippet.spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        let output = try Pipeline.generate(
            specPath: specPath,
            options: Pipeline.Options(modelOptions: ClientModelOptions(moduleName: "Snippet", filePerType: true)))
        let files = Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, $0.contents) })
        let warnings = output.warnings.map {
            $0.description.replacingOccurrences(of: specPath, with: "spec.\(snippet.specLanguage)")
        }

        let rewritten = try GoldenUpdate.rewrite(path) {
            snippet.update(files: files, warnings: warnings)
            try snippet.markdown.write(to: path, atomically: true, encoding: .utf8)
        }
        if rewritten { return }
        #expect(!snippet.expectedFiles.isEmpty, "\(name) shows no file")
        for (file, expected) in snippet.expectedFiles {
            #expect(files[file] == expected, "\(name): \(file) differs")
        }
        #expect(warnings == snippet.expectedWarnings, "\(name): warnings differ")
    }
}
