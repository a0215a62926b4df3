import MusubiReader
import Testing

/// Mappings, sequences and keys of YAML documents.
@Suite struct YAMLReaderTests {
    @Test func nestedMappingsAndSequences() throws {
        let node = try parse(
            """
            openapi: 3.1.0
            tags:
              - name: pets
              - name: store
            servers: [{url: "https://a.example"}, {url: "https://b.example"}]
            """)
        #expect(node["openapi"]?.string == "3.1.0")
        #expect(node[path: "tags", 1, "name"]?.string == "store")
        #expect(node[path: "servers", 0, "url"]?.string == "https://a.example")
        #expect(node["servers"]?.sequence?.count == 2)
    }

    @Test func mappingOrderIsSourceOrder() throws {
        let node = try parse(
            """
            zeta: 1
            alpha: 2
            mid: 3
            beta: 4
            """)
        #expect(node.mapping?.keys == ["zeta", "alpha", "mid", "beta"])
    }

    /// Response codes are plain integers in YAML but must be looked up as strings.
    @Test func integerKeysBecomeStringKeys() throws {
        let node = try parse(
            """
            responses:
              200:
                description: OK
              "404":
                description: Not found
              default:
                description: Error
            """)
        let responses = try #require(node["responses"]?.mapping)
        #expect(responses.keys == ["200", "404", "default"])
        #expect(responses["200"]?["description"]?.string == "OK")
    }

    @Test func scalarKeysOfEveryTypeKeepTheirSourceText() throws {
        let node = try parse(
            """
            true: a
            ~: b
            1.50: c
            0x1F: d
            'quoted': e
            """)
        #expect(node.mapping?.keys == ["true", "~", "1.50", "0x1F", "quoted"])
    }

    @Test func emptyValueIsNull() throws {
        let node = try parse("a:\nb: 1\n")
        #expect(node["a"]?.isNull == true)
    }

    @Test func duplicateKeysKeepTheFirstOccurrence() throws {
        let node = try parse(
            """
            name: first
            other: 1
            name: second
            """)
        let mapping = try #require(node.mapping)
        #expect(mapping.keys == ["name", "other"])
        #expect(mapping["name"]?.string == "first")
    }

    @Test func duplicateKeysInLargeMappingKeepTheFirstOccurrence() throws {
        let lines = (0..<40).map { "key\($0): \($0)" } + ["key7: again"]
        let mapping = try #require(try parse(lines.joined(separator: "\n")).mapping)
        #expect(mapping.count == 40)
        #expect(mapping["key7"]?.numberText == "7")
    }

    @Test func largeMappingLookupFindsEveryKey() throws {
        let count = 2_000
        let text = (0..<count).map { "schema\($0):\n  index: \($0)" }.joined(separator: "\n")
        let mapping = try #require(try parse(text).mapping)
        #expect(mapping.count == count)
        for index in stride(from: 0, to: count, by: 97) {
            #expect(mapping["schema\(index)"]?["index"]?.int == index)
        }
        #expect(mapping["schema\(count)"] == nil)
        #expect(mapping.keys.first == "schema0")
        #expect(mapping.keys.last == "schema\(count - 1)")
    }

    @Test func onlyTheFirstDocumentIsRead() throws {
        let node = try parse(
            """
            first: 1
            ---
            second: [unclosed
            """)
        #expect(node.mapping?.keys == ["first"])
    }

    @Test func textAfterTheRootCollectionIsAnError() throws {
        // The comment makes the reader choose YAML; `[` first would select the JSON parser.
        let error = try #require(diagnostic(parsing: "# flow root\n[1, 2]\n]\n"))
        #expect(error.location == at(3, 1))
        #expect(error.message.contains("did not find expected <document start>"))
    }

    @Test func explicitDocumentMarkersAndComments() throws {
        let node = try parse(
            """
            %YAML 1.2
            ---
            # a comment
            a: 1 # trailing comment
            ...
            """)
        #expect(node["a"]?.numberText == "1")
    }

    @Test func emptyTextIsNull() throws {
        let node = try parse("")
        #expect(node.isNull)
        #expect(node.location == at(1, 1))
        #expect(try parse("# only a comment\n").isNull)
    }

    @Test func complexKeysAreRejected() throws {
        let error = try #require(diagnostic(parsing: "? [a, b]\n: value\n"))
        #expect(error.message.contains("mapping key must be a scalar"))
        #expect(error.location == at(1, 3))
    }

    @Test func excessiveNestingIsRejected() throws {
        let depth = Reader.maximumNestingDepth + 1
        let text = "x: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(diagnostic(parsing: text))
        #expect(error.message.contains("deeper than \(Reader.maximumNestingDepth)"))
    }
}
