/// A generated file cut into its leading comment, its imports and the rest.
struct SplitFile {
    var path: String
    var header: [Substring]
    var imports: [Substring]
    var body: [Substring]
    var size: Int

    init(_ file: GeneratedFile) {
        path = file.path
        size = file.contents.utf8.count
        var lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while lines.last?.isEmpty == true { lines.removeLast() }
        header = []
        // `///` would be the first declaration's documentation, which stays with it.
        while let line = lines.first, line.hasPrefix("//"), !line.hasPrefix("///") {
            header.append(line)
            lines.removeFirst()
        }
        imports = []
        while let line = lines.first, line.isEmpty || Self.isImport(line) {
            if !line.isEmpty { imports.append(line) }
            lines.removeFirst()
        }
        body = Array(lines)
    }

    /// `import X`, and attributed imports such as `@preconcurrency import X`.
    private static func isImport(_ line: Substring) -> Bool {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import") else { return false }
        return words[..<index].allSatisfy { $0.hasPrefix("@") }
    }

    /// `files` as one file: `header` (the first file's when nil), the imports of all of them
    /// once each, then each file's declarations, after a `// MARK:` naming the file when
    /// `marks` is set. Lines of a file's header that the shared header lacks (a banner a
    /// custom template adds) stay with its declarations.
    static func join(_ files: [SplitFile], header: [Substring]? = nil, marks: Bool) -> String {
        var imports: [Substring] = []
        var seen: Set<Substring> = []
        for file in files {
            for line in file.imports where seen.insert(line).inserted {
                imports.append(line)
            }
        }
        let shared = header ?? files.first?.header ?? []
        var lines = shared + imports
        for file in files {
            lines.append("")
            if marks {
                lines.append("// MARK: - \(file.path)")
                lines.append("")
            }
            lines += file.header.filter { !shared.contains($0) }
            lines += file.body
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
