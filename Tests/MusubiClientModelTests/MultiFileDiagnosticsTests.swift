import Foundation
import MusubiDocument
import Testing

@testable import MusubiClientModel

/// Warnings the client model makes about a schema name the file the schema is written in:
/// in a spec spread over files, the main file's line and column would point somewhere else.
@Suite struct MultiFileDiagnosticsTests {
    @Test func aWarningAboutASchemaNamesItsOwnFile() throws {
        let warnings = try warnings(building: [
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
        ])
        let allOf =
            "models/thing.yml:5:5: warning: allOf whose parts are neither objects nor oneOf/anyOf is generated as JSONValue"
        #expect(warnings.contains { $0.hasSuffix(allOf) }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("api.yaml") }, "\(warnings)")
    }

    /// A path item `$ref`'d from another file: warnings about its operation (a server that is
    /// a path only, a malformed `x-musubi-pagination`) name that file.
    @Test func aWarningAboutAnOperationNamesItsOwnFile() throws {
        let warnings = try warnings(building: [
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
        ])
        #expect(warnings.contains { $0.contains("paths.yaml:4:") && $0.contains("is a path only") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("paths.yaml:5:") && $0.contains("x-musubi-pagination") }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("api.yaml") }, "\(warnings)")
    }

    /// Warnings about a server of a path item `$ref`'d from another file (a variable the URL
    /// does not declare) and about an API-key parameter its security supplies name that file.
    @Test func warningsAboutAServerAndACredentialParameterNameTheirOwnFile() throws {
        let warnings = try warnings(building: [
            "api.yaml": """
            openapi: 3.0.3
            info: {title: Files, version: '1'}
            servers: [{url: 'https://api.example.com'}]
            components:
              securitySchemes:
                key: {type: apiKey, in: header, name: X-Key}
            paths:
              /things: {$ref: 'paths.yaml#/things'}
            """,
            "paths.yaml": """
            things:
              servers: [{url: 'https://{region}.example.com'}]
              get:
                operationId: listThings
                security: [{key: []}]
                parameters:
                  - {name: X-Key, in: header, required: true, schema: {type: string}}
                responses:
                  '200': {description: ok}
            """,
        ])
        #expect(
            warnings.contains { $0.contains("paths.yaml:2:") && $0.contains("server variable 'region'") }, "\(warnings)"
        )
        #expect(
            warnings.contains { $0.contains("paths.yaml:7:") && $0.contains("supplied by security scheme") },
            "\(warnings)")
        #expect(!warnings.contains { $0.contains("api.yaml") }, "\(warnings)")
    }
}

/// The warnings of building the spec whose files are `files` (paths to texts), `api.yaml` the
/// main one, written into a folder of their own.
private func warnings(building files: [String: String]) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-files-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (path, text) in files {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    let loaded = try DocumentLoader.load(contentsOf: folder.appendingPathComponent("api.yaml").path)
    return ClientModelBuilder.build(loaded.document, options: ClientModelOptions()).warnings.map(\.description)
}
