import Foundation
import MusubiReader
import Testing

@testable import MusubiDocument

/// A spec spread over files in a fresh temporary directory.
final class SpecDirectory {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-refs-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    /// Loads `main` (a path relative to the directory), its references confined to its folder
    /// and `roots`; issues are recorded on failure.
    func load(
        _ main: String = "api.yaml", allowing roots: [String] = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> DocumentLoader.Result? {
        do {
            return try DocumentLoader.load(
                contentsOf: url.appendingPathComponent(main).path, options: .init(referenceRoots: roots))
        } catch {
            Issue.record("expected the document to load, got: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The diagnostics of a load that must fail, printed with paths relative to the directory.
    func failure(
        _ main: String = "api.yaml", allowing roots: [String] = [],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> [String] {
        do {
            _ = try DocumentLoader.load(
                contentsOf: url.appendingPathComponent(main).path, options: .init(referenceRoots: roots))
            Issue.record("expected loading to fail", sourceLocation: sourceLocation)
            return []
        } catch {
            return relative(error.diagnostics)
        }
    }

    /// `file:line:column: …` with the directory's path left out.
    func relative(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { $0.description.replacingOccurrences(of: path + "/", with: "") }
    }
}

@Suite struct ExternalReferenceTests {
    static let header = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n"

    @Test func schemasOfAnotherFileBecomeNamedSchemas() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths:
                  /pets:
                    get:
                      operationId: list
                      responses:
                        200:
                          description: OK
                          content:
                            application/json:
                              schema: {type: array, items: {$ref: 'common/models.yaml#/components/schemas/Pet'}}
                components:
                  schemas:
                    Pet: {type: string}
                    Owner: {$ref: './common/models.yaml#/components/schemas/Owner'}
                """,
            "common/models.yaml": """
            components:
              schemas:
                Pet:
                  type: object
                  properties:
                    owner: {$ref: '#/components/schemas/Owner'}
                    self: {$ref: '#/components/schemas/Pet'}
                Owner:
                  type: object
                  properties:
                    pets: {type: array, items: {$ref: '../api.yaml#/components/schemas/Pet'}}
            """,
        ])
        let result = try #require(directory.load())
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let document = result.document
        // The document's own first, then the adopted ones in the order first referenced; the
        // other file's Pet does not take the name of the document's own.
        #expect(document.schemas.map(\.name) == ["Pet", "Owner", "Owner2", "Pet2"])
        #expect(document.schema("Owner")?.referencedName == "Owner2")
        let owner = try #require(document.schema("Owner2"))
        // A reference back into the main file is a reference to its own component.
        #expect(owner.property("pets")?.items?.referencedName == "Pet")
        let pet = try #require(document.schema("Pet2"))
        #expect(pet.property("owner")?.referencedName == "Owner2")
        #expect(pet.property("self")?.referencedName == "Pet2")
        let list = document.operations.first?.responses.first?.content.first?.schema
        #expect(list?.items?.referencedName == "Pet2")
    }

    /// DigitalOcean writes a body's properties as a reference to a mapping in another file
    /// (`properties: {$ref: 'attributes.yaml#/droplet_ids'}`): read as those properties, their
    /// own references relative to that file, with a warning where the `$ref` is.
    @Test func aPropertiesMappingWrittenAsAReferenceIsReadWhereItLeads() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    Body:
                      type: object
                      required: [droplet_ids]
                      properties:
                        $ref: 'shared/attributes.yaml#/droplet_ids'
                        tag: {type: string}
                    JSONSchemaDocument:
                      type: object
                      properties:
                        $ref: {type: string}
                """,
            "shared/attributes.yaml": """
            droplet_ids:
              droplet_ids: {type: array, items: {$ref: 'ids.yaml#/ID'}}
            """,
            "shared/ids.yaml": "ID: {type: integer}\n",
        ])
        let result = try #require(directory.load())
        #expect(
            directory.relative(result.warnings) == [
                "api.yaml:10:9: warning: 'properties' should map names to schemas; its '$ref' is read as the "
                    + "properties it refers to"
            ])
        let body = try #require(result.document.schema("Body"))
        #expect(body.properties.map(\.name) == ["droplet_ids", "tag"])
        // The property's own reference is relative to the file it is written in.
        let item = try #require(body.property("droplet_ids")?.items)
        let id = try #require(item.referencedName.flatMap { result.document.schema($0) } ?? item)
        #expect(id.types == ["integer"])
        // A `$ref` whose value is a schema is a member of that name.
        #expect(result.document.schema("JSONSchemaDocument")?.properties.map(\.name) == ["$ref"])
    }

    /// Each `properties: {$ref}` copies the mapping it refers to: past as many properties as
    /// `allOf` may merge, the spec is refused at the reference that went over, not read into
    /// gigabytes.
    @Test func propertiesReferencesTakeInABoundedNumberOfProperties() throws {
        let base = (0..<1_000).map { "p\($0): {type: string}" }.joined(separator: ", ")
        let referrers = (0...200).map {
            "    S\($0): {type: object, properties: {$ref: '#/components/schemas/Base/properties'}}"
        }
        let spec =
            Self.header + "paths: {}\ncomponents:\n  schemas:\n    Base: {type: object, properties: {\(base)}}\n"
            + referrers.joined(separator: "\n") + "\n"
        let errors = loadFailure(spec).filter { $0.severity == .error }.map(\.description)
        #expect(
            errors == [
                "spec.yaml:207:45: error: the 'properties' references of this spec take in more than 200000 properties"
            ])
    }

