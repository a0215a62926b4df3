import Foundation
import MusubiReader
import Testing

/// The entry points: syntax detection, the YAML fallback, and the three input forms.
@Suite struct ReaderTests {
    @Test func jsonLookingTextThatIsOnlyValidYAMLFallsBackToYAML() throws {
        let node = try parse("{a: 1, 'b': [x, y,], # comment\n c: 0x10}", fileName: "flow.yaml")
        #expect(node.mapping?.keys == ["a", "b", "c"])
        #expect(node["b"]?.sequence?.count == 2)
        #expect(node["c"]?.numberText == "16")
    }

    @Test func jsonAndYAMLGiveTheSameTree() throws {
        let json = try parse(#"{"name": "pet", "count": 2, "tags": ["a", null, true]}"#)
        let yaml = try parse("name: pet\ncount: 2\ntags: [a, null, true]\n")
        #expect(json.mapping?.keys == yaml.mapping?.keys)
        #expect(json["name"]?.string == yaml["name"]?.string)
        #expect(json["count"]?.numberText == yaml["count"]?.numberText)
        #expect(json[path: "tags", 1]?.isNull == true)
        #expect(yaml[path: "tags", 1]?.isNull == true)
        #expect(json[path: "tags", 2]?.bool == yaml[path: "tags", 2]?.bool)
    }

    @Test func leadingWhitespaceBeforeJSON() throws {
        let node = try parse("\n\n   \t{\"a\": 1}")
        #expect(node["a"]?.location == at(3, 11))
    }

    @Test func bytesAndStringAgree() throws {
        let text = "a:\n  b: [1, 2]\n"
        let fromBytes = try Reader.parse(Array(text.utf8), fileName: "x.yaml")
        let fromString = try Reader.parse(text, fileName: "x.yaml")
        #expect(fromBytes[path: "a", "b", 1]?.location == fromString[path: "a", "b", 1]?.location)
        #expect(fromBytes[path: "a", "b", 1]?.numberText == "2")
    }

    @Test func yamlWithByteOrderMark() throws {
        let node = try Reader.parse([0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8), fileName: "bom.yaml")
        #expect(node["a"]?.numberText == "1")
    }

    @Test func parsesAFileAndNamesItInDiagnostics() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("musubi-reader-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let good = directory.appendingPathComponent("good.yaml").path
        try Data("openapi: 3.1.0\npaths: {}\n".utf8).write(to: URL(fileURLWithPath: good))
        let node = try Reader.parse(contentsOf: good)
        #expect(node["openapi"]?.string == "3.1.0")

        let bad = directory.appendingPathComponent("bad.json").path
        try Data("{\"a\": [1,\n".utf8).write(to: URL(fileURLWithPath: bad))
        do {
            _ = try Reader.parse(contentsOf: bad)
            Issue.record("malformed file parsed")
        } catch {
            #expect(error.file == bad)
            #expect(error.location == at(2, 1))
        }
    }

    /// U+2028, U+2029 and U+0085 break lines for libyaml (YAML 1.1) and not for YAML 1.2,
    /// editors or diffs: a comment could hide a key. Written as they are, they are refused
    /// where they stand, counted as YAML 1.2 counts lines; escaped, they are text.
    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
    func yaml11LineBreaksAreRefused(_ character: String) throws {
        let text =
            "openapi: 3.1.0\r\ninfo: {title: é, version: '1'}\n"
            + "# configured by the caller\(character)servers: [{url: 'https://evil.example'}]\npaths: {}\n"
        do {
            _ = try Reader.parse(text, fileName: "hidden.yaml")
            Issue.record("a YAML 1.1 line break was read")
        } catch {
            #expect(error.severity == .error)
            #expect(error.location == at(3, 27))
            #expect(error.message.contains("line break to YAML 1.1 readers"))
        }
        let escaped = try Reader.parse("title: \"a\\u2028b\"\n", fileName: "escaped.yaml")
        #expect(escaped["title"]?.string == "a\u{2028}b")
    }

    /// `text` as UTF-16 bytes behind their byte order mark, in either byte order.
    private func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    /// libyaml reads UTF-16 behind its byte order mark and decodes it itself, where the
    /// reader's checks look for UTF-8: UTF-16 is made UTF-8 first, so a spec reads the same
    /// in either encoding, and a YAML 1.1 line break, or a run of marks, is refused in UTF-16 as
    /// it is in UTF-8, where it stands.
    @Test(arguments: [false, true])
    func utf16TextIsReadAsItsCharacters(bigEndian: Bool) throws {
        let spec = "openapi: 3.1.0\ninfo: {title: \"é 日本 𝄞\", version: '1'}\npaths: {}\n"
        let read = try Reader.parse(utf16(spec, bigEndian: bigEndian), fileName: "wide.yaml")
        #expect(read["info"]?["title"]?.string == "é 日本 𝄞")
        #expect(read["paths"]?.location == at(3, 8))
        let json = try Reader.parse(utf16("{\"a\": [1, \"ü\"]}", bigEndian: bigEndian), fileName: "wide.json")
        #expect(json["a"]?.sequence?[1].string == "ü")
        for (character, location) in [("\u{2028}", at(3, 27)), ("\u{85}", at(3, 27))] {
            let hidden =
                "openapi: 3.1.0\ninfo: {title: é, version: '1'}\n"
                + "# configured by the caller\(character)servers: [{url: 'https://evil.example'}]\npaths: {}\n"
            do {
                _ = try Reader.parse(utf16(hidden, bigEndian: bigEndian), fileName: "hidden.yaml")
                Issue.record("a YAML 1.1 line break was read from UTF-16")
            } catch {
                #expect(error.location == location)
                #expect(error.message.contains("line break to YAML 1.1 readers"))
            }
        }
        let marks = String(repeating: "\u{301}\u{316}", count: 20)
        #expect(throws: Diagnostic.self) {
            try Reader.parse(utf16("e\(marks): x\n", bigEndian: bigEndian), fileName: "m.yaml")
        }
    }

