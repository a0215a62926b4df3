import Foundation

/// Spec text placed into Swift source, made unable to break out of where it is put.
enum SwiftSourceText {
    /// A string literal for `text`, quotes included. Backslashes and quotes are escaped, and
    /// every character that is not printable on one line becomes a `\u{…}` escape, so a
    /// spec cannot end the literal, start an interpolation or smuggle in a line break. The
    /// invisible ones (control and format characters, bidirectional controls among them) are
    /// escaped too, so no literal can make code read differently than it compiles (Trojan
    /// Source, CVE-2021-42574).
    static func stringLiteral(_ text: String) -> String {
        // Most text (keys, enum values, paths) is printable ASCII with nothing to escape.
        if text.utf8.allSatisfy({
            $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"")
        }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || isLineBreaking(scalar) || isInvisible(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Text between the quotes of a string literal, for splicing into a larger literal.
    static func literalContent(_ text: String) -> String {
        String(stringLiteral(text).dropFirst().dropLast())
    }

    /// Documentation comment lines (`/// …`) for spec prose. Each source line becomes its own
    /// `///` line, so no text can end the comment; control and invisible characters
    /// (bidirectional controls among them) are dropped and trailing spaces trimmed so the
    /// output is formatter-clean. Paragraphs are separated by `///`. A paragraph the next one
    /// begins with is said once: Twitch's summaries open their descriptions ("Gets a list of
    /// all streams." then "Gets a list of all streams. The list is…").
    ///
    /// A paragraph longer than ``maximumDocumentedLength`` bytes is cut at the last line break
    /// before it, and says so: one description a spec shares between thousands of operations
    /// is copied into each of their doc comments (a 1 MB description, 5 000 operations, 5 GB).
    static func docLines(_ paragraphs: [String?]) -> [String] {
        var lines: [String] = []
        let present = paragraphs.compactMap { $0.map { HTMLProse.markdown(shortened($0)) } }
        for (index, paragraph) in present.enumerated() {
            if index + 1 < present.count, opens(present[index + 1], with: paragraph) { continue }
            var paragraphLines = splitLines(paragraph).map(cleanLine)
            while paragraphLines.first?.isEmpty == true { paragraphLines.removeFirst() }
            while paragraphLines.last?.isEmpty == true { paragraphLines.removeLast() }
            guard !paragraphLines.isEmpty else { continue }
            if !lines.isEmpty { lines.append("///") }
            var previousEmpty = false
            for line in paragraphLines {
                if line.isEmpty {
                    if !previousEmpty { lines.append("///") }
                    previousEmpty = true
                } else {
                    lines.append("/// " + line)
                    previousEmpty = false
                }
            }
        }
        return lines
    }

    /// The most bytes of one paragraph of spec prose a doc comment shows (Stripe's and GitHub's
    /// longest descriptions are a few kilobytes).
    static let maximumDocumentedLength = 16_384

    /// `text`, or its lines up to ``maximumDocumentedLength`` bytes and a line saying the rest
    /// is in the spec.
    private static func shortened(_ text: String) -> String {
        let bytes = text.utf8
        guard bytes.count > maximumDocumentedLength else { return text }
        var end = bytes.index(bytes.startIndex, offsetBy: maximumDocumentedLength)
        if let lineBreak = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")) { end = lineBreak }
        // A cut inside a character goes back to its start.
        while end > bytes.startIndex, end.samePosition(in: text.unicodeScalars) == nil {
            end = bytes.index(before: end)
        }
        return String(text[..<end]) + "\n\n(The rest of this description is in the spec.)"
    }

    /// Whether `text` is `paragraph`, or begins with it as with a whole sentence or paragraph:
    /// "Gets streams. The list…" begins with "Gets streams.", PagerDuty's "Update an Incident
    /// Workflow\n\nAn Incident Workflow is…" with its summary, while a title ("Streaming"
    /// before "Streaming responses…") is a heading of its own.
    private static func opens(_ text: String, with paragraph: String) -> Bool {
        let opening = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !opening.isEmpty, body.hasPrefix(opening) else { return false }
        guard let next = body.dropFirst(opening.count).first else { return true }
        if next.isNewline {
            // The description's first paragraph, not the first line of a wrapped one.
            return body.dropFirst(opening.count + 1).drop { $0 == " " || $0 == "\t" }.first?.isNewline ?? true
        }
        return next.isWhitespace && [".", "!", "?"].contains(opening.last)
    }

    /// Spec text for a comment that must stay on one line (`// Generated from FILE`, a name
    /// quoted in a template's `///` line): every line break becomes a space and invisible
    /// characters are dropped, so the text can neither end the comment nor hide what follows.
    static func commentText(_ text: String) -> String {
        splitLines(text).map(cleanLine).filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Control and format characters: C0 and C1 controls, bidirectional embeddings, overrides,
    /// isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), zero-width
    /// characters (U+200B–U+200D), the byte order mark and the soft hyphen. None of them is
    /// visible, and bidirectional ones reorder the text around them on screen.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format: return true
        default: return false
        }
    }

    private static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The text's lines, cut at every line-breaking character (`\r\n` counting as one).
    ///
    /// Scans UTF-8 bytes: U+0085 is `C2 85`, U+2028 and U+2029 are `E2 80 A8` and `E2 80 A9`,
    /// and the other line breaks are ASCII, so no scalar needs decoding.
    private static func splitLines(_ text: String) -> [Substring.UnicodeScalarView] {
        var lines: [Substring.UnicodeScalarView] = []
        let scalars = text.unicodeScalars
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        var previousWasCR = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            var breakLength = 0
            switch byte {
            case 0x0A...0x0D: breakLength = 1
            case 0xC2:
                let next = bytes.index(after: index)
                if next < bytes.endIndex, bytes[next] == 0x85 { breakLength = 2 }
            case 0xE2:
                let second = bytes.index(after: index)
                if second < bytes.endIndex, bytes[second] == 0x80 {
                    let third = bytes.index(after: second)
                    if third < bytes.endIndex, bytes[third] == 0xA8 || bytes[third] == 0xA9 { breakLength = 3 }
                }
            default: break
            }
            guard breakLength > 0 else {
                previousWasCR = false
                bytes.formIndex(after: &index)
                continue
            }
            if !(byte == 0x0A && previousWasCR) { lines.append(scalars[start..<index]) }
            previousWasCR = byte == 0x0D
            index = bytes.index(index, offsetBy: breakLength)
            start = index
        }
        lines.append(scalars[start...])
        return lines
    }

