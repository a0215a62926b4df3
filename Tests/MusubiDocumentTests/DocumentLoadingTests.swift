import MusubiReader
import Testing

@testable import MusubiDocument

@Suite struct DocumentLoadingTests {
    static let petstore = """
        openapi: 3.0.3
        info:
          title: Pet Store
          version: 1.0
          summary: Pets, sold.
          description: A store.
        servers:
          - url: https://{region}.example.com/{base}
            description: Production
            variables:
              region:
                default: eu
                enum: [eu, us]
                description: Where the data lives
              base:
                default: v1
          - url: http://localhost:8080
        tags:
          - name: pets
            description: Everything about pets
        paths:
          /pets:
            post:
              operationId: createPet
              tags: [pets]
              requestBody:
                $ref: '#/components/requestBodies/PetBody'
              responses:
                201:
                  description: Created
                  headers:
                    Location:
                      required: true
                      schema: {type: string}
                    X-Rate-Limit:
                      $ref: '#/components/headers/RateLimit'
            get:
              operationId: listPets
              summary: List pets
              parameters:
                - $ref: '#/components/parameters/Limit'
              responses:
                200:
                  $ref: '#/components/responses/PetList'
                default:
                  description: Error
          /pets/{id}:
            parameters:
              - name: id
                in: path
                required: true
                description: path-level
                schema: {type: string}
              - name: verbose
                in: query
                schema: {type: boolean}
            get:
              operationId: showPet
              deprecated: true
              parameters:
                - name: id
                  in: path
                  required: true
                  description: operation-level
                  schema: {type: integer, format: int64}
                - name: id
                  in: header
                  schema: {type: string}
              responses:
                '200':
                  description: A pet
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Pet'}
            delete:
              responses:
                2XX: {description: Deleted}
        components:
          schemas:
            Pet:
              type: object
              required: [id]
              properties:
                id: {type: integer, format: int64}
                name: {type: string}
            Pets:
              type: array
              items: {$ref: '#/components/schemas/Pet'}
          parameters:
            Limit:
              name: limit
              in: query
              required: false
              description: How many
              schema: {type: integer, format: int32}
          responses:
            PetList:
              description: Some pets
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Pets'}
          requestBodies:
            PetBody:
              description: The pet to add
              required: true
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Pet'}
                application/xml:
                  schema: {$ref: '#/components/schemas/Pet'}
          headers:
            RateLimit:
              description: Calls left
              schema: {type: integer}
        """

    @Test func loadsWithoutWarnings() throws {
        let result = try #require(load(Self.petstore))
        #expect(result.warnings == [])
        #expect(result.document.specVersion == "3.0.3")
        #expect(result.document.file == "spec.yaml")
    }

    @Test func info() throws {
        let info = try #require(load(Self.petstore)).document.info
        #expect(info.title == "Pet Store")
        // `version: 1.0` is a YAML number; its source text is kept, not `1`.
        #expect(info.version == "1.0")
        #expect(info.summary == "Pets, sold.")
        #expect(info.description == "A store.")
    }

    @Test func tags() throws {
        let tags = try #require(load(Self.petstore)).document.tags
        #expect(tags.map(\.name) == ["pets"])
        #expect(tags.map(\.description) == ["Everything about pets"])
    }

    @Test func serversWithVariables() throws {
        let servers = try #require(load(Self.petstore)).document.servers
        try #require(servers.count == 2)
        #expect(servers[0].url == "https://{region}.example.com/{base}")
        #expect(servers[0].description == "Production")
        #expect(servers[0].location == at(8, 5))
        #expect(servers[0].variables.map(\.name) == ["region", "base"])
        #expect(servers[0].variables.map(\.defaultValue) == ["eu", "v1"])
        #expect(servers[0].variables[0].allowedValues == ["eu", "us"])
        #expect(servers[0].variables[0].description == "Where the data lives")
        #expect(servers[0].variables[1].allowedValues == [])
        #expect(servers[0].variables[1].description == nil)
        #expect(servers[1].url == "http://localhost:8080")
        #expect(servers[1].description == nil)
        #expect(servers[1].variables.isEmpty)
    }

