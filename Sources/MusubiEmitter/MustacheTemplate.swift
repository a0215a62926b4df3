/// A Mustache template parsed once into a tree of nodes, rendered many times.
///
/// Musubi renders thousands of files from five templates, so a template is parsed when the
/// template set is loaded, never while rendering, and every problem in it is reported then,
/// with its file and line.
///
/// Supported: variables (`{{name}}`, `{{{name}}}`, `{{& name}}`, dotted names and `{{.}}`),
/// sections (`{{#name}}…{{/name}}`), inverted sections (`{{^name}}…{{/name}}`), comments
/// (`{{! … }}`), partials (`{{> name}}`, indented like their standalone tag), delimiter changes
/// (`{{=<% %>=}}`) and the standalone-line rules of the Mustache specification. Nothing is
/// HTML-escaped: the output is Swift, so `{{name}}` and `{{{name}}}` are the same. Pragmas
/// (`{{% … }}`) are ignored. Template inheritance (`{{< …}}`, `{{$ …}}`) and lambdas are not
/// supported, and saying so is an error rather than silently wrong output.
struct MustacheTemplate: Sendable {
    /// The file name used in messages (`Struct.mustache`, or a user's path).
    let file: String
    let nodes: [Node]

    /// A partial's name and where it is used, for checking that every partial exists and that
    /// no template includes itself.
    var partials: [(name: String, line: Int, column: Int)] {
        var found: [(String, Int, Int)] = []
        func visit(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .partial(let name, _, let line, let column): found.append((name, line, column))
                case .section(_, let children, _): visit(children)
                default: break
                }
            }
        }
        visit(nodes)
        return found
    }

    indirect enum Node: Sendable {
        case text(String)
        /// The start of a template line: where a partial's indentation goes.
        case lineStart
        case variable(Path)
        case section(Path, [Node], inverted: Bool)
        case partial(String, indentation: String, line: Int, column: Int)
    }

    /// A name to look up: `a.b.c` as `["a", "b", "c"]`; `.` (the current value) as `[]`.
    struct Path: Sendable {
        let components: [String]
        let text: String
    }

    init(file: String, source: String) throws(TemplateError) {
        self.file = file
        var parser = MustacheParser(file: file, source: source)
        nodes = try parser.parse()
    }
}

/// Turns template source into ``MustacheTemplate/Node``s in three steps: scan into text and
/// tags, drop standalone lines, then nest sections.
private struct MustacheParser {
    private enum TagKind {
        case variable, section, inverted, close, comment, partial, delimiters, pragma
    }

    private enum Token {
        /// Text, split after each newline so a line's end is always a token's end.
        case text(Substring)
        case tag(TagKind, name: String, line: Int, column: Int)
    }

    /// The character after the opening delimiter that makes a tag other than a variable.
    private static let sigils: [Character: TagKind] = [
        "&": .variable, "#": .section, "^": .inverted, "/": .close, "!": .comment, ">": .partial,
        "=": .delimiters, "%": .pragma,
    ]

    let file: String
    let source: String

    mutating func parse() throws(TemplateError) -> [MustacheTemplate.Node] {
        let lines = try groupIntoLines(try scan())
        return try nest(lines)
    }

    // MARK: Scanning

    private func error(_ message: String, line: Int, column: Int) -> TemplateError {
        TemplateError(file: file, line: line, column: column, message: message)
    }

    private func scan() throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var open = "{{"
        var close = "}}"
        var index = source.startIndex
        var line = 1
        var lineStart = source.startIndex

        func appendText(_ text: Substring) {
            // By Unicode scalar: `\r\n` is one Character, and the line ends at its `\n`.
            let scalars = text.unicodeScalars
            var start = scalars.startIndex
            while let newline = scalars[start...].firstIndex(of: "\n") {
                let next = scalars.index(after: newline)
                tokens.append(.text(Substring(scalars[start..<next])))
                start = next
            }
            if start < scalars.endIndex { tokens.append(.text(Substring(scalars[start...]))) }
        }
        // Where a column was last counted to, and that column: counting goes on from there
        // along the line, so a long line of many tags is counted once rather than once per tag.
        var counted = (position: source.startIndex, column: 1)
        func column(of position: String.Index) -> Int {
            if counted.position < lineStart { counted = (lineStart, 1) }
            counted = (position, counted.column + source.distance(from: counted.position, to: position))
            return counted.column
        }
        func advanceLines(through range: Range<String.Index>) {
            let scalars = source.unicodeScalars
            for position in scalars[range].indices where scalars[position] == "\n" {
                line += 1
                lineStart = scalars.index(after: position)
            }
        }

