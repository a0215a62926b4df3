import Foundation

/// A parsed snippet file (`Tests/Snippets/*.md`), able to write itself back with new
/// expectations. `SnippetTests` compares it with what the generator writes; `SnippetBuildTests`
/// compiles the Swift it shows.
public struct Snippet {
    /// `Tests/Snippets`.
    public static let directory = repositoryRoot.appendingPathComponent("Tests/Snippets")

    /// The snippets' file names, sorted.
    public static let names: [String] = {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return entries.filter { $0.hasSuffix(".md") }.sorted()
    }()

    /// The file's lines; fenced blocks are replaced in place on update.
    private var lines: [String]
    public private(set) var specLanguage = "yaml"
    public private(set) var spec = ""
    /// Expected contents by generated file path, in the order shown.
    public private(set) var expectedFiles: [(path: String, contents: String)] = []
    public private(set) var expectedWarnings: [String] = []
    /// Line ranges of the blocks' contents, by what they hold (a path or `warnings`).
    private var blockRanges: [(label: String, range: Range<Int>)] = []

    public init?(markdown: String) {
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

    public var markdown: String { lines.joined(separator: "\n") }

    /// The line of the snippet file (counting from 1) where the block showing `path` starts,
    /// so a tool compiling the block can report problems at the snippet's own lines.
    public func firstLine(of path: String) -> Int? {
        blockRanges.first { $0.label == path }.map { $0.range.lowerBound + 1 }
    }

    /// Replaces every shown file and the warnings with what was generated. A snippet with
    /// warnings but no warnings block gets one at the end.
    public mutating func update(files: [String: String], warnings: [String]) {
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
