import Foundation
import MusubiDocument
import Testing

@testable import MusubiClientModel

/// Warnings the client model makes about a schema name the file the schema is written in:
/// in a spec spread over files, the main file's line and column would point somewhere else.
@Suite struct MultiFileDiagnosticsTests {
    @Test func aWarningAboutASchemaNamesItsOwnFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "api.yaml": """
            openapi: 3.0.3
            info: {title: Files, version: '1'}
            paths:
              /things:
                get:
                  operationId: listThings
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {$ref: models/thing.yml}}}
            """,
            "models/thing.yml": """
            type: object
            properties:
              id: {type: string}
              kind:
                allOf:
                  - {type: string, format: binary}
                  - {type: integer}
            """,
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let main = folder.appendingPathComponent("api.yaml").path
        let loaded = try DocumentLoader.load(contentsOf: main)
        let warnings = ClientModelBuilder.build(loaded.document, options: ClientModelOptions()).warnings
            .map(\.description)
        let allOf =
            "models/thing.yml:5:5: warning: allOf whose parts are neither objects nor oneOf/anyOf is generated as JSONValue"
        #expect(warnings.contains { $0.hasSuffix(allOf) }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("api.yaml") }, "\(warnings)")
    }
}
