import MusubiReader
import Testing

@testable import MusubiDocument

/// Swagger 2.0 documents load into the same model as OpenAPI 3: these tests check each 2.0
/// construct against the 3.x shape it stands for.
@Suite struct Swagger2Tests {
    static let petstore = """
        swagger: '2.0'
        info: {title: Pet Store, version: '1.0'}
        host: pets.example.com
        basePath: /api/
        schemes: [https, http]
        consumes: [application/json]
        produces: [application/json, application/xml]
        securityDefinitions:
          key: {type: apiKey, name: X-Key, in: header}
        security: [{key: []}]
        parameters:
          Limit:
            name: limit
            in: query
            type: integer
            format: int32
        responses:
          NotFound:
            description: No such pet
            schema: {$ref: '#/definitions/Error'}
        paths:
          /pets:
            get:
              operationId: listPets
              parameters:
                - $ref: '#/parameters/Limit'
                - {name: tags, in: query, type: array, items: {type: string}}
                - {name: ids, in: query, type: array, collectionFormat: multi, items: {type: integer}}
              responses:
                200:
                  description: The pets
                  schema: {type: array, items: {$ref: '#/definitions/Pet'}}
                  headers:
                    X-Total: {type: integer, description: How many}
                  examples:
                    application/json: [{name: Rex}]
                default:
                  $ref: '#/responses/NotFound'
            post:
              operationId: addPet
              consumes: [application/json, text/json]
              produces: []
              parameters:
                - {name: pet, in: body, required: true, description: The pet, schema: {$ref: '#/definitions/Pet'}}
              responses:
                204: {description: Added}
        definitions:
          Pet:
            type: object
            required: [name]
            discriminator: kind
            properties:
              name: {type: string}
              kind: {type: string}
              tag: {type: string, x-nullable: true}
              photo: {type: file}
          Error:
            type: object
            properties:
              message: {type: string}
        """

    @Test func documentLevel() throws {
        let result = try #require(load(Self.petstore))
        let document = result.document
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(document.specVersion == "2.0")
        #expect(document.info.title == "Pet Store")
        // One server per scheme, in order; the trailing slash of basePath is dropped so that
        // `/api` + `/pets` is `/api/pets`.
        #expect(document.servers.map(\.url) == ["https://pets.example.com/api", "http://pets.example.com/api"])
        #expect(document.servers.first?.location == at(3, 7))
        #expect(document.schemas.map(\.name) == ["Pet", "Error"])
        #expect(document.operations.map(\.operationID) == ["listPets", "addPet"])
    }

    @Test func definitionsAreNamedSchemas() throws {
        let document = try #require(load(Self.petstore)?.document)
        let pet = try #require(document.schema("Pet"))
        #expect(pet.types == ["object"])
        #expect(pet.required == ["name"])
        #expect(pet.discriminator?.propertyName == "kind")
        #expect(pet.discriminator?.mapping.isEmpty == true)
        #expect(pet.property("tag")?.nullable == true)
        #expect(pet.property("photo")?.types == ["string"])
        #expect(pet.property("photo")?.format == "binary")
        let list = try #require(document.operation("listPets")?.responses.first?.content.first?.schema)
        #expect(list.items?.referencedName == "Pet")
    }

    @Test func nonBodyParametersCarryTheirSchema() throws {
        let operation = try #require(load(Self.petstore)?.document.operation("listPets"))
        #expect(operation.parameters.map(\.name) == ["limit", "tags", "ids"])
        let limit = operation.parameters[0]
        #expect(limit.location == .query)
        #expect(limit.schema?.types == ["integer"])
        #expect(limit.schema?.format == "int32")
        // Not an array: the location's default style, as in 3.x.
        #expect(limit.style == .form && limit.explode)
        // 2.0's default collectionFormat is csv: comma-separated, not 3.x's repeated name.
        let tags = operation.parameters[1]
        #expect(tags.schema?.items?.types == ["string"])
        #expect(tags.style == .form && !tags.explode)
        let ids = operation.parameters[2]
        #expect(ids.style == .form && ids.explode)
        #expect(operation.requestBody == nil)
    }

    @Test func bodyParameterBecomesARequestBody() throws {
        let operation = try #require(load(Self.petstore)?.document.operation("addPet"))
        #expect(operation.parameters.isEmpty)
        let body = try #require(operation.requestBody)
        #expect(body.required)
        #expect(body.description == "The pet")
        // The operation's consumes replaces the document's.
        #expect(body.content.map(\.contentType) == ["application/json", "text/json"])
        #expect(body.content.allSatisfy { $0.schema?.referencedName == "Pet" })
        // An empty produces means the default, application/json; no schema means no content.
        #expect(operation.responses.map(\.status.description) == ["204"])
        #expect(operation.responses[0].content.isEmpty)
    }

