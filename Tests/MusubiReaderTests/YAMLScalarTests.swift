import MusubiReader
import Testing

/// Plain scalars resolve by the YAML 1.2 core schema; quoted and block scalars are strings.
@Suite struct YAMLScalarTests {
    /// Parses `value: <text>` and returns the value node.
    private func value(_ text: String) throws -> Node {
        try #require(try parse("value: \(text)\n")["value"])
    }

    @Test(arguments: ["null", "Null", "NULL", "~", ""])
    func nullForms(_ text: String) throws {
        #expect(try value(text).isNull)
    }

    @Test(arguments: ["true", "True", "TRUE"])
    func trueForms(_ text: String) throws {
        #expect(try value(text).bool == true)
    }

    @Test(arguments: ["false", "False", "FALSE"])
    func falseForms(_ text: String) throws {
        #expect(try value(text).bool == false)
    }

    /// YAML 1.1 booleans and mixed-case words are strings in 1.2; an enum `[yes, no]` must stay strings.
    @Test(arguments: ["yes", "no", "on", "off", "y", "tRUE", "nULL", "nil"])
    func wordsThatAreNotBooleansOrNull(_ text: String) throws {
        #expect(try value(text).string == text)
    }

    @Test(arguments: [
        ("42", "42"), ("-17", "-17"), ("+5", "+5"), ("007", "007"), ("0", "0"),
        ("3.10", "3.10"), ("-1.5e3", "-1.5e3"), ("1E-7", "1E-7"), (".5", ".5"), ("5.", "5."),
        ("12345678901234567890123", "12345678901234567890123"),
    ])
    func decimalNumbersKeepTheirSourceText(_ text: String, _ expected: String) throws {
        #expect(try value(text).numberText == expected)
    }

    @Test(arguments: [
        ("0x1F", "31"), ("0xff", "255"), ("0o17", "15"), ("0x0", "0"),
        ("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "340282366920938463463374607431768211455"),
    ])
    func hexadecimalAndOctalBecomeDecimalText(_ text: String, _ expected: String) throws {
        let node = try value(text)
        #expect(node.numberText == expected)
    }

    /// A hexadecimal or octal number's decimal text takes time quadratic in its digits: past
    /// 256 of them, which no spec means as a number, the scalar is the text it is.
    @Test func aHexadecimalNumberTooLongForANumberIsText() throws {
        let longest = "0x" + String(repeating: "f", count: 256)
        #expect(try value(longest).numberText?.count == 309)
        let hex = "0x" + String(repeating: "f", count: 257)
        #expect(try value(hex).numberText == nil)
        #expect(try value(hex).string == hex)
        let octal = "0o" + String(repeating: "7", count: 100_000)
        #expect(try value(octal).string == octal)
    }

    @Test func infinityAndNaNBecomeTextThatDoubleReads() throws {
        #expect(try value(".inf").double == .infinity)
        #expect(try value("-.Inf").double == -.infinity)
        #expect(try value("+.INF").double == .infinity)
        #expect(try value(".NaN").double?.isNaN == true)
    }

    @Test(arguments: [
        "1.0.0", "3.0.3", "0x", "0xZZ", "0o8", "1_000", "12:30", "-a", ".", "1e", "+.nan", "2024-01-31", "1 2",
    ])
    func almostNumbersAreStrings(_ text: String) throws {
        #expect(try value(text).string == text)
    }

    @Test func numberAccessorsReadResolvedNumbers() throws {
        #expect(try value("42").int == 42)
        #expect(try value("0x10").int == 16)
        #expect(try value("2.5").double == 2.5)
    }

    @Test(arguments: ["\"42\"", "'42'", "\"true\"", "'null'", "\"\"", "''", "\"0x1F\""])
    func quotedScalarsAreAlwaysStrings(_ text: String) throws {
        let node = try value(text)
        #expect(node.string == String(text.dropFirst().dropLast()))
    }

    @Test func doubleQuotedEscapesAreDecoded() throws {
        #expect(try value(#""tab\there\nline \u00e9 \U0001F600 \"q\"""#).string == "tab\there\nline é 😀 \"q\"")
        #expect(try value("'it''s'").string == "it's")
    }

    @Test func literalBlockScalarKeepsLineBreaks() throws {
        let node = try parse(
            """
            description: |
              First line.
              Second line: 42
            next: 1
            """)
        #expect(node["description"]?.string == "First line.\nSecond line: 42\n")
        #expect(node["next"]?.numberText == "1")
    }

    @Test func foldedBlockScalarFoldsLinesAndIsNeverResolved() throws {
        let node = try parse(
            """
            a: >-
              folded
              text
            b: |-
              true
            """)
        #expect(node["a"]?.string == "folded text")
        #expect(node["b"]?.string == "true")
    }

    @Test func multiLinePlainScalarIsOneString() throws {
        let node = try parse(
            """
            summary: a plain
              scalar over lines
            """)
        #expect(node["summary"]?.string == "a plain scalar over lines")
    }

    @Test func coreTagsOverrideResolution() throws {
        let node = try parse(
            """
            str: !!str 42
            int: !!int "0x1F"
            float: !!float '1.5'
            bool: !!bool "true"
            null: !!null ""
            nonSpecific: ! 12
            custom: !thing 12
            """)
        #expect(node["str"]?.string == "42")
        #expect(node["int"]?.numberText == "31")
        #expect(node["float"]?.numberText == "1.5")
        #expect(node["bool"]?.bool == true)
        #expect(node["null"]?.isNull == true)
        #expect(node["nonSpecific"]?.string == "12")
        #expect(node["custom"]?.numberText == "12")
    }

    @Test func verbatimCoreTagIsHonoured() throws {
        #expect(try value("!<tag:yaml.org,2002:str> 3.0").string == "3.0")
    }

    @Test func valueThatDoesNotFitItsTagIsAnError() throws {
        let error = try #require(diagnostic(parsing: "count: !!int twelve\n"))
        #expect(error.severity == .error)
        #expect(error.location == at(1, 8))
        #expect(error.message.contains("'twelve' is not a valid !!int"))
    }

    @Test func unicodeTextSurvives() throws {
        #expect(try value("Grüße aus 東京 🍣").string == "Grüße aus 東京 🍣")
    }
}