    @Test func wholeFileSchemasAndDefinitions() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    Tree: {$ref: 'schemas/tree.json'}
                    Legacy: {$ref: 'legacy.yaml#/definitions/Thing'}
                """,
            "schemas/tree.json": """
            {"type": "object", "properties": {
              "children": {"type": "array", "items": {"$ref": "tree.json"}},
              "leaf": {"$ref": "#/$defs/Leaf"}
            }, "$defs": {"Leaf": {"type": "string", "enum": ["a", "b"]}}}
            """,
            "legacy.yaml": "swagger: '2.0'\ndefinitions:\n  Thing: {type: object, x-nullable: true}\n",
        ])
        let document = try #require(directory.load()?.document)
        #expect(document.schemas.map(\.name) == ["Tree", "Legacy", "tree", "Leaf", "Thing"])
        let tree = try #require(document.schema("tree"))
        #expect(tree.property("children")?.items?.referencedName == "tree")
        #expect(tree.property("leaf")?.referencedName == "Leaf")
        #expect(document.schema("Thing")?.nullable == true)
    }

    @Test func parametersResponsesBodiesAndPathItemsAcrossFiles() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths:
                  /pets/{id}: {$ref: 'paths/pet.yaml'}
                """,
            "paths/pet.yaml": """
            parameters:
              - $ref: '../shared.yaml#/components/parameters/Id'
            put:
              operationId: update
              requestBody: {$ref: '../shared.yaml#/components/requestBodies/Pet'}
              responses:
                200: {$ref: '../shared.yaml#/components/responses/Pet'}
            """,
            "shared.yaml": """
            components:
              parameters:
                Id: {name: id, in: path, required: true, schema: {type: integer}}
              requestBodies:
                Pet:
                  required: true
                  content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
              responses:
                Pet:
                  description: The pet
                  headers:
                    X-Id: {$ref: '#/components/headers/Id'}
                  content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}
              headers:
                Id: {schema: {type: integer}}
              schemas:
                Pet: {type: object}
            """,
        ])
        let document = try #require(directory.load()?.document)
        let operation = try #require(document.operation("update"))
        #expect(operation.path == "/pets/{id}")
        #expect(operation.parameters.map(\.name) == ["id"])
        #expect(operation.parameters.first?.schema?.types == ["integer"])
        #expect(operation.requestBody?.required == true)
        #expect(operation.requestBody?.content.first?.schema?.referencedName == "Pet")
        #expect(operation.responses.first?.description == "The pet")
        #expect(operation.responses.first?.headers.first?.schema?.types == ["integer"])
        #expect(operation.responses.first?.content.first?.schema?.referencedName == "Pet")
        #expect(document.schemas.map(\.name) == ["Pet"])
    }

    /// DigitalOcean's spec writes each of its 400 operations as a `$ref` to a file of its own,
    /// which OpenAPI does not allow: each is read where it points, its own references against
    /// its own file, with one warning for the whole spec.
    @Test func operationsWrittenAsReferencesAreFollowed() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths:
                  /droplets/{id}:
                    get: {$ref: 'resources/droplets/get.yml'}
                    delete: {$ref: 'resources/droplets/delete.yml'}
                """,
            "resources/droplets/get.yml": """
            operationId: getDroplet
            parameters:
              - $ref: 'parameters.yml#/droplet_id'
            responses:
              '200':
                description: The droplet
                content: {application/json: {schema: {$ref: 'models/droplet.yml'}}}
            """,
            "resources/droplets/delete.yml": """
            operationId: deleteDroplet
            parameters:
              - $ref: 'parameters.yml#/droplet_id'
            responses:
              '204': {description: Deleted}
            """,
            "resources/droplets/parameters.yml": """
            droplet_id: {name: id, in: path, required: true, schema: {type: integer}}
            """,
            "resources/droplets/models/droplet.yml": """
            type: object
            properties:
              id: {type: integer}
            """,
        ])
        let loaded = try #require(directory.load())
        let get = try #require(loaded.document.operation("getDroplet"))
        #expect(get.method == .get)
        #expect(get.path == "/droplets/{id}")
        #expect(get.parameters.map(\.name) == ["id"])
        #expect(get.parameters.first?.schema?.types == ["integer"])
        // A whole file as a schema is a named schema, as anywhere else.
        #expect(get.responses.first?.content.first?.schema?.referencedName == "droplet")
        #expect(loaded.document.schemas.first { $0.name == "droplet" }?.schema.properties.map(\.name) == ["id"])
        let delete = try #require(loaded.document.operation("deleteDroplet"))
        #expect(delete.responses.map(\.status) == [.code(204)])
        let warnings = directory.relative(loaded.warnings)
        #expect(
            warnings == [
                "api.yaml:5:10: warning: an operation is written as a '$ref', which OpenAPI allows only for a path "
                    + "item; this one and every other are read where they point"
            ])
    }

    @Test func swagger2ParametersAndResponsesInAnotherFile() throws {
        let directory = try SpecDirectory([
            "api.json": """
            {"swagger": "2.0", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {
               "operationId": "a",
               "parameters": [{"$ref": "common.yaml#/parameters/Page"}],
               "responses": {"200": {"$ref": "common.yaml#/responses/Page"}}}}}}
            """,
            "common.yaml": """
            parameters:
              Page: {name: page, in: query, type: integer}
            responses:
              Page: {description: A page, schema: {$ref: '#/definitions/Page'}}
            definitions:
              Page: {type: object}
            """,
        ])
        let document = try #require(directory.load("api.json")?.document)
        let operation = try #require(document.operation("a"))
        #expect(operation.parameters.first?.schema?.types == ["integer"])
        #expect(operation.responses.first?.content.first?.schema?.referencedName == "Page")
        #expect(document.schemas.map(\.name) == ["Page"])
    }

    @Test func eachFileIsReadOnce() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    A: {$ref: 'm.yaml#/components/schemas/A'}
                    B: {$ref: './sub/../m.yaml#/components/schemas/B'}
                """,
            "m.yaml": "components: {schemas: {A: {type: string}, B: {type: integer}}}\n",
            "sub/.keep": "",
        ])
        let root = try Reader.parse(contentsOf: directory.path + "/api.yaml")
        let main = SpecFile(path: directory.path + "/api.yaml", root: root, dialect: .openAPI3)
        let reporter = LoadingReporter(file: main)
        let assembly = DocumentAssembly(main: main, referenceRoots: [], budget: Reader.Budget(), reporter: reporter)
        _ = assembly.document()
        #expect(reporter.collector.diagnostics.isEmpty)
        // The document and m.yaml, whichever way the path was written.
        #expect(assembly.resolver.fileIdentities.count == 2)
    }

    @Test func diagnosticsNameTheFileTheyAreAbout() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths:
                  /a: {$ref: 'items.yaml#/a'}
                """,
            "items.yaml": """
            a:
              get:
                operationId: a
                tags: [x]
                bogus: 1
                responses:
                  200:
                    description: OK
                    content:
                      application/json:
                        schema: {type: object, not: {type: string}}
            """,
        ])
        let result = try #require(directory.load())
        #expect(
            directory.relative(result.warnings) == [
                "items.yaml:5:5: warning: unknown field 'bogus' in operation 'GET /a' is ignored",
                "items.yaml:11:36: warning: 'not' is not expressible in Swift types and is ignored",
            ])
    }

    @Test func missingFilesAndTargetsAreReportedAtTheReference() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    A: {$ref: 'nowhere.yaml#/components/schemas/A'}
                    B: {$ref: 'other.yaml#/components/schemas/Nope'}
                    C: {$ref: 'other.yaml#/components/schemas/C'}
                    D: {$ref: 'https://example.com/schemas.yaml#/D'}
                    E: {$ref: 'broken.yaml'}
                """,
            "other.yaml": "components:\n  schemas:\n    C: {$ref: '#/components/schemas/Missing'}\n",
            "broken.yaml": "a: [1, 2\n",
        ])
        #expect(
            directory.failure() == [
                "api.yaml:6:15: error: referenced file 'nowhere.yaml' could not be read: cannot open file: No such file or directory",
                "api.yaml:7:15: error: reference 'other.yaml#/components/schemas/Nope' points to nothing in 'other.yaml'",
                "other.yaml:3:15: error: reference '#/components/schemas/Missing' points to nothing in 'other.yaml'",
                "api.yaml:9:15: error: reference 'https://example.com/schemas.yaml#/D' is a remote URL; only files on disk can be referenced",
                // The syntax error is reported where it is, and the reference that needed the file.
                "broken.yaml:2:1: error: did not find expected ',' or ']' (while parsing a flow sequence at 1:4)",
                "api.yaml:10:15: error: referenced file 'broken.yaml' could not be read",
            ])
    }

    @Test func pathsAreShownRelativeToTheFileThatRefers() throws {
        let directory = try SpecDirectory([
            "specs/api.yaml": Self.header + "paths: {}\ncomponents: {schemas: {A: {$ref: '../lib/a.yaml'}}}\n",
            "lib/a.yaml": "type: object\nproperties: {b: {$ref: 'deeper/b.yaml'}}\n",
        ])
        // `lib` is beside the spec's folder, not in it: the test names the common folder.
        let diagnostics = directory.failure("specs/api.yaml", allowing: [directory.path])
        #expect(
            diagnostics == [
                "lib/a.yaml:2:24: error: referenced file 'lib/deeper/b.yaml' could not be read: cannot open file: No such file or directory"
            ])
    }

    @Test func cyclesAcrossFilesAreErrors() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths:
                  /a:
                    get:
                      parameters: [$ref: 'one.yaml#/P']
                      responses: {200: {description: OK}}
                """,
            "one.yaml": "P: {$ref: 'two.yaml#/P'}\n",
            "two.yaml": "P: {$ref: 'one.yaml#/P'}\n",
        ])
        #expect(
            directory.failure() == [
                // Where the cycle closes: the reference that leads back to a target already followed.
                "two.yaml:1:11: error: circular reference 'one.yaml#/P'"
            ])
    }

    @Test func schemaCyclesThroughPlainPointersAcrossFilesWarn() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + "paths: {}\ncomponents: {schemas: {A: {$ref: 'x.yaml#/defs/a'}}}\n",
            "x.yaml": "defs: {a: {type: object, properties: {b: {$ref: 'y.yaml#/defs/b'}}}}\n",
            "y.yaml": "defs: {b: {type: array, items: {$ref: 'x.yaml#/defs/a'}}}\n",
        ])
        let result = try #require(directory.load())
        #expect(
            directory.relative(result.warnings) == [
                "y.yaml:1:39: warning: reference 'x.yaml#/defs/a' refers to itself without a named schema; it is generated as a free-form value"
            ])
    }

    /// A file of schemas keyed by name at its top level (DigitalOcean's `definitions.yml`) is a
    /// collection like `components/schemas`: each schema referenced in it is named by its key,
    /// so one that contains itself is a recursive type, not a free-form value.
    @Test func schemasAtTheTopLevelOfAnotherFileAreNamed() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + "paths: {}\ncomponents: {schemas: {A: {$ref: 'x.yaml#/apiAgent'}}}\n",
            "x.yaml": """
            apiAgent:
              type: object
              properties:
                child_agents: {type: array, items: {$ref: '#/apiAgent'}}
                trace: {$ref: 'y.yaml#/apiTraceSpan'}
            """,
            "y.yaml":
                "apiTraceSpan: {type: object, properties: {spans: {type: array, items: {$ref: '#/apiTraceSpan'}}}}\n",
        ])
        let result = try #require(directory.load())
        #expect(result.warnings.isEmpty, "\(directory.relative(result.warnings))")
        #expect(result.document.schemas.map(\.name) == ["A", "apiAgent", "apiTraceSpan"])
        let agent = try #require(result.document.schemas.first { $0.name == "apiAgent" }?.schema)
        #expect(agent.properties.first?.schema.items?.referencedName == "apiAgent")
        #expect(agent.properties.last?.schema.referencedName == "apiTraceSpan")
    }

    @Test func discriminatorMappingsNameTheAdoptedSchemas() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths: {}
                components:
                  schemas:
                    Cat: {type: string}
                    Pet:
                      oneOf:
                        - $ref: 'animals.yaml#/components/schemas/Cat'
                        - $ref: 'animals.yaml#/components/schemas/Dog'
                      discriminator:
                        propertyName: kind
                        mapping:
                          cat: 'animals.yaml#/components/schemas/Cat'
                          dog: Dog
                          bird: 'animals.yaml#/components/schemas/Bird'
                """,
            "animals.yaml": "components: {schemas: {Cat: {type: object}, Dog: {type: object}}}\n",
        ])
        let result = try #require(directory.load())
        let pet = try #require(result.document.schema("Pet"))
        #expect(pet.oneOf.map(\.referencedName) == ["Cat2", "Dog"])
        let mapping = try #require(pet.discriminator?.mapping)
        #expect(mapping.map(\.value) == ["cat", "dog", "bird"])
        #expect(
            mapping.map(\.reference) == [
                "#/components/schemas/Cat2", "Dog", "animals.yaml#/components/schemas/Bird",
            ])
        // A mapping that leads nowhere is a warning: the alternatives still have names.
        #expect(
            directory.relative(result.warnings) == [
                "api.yaml:16:17: warning: reference 'animals.yaml#/components/schemas/Bird' points to nothing in 'animals.yaml'"
            ])
    }
}