    /// libyaml decodes a tag's `%` escapes: a tag of more than 30 combining marks in a row is
    /// refused where it stands, as the same text written in a key is.
    @Test func escapedRunsOfCombiningMarksInTagsAreRefused() throws {
        let marks = String(repeating: "%CC%81%CC%96", count: 20)
        do {
            _ = try Reader.parse("openapi: 3.1.0\nx-a: !<tag:a\(marks)> b\n", fileName: "tag.yaml")
            Issue.record("the tag was read")
        } catch {
            #expect(error.location == at(2, 6))
            #expect(error.message.contains("combining marks in a row"))
        }
        #expect(try Reader.parse("x-a: !<tag:a%CC%81> b\n", fileName: "tag.yaml")["x-a"]?.string == "b")
    }

    /// UTF-16 that does not decode is an error where it stops decoding.
    @Test func utf16ThatDoesNotDecodeIsAnError() throws {
        let lone: [UInt8] = [0xFF, 0xFE] + Array("a: ".utf8).flatMap { [$0, 0] } + [0x00, 0xD8, 0x62, 0x00]
        do {
            _ = try Reader.parse(lone, fileName: "lone.yaml")
            Issue.record("half of a surrogate pair was read")
        } catch {
            #expect(error.location == at(1, 4))
            #expect(error.message.contains("half of a surrogate pair"))
        }
        let odd: [UInt8] = [0xFE, 0xFF, 0x00, 0x61, 0x00]
        #expect(throws: Diagnostic.self) { try Reader.parse(odd, fileName: "odd.yaml") }
    }

