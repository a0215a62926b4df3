/// Spec text placed into Swift source, made unable to break out of where it is put.
enum SwiftSourceText {
    /// A string literal for `text`, quotes included. Backslashes and quotes are escaped, and
    /// every character that is not printable on one line becomes a `\u{…}` escape, so a
    /// spec cannot end the literal, start an interpolation or smuggle in a line break.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || isLineBreaking(scalar)
                    || scalar.properties.generalCategory == .format
                {
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

    /// Appends generated code to `output` with each identifier found in `renaming` replaced,
    /// string literals left as they are (a JSON key `"Pet"` is not the type `Pet`).
    ///
    /// Only identifiers that start with a capital letter or `_` are looked up, as type names do;
    /// each of them is added to `mentioned`.
    static func appendRenamingIdentifiers(
        in code: String, to output: inout [UInt8], _ renaming: [String: String], mentioned: inout Set<String>
    ) {
        let bytes = code.utf8
        var copiedUpTo = bytes.startIndex
        var index = bytes.startIndex
        var inLiteral = false
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (byte >= 0x30 && byte <= 0x39)
                || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            if inLiteral {
                if byte == UInt8(ascii: "\\") {
                    index = bytes.index(after: index)
                    if index != bytes.endIndex { index = bytes.index(after: index) }
                    continue
                }
                if byte == UInt8(ascii: "\"") { inLiteral = false }
                index = bytes.index(after: index)
            } else if byte == UInt8(ascii: "\"") {
                inLiteral = true
                index = bytes.index(after: index)
            } else if isIdentifierByte(byte) {
                let start = index
                while index != bytes.endIndex, isIdentifierByte(bytes[index]) { index = bytes.index(after: index) }
                guard byte == UInt8(ascii: "_") || (byte >= 0x41 && byte <= 0x5A) else { continue }
                let identifier = String(code[start..<index])
                mentioned.insert(identifier)
                if let replacement = renaming[identifier] {
                    output.append(contentsOf: bytes[copiedUpTo..<start])
                    output.append(contentsOf: replacement.utf8)
                    copiedUpTo = index
                }
            } else {
                index = bytes.index(after: index)
            }
        }
        output.append(contentsOf: bytes[copiedUpTo..<bytes.endIndex])
    }

    /// The identifiers a type spelling mentions: `[String: Indirect<Pet>]?` → `String`,
    /// `Indirect`, `Pet`.
    static func identifiers(inType type: String) -> [String] {
        type.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
    }

    /// Documentation comment lines (`/// …`) for spec prose. Each source line becomes its own
    /// `///` line, so no text can end the comment; control characters are dropped and trailing
    /// spaces trimmed so the output is formatter-clean. Paragraphs are separated by `///`.
    static func docLines(_ paragraphs: [String?]) -> [String] {
        var lines: [String] = []
        for paragraph in paragraphs.compactMap({ $0 }) {
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

    private static func isLineBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The text's lines, cut at every line-breaking character (`\r\n` counting as one).
    private static func splitLines(_ text: String) -> [Substring.UnicodeScalarView] {
        var lines: [Substring.UnicodeScalarView] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        var previousWasCR = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let next = scalars.index(after: index)
            if isLineBreaking(scalar) {
                if !(scalar == "\n" && previousWasCR) { lines.append(scalars[start..<index]) }
                previousWasCR = scalar == "\r"
                start = next
            } else {
                previousWasCR = false
            }
            index = next
        }
        lines.append(scalars[start...])
        return lines
    }

    /// The line with tabs as spaces, other control characters dropped and trailing spaces
    /// trimmed.
    private static func cleanLine(_ line: Substring.UnicodeScalarView) -> String {
        // Most lines have nothing to replace or drop: they are copied as they are.
        let isClean = !line.contains { $0.value < 0x20 || $0.value == 0x7F }
        var end = line.endIndex
        while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
        if isClean { return String(line[..<end]) }
        var scalars = String.UnicodeScalarView()
        for scalar in line[..<end] {
            if scalar == "\t" {
                scalars.append(" ")
            } else if scalar.value >= 0x20, scalar.value != 0x7F {
                scalars.append(scalar)
            }
        }
        var result = String(scalars)
        while result.last == " " { result.removeLast() }
        return result
    }
}