    @Test func responsesHaveContentPerProducedType() throws {
        let operation = try #require(load(Self.petstore)?.document.operation("listPets"))
        let ok = operation.responses[0]
        #expect(ok.status == .code(200))
        #expect(ok.content.map(\.contentType) == ["application/json", "application/xml"])
        // One schema for both media types, so later stages make one type.
        #expect(ok.content[0].schema === ok.content[1].schema)
        #expect(ok.content[0].example == .array([.object([.init(key: "name", value: .string("Rex"))])]))
        #expect(ok.content[1].example == nil)
        #expect(ok.headers.map(\.name) == ["X-Total"])
        #expect(ok.headers.first?.schema?.types == ["integer"])
        #expect(ok.headers.first?.description == "How many")
        let fallback = operation.responses[1]
        #expect(fallback.status == .default)
        #expect(fallback.description == "No such pet")
        #expect(fallback.content.first?.schema?.referencedName == "Error")
    }

    /// `produces` is one list for all of an operation's responses; Docker's logs list only its
    /// streams, but its errors are JSON objects, and are read as JSON too.
    @Test func errorObjectsAreJSONWhateverTheStreamsProduced() throws {
        let document = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /logs:
                    get:
                      operationId: logs
                      produces: [application/vnd.docker.raw-stream]
                      responses:
                        '200': {description: logs, schema: {type: string, format: binary}}
                        '404': {description: no such container, schema: {$ref: '#/definitions/ErrorResponse'}}
                        '500': {description: plain, schema: {type: string}}
                definitions:
                  ErrorResponse: {type: object, properties: {message: {type: string}}}
                """)?.document)
        let responses = try #require(document.operation("logs")).responses
        #expect(
            responses.map { $0.content.map(\.contentType) } == [
                ["application/vnd.docker.raw-stream"],
                ["application/vnd.docker.raw-stream", "application/json"],
                ["application/vnd.docker.raw-stream"],
            ])
    }

    /// Bytes are neither JSON nor text, whatever `produces` lists for the API's other
    /// responses: Docker's image export and log stream under `[application/json, text/plain]`.
    @Test func bytesAreNoJSONWhateverTheAPIProduces() throws {
        let document = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                produces: [application/json, text/plain]
                paths:
                  /logs:
                    get:
                      operationId: logs
                      responses:
                        '101': {description: stream, schema: {type: string, format: binary}}
                        '200': {description: text, schema: {type: string}}
                  /export:
                    get:
                      operationId: export
                      produces: [application/x-tar, application/json]
                      responses:
                        '200': {description: tar, schema: {type: file}}
                """)?.document)
        #expect(
            try #require(document.operation("logs")).responses.map { $0.content.map(\.contentType) } == [
                ["application/octet-stream"], ["application/json", "text/plain"],
            ])
        #expect(
            try #require(document.operation("export")).responses.map { $0.content.map(\.contentType) } == [
                ["application/x-tar"]
            ])
    }

    @Test func defaultMediaTypeIsJSON() throws {
        let document = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /a:
                    put:
                      operationId: put
                      parameters: [{name: b, in: body, schema: {type: string}}]
                      responses: {200: {description: OK, schema: {type: integer}}}
                """)?.document)
        let operation = try #require(document.operation("put"))
        #expect(operation.requestBody?.content.map(\.contentType) == ["application/json"])
        #expect(operation.requestBody?.required == false)
        #expect(operation.responses.first?.content.map(\.contentType) == ["application/json"])
        // No host and no basePath: no server, as when 3.x has no `servers`.
        #expect(document.servers.isEmpty)
    }

    @Test func serversWithoutHostOrSchemes() throws {
        let relative = try #require(
            load("swagger: '2.0'\ninfo: {title: T, version: '1'}\nbasePath: /v2\npaths: {}\n")?.document)
        #expect(relative.servers.map(\.url) == ["/v2"])
        let https = try #require(
            load("swagger: '2.0'\ninfo: {title: T, version: '1'}\nhost: api.example.com:8443\npaths: {}\n")?.document)
        #expect(https.servers.map(\.url) == ["https://api.example.com:8443"])
    }

    @Test func oddServerFieldsWarn() throws {
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                host: https://api.example.com/
                basePath: v1
                schemes: [wss, http]
                paths: {}
                """))
        #expect(result.document.servers.map(\.url) == ["http://api.example.com/v1"])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:4:11: warning: 'basePath' should start with '/'; read as '/v1'",
                "spec.yaml:3:7: warning: 'host' should be a host name without a scheme; read as 'api.example.com/'",
                "spec.yaml:5:10: warning: scheme 'wss' is not HTTP; no server is made of it",
            ])
    }

    static func form(consumes: String = "", fields: String) -> String {
        """
        swagger: '2.0'
        info: {title: T, version: '1'}
        paths:
          /upload/{id}:
            parameters:
              - {name: id, in: path, required: true, type: string}
              - {name: note, in: formData, type: string, description: shared}
            post:
              operationId: upload\(consumes)
              parameters:
        \(fields)
              responses: {204: {description: Done}}
        """
    }

    @Test func formFieldsBecomeAnURLEncodedObject() throws {
        let operation = try #require(
            load(
                Self.form(
                    fields: """
                                - {name: count, in: formData, type: integer, required: true}
                                - {name: note, in: formData, type: string, description: overridden}
                        """))?.document.operation("upload"))
        #expect(operation.parameters.map(\.name) == ["id"])
        let body = try #require(operation.requestBody)
        #expect(body.required)
        #expect(body.content.map(\.contentType) == ["application/x-www-form-urlencoded"])
        let schema = try #require(body.content.first?.schema)
        #expect(schema.types == ["object"])
        // The path's field comes first; the operation's field of the same name replaces it.
        #expect(schema.properties.map(\.name) == ["note", "count"])
        #expect(schema.required == ["count"])
        #expect(schema.property("note")?.description == "overridden")
        #expect(schema.property("count")?.types == ["integer"])
    }

    @Test func aFileFieldMakesTheFormMultipart() throws {
        let operation = try #require(
            load(Self.form(fields: "              - {name: data, in: formData, type: file}"))?.document
                .operation("upload"))
        let body = try #require(operation.requestBody)
        #expect(body.required == false)
        #expect(body.content.map(\.contentType) == ["multipart/form-data"])
        #expect(body.content.first?.schema?.property("data")?.types == ["string"])
        #expect(body.content.first?.schema?.property("data")?.format == "binary")
    }

    @Test func consumesCanAskForMultipart() throws {
        let operation = try #require(
            load(
                Self.form(
                    consumes: "\n      consumes: ['multipart/form-data; boundary=x']",
                    fields: "              - {name: n, in: formData, type: number}"))?.document.operation("upload"))
        #expect(operation.requestBody?.content.map(\.contentType) == ["multipart/form-data"])
    }

    @Test func collectionFormats() throws {
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /a/{p}:
                    get:
                      operationId: a
                      parameters:
                        - {name: p, in: path, required: true, type: array, items: {type: string}}
                        - {name: ssv, in: query, type: array, collectionFormat: ssv, items: {type: string}}
                        - {name: pipes, in: query, type: array, collectionFormat: pipes, items: {type: string}}
                        - {name: tsv, in: query, type: array, collectionFormat: tsv, items: {type: string}}
                        - {name: h, in: header, type: array, collectionFormat: multi, items: {type: string}}
                        - {name: odd, in: query, type: array, collectionFormat: semicolons, items: {type: string}}
                      responses: {200: {description: OK}}
                """))
        let parameters = try #require(result.document.operation("a")?.parameters)
        #expect(parameters.map(\.style) == [.simple, .spaceDelimited, .pipeDelimited, .form, .simple, .form])
        #expect(parameters.map(\.explode) == [false, false, false, false, false, false])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:11:65: warning: collectionFormat 'tsv' has no OpenAPI 3 equivalent in the query; the items are sent comma-separated",
                "spec.yaml:12:64: warning: collectionFormat 'multi' has no OpenAPI 3 equivalent in the header; the items are sent comma-separated",
                "spec.yaml:13:65: warning: collectionFormat 'semicolons' is unknown; the items are sent comma-separated",
            ])
    }

    /// An array of arrays (EVE's route `connections`, pairs joined by `|` inside a comma-separated
    /// list) has no OpenAPI 3 serialization: it is a warning at the inner array, which names the
    /// `collectionFormat` that is not kept.
    @Test func anArrayOfArraysIsAWarning() throws {
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /route:
                    get:
                      operationId: route
                      parameters:
                        - {name: connections, in: query, type: array, items: {type: array, collectionFormat: pipes, items: {type: integer}}}
                      responses: {200: {description: OK}}
                """))
        #expect(result.document.operation("route")?.parameters.first?.schema?.items?.types == ["array"])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:8:62: warning: query parameter 'connections' is an array of arrays, which has no OpenAPI 3 serialization; the inner arrays' values are sent as one list, not joined by their collectionFormat 'pipes'"
            ])
    }

    @Test func parameterItemsAndEnums() throws {
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /a:
                    get:
                      operationId: a
                      parameters:
                        - name: grid
                          in: query
                          type: array
                          items: {type: array, items: {type: integer, enum: [1, 2, 2]}}
                        - {name: sort, in: query, type: string, enum: [asc, desc], default: asc}
                      responses: {200: {description: OK}}
                """))
        let parameters = try #require(result.document.operation("a")?.parameters)
        #expect(parameters[0].schema?.items?.items?.enumValues?.compactMap(\.int) == [1, 2])
        #expect(parameters[1].schema?.enumValues?.compactMap(\.string) == ["asc", "desc"])
        #expect(parameters[1].schema?.defaultValue?.string == "asc")
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:11:68: warning: duplicate enum value '2' is ignored",
                "spec.yaml:11:18: warning: query parameter 'grid' is an array of arrays, which has no OpenAPI 3 serialization; the inner arrays' values are sent as one list",
            ])
    }

    @Test func sharedParameterSchemaIsOneSchema() throws {
        let document = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                parameters:
                  Order: {name: order, in: query, type: string, enum: [asc, desc]}
                paths:
                  /a: {get: {operationId: a, parameters: [$ref: '#/parameters/Order'], responses: {200: {description: OK}}}}
                  /b: {get: {operationId: b, parameters: [$ref: '#/parameters/Order'], responses: {200: {description: OK}}}}
                """)?.document)
        let a = try #require(document.operation("a")?.parameters.first?.schema)
        let b = try #require(document.operation("b")?.parameters.first?.schema)
        #expect(a === b)
    }

    @Test func leniencies() throws {
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /a:
                    post:
                      operationId: a
                      parameters:
                        - {name: q, in: query, schema: {type: string}}
                        - {name: loose, in: query}
                        - {name: c, in: cookie, type: string}
                        - {name: one, in: body, schema: {type: string}}
                        - {name: two, in: body, schema: {type: integer}}
                        - {name: f, in: formData, type: string}
                      responses: {200: {description: OK, schema: {type: ['string', 'null']}}}
                    trace:
                      responses: {200: {description: OK}}
                definitions:
                  Maybe: {type: 'null'}
                """))
        let document = result.document
        let operation = try #require(document.operation("a"))
        #expect(operation.parameters.map(\.name) == ["q", "loose"])
        #expect(operation.parameters[0].schema?.types == ["string"])
        #expect(operation.requestBody?.content.first?.schema?.types == ["string"])
        #expect(operation.responses.first?.content.first?.schema?.nullable == true)
        #expect(document.operations.count == 1)
        #expect(document.schema("Maybe")?.nullable == true)
        #expect(
            result.warnings.map(\.description) == [
                // Named schemas are read first, then the paths.
                "spec.yaml:18:17: warning: type 'null' is not Swagger 2.0; read as 'x-nullable: true'",
                "spec.yaml:15:5: warning: unknown field 'trace' in path item '/a' is ignored",
                "spec.yaml:8:40: warning: parameter 'q' has a 'schema'; in Swagger 2.0 only body parameters do, but it is used",
                "spec.yaml:9:11: warning: parameter 'loose' needs a 'type'; it is a free-form value",
                "spec.yaml:10:25: warning: parameter 'c' has unknown location 'cookie'; it is ignored",
                "spec.yaml:14:57: warning: type 'null' is not Swagger 2.0; read as 'x-nullable: true'",
                "spec.yaml:12:11: warning: operation 'POST /a' has more than one body parameter; 'two' is ignored",
                "spec.yaml:13:11: warning: operation 'POST /a' has both a body parameter and form fields; the form fields are ignored",
            ])
    }

    @Test func unknownFieldsWarnButSecurityDoesNot() throws {
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                securityDefinitions: {basic: {type: basic}}
                security: [{basic: []}]
                components: {}
                paths:
                  /a:
                    get:
                      security: []
                      schemes: [https]
                      requestBody: {}
                      responses: {200: {description: OK}}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:5:1: warning: unknown field 'components' in the document is ignored",
                "spec.yaml:11:7: warning: unknown field 'requestBody' in operation 'GET /a' is ignored",
            ])
    }

    @Test func missingReferencesAreErrorsAndAMissingPathParameterAWarning() throws {
        let diagnostics = loadFailure(
            """
            swagger: '2.0'
            info: {title: T, version: '1'}
            paths:
              /pets/{id}:
                get:
                  parameters: [$ref: '#/parameters/Nope']
                  responses:
                    200: {description: OK, schema: {$ref: '#/definitions/Nope'}}
            """)
        #expect(
            diagnostics.map(\.description) == [
                "spec.yaml:6:26: error: reference '#/parameters/Nope' points to nothing in the document",
                "spec.yaml:4:3: warning: path parameter 'id' in '/pets/{id}' has no definition; it is sent as a "
                    + "required string",
                "spec.yaml:8:47: error: reference '#/definitions/Nope' points to nothing in the document",
            ])
    }

    @Test func swaggerPathItemReference() throws {
        let document = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /a: {$ref: '#/x-items/shared'}
                x-items:
                  shared:
                    get:
                      operationId: shared
                      responses: {200: {description: OK}}
                """)?.document)
        #expect(document.operations.map(\.path) == ["/a"])
    }
}