        while index < source.endIndex {
            guard let openRange = source.range(of: open, range: index..<source.endIndex) else {
                appendText(source[index...])
                break
            }
            if index < openRange.lowerBound { appendText(source[index..<openRange.lowerBound]) }
            advanceLines(through: index..<openRange.lowerBound)
            let tagLine = line
            let tagColumn = column(of: openRange.lowerBound)
            var contentStart = openRange.upperBound
            var kind = TagKind.variable
            var closing = close
            if contentStart < source.endIndex {
                let sigil = source[contentStart]
                if sigil == "<" || sigil == "$" {
                    throw error(
                        "template inheritance ('\(open)\(sigil)') is not supported", line: tagLine, column: tagColumn)
                }
                if sigil == "{" && open == "{{" {
                    // `{{{name}}}`: the same as `{{name}}` here, as nothing is escaped.
                    closing = "}" + close
                    contentStart = source.index(after: contentStart)
                } else if let sigilKind = Self.sigils[sigil] {
                    kind = sigilKind
                    contentStart = source.index(after: contentStart)
                }
            }
            guard let closeRange = source.range(of: closing, range: contentStart..<source.endIndex) else {
                throw error("'\(open)' is never closed with '\(closing)'", line: tagLine, column: tagColumn)
            }
            var content = source[contentStart..<closeRange.lowerBound]
            if kind != .comment, let newline = content.firstIndex(where: \.isNewline) {
                // Only comments span lines: the tag was left open, and the `}}` found is a later tag's.
                throw error(
                    "'\(source[openRange.lowerBound..<newline])' is not closed with '\(closing)' on its line",
                    line: tagLine, column: tagColumn)
            }
            advanceLines(through: openRange.lowerBound..<closeRange.upperBound)
            index = closeRange.upperBound

            switch kind {
            case .comment, .pragma:
                tokens.append(.tag(kind, name: "", line: tagLine, column: tagColumn))
            case .delimiters:
                guard content.last == "=" else {
                    throw error("a delimiter change must end with '=\(close)'", line: tagLine, column: tagColumn)
                }
                content = content.dropLast()
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw error(
                        "a delimiter change is written '\(open)=OPEN CLOSE=\(close)', with two delimiters without '='",
                        line: tagLine, column: tagColumn)
                }
                open = String(parts[0])
                close = String(parts[1])
                tokens.append(.tag(.delimiters, name: "", line: tagLine, column: tagColumn))
            default:
                let name = content.trimmingWhitespace
                try validate(name, kind: kind, line: tagLine, column: tagColumn)
                tokens.append(.tag(kind, name: name, line: tagLine, column: tagColumn))
            }
        }
        return tokens
    }

    private func validate(_ name: String, kind: TagKind, line: Int, column: Int) throws(TemplateError) {
        if name.isEmpty {
            throw error("a tag without a name", line: line, column: column)
        }
        if kind == .partial {
            if name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
                throw error("'\(name)' is not a partial name", line: line, column: column)
            }
            return
        }
        if name.contains("(") {
            throw error("'\(name)': transforms (function calls in tags) are not supported", line: line, column: column)
        }
        if name != "."
            && (name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) || name.hasPrefix(".")
                || name.hasSuffix(".") || name.contains(".."))
        {
            throw error("'\(name)' is not a name: expected 'name', 'a.b' or '.'", line: line, column: column)
        }
    }

    // MARK: Standalone lines

    /// A line of tokens, its standalone tag (alone on the line but for spaces and tabs, and
    /// not a variable) with the whitespace before it, or nil.
    private struct Line {
        var tokens: [Token]
        var standalone: (index: Int, indentation: String)?
    }

    private func groupIntoLines(_ tokens: [Token]) throws(TemplateError) -> [Line] {
        var lines: [Line] = []
        var current: [Token] = []
        func finish() {
            guard !current.isEmpty else { return }
            lines.append(Line(tokens: current, standalone: standaloneTag(in: current)))
            current = []
        }
        for token in tokens {
            current.append(token)
            if case .text(let text) = token, text.unicodeScalars.last == "\n" { finish() }
        }
        finish()
        return lines
    }

    private func standaloneTag(in tokens: [Token]) -> (index: Int, indentation: String)? {
        var tagIndex: Int?
        var indentation = ""
        for (index, token) in tokens.enumerated() {
            switch token {
            case .text(let text):
                let blank = text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
                guard blank else { return nil }
                if tagIndex == nil { indentation += text }
            case .tag(let kind, _, _, _):
                guard tagIndex == nil, kind != .variable else { return nil }
                tagIndex = index
            }
        }
        guard let tagIndex else { return nil }
        return (tagIndex, indentation)
    }

    // MARK: Nesting

    private struct OpenSection {
        var path: MustacheTemplate.Path
        var inverted: Bool
        var line: Int
        var column: Int
        var nodes: [MustacheTemplate.Node] = []
    }

    /// How deep sections may nest. The built-in templates nest four deep; rendering recurses
    /// once per level, so thousands of levels would overflow the stack.
    static let maximumSectionDepth = 100

    private func nest(_ lines: [Line]) throws(TemplateError) -> [MustacheTemplate.Node] {
        var stack = [
            OpenSection(path: MustacheTemplate.Path(components: [], text: ""), inverted: false, line: 0, column: 0)
        ]

        func append(_ node: MustacheTemplate.Node) {
            stack[stack.count - 1].nodes.append(node)
        }
        func add(_ token: Token, indentation: String) throws(TemplateError) {
            switch token {
            case .text(let text):
                append(.text(String(text)))
            case .tag(let kind, let name, let line, let column):
                switch kind {
                case .variable:
                    append(.variable(path(name)))
                case .section, .inverted:
                    // The first element of `stack` is the template itself, not a section.
                    guard stack.count <= Self.maximumSectionDepth else {
                        throw error(
                            "sections nest more than \(Self.maximumSectionDepth) deep", line: line, column: column)
                    }
                    stack.append(OpenSection(path: path(name), inverted: kind == .inverted, line: line, column: column))
                case .close:
                    guard stack.count > 1 else {
                        throw error("'\(name)' is closed but was never opened", line: line, column: column)
                    }
                    let section = stack.removeLast()
                    guard section.path.text == name else {
                        throw error(
                            "'\(name)' is closed, but the open section is '\(section.path.text)' (line \(section.line))",
                            line: line, column: column)
                    }
                    append(.section(section.path, section.nodes, inverted: section.inverted))
                case .partial:
                    append(.partial(name, indentation: indentation, line: line, column: column))
                case .comment, .delimiters, .pragma:
                    break
                }
            }
        }

        for line in lines {
            if let standalone = line.standalone {
                // The whole line goes but for the tag itself.
                try add(line.tokens[standalone.index], indentation: standalone.indentation)
                continue
            }
            if case .text(let text) = line.tokens.first,
                text.unicodeScalars.first == "\n" || text.unicodeScalars.first == "\r"
            {
                // An empty line gets no indentation inside an indented partial.
            } else {
                append(.lineStart)
            }
            for token in line.tokens { try add(token, indentation: "") }
        }
        if stack.count > 1 {
            let section = stack[stack.count - 1]
            throw error("'\(section.path.text)' is never closed", line: section.line, column: section.column)
        }
        return stack[0].nodes
    }

    private func path(_ name: String) -> MustacheTemplate.Path {
        MustacheTemplate.Path(components: name == "." ? [] : name.split(separator: ".").map(String.init), text: name)
    }
}

extension Substring {
    fileprivate var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
