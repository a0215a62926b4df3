import CLibYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads YAML through libyaml's event API and hands each event to a `YAMLTreeBuilder`.
///
/// Events, not libyaml's document API: the document API builds a C tree that would then be
/// copied into `Node`s, doubling the work and the memory. Reading stops once the first document
/// has ended, so a broken second document in a stream does not fail the spec.
enum YAMLParser {
    /// The tree and the keys written twice in one mapping; `budget` is charged with the tree
    /// when it is read, and left as it was when reading fails.
    static func parse(
        _ text: UnsafeBufferPointer<UInt8>, fileName: String, budget: inout Reader.Budget
    ) throws(Diagnostic) -> (root: Node, duplicateKeys: [MappingAssembly.DuplicateKey]) {
        try refuseYAML11LineBreaks(in: text, fileName: fileName)
        if let (root, spent) = parseInParts(text, fileName: fileName, budget: budget) {
            budget = spent
            return (root, [])
        }
        let document = try parseDocument(text, fileName: fileName, budget: budget)
        budget = document.budget
        return (document.root, document.duplicateKeys)
    }

    /// Refuses U+0085, U+2028 and U+2029 written as they are. libyaml reads YAML 1.1, where
    /// they break lines; in YAML 1.2, which OpenAPI 3.1 names, and to editors, diffs and other
    /// tools, they are characters like any other. Read as breaks, they would let a spec hide a
    /// key behind a comment (`# note<U+2028>servers: …` on one visible line), and count lines
    /// no one sees. Escaped in a double-quoted string (`"\u2028"`), they are read as text.
    static func refuseYAML11LineBreaks(in text: UnsafeBufferPointer<UInt8>, fileName: String) throws(Diagnostic) {
        guard let base = text.baseAddress else { return }
        var found: (offset: Int, name: String)?
        for lead in [UInt8(0xC2), 0xE2] {
            var offset = 0
            while offset < text.count, let match = memchr(base + offset, Int32(lead), text.count - offset) {
                let position = base.distance(to: match.assumingMemoryBound(to: UInt8.self))
                if let earlier = found, earlier.offset < position { break }
                let next = position + 1 < text.count ? text[position + 1] : 0
                let third = position + 2 < text.count ? text[position + 2] : 0
                if lead == 0xC2, next == 0x85 {
                    found = (position, "U+0085 (NEXT LINE)")
                    break
                }
                if lead == 0xE2, next == 0x80, third == 0xA8 || third == 0xA9 {
                    found = (position, third == 0xA8 ? "U+2028 (LINE SEPARATOR)" : "U+2029 (PARAGRAPH SEPARATOR)")
                    break
                }
                offset = position + 1
            }
        }
        guard let found else { return }
        // Lines as YAML 1.2 counts them: by `\n`, `\r\n` and `\r`; columns in characters.
        var line = 1
        var column = 1
        var index = 0
        while index < found.offset {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                if byte == UInt8(ascii: "\r"), index + 1 < found.offset, text[index + 1] == UInt8(ascii: "\n") {
                    index += 1
                }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        throw Diagnostic.error(
            "\(found.name) is a line break to YAML 1.1 readers and not to YAML 1.2 ones, so readers would disagree on what the text says; write it as \\u\(found.name.dropFirst(2).prefix(4)) in a double-quoted string",
            file: fileName, at: SourceLocation(line: line, column: column))
    }

    /// What reading one document gives.
    struct ParsedDocument {
        var root: Node
        /// How many nodes its aliases added.
        var nodesAddedByAliases = 0
        var duplicateKeys: [MappingAssembly.DuplicateKey] = []
        /// The budget given, charged with the tree.
        var budget: Reader.Budget
    }

    /// The first document of `text`, charged to `budget`. `lineOffset` is the number of lines
    /// before `text` when it is a part of a file.
    static func parseDocument(
        _ text: UnsafeBufferPointer<UInt8>, fileName: String, lineOffset: Int = 0,
        budget: Reader.Budget = Reader.Budget()
    ) throws(Diagnostic) -> ParsedDocument {
        guard let base = text.baseAddress, !text.isEmpty else {
            return ParsedDocument(
                root: Node(.null, at: SourceLocation(line: 1 + lineOffset, column: 1)), budget: budget)
        }
        // libyaml keeps pointers into its parser struct, so it must live at a fixed address.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw Diagnostic.error("libyaml could not allocate a parser", file: fileName)
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, base, text.count)

        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer { event.deallocate() }
        var builder = YAMLTreeBuilder(fileName: fileName, lineOffset: lineOffset, budget: budget)
        var firstDocument: Node?
        while true {
            guard yaml_parser_parse(parser, event) == 1 else {
                throw diagnostic(for: parser.pointee, text: text, fileName: fileName, lineOffset: lineOffset)
            }
            defer { yaml_event_delete(event) }
            // libyaml ends an implicit document before it looks at what follows, so one more
            // event is read: text after the root (`{a: 1} }`) fails there, while the start of a
            // second document or the end of the stream confirms that the first one is complete.
            if let firstDocument {
                return ParsedDocument(
                    root: firstDocument, nodesAddedByAliases: builder.nodesAddedByAliases,
                    duplicateKeys: builder.duplicateKeys, budget: builder.budget)
            }
            if let root = try builder.consume(event) {
                if event.pointee.type == YAML_STREAM_END_EVENT {
                    return ParsedDocument(
                        root: root, nodesAddedByAliases: builder.nodesAddedByAliases,
                        duplicateKeys: builder.duplicateKeys, budget: builder.budget)
                }
                firstDocument = root
            }
        }
    }

    /// libyaml's error as a diagnostic at the place it names.
    ///
    /// libyaml words its errors as a problem plus the construct being read ("did not find
    /// expected key" / "while parsing a block mapping"); both are kept, with the place the
    /// construct started, because the start is often where the mistake is.
    private static func diagnostic(
        for parser: yaml_parser_t, text: UnsafeBufferPointer<UInt8>, fileName: String, lineOffset: Int
    ) -> Diagnostic {
        var message = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        switch parser.error {
        case YAML_MEMORY_ERROR:
            return .error("libyaml ran out of memory", file: fileName)
        case YAML_READER_ERROR:
            // The reader reports a byte offset (bad encoding); there is no line/column mark.
            if parser.problem_value >= 0 {
                message += " (byte 0x\(String(parser.problem_value, radix: 16, uppercase: true)))"
            }
            let location = SourceLocation(byteOffset: parser.problem_offset, in: text)
            return .error(message, file: fileName, at: location)
        default:
            func location(_ mark: yaml_mark_t) -> SourceLocation {
                SourceLocation(line: mark.line + 1 + lineOffset, column: mark.column + 1)
            }
            if let context = parser.context {
                message += " (\(String(cString: context)) at \(location(parser.context_mark)))"
            }
            return .error(message, file: fileName, at: location(parser.problem_mark))
        }
    }
}

extension SourceLocation {
    /// The location of a byte offset, with columns counting Unicode scalars like libyaml does.
    ///
    /// Only needed for errors, so a linear scan is fine.
    init(byteOffset: Int, in text: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        var offset = SyntaxDetection.byteOrderMarkLength(text)
        let end = min(byteOffset, text.count)
        while offset < end {
            let byte = text[offset]
            if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r")
                    && (offset + 1 == text.count || text[offset + 1] != UInt8(ascii: "\n")))
            {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != UInt8(ascii: "\r") {
                column += 1
            }
            offset += 1
        }
        self.init(line: line, column: column)
    }
}
