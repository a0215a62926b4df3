import Foundation
import MusubiReader
import Testing

@testable import MusubiDocument

@Suite struct DocumentErrorTests {
    @Test func missingSchemaReferenceTarget() throws {
        let diagnostics = loadFailure(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Pet:
                  properties:
                    owner:
                      $ref: '#/components/schemas/Owner'
            """, file: "api/pets.yaml")
        try #require(diagnostics.count == 1)
        let error = diagnostics[0]
        #expect(error.severity == .error)
        #expect(error.message == "reference '#/components/schemas/Owner' points to nothing in the document")
        #expect(error.file == "api/pets.yaml")
        // The place of the `$ref` value, where the author must fix it.
        #expect(error.location == at(9, 17))
        #expect(
            error.description
                == "api/pets.yaml:9:17: error: reference '#/components/schemas/Owner' points to nothing in the document"
        )
    }

    @Test func missingTargetsOfEveryKindOfReference() throws {
        let diagnostics = loadFailure(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a:
                $ref: '#/x-items/missing'
              /b:
                get:
                  parameters:
                    - $ref: '#/components/parameters/Nope'
                  requestBody:
                    $ref: '#/components/requestBodies/Nope'
                  responses:
                    '200':
                      $ref: '#/components/responses/Nope'
                    '400':
                      description: bad
                      headers:
                        X-Why: {$ref: '#/components/headers/Nope'}
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Nope/properties/x'}
            """)
        #expect(
            diagnostics.errors.map(\.message) == [
                "reference '#/x-items/missing' points to nothing in the document",
                "reference '#/components/parameters/Nope' points to nothing in the document",
                "reference '#/components/responses/Nope' points to nothing in the document",
                "reference '#/components/headers/Nope' points to nothing in the document",
                "reference '#/components/schemas/Nope/properties/x' points to nothing in the document",
                "reference '#/components/requestBodies/Nope' points to nothing in the document",
            ])
        #expect(
            diagnostics.errors.map(\.location) == [
                at(5, 11), at(9, 17), at(14, 17), at(18, 27), at(21, 30), at(11, 15),
            ])
    }

    @Test func referenceToAMissingFile() throws {
        let diagnostics = loadFailure(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Pet: {$ref: 'common.yaml#/Pet'}
            """)
        #expect(
            diagnostics.errors.map(\.description) == [
                "spec.yaml:6:17: error: referenced file 'common.yaml' could not be read: cannot open file: No such file or directory"
            ])
    }

    @Test func nonStringReference() throws {
        let diagnostics = loadFailure(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Pet: {$ref: 42}
            """)
        #expect(diagnostics.errors.map(\.message) == ["'$ref' must be a string, found a number"])
        #expect(diagnostics.errors.first?.location == at(6, 17))
    }

    @Test func circularParameterReference() throws {
        let diagnostics = loadFailure(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a:
                get:
                  parameters:
                    - $ref: '#/components/parameters/A'
                  responses: {'204': {description: ok}}
            components:
              parameters:
                A: {$ref: '#/components/parameters/B'}
                B: {$ref: '#/components/parameters/A'}
            """)
        #expect(diagnostics.errors.map(\.message) == ["circular reference '#/components/parameters/A'"])
        #expect(diagnostics.errors.first?.location == at(12, 15))
    }

    @Test func unsupportedOpenAPIVersion() throws {
        let diagnostics = loadFailure(
            """
            openapi: 4.0.0
            info: {title: T, version: '1'}
            paths: {}
            """)
        #expect(
            diagnostics.map(\.message) == [
                "unsupported OpenAPI version '4.0.0'; supported are 3.0.x, 3.1.x and 3.2.x"
            ])
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.location == at(1, 10))
    }

    @Test func versionsThatOnlyLookSupported() throws {
        for version in ["3.10.0", "3.0x", "2.0", "3"] {
            let diagnostics = loadFailure("openapi: '\(version)'\ninfo: {title: T, version: '1'}\npaths: {}\n")
            #expect(
                diagnostics.errors.map(\.message) == [
                    "unsupported OpenAPI version '\(version)'; supported are 3.0.x, 3.1.x and 3.2.x"
                ])
        }
    }

    @Test func swaggerVersionsOtherThan2() throws {
        for version in ["1.2", "2.1", "3.0"] {
            let diagnostics = loadFailure("swagger: '\(version)'\ninfo: {title: T, version: '1'}\npaths: {}\n")
            #expect(
                diagnostics.map(\.description) == [
                    "spec.yaml:1:10: error: unsupported Swagger version '\(version)'; supported are 2.0, 3.0.x, 3.1.x and 3.2.x"
                ])
        }
    }

    @Test func missingVersion() throws {
        let diagnostics = loadFailure("info: {title: T, version: '1'}\npaths: {}\n")
        #expect(
            diagnostics.map(\.message) == [
                "missing 'openapi' version field: this does not look like an OpenAPI document"
            ])
        #expect(diagnostics.first?.location == at(1, 1))
    }

    @Test func versionThatIsNotAScalar() throws {
        let diagnostics = loadFailure("openapi: [3, 1]\npaths: {}\n")
        #expect(diagnostics.map(\.message) == ["'openapi' must be a version string"])
        #expect(diagnostics.first?.location == at(1, 10))
    }

    @Test func nonMappingRoots() throws {
        let cases: [(String, String)] = [
            ("- openapi: 3.0.3\n", "an OpenAPI document must be a mapping, found a sequence"),
            ("just text\n", "an OpenAPI document must be a mapping, found a string"),
            ("", "an OpenAPI document must be a mapping, found null"),
            ("[1, 2]", "an OpenAPI document must be a mapping, found a sequence"),
        ]
        for (text, message) in cases {
            let diagnostics = loadFailure(text)
            #expect(diagnostics.map(\.message) == [message])
            #expect(diagnostics.first?.location == at(1, 1))
            #expect(diagnostics.first?.severity == .error)
        }
    }

    /// A `{name}` without a path parameter is a slip real specs make: the client still builds
    /// the URL, with a required string parameter of that name, and the spec gets a warning at
    /// the path's key. Another query parameter stays a query parameter.
    @Test func pathTemplateParameterWithoutDefinitionIsSentAsAString() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /pets/{id}:
                    get:
                      parameters:
                        - {name: page, in: query, schema: {type: integer}}
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:4:3: warning: path parameter 'id' in '/pets/{id}' has no definition; "
                    + "it is sent as a required string"
            ])
        let parameters = try #require(result.document.operations.first).parameters
        #expect(
            parameters.map { "\($0.location.rawValue) \($0.name) \($0.required) \($0.schema?.types ?? [])" } == [
                "query page false [\"integer\"]", "path id true [\"string\"]",
            ])
        #expect(parameters.last?.style == .simple)
    }

    /// A declared path parameter the template spells differently (`owner_id` for `{ownerId}`)
    /// is the template's parameter, with its own schema, under the template's name; one that
    /// matches no template name is still dropped.
    @Test func aPathParameterSpelledDifferentlyFromTheTemplateIsTakenAsIt() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /owners/{ownerId}/pets/{petId}:
                    get:
                      parameters:
                        - {name: owner_id, in: path, required: true, schema: {type: integer}}
                        - {name: PET-ID, in: path, required: true, schema: {type: string, format: uuid}}
                        - {name: color, in: path, required: true, schema: {type: string}}
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:7:11: warning: path parameter 'owner_id' is written '{ownerId}' in "
                    + "'/owners/{ownerId}/pets/{petId}'; taking it as that",
                "spec.yaml:8:11: warning: path parameter 'PET-ID' is written '{petId}' in "
                    + "'/owners/{ownerId}/pets/{petId}'; taking it as that",
                "spec.yaml:9:11: warning: path parameter 'color' does not appear in "
                    + "'/owners/{ownerId}/pets/{petId}' and is ignored",
            ])
        let parameters = try #require(result.document.operations.first).parameters
        #expect(
            parameters.map { "\($0.name) \($0.schema?.types ?? []) \($0.schema?.format ?? "-")" } == [
                "ownerId [\"integer\"] -", "petId [\"string\"] uuid",
            ])
    }

    /// Intercom declares the `{job_identifier}` of its export paths `in: query`: the template
    /// says it goes in the path, so it is that path parameter, sent once, not a string path
    /// parameter beside a query parameter of the same name.
    @Test func aParameterOfTheTemplatesNameDeclaredElsewhereIsThePathParameter() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /export/reporting_data/{job_identifier}:
                    get:
                      parameters:
                        - {name: job_identifier, in: query, required: false, style: form, schema: {type: integer}}
                        - {name: app_id, in: query, schema: {type: string}}
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:7:11: warning: parameter 'job_identifier' is declared in query but written "
                    + "'{job_identifier}' in '/export/reporting_data/{job_identifier}'; taking it as that path parameter"
            ])
        let parameters = try #require(result.document.operations.first).parameters
        #expect(
            parameters.map { "\($0.name) \($0.location) \($0.required) \($0.style) \($0.schema?.types ?? [])" } == [
                "job_identifier path true simple [\"integer\"]", "app_id query false form [\"string\"]",
            ])
    }

    @Test func everyErrorIsReportedInOneRun() throws {
        let diagnostics = loadFailure(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /users/{userId}/posts/{postId}:
                get:
                  parameter:
                    - {name: userId, in: path, required: true}
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Post'}
            components:
              schemas:
                User:
                  properties:
                    best: {$ref: '#/components/schemas/Post'}
                    team: {$ref: '#/components/schemas/Team'}
            """)
        // Component schemas load first, then the operations; warnings found on the way are kept.
        #expect(
            diagnostics.map(\.description) == [
                "spec.yaml:18:22: error: reference '#/components/schemas/Post' points to nothing in the document",
                "spec.yaml:19:22: error: reference '#/components/schemas/Team' points to nothing in the document",
                "spec.yaml:6:7: warning: unknown field 'parameter' in operation 'GET /users/{userId}/posts/{postId}' is ignored",
                "spec.yaml:4:3: warning: path parameter 'userId' in '/users/{userId}/posts/{postId}' has no "
                    + "definition; it is sent as a required string",
                "spec.yaml:4:3: warning: path parameter 'postId' in '/users/{userId}/posts/{postId}' has no "
                    + "definition; it is sent as a required string",
                "spec.yaml:13:30: error: reference '#/components/schemas/Post' points to nothing in the document",
            ])
        let error = DocumentLoadingError(diagnostics: diagnostics)
        #expect(error.description.split(separator: "\n").count == 6)
    }

    /// A component used from several places is read at each, but a problem inside it is one
    /// problem at one place and is reported once.
    @Test func anErrorInsideASharedComponentIsReportedOnce() throws {
        let diagnostics = loadFailure(
            """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a:
                get:
                  responses: {'200': {$ref: '#/components/responses/Broken'}}
              /b:
                get:
                  responses: {'200': {$ref: '#/components/responses/Broken'}}
            components:
              responses:
                Broken:
                  description: uses a schema that does not exist
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Missing'}
            """)
        #expect(
            diagnostics.map(\.description) == [
                "spec.yaml:16:26: error: reference '#/components/schemas/Missing' points to nothing in the document"
            ])
    }

    @Test func loadingAFileThatDoesNotExist() throws {
        do {
            let result = try DocumentLoader.load(contentsOf: "/nonexistent/musubi-spec.yaml")
            Issue.record("loaded \(result.document.info.title)")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.severity == .error)
            #expect(error.diagnostics.first?.file == "/nonexistent/musubi-spec.yaml")
        }
    }

    @Test func syntaxErrorsFromTheReaderBecomeLoadingErrors() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("musubi-document-tests-\(UUID().uuidString).yaml").path
        try "openapi: 3.0.3\ninfo: [unclosed\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try DocumentLoader.load(contentsOf: path)
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.severity == .error)
            #expect(error.diagnostics.first?.file == path)
            #expect(error.diagnostics.first?.location == at(3, 1))
            #expect(error.diagnostics.first?.message.contains("2:7") == true)
        }
    }
}
