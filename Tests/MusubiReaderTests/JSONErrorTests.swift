import MusubiReader
import Testing

/// Malformed JSON produces an error diagnostic saying what was expected, at the right place.
///
/// The reader falls back to YAML when the JSON parser fails, and keeps the JSON diagnostic only
/// when YAML rejects the text too. Several malformed JSON texts are valid YAML (`[01]` is a
/// sequence holding a number), so those tests end with `yamlBreaker`, a stray bracket on a later
/// line that YAML rejects and the JSON parser never reaches.
@Suite struct JSONErrorTests {
    private let yamlBreaker = "\n}"

    private func jsonError(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
        diagnostic(parsing: text, fileName: "spec.json", sourceLocation: sourceLocation)
    }

    @Test func missingCommaBetweenMembers() throws {
        let error = try #require(jsonError("{\n  \"a\": 1\n  \"b\": 2\n}" + yamlBreaker))
        #expect(error.severity == .error)
        #expect(error.file == "spec.json")
        #expect(error.message == "expected ',' or '}' after object member, found '\"'")
        #expect(error.location == at(3, 3))
    }

    @Test func missingCommaBetweenElements() throws {
        let error = try #require(jsonError("[1, 2 3]" + yamlBreaker))
        #expect(error.message == "expected ',' or ']' after array element, found '3'")
        #expect(error.location == at(1, 7))
    }

    @Test func unterminatedStringPointsAtTheOpeningQuote() throws {
        let error = try #require(jsonError("{\"a\": \"never closed"))
        #expect(error.message == "unterminated string")
        #expect(error.location == at(1, 7))
    }

    @Test func lineBreakInsideString() throws {
        let error = try #require(jsonError("{\"a\": \"two\nlines\"}" + yamlBreaker))
        #expect(error.message.hasPrefix("unterminated string"))
        #expect(error.location == at(1, 7))
    }

    @Test func unexpectedEndOfInput() throws {
        let error = try #require(jsonError("{\"a\": [1, 2,\n"))
        #expect(error.message == "unexpected end of input; expected a value")
        #expect(error.location == at(2, 1))
    }

    @Test func missingColon() throws {
        let error = try #require(jsonError("{\"a\" 1}"))
        #expect(error.message == "expected ':' after object key, found '1'")
        #expect(error.location == at(1, 6))
    }

    @Test func trailingGarbage() throws {
        let error = try #require(jsonError("{\"a\": 1} }"))
        #expect(error.message == "expected end of input after the JSON value, found '}'")
        #expect(error.location == at(1, 10))
    }

    @Test func invalidEscape() throws {
        let error = try #require(jsonError(#"{"a": "bad \q escape"}"#))
        #expect(error.message.hasPrefix("invalid escape sequence '\\q'"))
        #expect(error.location == at(1, 12))
    }

    @Test func unpairedSurrogate() throws {
        let error = try #require(jsonError(#"{"a": "\ud83d alone"}"#))
        #expect(error.message.contains("surrogate"))
        #expect(error.location == at(1, 8))
    }

    @Test func shortUnicodeEscape() throws {
        let error = try #require(jsonError(#"{"a": "\u12G4"}"#))
        #expect(error.message == "invalid \\u escape; expected four hexadecimal digits")
    }

    @Test func invalidNumbers() throws {
        #expect(jsonError("[01]" + yamlBreaker)?.message == "invalid number: leading zeros are not allowed in JSON")
        #expect(jsonError("[1.]" + yamlBreaker)?.message == "expected a digit after the decimal point, found ']'")
        #expect(jsonError("[1e+]" + yamlBreaker)?.message == "expected a digit in the exponent, found ']'")
        #expect(jsonError("[-x]" + yamlBreaker)?.message == "expected a digit after '-', found 'x'")
        #expect(jsonError("[-x]" + yamlBreaker)?.location == at(1, 3))
    }

    @Test func invalidLiteral() throws {
        let error = try #require(jsonError("{\"a\": tru}" + yamlBreaker))
        #expect(error.message == "invalid literal; expected 'true'")
        #expect(error.location == at(1, 7))
    }

    @Test func controlCharacterInString() throws {
        let error = try #require(jsonError("[\"tab\there\"]" + yamlBreaker))
        #expect(error.message == "control character U+0009 in string must be escaped")
        #expect(error.location == at(1, 6))
    }

    @Test func invalidUTF8InString() throws {
        do {
            _ = try Reader.parse(Array("[\"é".utf8) + [0xC3, 0x28] + Array("\"".utf8), fileName: "spec.json")
            Issue.record("invalid UTF-8 parsed")
        } catch {
            #expect(error.message.hasPrefix("invalid UTF-8 (byte 0xC3)"))
            #expect(error.location == at(1, 4))
        }
    }

    @Test func errorLocationAfterMultiByteCharacters() throws {
        let error = try #require(jsonError("[\"日本語\" \"x\"]"))
        #expect(error.location == at(1, 8))
    }

    @Test func nestingLimit() throws {
        let depth = Reader.maximumNestingDepth + 1
        let error = try #require(jsonError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
        #expect(error.message == "collections nest deeper than \(Reader.maximumNestingDepth) levels")
        #expect(error.location == at(1, depth))
    }

    @Test func nonStringKey() throws {
        let error = try #require(jsonError("{\"a\": 1, 2: 3]"))
        #expect(error.message == "expected a string key after ',', found '2'")
        #expect(error.location == at(1, 10))
    }
}
