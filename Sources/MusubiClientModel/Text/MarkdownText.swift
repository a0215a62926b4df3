/// Spec text placed into a generated package's README.md, made unable to change the document's
/// structure: no heading, list, table, link, HTML, code fence or comment can come from it, and
/// no invisible or bidirectional control reaches the file.
enum MarkdownText {
    /// Text on one line that renders as written, placed after other text on its line: line
    /// breaks become spaces, invisible characters are dropped, and the characters that can
    /// open markup anywhere in a line are backslash-escaped (``escaped(_:)``).
    static func inline(_ text: String) -> String {
        escaped(SwiftSourceText.commentText(text))
    }

    /// Paragraphs of prose, a line of Markdown for each line of text, each with its leading
    /// spaces removed (so none becomes a code block), escaped as ``inline(_:)``, and with what
    /// would start a block at the start of a line escaped too (`#`, `-`, `+`, `=`, `1.`, `1)`);
    /// empty lines separate paragraphs, never two in a row.
    static func lines(_ text: String) -> [String] {
        var result: [String] = []
        for line in SwiftSourceText.docLines([text]) {
            var content = Substring(line.dropFirst(3))
            while content.first == " " { content.removeFirst() }
            var escapedLine = escaped(String(content))
            let digits = escapedLine.prefix { $0.isASCII && $0.isNumber }
            let marker = escapedLine.dropFirst(digits.count).first
            if let marker, marker.isASCII, marker.isPunctuation || marker.isSymbol, marker != "\\" {
                escapedLine.insert("\\", at: escapedLine.index(escapedLine.startIndex, offsetBy: digits.count))
            }
            result.append(escapedLine)
        }
        return result
    }

    /// A code span showing `text` as written: the backtick fence is one longer than the
    /// longest run of backticks inside, with a space inside each fence when the text starts or
    /// ends with a backtick.
    static func codeSpan(_ text: String) -> String {
        let content = SwiftSourceText.commentText(text)
        var longest = 0
        var run = 0
        for character in content {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = content.hasPrefix("`") || content.hasSuffix("`") ? " " : ""
        return fence + padding + content + padding + fence
    }

    /// Text inside an HTML comment (`<!-- … -->`) on one line: `<` and `>` become entities, so
    /// the comment cannot be ended early.
    static func commentText(_ text: String) -> String {
        SwiftSourceText.commentText(text).replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The text with `\`, `` ` ``, `*`, `_`, `~`, `[`, `]`, `<`, `>`, `|`, `&` and `$`
    /// backslash-escaped: what can start emphasis, code, links, images, autolinks, HTML, tables,
    /// entities or math in the middle of a line. CommonMark lets a backslash escape any ASCII
    /// punctuation, and an escaped character renders as itself.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if "\\`*_~[]<>|&$".unicodeScalars.contains(scalar) { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
