import MusubiReader
import Testing

/// JSON values, strings and locations through the JSON fast path.
@Suite struct JSONReaderTests {
    private func json(_ text: String) throws -> Node {
        try parse(text, fileName: "spec.json")
    }

    @Test func valuesOfEveryKind() throws {
        let node = try json(
            #"{"s": "text", "n": -12.5e+3, "t": true, "f": false, "z": null, "a": [1, "2", [], {}], "o": {"k": 0}}"#)
        #expect(node["s"]?.string == "text")
        #expect(node["n"]?.numberText == "-12.5e+3")
        #expect(node["t"]?.bool == true)
        #expect(node["f"]?.bool == false)
        #expect(node["z"]?.isNull == true)
        #expect(node["a"]?.sequence?.count == 4)
        #expect(node[path: "a", 1]?.string == "2")
        #expect(node[path: "a", 2]?.sequence?.isEmpty == true)
        #expect(node[path: "a", 3]?.mapping?.isEmpty == true)
        #expect(node[path: "o", "k"]?.int == 0)
    }

    @Test func topLevelArray() throws {
        let node = try json("  [1, 2, 3]  \n")
        #expect(node.sequence?.compactMap(\.int) == [1, 2, 3])
    }

    @Test func numbersKeepTheirSourceText() throws {
        let node = try json(#"[0, -0, 3.10, 1E400, 12345678901234567890123, 0.5e-2]"#)
        #expect(
            node.sequence?.compactMap(\.numberText) == [
                "0", "-0", "3.10", "1E400", "12345678901234567890123", "0.5e-2",
            ])
    }

    @Test func stringEscapes() throws {
        let node = try json(#"["a\"b\\c\/d", "\b\f\n\r\t", "\u00e9\u6771", "\ud83d\ude00", "\u0000"]"#)
        let strings = node.sequence?.compactMap(\.string)
        #expect(strings == ["a\"b\\c/d", "\u{8}\u{C}\n\r\t", "é東", "😀", "\u{0}"])
    }

    @Test func rawUnicodeInStrings() throws {
        let node = try json(#"{"名前": "Grüße 🍣", "mixed": "é\n\u00e9"}"#)
        #expect(node["名前"]?.string == "Grüße 🍣")
        #expect(node["mixed"]?.string == "é\né")
    }

    @Test func mappingOrderIsSourceOrderAndDuplicatesKeepTheFirst() throws {
        let node = try json(#"{"zeta": 1, "alpha": 2, "zeta": 3, "mid": 4}"#)
        #expect(node.mapping?.keys == ["zeta", "alpha", "mid"])
        #expect(node["zeta"]?.numberText == "1")
    }

    @Test func largeObjectLookup() throws {
        let count = 3_000
        let members = (0..<count).map { #""key\#($0)": {"index": \#($0)}"# }.joined(separator: ",\n")
        let mapping = try #require(try json("{\n\(members)\n}").mapping)
        #expect(mapping.count == count)
        for index in stride(from: 0, to: count, by: 101) {
            #expect(mapping["key\(index)"]?["index"]?.int == index)
            #expect(mapping.entry("key\(index)")?.keyLocation == at(index + 2, 1))
        }
        #expect(mapping["missing"] == nil)
    }

    @Test func locationsOfNodesAndKeys() throws {
        let node = try json(
            """
            {
              "openapi": "3.0.3",
              "paths": {
                "/pets": {"get": {"responses": {"200": {"description": "OK"}}}}
              },
              "list": [
                1,
                  true
              ]
            }
            """)
        #expect(node.location == at(1, 1))
        #expect(node.mapping?.entry("openapi")?.keyLocation == at(2, 3))
        #expect(node["openapi"]?.location == at(2, 14))
        #expect(node["paths"]?.location == at(3, 12))
        #expect(node[path: "paths", "/pets", "get", "responses"]?.mapping?.entry("200")?.keyLocation == at(4, 37))
        #expect(node[path: "paths", "/pets", "get", "responses", "200", "description"]?.location == at(4, 60))
        #expect(node[path: "list", 1]?.location == at(8, 7))
    }

    /// Columns count Unicode scalars, as libyaml does, so a location means the same in both syntaxes.
    @Test func columnsCountScalarsNotBytes() throws {
        let node = try json(#"{"日本": "語", "x": 1}"#)
        #expect(node.mapping?.entry("x")?.keyLocation == at(1, 13))
        #expect(node["x"]?.location == at(1, 18))
    }

    @Test func lineBreaksOfEveryKind() throws {
        let node = try json("{\r\n\"a\": 1,\r\"b\": 2,\n\"c\": 3}")
        #expect(node["a"]?.location == at(2, 6))
        #expect(node["b"]?.location == at(3, 6))
        #expect(node["c"]?.location == at(4, 6))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let node = try Reader.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8), fileName: "bom.json")
        #expect(node["a"]?.numberText == "1")
        #expect(node.location == at(1, 1))
    }

    @Test func deepButAllowedNesting() throws {
        let depth = Reader.maximumNestingDepth
        let node = try json(String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth))
        var current = node
        for _ in 1..<depth { current = try #require(current.sequence?.first) }
        #expect(current.sequence?.first?.numberText == "7")
    }
}
