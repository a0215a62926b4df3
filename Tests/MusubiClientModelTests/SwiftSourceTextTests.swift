import Testing

@testable import MusubiClientModel

@Suite struct StringLiteralTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"C:\path"#, #""C:\\path""#),
        (#"\(danger)"#, #""\\(danger)""#),
        (##"\#(raw)"##, ##""\\#(raw)""##),
        ("a\nb", #""a\nb""#),
        ("a\r\nb\tc", #""a\r\nb\tc""#),
        ("line\u{2028}separator\u{2029}para", #""line\u{2028}separator\u{2029}para""#),
        ("next\u{85}line", #""next\u{85}line""#),
        ("\u{1B}[31mred", #""\u{1B}[31mred""#),
        ("nul\u{0}", #""nul\u{0}""#),
        ("del\u{7F}", #""del\u{7F}""#),
        ("vt\u{0B}ff\u{0C}", #""vt\u{B}ff\u{C}""#),
        ("bidi\u{202E}txt", #""bidi\u{202E}txt""#),
        ("zero\u{200B}width", #""zero\u{200B}width""#),
        ("\u{FEFF}bom", #""\u{FEFF}bom""#),
        ("café 🐶 名前", #""café 🐶 名前""#),
        ("\"\"\"", #""\"\"\"""#),
        ("#", ##""#""##),
    ])
    func literal(text: String, expected: String) {
        #expect(SwiftSourceText.stringLiteral(text) == expected)
    }

    @Test func literalContentIsTheTextBetweenTheQuotes() {
        #expect(SwiftSourceText.literalContent(#"a"b\c"#) == #"a\"b\\c"#)
        #expect(SwiftSourceText.literalContent("") == "")
    }

    static let nastyInputs: [String] = [
        "",
        "\"",
        "\\",
        "\\\"",
        "\"\"\"\n\"\"\"",
        "end\\",
        "\\(x)\\\\(y)",
        "a\r\n\r\nb",
        "\u{2028}\u{2029}\u{85}\u{0B}\u{0C}\r\n",
        "\u{0}\u{1}\u{1F}\u{7F}\u{80}\u{9F}",
        "tab\there",
        "emoji 👨‍👩‍👧 and e\u{301}",
        "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2069}",
        "*/ /* //",
        String(repeating: "\\\"", count: 20),
    ]

    /// Reads a literal back the way the Swift compiler would, for the escapes the generator writes.
    static func unescape(_ literal: String) -> String? {
        guard literal.count >= 2, literal.first == "\"", literal.last == "\"" else { return nil }
        var scalars = Array(literal.unicodeScalars.dropFirst().dropLast())
        var result = String.UnicodeScalarView()
        while !scalars.isEmpty {
            let scalar = scalars.removeFirst()
            if scalar == "\"" { return nil }  // an unescaped quote would end the literal
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard !scalars.isEmpty else { return nil }
            let escape = scalars.removeFirst()
            switch escape {
            case "\\": result.append("\\")
            case "\"": result.append("\"")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "u":
                guard scalars.first == "{", let close = scalars.firstIndex(of: "}") else { return nil }
                let hex = String(String.UnicodeScalarView(scalars[1..<close]))
                guard (1...8).contains(hex.count), let value = UInt32(hex, radix: 16),
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                result.append(decoded)
                scalars.removeFirst(close + 1)
            default:
                return nil  // `\(` would start an interpolation; anything else does not compile
            }
        }
        return String(result)
    }

    @Test(arguments: nastyInputs)
    func roundTrip(text: String) throws {
        let literal = SwiftSourceText.stringLiteral(text)
        #expect(Self.unescape(literal) == text)
        let body = literal.unicodeScalars.dropFirst().dropLast()
        let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        #expect(!body.contains { lineBreaks.contains($0.value) || $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test func unescapeRejectsWhatWouldBreakALiteral() {
        // The checker itself: these are not literals the generator may write.
        #expect(Self.unescape(#""a"b""#) == nil)
        #expect(Self.unescape(#""\(x)""#) == nil)
        #expect(Self.unescape(#""end\""#) == nil)
        #expect(Self.unescape(#""ok\n""#) == "ok\n")
    }
}

@Suite struct DocLinesTests {
    @Test func singleLine() {
        #expect(SwiftSourceText.docLines(["One line."]) == ["/// One line."])
    }

    @Test func nothingToSay() {
        #expect(SwiftSourceText.docLines([]) == [])
        #expect(SwiftSourceText.docLines([nil, nil]) == [])
        #expect(SwiftSourceText.docLines(["", "  ", "\n\n", " \t \r\n"]) == [])
    }

    @Test func paragraphsAreSeparatedByAnEmptyCommentLine() {
        #expect(
            SwiftSourceText.docLines(["Title", nil, "First.\n\nSecond.", "`GET /x`"]) == [
                "/// Title", "///", "/// First.", "///", "/// Second.", "///", "/// `GET /x`",
            ])
    }

    @Test func blankLinesCollapse() {
        #expect(SwiftSourceText.docLines(["a\n\n\n\nb\n \n\t\nc"]) == ["/// a", "///", "/// b", "///", "/// c"])
    }

    @Test func leadingAndTrailingBlankLinesAreDropped() {
        #expect(SwiftSourceText.docLines(["\n\n  indented\n\n"]) == ["///   indented"])
    }

    @Test func lineEndings() {
        #expect(SwiftSourceText.docLines(["a\r\nb\r\n\r\nc"]) == ["/// a", "/// b", "///", "/// c"])
        #expect(SwiftSourceText.docLines(["a\rb\r\rc"]) == ["/// a", "/// b", "///", "/// c"])
        #expect(
            SwiftSourceText.docLines(["a\u{2028}b\u{2029}c\u{85}d\u{0B}e\u{0C}f"]) == [
                "/// a", "/// b", "/// c", "/// d", "/// e", "/// f",
            ])
    }

    @Test func otherNonASCIICharactersDoNotBreakLines() {
        // Their UTF-8 starts like U+0085 (`C2 85`) and U+2028 (`E2 80 A8`) but is not them.
        #expect(
            SwiftSourceText.docLines(["a\u{2026}b\u{A0}c \u{C5} \u{2027}\u{202F}d\u{E2}"]) == [
                "/// a\u{2026}b\u{A0}c \u{C5} \u{2027}\u{202F}d\u{E2}"
            ])
    }

    @Test func trailingSpacesAndTabs() {
        #expect(SwiftSourceText.docLines(["a   \nb\t\n\tc"]) == ["/// a", "/// b", "///  c"])
    }

    @Test func controlCharactersAreDropped() {
        #expect(SwiftSourceText.docLines(["bell\u{7}\u{1B}[0m end\u{7F}"]) == ["/// bell[0m end"])
    }

    @Test func markdownIsKept() {
        #expect(
            SwiftSourceText.docLines(["- one\n- two\n\n    code */"]) == [
                "/// - one", "/// - two", "///", "///     code */",
            ])
    }

    @Test(arguments: StringLiteralTests.nastyInputs + ["a\n\n\nb\r\n", "\u{2028}x\u{2029}"])
    func noLineCanBreak(text: String) {
        let lines = SwiftSourceText.docLines([text, "tail"])
        let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        for line in lines {
            #expect(line == "///" || line.hasPrefix("/// "))
            #expect(!line.unicodeScalars.contains { lineBreaks.contains($0.value) || $0.value < 0x20 })
            #expect(line.last != " ")
        }
        #expect(lines.last == "/// tail")
    }
}