    @Test func operationsInSourceOrder() throws {
        let operations = try #require(load(Self.petstore)).document.operations
        // `post` is written before `get` under /pets, and the spec's order is the output's order.
        #expect(
            operations.map { "\($0.method.rawValue.uppercased()) \($0.path)" } == [
                "POST /pets", "GET /pets", "GET /pets/{id}", "DELETE /pets/{id}",
            ])
        #expect(operations.map(\.operationID) == ["createPet", "listPets", "showPet", nil])
    }

    @Test func operationFields() throws {
        let document = try #require(load(Self.petstore)).document
        let create = try #require(document.operation("createPet"))
        #expect(create.tags == ["pets"])
        #expect(create.deprecated == false)
        #expect(create.location == at(24, 7))
        let list = try #require(document.operation("listPets"))
        #expect(list.summary == "List pets")
        #expect(list.tags == [])
        let show = try #require(document.operation("showPet"))
        #expect(show.deprecated == true)
    }

    @Test func pathLevelParametersAreMergedAndOverridden() throws {
        let document = try #require(load(Self.petstore)).document
        let show = try #require(document.operation("showPet"))
        // The operation's `id` in path replaces the path item's at the same position; the
        // header named `id` is another parameter (same name, other place), added after.
        #expect(
            show.parameters.map { "\($0.location.rawValue) \($0.name)" } == [
                "path id", "query verbose", "header id",
            ])
        let id = show.parameters[0]
        #expect(id.description == "operation-level")
        #expect(id.required)
        #expect(id.schema?.types == ["integer"])
        #expect(id.schema?.format == "int64")
        #expect(id.sourceLocation == at(61, 11))
        #expect(show.parameters[1].required == false)
        #expect(show.parameters[1].schema?.types == ["boolean"])

        // The other operation of the path item gets the path-level parameters unchanged.
        let delete = try #require(document.operations.last)
        #expect(delete.method == .delete)
        #expect(delete.parameters.map { "\($0.location.rawValue) \($0.name)" } == ["path id", "query verbose"])
        #expect(delete.parameters[0].description == "path-level")
        #expect(delete.parameters[0].schema?.types == ["string"])
    }

    /// Thousands of path-level parameters, every other one overridden by the operation:
    /// each keeps its place, the operation's own are added after them, and merging looks each
    /// one up rather than searching the list.
    @Test func thousandsOfPathLevelParametersAreMergedInPlace() throws {
        let count = 3_000
        func parameter(_ place: String, _ name: String, _ text: String) -> String {
            "{name: \(name), in: \(place), description: \(text), schema: {type: string}}"
        }
        let shared = (0..<count).map { parameter("query", "q\($0)", "path-level") }
        let own =
            (0..<count).filter { $0.isMultiple(of: 2) }.map { parameter("query", "q\($0)", "operation-level") }
            + (0..<count).map { parameter("header", "q\($0)", "header") }
        let spec = """
            openapi: 3.0.3
            info: {title: Wide, version: '1'}
            paths:
              /things:
                parameters: [\(shared.joined(separator: ", "))]
                get:
                  operationId: listThings
                  parameters: [\(own.joined(separator: ", "))]
                  responses: {'200': {description: OK}}
            """
        let document = try #require(load(spec)).document
        let list = try #require(document.operation("listThings"))
        #expect(
            list.parameters.map { "\($0.location.rawValue) \($0.name)" }
                == (0..<count).map { "query q\($0)" } + (0..<count).map { "header q\($0)" })
        #expect(
            list.parameters.prefix(count).map(\.description)
                == (0..<count).map { $0.isMultiple(of: 2) ? "operation-level" : "path-level" })
    }

    /// A path of thousands of template names the operation does not define: one warning per
    /// name, each quoting the path by its start and end, and a string parameter for each.
    @Test func aLongPathIsQuotedShortInEachWarning() throws {
        let count = 2_000
        let path = "/" + (0..<count).map { "{p\($0)}" }.joined(separator: "/")
        let spec = """
            openapi: 3.0.3
            info: {title: Long, version: '1'}
            paths:
              ? '\(path)'
              : get:
                  operationId: longPath
                  responses: {'200': {description: OK}}
            """
        let result = try #require(load(spec))
        #expect(result.warnings.count == count)
        #expect(result.warnings.allSatisfy { $0.message.count < 300 })
        #expect(result.warnings.first?.message.hasPrefix("path parameter 'p0' in '/{p0}/{p1}/") == true)
        #expect(result.document.operations.first?.parameters.map(\.name) == (0..<count).map { "p\($0)" })
    }

    @Test func parameterThroughReference() throws {
        let document = try #require(load(Self.petstore)).document
        let list = try #require(document.operation("listPets"))
        try #require(list.parameters.count == 1)
        let limit = list.parameters[0]
        #expect(limit.name == "limit")
        #expect(limit.location == .query)
        #expect(limit.required == false)
        #expect(limit.description == "How many")
        #expect(limit.schema?.format == "int32")
        // The location is where the operation refers to it, which is where a user looks.
        #expect(limit.sourceLocation == at(41, 11))
    }

    @Test func requestBodyThroughReference() throws {
        let document = try #require(load(Self.petstore)).document
        let body = try #require(document.operation("createPet")?.requestBody)
        #expect(body.description == "The pet to add")
        #expect(body.required)
        #expect(body.content.map(\.contentType) == ["application/json", "application/xml"])
        #expect(body.content.map(\.isJSON) == [true, false])
        #expect(body.content[0].schema?.referencedName == "Pet")
        #expect(body.location == at(27, 9))
    }

    @Test(arguments: [
        ("application/json", true), ("Application/JSON", true), (" application/json ; charset=utf-8", true),
        ("application/vnd.github+json", true), ("application/problem+JSON", true), ("text/json", true),
        ("application/jsonl", false), ("application/json-patch", false), ("json", false), ("+json", true),
        ("application/xml", false), ("text/plain; format=application/json", false), ("", false),
    ])
    func mediaTypesThatAreJSON(contentType: String, isJSON: Bool) {
        #expect(MediaType(contentType: contentType, schema: nil, example: nil).isJSON == isJSON)
    }

    @Test func anyMediaTypeIsJSONOnlyWithASchema() {
        #expect(!MediaType(contentType: "*/*", schema: nil, example: nil).isJSON)
        let schema = Schema(location: SourceLocation(line: 1, column: 1))
        #expect(MediaType(contentType: "*/*", schema: schema, example: nil).isJSON)
    }

    @Test func responsesWithIntegerStatusKeys() throws {
        let document = try #require(load(Self.petstore)).document
        let create = try #require(document.operation("createPet"))
        #expect(create.responses.map(\.status.description) == ["201"])
        #expect(create.responses[0].description == "Created")
        #expect(create.responses[0].content.isEmpty)

        let list = try #require(document.operation("listPets"))
        #expect(list.responses.map(\.status.description) == ["200", "default"])
        #expect(list.responses[0].description == "Some pets")
        #expect(list.responses[0].content.first?.schema?.referencedName == "Pets")
        #expect(list.responses[1].description == "Error")

        let show = try #require(document.operation("showPet"))
        #expect(show.responses.map(\.status.description) == ["200"])
        #expect(show.responses[0].content.map(\.contentType) == ["application/json"])
        #expect(show.responses[0].content[0].schema?.referencedName == "Pet")

        #expect(document.operations.last?.responses.map(\.status.description) == ["2XX"])
    }

    @Test func responseHeaders() throws {
        let document = try #require(load(Self.petstore)).document
        let headers = try #require(document.operation("createPet")?.responses.first?.headers)
        #expect(headers.map(\.name) == ["Location", "X-Rate-Limit"])
        #expect(headers[0].required)
        #expect(headers[0].schema?.types == ["string"])
        #expect(headers[1].required == false)
        #expect(headers[1].description == "Calls left")
        #expect(headers[1].schema?.types == ["integer"])
    }

    @Test func componentSchemasInSourceOrder() throws {
        let document = try #require(load(Self.petstore)).document
        #expect(document.schemas.map(\.name) == ["Pet", "Pets"])
        #expect(document.schemas[0].location == at(80, 5))
        let pet = try #require(document.schema("Pet"))
        #expect(pet.types == ["object"])
        #expect(pet.required == ["id"])
        #expect(pet.properties.map(\.name) == ["id", "name"])
        #expect(pet.properties.map(\.location) == [at(84, 9), at(85, 9)])
        let pets = try #require(document.schema("Pets"))
        #expect(pets.singleType == "array")
        #expect(pets.items?.referencedName == "Pet")
    }

    @Test func jsonSyntaxLoadsTheSame() throws {
        let json = """
            {
              "openapi": "3.1.0",
              "info": {"title": "T", "version": "2"},
              "paths": {
                "/a": {"get": {"responses": {"204": {"description": "none"}}}}
              }
            }
            """
        let result = try #require(load(json, file: "spec.json"))
        #expect(result.warnings == [])
        #expect(result.document.specVersion == "3.1.0")
        #expect(result.document.operations.map(\.path) == ["/a"])
        #expect(result.document.operations.first?.responses.map(\.status.description) == ["204"])
        #expect(result.document.operations.first?.location == at(5, 19))
    }

    @Test func extensionsAreSkipped() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: T, version: '1', x-logo: logo.png}
            x-top: 1
            paths:
              x-paths-extension: {}
              /a:
                x-item: 1
                get:
                  x-operation: true
                  responses:
                    x-responses: 1
                    '200': {description: ok}
            """
        let result = try #require(load(yaml))
        #expect(result.warnings == [])
        #expect(result.document.operations.count == 1)
        #expect(result.document.operations.first?.responses.map(\.status.description) == ["200"])
    }

    @Test func versionsAccepted() throws {
        for version in ["3.0.0", "3.0.3", "3.1.0", "3.1.1", "3.2.0", "3.0", "3.1"] {
            let yaml = "openapi: \(version)\ninfo: {title: T, version: '1'}\npaths: {}\n"
            let result = try #require(load(yaml))
            #expect(result.document.specVersion == version)
        }
    }

    @Test func parameterDescribedByContent() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /search:
                    get:
                      parameters:
                        - name: filter
                          in: query
                          content:
                            application/json:
                              schema: {type: object, properties: {q: {type: string}}}
                      responses: {'204': {description: ok}}
                """))
        let filter = try #require(result.document.operations.first?.parameters.first)
        #expect(filter.schema?.types == ["object"])
        #expect(filter.schema?.properties.map(\.name) == ["q"])
    }

    @Test func pathItemThroughReference() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths:
                  /a/{id}:
                    $ref: '#/x-items/withID'
                x-items:
                  withID:
                    parameters:
                      - {name: id, in: path, required: true, schema: {type: string}}
                    delete:
                      responses: {'204': {description: ok}}
                    get:
                      responses: {'200': {description: ok}}
                """))
        #expect(result.warnings == [])
        #expect(
            result.document.operations.map { "\($0.method.rawValue) \($0.path)" } == ["delete /a/{id}", "get /a/{id}"])
        #expect(result.document.operations.map { $0.parameters.map(\.name) } == [["id"], ["id"]])
    }

    @Test func missingInfoWarnsAndNamesTheAPI() throws {
        let result = try #require(load("openapi: 3.1.0\npaths: {}\n"))
        #expect(result.document.info.title == "API")
        #expect(result.document.info.version == "")
        #expect(result.warnings.map(\.message) == ["missing 'info'; the API is named 'API'"])
        #expect(result.warnings.first?.severity == .warning)
    }
}