    /// Swift hashes a key by canonical equivalence, ordering each run of combining marks in
    /// time quadratic in its length: past Unicode's 30 in a row (stream-safe text), a key or
    /// value is refused where it stands, in YAML and in JSON, escaped or not.
    @Test func runsOfMoreThanThirtyCombiningMarksAreRefused() throws {
        let marks = { (count: Int) in String(repeating: "\u{301}\u{316}", count: count / 2) }
        let fine = try Reader.parse("e\(marks(30)): tiếng Việt 日本語\n", fileName: "fine.yaml")
        #expect(fine.mapping?.keys.first == "e" + marks(30))
        let escaped = String(repeating: "\\u0301\\u0316", count: 16)
        for (text, file, location) in [
            ("title: ok\nx-a: {e\(marks(32)): 1}\n", "key.yaml", at(2, 7)),
            ("{\"a\": \"e\(marks(32))\"}", "value.json", at(1, 7)),
            ("{\"a\": \"e\(escaped)\"}", "escaped.json", at(1, 7)),
        ] {
            do {
                _ = try Reader.parse(text, fileName: file)
                Issue.record("\(file): a run of 32 combining marks was read")
            } catch {
                #expect(error.location == location, "\(file)")
                #expect(error.message.hasPrefix("more than 30 combining marks in a row"))
            }
        }
    }

    @Test func missingFileIsADiagnostic() throws {
        let path = "/nonexistent-musubi-dir/spec.yaml"
        do {
            _ = try Reader.parse(contentsOf: path)
            Issue.record("missing file parsed")
        } catch {
            #expect(error.severity == .error)
            #expect(error.file == path)
            #expect(error.location == nil)
            #expect(error.message == "cannot open file: No such file or directory")
        }
    }
}

@Suite struct DiagnosticPrintingTests {
    /// Spec text quoted in a message cannot add a line an editor would read as another
    /// diagnostic, send a terminal escape sequence, or reorder the line with bidirectional
    /// controls.
    @Test func unprintableCharactersAreWrittenAsEscapes() {
        let diagnostic = Diagnostic.warning(
            "parameter 'a\nspec.yaml:1:1: error: forged\u{1B}[2J\u{202E}\u{2028}' is ignored", file: "b\rc.yaml",
            at: SourceLocation(line: 3, column: 4))
        #expect(
            diagnostic.description
                == #"b\u{D}c.yaml:3:4: warning: parameter 'a\u{A}spec.yaml:1:1: error: forged\u{1B}[2J\u{202E}\u{2028}' is ignored"#
        )
        #expect(Diagnostic.error("plain 'café'", file: "x.yaml").description == "x.yaml: error: plain 'café'")
    }

    /// Spec text can be as long as the spec: quoted, it keeps its start and end and says how
    /// much was left out, and no message keeps more than its limit, so thousands of messages
    /// about one long path cannot take gigabytes.
    @Test func longTextIsQuotedByItsStartAndEnd() {
        #expect(Diagnostic.excerpt("/pets/{id}") == "/pets/{id}")
        let path = "/" + (0..<1_000).map { "{p\($0)}" }.joined(separator: "/")
        let quoted = Diagnostic.excerpt(path, limit: 40)
        #expect(quoted.hasPrefix(String(path.prefix(29))))
        #expect(quoted.hasSuffix(String(path.suffix(10))))
        // Far past the limit, the length left out is counted in bytes, not read character by
        // character.
        #expect(quoted.contains("…(\(path.utf8.count - 39) bytes)…"))
        // One character of many thousand marks is cut too, between its scalars.
        let cluster = "क" + String(repeating: "\u{93E}", count: 10_000)
        #expect(Diagnostic.excerpt(cluster, limit: 40).utf8.count < 200)
        let middle = String(repeating: "é", count: 100)
        #expect(
            Diagnostic.excerpt(middle, limit: 40) == String(repeating: "é", count: 29) + "…(61 characters)…"
                + String(repeating: "é", count: 10))
        #expect(Diagnostic.excerpt(String(repeating: "é", count: 30), limit: 40) == String(repeating: "é", count: 30))
        let long = Diagnostic.warning("path '\(path)' is odd", file: "x.yaml")
        #expect(long.message.count <= Diagnostic.maximumMessageLength + 30)
        #expect(long.message.hasPrefix("path '/{p0}/"))
        #expect(long.message.hasSuffix("{p999}' is odd"))
    }
}
