import MusubiReader
import Testing

@testable import MusubiDocument

/// References that name a schema by its `$id` or `$anchor`, as JSON Schema 2020-12 (and so
/// OpenAPI 3.1) allows, and the two slips in references that real specs make.
@Suite struct SchemaIdentifierTests {
    static let header = "openapi: 3.1.0\ninfo: {title: T, version: '1'}\n"

    /// `#tag` is the schema that declares `$anchor: tag`, at a component's root or in its
    /// `$defs`; a request body can name one too.
    @Test func plainNameFragmentsAreAnchors() throws {
        let result = try #require(
            load(
                Self.header + """
                    paths:
                      /tags:
                        post:
                          operationId: addTag
                          requestBody:
                            content:
                              application/json: {schema: {$ref: '#tag'}}
                          responses: {'204': {description: done}}
                    components:
                      schemas:
                        Tag: {$anchor: tag, type: string}
                        Other:
                          type: object
                          properties:
                            label: {$ref: '#tag'}
                            size: {$ref: '#size'}
                          $defs:
                            size: {$anchor: size, type: integer}
                    """))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let document = result.document
        let body = try #require(document.operation("addTag")?.requestBody?.content.first?.schema)
        #expect(body.referencedName == "Tag")
        let other = try #require(document.schema("Other"))
        #expect(other.property("label")?.referencedName == "Tag")
        let size = try #require(other.property("size")?.referencedName)
        #expect(document.schema(size)?.types == ["integer"])
    }

    /// Two schemas may each declare an anchor of the same name: a reference inside one of
    /// them means its own.
    @Test func anAnchorNameReusedInTwoSchemasMeansTheOneBeingRead() throws {
        let result = try #require(
            load(
                Self.header + """
                    paths: {}
                    components:
                      schemas:
                        Cat:
                          type: object
                          properties: {id: {$ref: '#key'}}
                          $defs: {key: {$anchor: key, type: integer}}
                        Dog:
                          type: object
                          properties: {id: {$ref: '#key'}}
                          $defs: {key: {$anchor: key, type: string, format: uuid}}
                    """))
        let document = result.document
        let catKey = try #require(document.schema("Cat")?.property("id")?.referencedName)
        let dogKey = try #require(document.schema("Dog")?.property("id")?.referencedName)
        #expect(document.schema(catKey)?.types == ["integer"])
        #expect(document.schema(dogKey)?.format == "uuid")
    }

    /// A file part that a schema declares as its `$id` is that schema, even a URL: nothing is
    /// fetched, and no file of that name is read. A `#/$defs/…` pointer inside such a schema
    /// is read in it, as JSON Schema reads it.
    @Test func anIdentifierDeclaredInTheDocumentIsTheSchemaThatDeclaresIt() throws {
        let result = try #require(
            load(
                Self.header + """
                    paths: {}
                    components:
                      schemas:
                        Pet:
                          $id: https://example.com/schemas/pet.json
                          type: object
                          properties: {name: {type: string}}
                        Holder:
                          type: object
                          properties:
                            box:
                              $id: box.json
                              type: object
                              properties: {item: {$ref: '#/$defs/item'}}
                              $defs: {item: {type: number}}
                        Owner:
                          type: object
                          properties:
                            pet: {$ref: 'https://example.com/schemas/pet.json'}
                            box: {$ref: box.json}
                            item: {$ref: 'box.json#/$defs/item'}
                    """))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let owner = try #require(result.document.schema("Owner"))
        #expect(owner.property("pet")?.referencedName == "Pet")
        #expect(owner.property("box")?.property("item")?.types == ["number"])
        #expect(owner.property("item")?.types == ["number"])
        let holder = try #require(result.document.schema("Holder"))
        #expect(holder.property("box")?.property("item")?.types == ["number"])
    }

    /// OpenAPI 3.2's `$self` names the document: a reference spelled with it is into the
    /// document itself, not a URL to fetch.
    @Test func referencesSpelledWithTheDocumentsOwnURIAreIntoIt() throws {
        let result = try #require(
            load(
                """
                openapi: 3.2.0
                $self: https://library.example.com/v2/library.yaml
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    Page: {type: integer, minimum: 1}
                    Listing:
                      type: object
                      properties:
                        page: {$ref: 'https://library.example.com/v2/library.yaml#/components/schemas/Page'}
                """))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.document.schema("Listing")?.property("page")?.referencedName == "Page")
    }

    /// `$id` and `$anchor` inside an example or a default are data, not schemas.
    @Test func identifiersInExamplesAreData() throws {
        let diagnostics = loadFailure(
            Self.header + """
                paths: {}
                components:
                  schemas:
                    Pet:
                      type: object
                      example: {$anchor: pet, $id: pet.json}
                      default: {$anchor: pet}
                    Owner:
                      type: object
                      properties:
                        pet: {$ref: '#pet'}
                """)
        #expect(
            diagnostics.map(\.description) == [
                "spec.yaml:13:21: error: reference '#pet' names an anchor no schema in the document declares "
                    + "('$anchor: pet')"
            ])
    }

    /// A pointer that lost its first slash (`#definitions/Pet`) is read as meant, with a
    /// warning; so is `file.yaml#/`, written for the whole file.
    @Test func pointersWrittenWithoutTheirFirstSlashOrForAWholeFileAreReadAsMeant() throws {
        let directory = try SpecDirectory([
            "api.yaml": Self.header + """
                paths:
                  /pets:
                    $ref: 'paths/pets.yaml#/'
                components:
                  schemas:
                    Pet:
                      type: object
                      properties: {owner: {$ref: '#components/schemas/Owner'}}
                    Owner: {type: object, properties: {name: {type: string}}}
                """,
            "paths/pets.yaml": """
            get:
              operationId: listPets
              responses: {'200': {description: OK}}
            """,
        ])
        let result = try #require(directory.load())
        #expect(
            directory.relative(result.warnings) == [
                "api.yaml:10:34: warning: reference '#components/schemas/Owner' is read as "
                    + "'#/components/schemas/Owner'; a JSON pointer starts with '/'",
                "api.yaml:5:11: warning: reference 'paths/pets.yaml#/' is read as the whole of what "
                    + "'paths/pets.yaml' names",
            ])
        #expect(result.document.schema("Pet")?.property("owner")?.referencedName == "Owner")
        #expect(result.document.operations.map(\.operationID) == ["listPets"])
    }

    /// A key's `/` written as is, or as `%2F`, rather than `~1`, is found by joining the
    /// tokens around it, with a warning; the key itself must exist.
    @Test func aKeysSlashWrittenAsIsIsReadAsMeant() throws {
        let result = try #require(
            load(
                Self.header + """
                    paths: {}
                    components:
                      schemas:
                        a/b: {type: string, format: uuid}
                        https://example.test/x: {type: integer}
                        Use:
                          type: object
                          properties:
                            encoded: {$ref: '#/components/schemas/a%2Fb'}
                            raw: {$ref: '#/components/schemas/https://example.test/x'}
                    """))
        #expect(
            result.warnings.map(\.message) == [
                "reference '#/components/schemas/a%2Fb' is read as '#/components/schemas/a~1b'; "
                    + "a '/' in a key is written '~1'",
                "reference '#/components/schemas/https://example.test/x' is read as "
                    + "'#/components/schemas/https:~1~1example.test~1x'; a '/' in a key is written '~1'",
            ])
        let use = try #require(result.document.schema("Use"))
        let encoded = try #require(use.property("encoded")?.referencedName)
        #expect(result.document.schema(encoded)?.format == "uuid")
        let raw = try #require(use.property("raw")?.referencedName)
        #expect(result.document.schema(raw)?.types == ["integer"])
        #expect(
            loadFailure(Self.header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/components/schemas/x/y'}\n")
                .map(\.message) == ["reference '#/components/schemas/x/y' points to nothing in the document"])
    }

    /// Swagger 1.2 named a model by its bare name (`$ref: Pet`), and Swagger 2.0 tools still
    /// read it so: it is the named schema, with a warning, unless a file has that name.
    @Test func aBareNameIsTheSchemaOfThatNameUnlessAFileIs() throws {
        let directory = try SpecDirectory([
            "api.yaml": """
            swagger: '2.0'
            info: {title: T, version: '1'}
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    200: {description: OK, schema: {$ref: Pet}}
            definitions:
              Pet:
                type: object
                properties: {owner: {$ref: Owner}}
              Owner: {type: object, properties: {name: {type: string}}}
            """,
            "Owner": """
            type: object
            properties: {id: {type: integer}}
            """,
        ])
        let result = try #require(directory.load())
        #expect(
            directory.relative(result.warnings) == [
                "api.yaml:8:47: warning: reference 'Pet' is read as '#/definitions/Pet', the schema of that name"
            ])
        let pet = try #require(result.document.operations.first?.responses.first?.content.first?.schema)
        #expect(pet.referencedName == "Pet")
        let owner = try #require(result.document.schema("Pet")?.property("owner")?.referencedName)
        #expect(result.document.schema(owner)?.property("id")?.types == ["integer"])
    }

    /// Hostile: a bare name with a NUL character never reaches the file system as a path; it
    /// is refused as any reference naming such a file is.
    @Test func aBareNameWithANulCharacterIsRefused() throws {
        let diagnostics = loadFailure(
            """
            swagger: '2.0'
            info: {title: T, version: '1'}
            paths: {}
            definitions:
              "A\\0": {type: string}
              B:
                type: object
                properties:
                  a: {$ref: "A\\0"}
            """)
        #expect(diagnostics.map(\.message) == [#"reference 'A\0' names a file whose path contains a NUL character"#])
    }

    /// Every anchor reference of a file is answered from one walk of it: thousands of
    /// references to thousands of anchors load (a walk per reference would take minutes).
    @Test func manyAnchorsAndReferencesToThemLoad() throws {
        let count = 3_000
        var text = Self.header + "paths: {}\ncomponents:\n  schemas:\n"
        for index in 0..<count {
            text +=
                "    S\(index): {$anchor: a\(index), type: object, properties: {next: {$ref: '#a\((index + 1) % count)'}}}\n"
        }
        let result = try #require(load(text))
        #expect(result.document.schemas.count == count)
        #expect(result.document.schema("S0")?.property("next")?.referencedName == "S1")
        #expect(result.document.schema("S\(count - 1)")?.property("next")?.referencedName == "S0")
    }

    /// Hostile: every schema declares the same anchor and refers to it, and every schema holds
    /// a resource with an `$id` and a pointer to its `$defs`. Each reference finds its own by a
    /// binary search: looking through all the others for each would be quadratic (about
    /// 10^9 comparisons here).
    @Test func thousandsOfSchemasReusingOneAnchorAndEmbeddingResourcesLoad() throws {
        let count = 20_000
        var text = Self.header + "paths: {}\ncomponents:\n  schemas:\n"
        for index in 0..<count {
            text += "    S\(index):\n"
            text += "      $defs: {key: {$anchor: key, type: integer, format: int\(index % 2 == 0 ? 32 : 64)}}\n"
            text += "      type: object\n"
            text += "      properties:\n"
            text += "        key: {$ref: '#key'}\n"
            text += "        box: {$id: box\(index).json, type: object, properties: {v: {$ref: '#/$defs/v'}}, "
            text += "$defs: {v: {type: string}}}\n"
        }
        let result = try #require(load(text))
        let document = result.document
        for index in [0, 1, count - 1] {
            let schema = try #require(document.schema("S\(index)"))
            let key = try #require(schema.property("key")?.referencedName)
            #expect(document.schema(key)?.format == (index % 2 == 0 ? "int32" : "int64"))
            #expect(schema.property("box")?.property("v")?.types == ["string"])
        }
    }
}
