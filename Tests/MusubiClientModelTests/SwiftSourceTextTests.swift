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
        ("c1\u{9B}[31m\u{80}", #""c1\u{9B}[31m\u{80}""#),
        (
            "isolate\u{2066}\u{2069}mark\u{200E}\u{200F}\u{61C}",
            #""isolate\u{2066}\u{2069}mark\u{200E}\u{200F}\u{61C}""#
        ),
        ("soft\u{AD}hyphen", #""soft\u{AD}hyphen""#),
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

    /// A summary the description opens with is said once; a title the description starts
    /// with stays a heading, and one it only starts like (`Create` before `Created…`) stays.
    @Test func aParagraphTheNextOpensWithIsSaidOnce() {
        #expect(
            SwiftSourceText.docLines([
                "Gets a list of all streams.", "Gets a list of all streams. The list is sorted.", "`GET /streams`",
            ]) == ["/// Gets a list of all streams. The list is sorted.", "///", "/// `GET /streams`"])
        #expect(SwiftSourceText.docLines(["Same", "Same\n"]) == ["/// Same"])
        #expect(
            SwiftSourceText.docLines(["Update a workflow", "Update a workflow\n  \nA workflow runs steps."]) == [
                "/// Update a workflow", "///", "/// A workflow runs steps.",
            ])
        // A summary that is only the first line of a wrapped paragraph stays.
        #expect(
            SwiftSourceText.docLines(["Get the license", "Get the license\nof a user."]) == [
                "/// Get the license", "///", "/// Get the license", "/// of a user.",
            ])
        #expect(
            SwiftSourceText.docLines(["Create.", "Created items are kept."]) == [
                "/// Create.", "///", "/// Created items are kept.",
            ])
        #expect(
            SwiftSourceText.docLines(["Streaming", "Streaming responses as APIs write them."]) == [
                "/// Streaming", "///", "/// Streaming responses as APIs write them.",
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

    /// Trojan Source (CVE-2021-42574): bidirectional controls in a comment reorder the code
    /// shown around it, and zero-width characters hide text; none is written.
    @Test func invisibleCharactersAreDropped() {
        #expect(
            SwiftSourceText.docLines([
                "a\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}b\u{2066}\u{2067}\u{2068}\u{2069}c\u{200E}\u{200F}\u{61C}d"
                    + "\u{200B}\u{200C}\u{200D}e\u{FEFF}\u{AD}f\u{80}\u{9B}g"
            ]) == ["/// abcdefg"])
        #expect(SwiftSourceText.docLines(["café 🐶 名前 – ok"]) == ["/// café 🐶 名前 – ok"])
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

@Suite struct CommentTextTests {
    @Test func everyLineBreakBecomesASpace() {
        #expect(SwiftSourceText.commentText("a\nb\r\nc\rd\u{2028}e\u{2029}f\u{85}g\u{0B}h") == "a b c d e f g h")
    }

    @Test func invisibleCharactersAreDroppedAndBlankLinesSkipped() {
        #expect(SwiftSourceText.commentText("x\u{202E}y\u{200B}\n\n  \nz\u{1B}[0m") == "xy z[0m")
        #expect(SwiftSourceText.commentText("") == "")
    }

    @Test(arguments: StringLiteralTests.nastyInputs)
    func staysOnOneVisibleLine(text: String) {
        let comment = SwiftSourceText.commentText(text)
        #expect(!comment.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\t" })
        #expect(!comment.unicodeScalars.contains { [0x2028, 0x2029].contains($0.value) })
        #expect(!comment.unicodeScalars.contains { $0.properties.generalCategory == .format })
    }
}

@Suite struct MarkdownTextTests {
    @Test func inlineTextOpensNoMarkup() {
        #expect(MarkdownText.inline("Pet store 1.0.0") == "Pet store 1.0.0")
        #expect(
            MarkdownText.inline("a *b* _c_ `d` [e](f) <g> |h| ~i~ &amp; $x$ \\")
                == #"a \*b\* \_c\_ \`d\` \[e\](f) \<g\> \|h\| \~i\~ \&amp; \$x\$ \\"#)
        #expect(MarkdownText.inline("one\n# two\u{202E}") == "one # two")
    }

    @Test func linesStartNoBlock() {
        #expect(
            MarkdownText.lines("# heading\n- item\n+ item\n> quote\n1. first\n2) second\n===\n    code\n```\n<div>")
                == [
                    ##"\# heading"##, #"\- item"#, #"\+ item"#, #"\> quote"#, #"1\. first"#, #"2\) second"#, #"\==="#,
                    "code",
                    #"\`\`\`"#, #"\<div\>"#,
                ])
        #expect(MarkdownText.lines("First.\n\n\nSecond 1.5 times.") == ["First.", "", "Second 1.5 times."])
    }

    @Test func codeSpansOutlastTheirBackticks() {
        #expect(MarkdownText.codeSpan("https://x.example/v1") == "`https://x.example/v1`")
        #expect(MarkdownText.codeSpan("a``b") == "```a``b```")
        #expect(MarkdownText.codeSpan("`edge`") == "`` `edge` ``")
        #expect(MarkdownText.codeSpan("x\ny\u{2066}") == "`x y`")
    }

    @Test func htmlCommentTextCannotEndTheComment() {
        #expect(MarkdownText.commentText("a --> b\n<!-- c") == "a --&gt; b &lt;!-- c")
    }
}
