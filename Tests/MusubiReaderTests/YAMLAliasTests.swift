import MusubiReader
import Testing

/// Anchors, aliases and merge keys.
@Suite struct YAMLAliasTests {
    @Test func aliasCopiesTheAnchoredNode() throws {
        let node = try parse(
            """
            base: &pet
              type: object
              required: [id]
            copy: *pet
            scalar: &s hello
            again: *s
            """)
        #expect(node[path: "copy", "type"]?.string == "object")
        #expect(node[path: "copy", "required", 0]?.string == "id")
        #expect(node["again"]?.string == "hello")
        // The copy keeps the location of the anchored node.
        #expect(node["copy"]?.location == node["base"]?.location)
    }

    @Test func laterAnchorWithTheSameNameReplacesTheEarlierOne() throws {
        let node = try parse(
            """
            a: &x 1
            b: *x
            c: &x 2
            d: *x
            """)
        #expect(node["b"]?.numberText == "1")
        #expect(node["d"]?.numberText == "2")
    }

    @Test func aliasAsKey() throws {
        let node = try parse(
            """
            names: [&k status]
            *k : active
            """)
        #expect(node["status"]?.string == "active")
    }

    @Test func anchoredKeyIsStillItsText() throws {
        let node = try parse(
            """
            &k 200: ok
            copy: *k
            """)
        #expect(node.mapping?.keys == ["200", "copy"])
        #expect(node["copy"]?.numberText == "200")
    }

    @Test func mergeKeyAddsEntriesExplicitKeysWin() throws {
        let node = try parse(
            """
            defaults: &defaults
              timeout: 30
              retries: 3
            service:
              name: api
              <<: *defaults
              retries: 5
            """)
        let service = try #require(node["service"]?.mapping)
        #expect(service.keys == ["name", "timeout", "retries"])
        #expect(service["retries"]?.numberText == "5")
        #expect(service["timeout"]?.numberText == "30")
        #expect(service.entry("<<") == nil)
    }

    @Test func mergeOfSeveralMappingsEarlierWins() throws {
        let node = try parse(
            """
            a: &a {x: 1, y: 1}
            b: &b {y: 2, z: 2}
            c:
              <<: [*a, *b]
              w: 0
            """)
        let c = try #require(node["c"]?.mapping)
        #expect(c.keys == ["x", "y", "z", "w"])
        #expect(c["y"]?.numberText == "1")
        #expect(c["z"]?.numberText == "2")
    }

    @Test func explicitKeyBeforeMergeAlsoWins() throws {
        let node = try parse(
            """
            base: &base {color: red, size: 1}
            item:
              color: blue
              <<: *base
            """)
        let item = try #require(node["item"]?.mapping)
        #expect(item.keys == ["color", "size"])
        #expect(item["color"]?.string == "blue")
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let node = try parse(
            """
            base: &base {a: 1}
            item:
              "<<": *base
            """)
        #expect(node[path: "item", "<<", "a"]?.numberText == "1")
    }

    @Test func mergeOfAScalarIsAnError() throws {
        let error = try #require(diagnostic(parsing: "a: &v 1\nb:\n  <<: *v\n"))
        #expect(error.message.contains("merge key"))
        #expect(error.location == at(1, 4))
    }

    @Test func undefinedAliasIsAnError() throws {
        let error = try #require(diagnostic(parsing: "a: 1\nb: *missing\n"))
        #expect(error.message.contains("'*missing'"))
        #expect(error.location == at(2, 4))
    }

    @Test func recursiveAliasIsAnError() throws {
        let error = try #require(diagnostic(parsing: "a: &self\n  child: *self\n"))
        #expect(error.message.contains("recursive"))
        #expect(error.location == at(2, 10))
    }

    @Test func billionLaughsIsRejected() throws {
        var lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...9 {
            let previous = Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
            lines.append("l\(level): &l\(level) [\(previous)]")
        }
        let error = try #require(diagnostic(parsing: lines.joined(separator: "\n")))
        #expect(error.message.contains("aliases expand to more than"))
    }
}
