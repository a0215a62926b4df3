import MusubiReader
import Testing

/// Every node and key carries its 1-based line:column, and malformed YAML points at the problem.
@Suite struct YAMLLocationTests {
    private let spec = """
        openapi: 3.1.0
        info:
          title: Pets
          version: "1.0"
        paths:
          /pets:
            get:
              responses:
                200:
                  description: OK
              tags: [a, b]
        """

    @Test func nodeLocations() throws {
        let node = try parse(spec)
        #expect(node.location == at(1, 1))
        #expect(node["openapi"]?.location == at(1, 10))
        #expect(node["info"]?.location == at(3, 3))
        #expect(node[path: "info", "version"]?.location == at(4, 12))
        #expect(node[path: "paths", "/pets", "get", "responses", "200", "description"]?.location == at(10, 24))
        #expect(node[path: "paths", "/pets", "get", "tags"]?.location == at(11, 13))
        #expect(node[path: "paths", "/pets", "get", "tags", 1]?.location == at(11, 17))
    }

    @Test func keyLocations() throws {
        let node = try parse(spec)
        #expect(node.mapping?.entry("paths")?.keyLocation == at(5, 1))
        #expect(node["info"]?.mapping?.entry("version")?.keyLocation == at(4, 3))
        #expect(node[path: "paths", "/pets", "get", "responses"]?.mapping?.entry("200")?.keyLocation == at(9, 9))
    }

    @Test func blockSequenceItemLocations() throws {
        let node = try parse(
            """
            list:
              - first
              -   second
            """)
        #expect(node["list"]?.location == at(2, 3))
        #expect(node[path: "list", 0]?.location == at(2, 5))
        #expect(node[path: "list", 1]?.location == at(3, 7))
    }

    /// libyaml counts columns in characters; the JSON reader does the same.
    @Test func columnsCountCharactersNotBytes() throws {
        let node = try parse("title: \"日本語\"\nkey: [日本, 語]\n")
        #expect(node[path: "key", 1]?.location == at(2, 11))
    }

    @Test func locationsAfterCRLFLineBreaks() throws {
        let node = try parse("a: 1\r\nb:\r\n  c: 2\r\n")
        #expect(node[path: "b", "c"]?.location == at(3, 6))
        #expect(node["b"]?.mapping?.entry("c")?.keyLocation == at(3, 3))
    }
}

/// Malformed YAML produces an error diagnostic with libyaml's explanation and the right place.
@Suite struct YAMLErrorTests {
    @Test func unclosedFlowSequence() throws {
        let error = try #require(diagnostic(parsing: "a: 1\nb: [1, 2\nc: 3\n", fileName: "broken.yaml"))
        #expect(error.severity == .error)
        #expect(error.file == "broken.yaml")
        #expect(error.message.contains("did not find expected ',' or ']'"))
        #expect(error.message.contains("while parsing a flow sequence at 2:4"))
        #expect(error.location?.line == 3)
    }

    @Test func tabIndentation() throws {
        let error = try #require(diagnostic(parsing: "a:\n\tb: 1\n"))
        #expect(error.message.contains("found character that cannot start any token"))
        #expect(error.location == at(2, 1))
    }

    @Test func badIndentation() throws {
        let error = try #require(diagnostic(parsing: "a:\n  b: 1\n c: 2\n"))
        #expect(error.message.contains("did not find expected key"))
        #expect(error.location == at(3, 2))
    }

    @Test func unterminatedQuotedScalar() throws {
        let error = try #require(diagnostic(parsing: "a: \"open\nb: 2\n"))
        #expect(error.message.contains("found unexpected end of stream"))
        #expect(error.message.contains("while scanning a quoted scalar at 1:4"))
    }

    @Test func invalidUTF8PointsAtTheByte() throws {
        var bytes = Array("a: ok\nb: x".utf8)
        bytes.append(0xFF)
        do {
            _ = try Reader.parse(bytes, fileName: "binary.yaml")
            Issue.record("invalid UTF-8 parsed")
        } catch {
            #expect(error.message.contains("invalid leading UTF-8 octet"))
            #expect(error.location == at(2, 5))
        }
    }

    @Test func descriptionReadsLikeACompilerMessage() throws {
        let error = try #require(diagnostic(parsing: "a:\n\tb: 1\n", fileName: "api.yaml"))
        #expect(error.description.hasPrefix("api.yaml:2:1: error: found character that cannot start any token"))
    }
}
