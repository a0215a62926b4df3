import MusubiReader
import Testing

@testable import MusubiDocument

@Suite struct DocumentWarningTests {
    @Test func unknownFieldInAnOperation() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /pets:
                    get:
                      operationId: listPets
                      parameter:
                        - {name: limit, in: query}
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:7:7: warning: unknown field 'parameter' in operation 'GET /pets' is ignored"
            ])
        // The misspelt field is ignored, so the operation has no parameters.
        #expect(result.document.operation("listPets")?.parameters.isEmpty == true)
    }

    /// An operation id names one operation (Amazon's SP-API gives `linkCarrierAccount` to a
    /// `PUT` and a `POST`): the second is reported where it is, in 3.x and 2.0 alike.
    @Test func aRepeatedOperationIDIsReported() throws {
        for version in ["openapi: 3.0.3", "swagger: '2.0'"] {
            let result = try #require(
                load(
                    """
                    \(version)
                    info: {title: T, version: '1'}
                    paths:
                      /carriers:
                        put:
                          operationId: linkCarrier
                          responses: {'204': {description: ok}}
                        post:
                          operationId: linkCarrier
                          responses: {'204': {description: ok}}
                    """))
            #expect(
                result.warnings.map(\.description) == [
                    "spec.yaml:9:7: warning: operationId 'linkCarrier' is also that of PUT /carriers; "
                        + "operation ids must be unique, and this operation's request gets a number"
                ])
            #expect(result.document.operations.count == 2)
        }
    }

    @Test func unknownFieldsElsewhere() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                path: {}
                paths:
                  /pets:
                    summery: typo
                    get:
                      parameters:
                        - {name: limit, in: query, requierd: true}
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:3:1: warning: unknown field 'path' in the document is ignored",
                "spec.yaml:6:5: warning: unknown field 'summery' in path item '/pets' is ignored",
                "spec.yaml:9:36: warning: unknown field 'requierd' in a parameter is ignored",
            ])
        #expect(result.document.operations.first?.parameters.first?.required == false)
    }

    @Test func nullableAsAString() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    Name:
                      type: string
                      nullable: "true"
                    Other:
                      type: string
                      nullable: 'False'
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:8:17: warning: 'nullable' should be a boolean, found the string \"true\"",
                "spec.yaml:11:17: warning: 'nullable' should be a boolean, found the string \"false\"",
            ])
        #expect(result.document.schema("Name")?.nullable == true)
        #expect(result.document.schema("Other")?.nullable == false)
    }

    @Test func nonRequiredPathParameter() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /pets/{id}:
                    parameters:
                      - name: id
                        in: path
                        schema: {type: string}
                    get:
                      responses: {'200': {description: ok}}
                    delete:
                      responses: {'204': {description: ok}}
                """))
        // Shared by two operations, but warned about once: the place is the same.
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:9: warning: path parameter 'id' must be required; treating it as required"
            ])
        #expect(result.document.operations.map { $0.parameters.map(\.required) } == [[true], [true]])
    }

    @Test func declaredPathParameterMissingFromTheTemplate() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /pets:
                    get:
                      parameters:
                        - {name: id, in: path, required: true, schema: {type: string}}
                        - {name: id, in: query, schema: {type: string}}
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:7:11: warning: path parameter 'id' does not appear in '/pets' and is ignored"
            ])
        #expect(result.document.operations.first?.parameters.map(\.location) == [.query])
    }

    @Test func unsupportedSchemaKeywords() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    NotEmpty:
                      type: string
                      not: {const: ""}
                    Conditional:
                      type: object
                      if: {required: [a]}
                      then: {required: [b]}
                      patternProperties:
                        "^x-": {type: string}
                        "^y-": {type: integer}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:8:7: warning: 'not' is not expressible in Swift types and is ignored",
                "spec.yaml:11:7: warning: 'if' is not expressible in Swift types and is ignored",
                "spec.yaml:12:7: warning: 'then' is not expressible in Swift types and is ignored",
                "spec.yaml:13:7: warning: 'patternProperties' is not expressible in Swift types and is ignored",
            ])
        #expect(result.document.schema("NotEmpty")?.types == ["string"])
        #expect(result.document.schema("Conditional")?.types == ["object"])
    }

    /// `patternProperties` that give every other member's value one schema, and nothing else
    /// that does, are what `additionalProperties` would say (Matrix's rooms by ID): a
    /// dictionary of that schema, without a warning.
    @Test func patternPropertiesOfOneSchemaAreTheOtherMembersValues() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    Room: {type: object, properties: {name: {type: string}}}
                    Rooms:
                      type: object
                      patternProperties:
                        "^!": {$ref: '#/components/schemas/Room'}
                    Keys:
                      type: object
                      additionalProperties: false
                      patternProperties:
                        "^ed25519:": {$ref: '#/components/schemas/Room'}
                        "^curve25519:": {$ref: '#/components/schemas/Room'}
                    Mixed:
                      type: object
                      additionalProperties: {type: string}
                      patternProperties:
                        "^n": {type: integer}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:20:7: warning: 'patternProperties' is not expressible in Swift types and is ignored"
            ])
        for name in ["Rooms", "Keys"] {
            guard case .schema(let values) = result.document.schema(name)?.additionalProperties else {
                Issue.record("\(name): no schema for the other members")
                continue
            }
            #expect(values.referencedName == "Room")
        }
        guard case .schema(let values) = result.document.schema("Mixed")?.additionalProperties else {
            Issue.record("Mixed: its additionalProperties are lost")
            return
        }
        #expect(values.types == ["string"])
    }

    @Test func pathWithoutLeadingSlash() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  pets:
                    get:
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:4:3: warning: path 'pets' should start with '/'"
            ])
        #expect(result.document.operations.isEmpty)
    }

    @Test func operationWithoutResponses() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /pets:
                    get:
                      operationId: listPets
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:7: warning: operation 'GET /pets' documents no responses"
            ])
        #expect(result.document.operations.first?.responses.isEmpty == true)
    }

    @Test func malformedParameters() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /pets:
                    get:
                      parameters:
                        - {in: query}
                        - {name: a}
                        - {name: b, in: body}
                        - {name: c, in: cookie}
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:7:11: warning: a parameter needs a 'name'; it is ignored",
                "spec.yaml:8:11: warning: parameter 'a' needs 'in'; it is ignored",
                "spec.yaml:9:25: warning: parameter 'b' has unknown location 'body'; it is ignored",
            ])
        #expect(result.document.operations.first?.parameters.map(\.name) == ["c"])
    }

    @Test func wrongScalarTypes() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info:
                  title: [T]
                  version: '1'
                paths:
                  /pets:
                    get:
                      deprecated: yes please
                      responses: {'200': {description: ok}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:3:10: warning: 'title' should be a string, found a sequence",
                "spec.yaml:3:3: warning: missing 'info.title'; the API is named 'API'",
                "spec.yaml:8:19: warning: 'deprecated' should be a boolean, found a string",
            ])
        #expect(result.document.info.title == "API")
        #expect(result.document.operations.first?.deprecated == false)
    }

    @Test func serversThatAreNotAList() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                servers:
                  url: https://example.com
                paths: {}
                """))
        #expect(result.warnings.map(\.description) == ["spec.yaml:4:3: warning: 'servers' should be a list"])
        #expect(result.document.servers.isEmpty)
    }

    @Test func warningsKeepTheirOrderAndFile() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /a:
                    get:
                      summry: x
                      responses: {'200': {description: ok}}
                  /b:
                    get:
                      summry: y
                      responses: {'200': {description: ok}}
                """, file: "dir/api.yaml"))
        #expect(result.warnings.map(\.file) == ["dir/api.yaml", "dir/api.yaml"])
        #expect(result.warnings.compactMap(\.location) == [at(6, 7), at(10, 7)])
    }
}