    /// The line with tabs as spaces, other control characters and invisible characters
    /// (``isInvisible(_:)``: bidirectional controls, zero-width characters) dropped and
    /// trailing spaces trimmed.
    private static func cleanLine(_ line: Substring.UnicodeScalarView) -> String {
        // Most lines are ASCII with nothing to replace or drop: they are copied as they are.
        // Looking at bytes finds ASCII controls and any non-ASCII text without decoding scalars.
        let text = Substring(line)
        let isClean = !text.utf8.contains { $0 < 0x20 || $0 >= 0x7F }
        var end = text.utf8.endIndex
        while end > text.utf8.startIndex, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: " ") {
            text.utf8.formIndex(before: &end)
        }
        if isClean { return String(text[..<end]) }
        var scalars = String.UnicodeScalarView()
        for scalar in line[..<end] {
            if scalar == "\t" {
                scalars.append(" ")
            } else if scalar.value >= 0x20, !isInvisible(scalar) {
                scalars.append(scalar)
            }
        }
        var result = String(scalars)
        while result.last == " " { result.removeLast() }
        return result
    }

    /// Whether a description states the default already ("Defaults to `auto`."), so that the
    /// doc comment does not say it twice. Only what the doc comment shows of it counts (its
    /// first ``maximumDocumentedLength`` bytes): a default stated past the cut is not read
    /// there, and one description shared by thousands of parameters is not read whole for each.
    static func says(_ description: String?, theDefault value: String) -> Bool {
        // A long value is not what a sentence states, and looking for it would cost the two
        // lengths multiplied.
        guard let description, !value.isEmpty, value.utf8.count <= 200 else { return false }
        let shown = String(decoding: description.utf8.prefix(maximumDocumentedLength), as: UTF8.self).lowercased()
        guard shown.contains("default") else { return false }
        // The value as a word of its own: `1` is not said by "defaults to 10".
        let text = Array(shown.utf8)
        let word = Array(value.lowercased().utf8)
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
        }
        guard word.count <= text.count else { return false }
        for start in 0...(text.count - word.count) where text[start..<start + word.count].elementsEqual(word) {
            let before = start == 0 || !isWordByte(text[start - 1])
            let after = start + word.count == text.count || !isWordByte(text[start + word.count])
            if before && after { return true }
        }
        return false
    }
}
