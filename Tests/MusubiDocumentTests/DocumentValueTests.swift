import Foundation
import Testing

@testable import MusubiDocument

/// Values written in a spec (`enum`, `const`, `default`, examples) reach later stages as
/// ``DocumentValue``s that keep what the generator writes back: number spelling, the
/// string/number difference, and object member order.
@Suite struct DocumentValueTests {
    @Test func schemaValuesComeOutAsDocumentValues() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths:
                  /things:
                    get:
                      responses:
                        '200':
                          description: OK
                          content:
                            application/json:
                              schema: {$ref: '#/components/schemas/Thing'}
                              example: {zeta: 1, alpha: [2.50, null]}
                components:
                  schemas:
                    Thing:
                      type: object
                      default: {zeta: 1.0, alpha: 'x', mid: [true, null]}
                      examples: [{b: 1, a: 2}]
                      example: 10e3
                    Level: {enum: [1.50, '1.50', 007, true, null]}
                    Fixed: {const: 12345678901234567890}
                """))
        let thing = try #require(result.document.schema("Thing"))
        #expect(
            thing.defaultValue
                == .object([
                    .init(key: "zeta", value: .number("1.0")), .init(key: "alpha", value: .string("x")),
                    .init(key: "mid", value: .array([.bool(true), .null])),
                ]))
        #expect(
            thing.examples == [
                .object([.init(key: "b", value: .number("1")), .init(key: "a", value: .number("2"))]),
                .number("10e3"),
            ])
        let level = try #require(result.document.schema("Level")?.enumValues)
        #expect(level.map(\.value) == [.number("1.50"), .string("1.50"), .number("007"), .bool(true)])
        #expect(level.map(\.scalarText) == ["1.50", "1.50", "007", "true"])
        #expect(level.map(\.location.line) == [20, 20, 20, 20])
        #expect(result.document.schema("Fixed")?.constValue?.value == .number("12345678901234567890"))
        let example = result.document.operations.first?.responses.first?.content.first?.example
        #expect(
            example
                == .object([
                    .init(key: "zeta", value: .number("1")),
                    .init(key: "alpha", value: .array([.number("2.50"), .null])),
                ]))
    }

    /// The client model reads spec values only as ``DocumentValue``s: the reader's tree stops
    /// at the document stage.
    @Test func clientModelSourcesDoNotNameReaderNodes() throws {
        let folder = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MusubiClientModel")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let word = try Regex(#"\bNode\b"#)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(word), "\(file) names the reader's Node")
        }
    }
}
