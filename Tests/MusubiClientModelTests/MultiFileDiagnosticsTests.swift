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

    /// A path item `$ref`'d from another file: warnings about its operation (a server that is
    /// a path only, a malformed `x-musubi-pagination`) name that file.
    @Test func aWarningAboutAnOperationNamesItsOwnFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "api.yaml": """
            openapi: 3.0.3
            info: {title: Files, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            paths:
              /things: {$ref: 'paths.yaml#/things'}
            """,
            "paths.yaml": """
            things:
              get:
                operationId: listThings
                servers: [{url: /relative}]
                x-musubi-pagination: 5
                responses:
                  '200': {description: ok}
            """,
        ]
        for (path, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(path), createsFolder: true)
        }
        let main = folder.appendingPathComponent("api.yaml").path
        let loaded = try DocumentLoader.load(contentsOf: main)
        let warnings = ClientModelBuilder.build(loaded.document, options: ClientModelOptions()).warnings
            .map(\.description)
        #expect(warnings.contains { $0.contains("paths.yaml:4:") && $0.contains("is a path only") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("paths.yaml:5:") && $0.contains("x-musubi-pagination") }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("api.yaml") }, "\(warnings)")
    }
}

extension Data {
    fileprivate func write(to url: URL, createsFolder: Bool) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try write(to: url)
    }
}
