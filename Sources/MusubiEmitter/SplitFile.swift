/// A generated file cut into its leading comment, its imports and the rest.
struct SplitFile {
    var path: String
    var header: [Substring]
    var imports: [Substring]
    /// Everything after the imports, without trailing line breaks: cut once, not line by
    /// line, as a big client's files add up to megabytes.
    var body: Substring
    var size: Int

    init(_ file: GeneratedFile) {
        path = file.path
        size = file.contents.utf8.count
        var rest = Substring(file.contents)
        while rest.utf8.last == UInt8(ascii: "\n") { rest = rest.dropLast() }
        header = []
        // `///` would be the first declaration's documentation, which stays with it.
        while let line = Self.firstLine(of: rest), line.hasPrefix("//"), !line.hasPrefix("///") {
            header.append(line)
            rest = Self.droppingFirstLine(of: rest)
        }
        imports = []
        while let line = Self.firstLine(of: rest), line.isEmpty || Self.isImport(line) {
            if !line.isEmpty { imports.append(line) }
            rest = Self.droppingFirstLine(of: rest)
        }
        body = rest
    }

    private static func firstLine(of text: Substring) -> Substring? {
        guard !text.isEmpty else { return nil }
        return text[..<(text.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? text.endIndex)]
    }

    private static func droppingFirstLine(of text: Substring) -> Substring {
        guard let newline = text.utf8.firstIndex(of: UInt8(ascii: "\n")) else { return text[text.endIndex...] }
        return text[text.utf8.index(after: newline)...]
    }

    /// `import X`, and attributed imports such as `@preconcurrency import X`.
    private static func isImport(_ line: Substring) -> Bool {
        // Asked about every line up to a declaration's first, often a long doc comment: only an
        // attributed import is split into words.
        if line.hasPrefix("import ") { return true }
        guard line.utf8.first == UInt8(ascii: "@") else { return false }
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
        // Segments joined by line breaks; a body is one segment of many lines.
        var segments = shared + imports
        for file in files {
            segments.append("")
            if marks {
                segments.append("// MARK: - \(file.path)")
                segments.append("")
            }
            segments += file.header.filter { !shared.contains($0) }
            if !file.body.isEmpty { segments.append(file.body) }
        }
        return segments.joined(separator: "\n") + "\n"
    }
}
