import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiTestSupport
import Testing

/// Snippets: `Tests/Snippets/*.md`, one construct each, a small spec and the exact Swift it must
/// produce. They are written to be read: the README's construct table links to them.
///
/// A snippet is Markdown: a `yaml` (or `json`) block with the whole spec, then for each file it
/// shows a line naming the file in backticks followed by a `swift` block, and optionally a line
/// `` `warnings` `` followed by a `text` block with the exact warnings (the spec is called
/// `spec.yaml` in them). Files the snippet does not show are not compared.
///
/// To accept a deliberate change, run with `MUSUBI_UPDATE_GOLDENS=1` and review the diff.
@Suite struct SnippetTests {
    static let directory = repositoryRoot.appendingPathComponent("Tests/Snippets")

    static let names: [String] = {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return entries.filter { $0.hasSuffix(".md") }.sorted()
    }()

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

/// A parsed snippet file, able to write itself back with new expectations.
struct Snippet {
    /// The file's lines; fenced blocks are replaced in place on update.
    private var lines: [String]
    private(set) var specLanguage = "yaml"
    private(set) var spec = ""
    /// Expected contents by generated file path, in the order shown.
    private(set) var expectedFiles: [(path: String, contents: String)] = []
    private(set) var expectedWarnings: [String] = []
    /// Line ranges of the blocks' contents, by what they hold (a path or `warnings`).
    private var blockRanges: [(label: String, range: Range<Int>)] = []

    init?(markdown: String) {
        lines = markdown.components(separatedBy: "\n")
        var label: String?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("`"), line.hasSuffix("`"), line.count > 2, !line.hasPrefix("```") {
                label = String(line.dropFirst().dropLast())
            }
            guard line.hasPrefix("```"), line.count > 3 else {
                index += 1
                continue
            }
            let language = String(line.dropFirst(3))
            guard let end = lines[(index + 1)...].firstIndex(of: "```") else { return nil }
            let body = lines[(index + 1)..<end].joined(separator: "\n")
            switch language {
            case "yaml" where spec.isEmpty, "json" where spec.isEmpty:
                specLanguage = language
                spec = body + "\n"
            case "swift":
                guard let path = label else { return nil }
                expectedFiles.append((path, body + "\n"))
                blockRanges.append((path, (index + 1)..<end))
            case "text" where label == "warnings":
                expectedWarnings = body.isEmpty ? [] : body.components(separatedBy: "\n")
                blockRanges.append(("warnings", (index + 1)..<end))
            default:
                break
            }
            label = nil
            index = end + 1
        }
        if spec.isEmpty { return nil }
    }

    var markdown: String { lines.joined(separator: "\n") }

    /// The line of the snippet file (counting from 1) where the block showing `path` starts,
    /// so a tool compiling the block can report problems at the snippet's own lines.
    func firstLine(of path: String) -> Int? {
        blockRanges.first { $0.label == path }.map { $0.range.lowerBound + 1 }
    }

    /// Replaces every shown file and the warnings with what was generated. A snippet with
    /// warnings but no warnings block gets one at the end.
    mutating func update(files: [String: String], warnings: [String]) {
        var hasWarningsBlock = false
        for (label, range) in blockRanges.reversed() {
            let replacement: [String]
            if label == "warnings" {
                hasWarningsBlock = true
                replacement = warnings
            } else {
                var contents = files[label] ?? "(not generated)\n"
                if contents.hasSuffix("\n") { contents.removeLast() }
                replacement = contents.components(separatedBy: "\n")
            }
            lines.replaceSubrange(range, with: replacement)
        }
        if !hasWarningsBlock, !warnings.isEmpty {
            while lines.last == "" { lines.removeLast() }
            lines += ["", "`warnings`", "", "```text"] + warnings + ["```", ""]
        }
    }
}
