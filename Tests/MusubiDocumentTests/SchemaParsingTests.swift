import MusubiReader
import Testing

@testable import MusubiDocument

@Suite struct SchemaParsingTests {
    /// Loads a document whose `components/schemas` is `schemas` (each line indented by 4).
    func schemas(_ schemas: String, version: String = "3.1.0") -> DocumentLoader.Result? {
        load(
            """
            openapi: \(version)
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
            \(schemas)
            """)
    }

    @Test func typeArraysWithNull() throws {
        let result = try #require(
            schemas(
                """
                    A: {type: [string, 'null']}
                    B: {type: ['null', integer, integer]}
                    C: {type: 'null'}
                    D: {type: [string, number]}
                    E: {type: string}
                """))
        let document = result.document
        #expect(document.schema("A")?.types == ["string"])
        #expect(document.schema("A")?.nullable == true)
        #expect(document.schema("A")?.singleType == "string")
        #expect(document.schema("B")?.types == ["integer"])
        #expect(document.schema("B")?.nullable == true)
        #expect(document.schema("C")?.types == [])
        #expect(document.schema("C")?.nullable == true)
        #expect(document.schema("D")?.types == ["string", "number"])
        #expect(document.schema("D")?.nullable == false)
        #expect(document.schema("D")?.singleType == nil)
        #expect(document.schema("E")?.nullable == false)
        #expect(result.warnings == [])
    }

    @Test func nullableKeyword() throws {
        let result = try #require(
            schemas(
                """
                    A: {type: string, nullable: true}
                    B: {type: string, nullable: false}
                    Ref:
                      nullable: true
                      description: Beside a reference
                      $ref: '#/components/schemas/B'
                """, version: "3.0.3"))
        #expect(result.document.schema("A")?.nullable == true)
        #expect(result.document.schema("B")?.nullable == false)
        let ref = try #require(result.document.schema("Ref"))
        #expect(ref.referencedName == "B")
        #expect(ref.nullable == true)
        #expect(ref.description == "Beside a reference")
    }

    @Test func badTypeWarns() throws {
        let result = try #require(schemas("    A: {type: 3}"))
        #expect(result.document.schema("A")?.types == [])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:15: warning: 'type' should be a string or a list of strings"
            ])
    }

    @Test func enums() throws {
        let result = try #require(
            schemas(
                """
                    Status: {type: string, enum: [available, 'pending', sold, null]}
                    Code: {type: integer, enum: [1, 2, 3]}
                    Bad: {enum: available}
                """))
        let status = try #require(result.document.schema("Status")?.enumValues)
        #expect(status.map(\.string) == ["available", "pending", "sold"])
        #expect(result.document.schema("Status")?.nullable == true)
        #expect(status[1].location == at(6, 46))
        #expect(result.document.schema("Code")?.enumValues?.map(\.int) == [1, 2, 3])
        #expect(result.document.schema("Bad")?.enumValues == nil)
        #expect(result.warnings.map(\.description) == ["spec.yaml:8:17: warning: 'enum' should be a list"])
    }

    /// Integer enum values quoted by the tool that wrote the spec (Bungie's) are the numbers
    /// they spell, with one warning for the whole spec; `x-enum-values` names them. A string
    /// that spells no integer keeps the enum as written.
    @Test func quotedIntegerEnumValuesAreNumbers() throws {
        let result = try #require(
            schemas(
                """
                    Class:
                      type: integer
                      enum: ['0', '1']
                      x-enum-values: [{identifier: Titan, numericValue: '0'}, {identifier: Hunter, numericValue: '1'}]
                    Race: {type: integer, enum: ['0', '2']}
                    Odd: {type: integer, enum: ['0', 'x']}
                """))
        let document = result.document
        #expect(document.schema("Class")?.enumValues?.map(\.int) == [0, 1])
        #expect(document.schema("Class")?.enumVariableNames == ["Titan", "Hunter"])
        #expect(document.schema("Race")?.enumValues?.map(\.int) == [0, 2])
        #expect(document.schema("Odd")?.enumValues?.map(\.string) == ["0", "x"])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:8:13: warning: integer enum values are written as strings; they are read as the numbers they spell"
            ])
    }

    @Test func additionalProperties() throws {
        let result = try #require(
            schemas(
                """
                    Open: {type: object, additionalProperties: true}
                    Closed: {type: object, additionalProperties: false}
                    Map: {type: object, additionalProperties: {type: integer}}
                    Refs: {additionalProperties: {$ref: '#/components/schemas/Open'}}
                    Empty: {additionalProperties: {}}
                    Unset: {type: object}
                """))
        let document = result.document
        guard case .allowed(true) = document.schema("Open")?.additionalProperties else {
            Issue.record("Open: \(String(describing: document.schema("Open")?.additionalProperties))")
            return
        }
        guard case .allowed(false) = document.schema("Closed")?.additionalProperties else {
            Issue.record("Closed: \(String(describing: document.schema("Closed")?.additionalProperties))")
            return
        }
        guard case .schema(let map) = document.schema("Map")?.additionalProperties else {
            Issue.record("Map is not a schema")
            return
        }
        #expect(map.types == ["integer"])
        guard case .schema(let refs) = document.schema("Refs")?.additionalProperties else {
            Issue.record("Refs is not a schema")
            return
        }
        #expect(refs.referencedName == "Open")
        guard case .schema(let empty) = document.schema("Empty")?.additionalProperties else {
            Issue.record("Empty is not a schema")
            return
        }
        #expect(empty.types == [] && empty.properties.isEmpty && empty.nullable == false)
        #expect(document.schema("Unset")?.additionalProperties == nil)
    }

    @Test func compositions() throws {
        let result = try #require(
            schemas(
                """
                    Base: {type: object, properties: {id: {type: string}}}
                    Cat:
                      allOf:
                        - $ref: '#/components/schemas/Base'
                        - type: object
                          properties: {meows: {type: boolean}}
                    Pet:
                      oneOf:
                        - $ref: '#/components/schemas/Cat'
                        - {type: string}
                    Any:
                      anyOf: [{type: integer}, {type: 'null'}]
                    NotAList:
                      allOf: {$ref: '#/components/schemas/Base'}
                """))
        let document = result.document
        let cat = try #require(document.schema("Cat"))
        #expect(cat.allOf.map(\.referencedName) == ["Base", nil])
        #expect(cat.allOf[1].properties.map(\.name) == ["meows"])
        #expect(cat.oneOf.isEmpty && cat.anyOf.isEmpty)
        let pet = try #require(document.schema("Pet"))
        #expect(pet.oneOf.map(\.referencedName) == ["Cat", nil])
        #expect(pet.oneOf[1].types == ["string"])
        let any = try #require(document.schema("Any"))
        #expect(any.anyOf.map(\.types) == [["integer"], []])
        #expect(any.anyOf.map(\.nullable) == [false, true])
        #expect(document.schema("NotAList")?.allOf.isEmpty == true)
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:19:14: warning: 'allOf' should be a list of schemas"
            ])
    }

    @Test func discriminator() throws {
        let result = try #require(
            schemas(
                """
                    Pet:
                      oneOf:
                        - $ref: '#/components/schemas/Cat'
                        - $ref: '#/components/schemas/Dog'
                      discriminator:
                        propertyName: petType
                        mapping:
                          dog: '#/components/schemas/Dog'
                          cat: '#/components/schemas/Cat'
                    Cat: {type: object, properties: {petType: {type: string}}}
                    Dog: {type: object, properties: {petType: {type: string}}}
                    NoName:
                      oneOf: [{$ref: '#/components/schemas/Cat'}]
                      discriminator: {mapping: {cat: Cat}}
                """))
        let discriminator = try #require(result.document.schema("Pet")?.discriminator)
        #expect(discriminator.propertyName == "petType")
        #expect(discriminator.mapping.map(\.value) == ["dog", "cat"])
        #expect(discriminator.mapping.map(\.reference) == ["#/components/schemas/Dog", "#/components/schemas/Cat"])
        #expect(result.document.schema("Cat")?.discriminator == nil)
        #expect(result.document.schema("NoName")?.discriminator == nil)
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:19:22: warning: a discriminator needs a 'propertyName'"
            ])
    }

    @Test func booleanSchemas() throws {
        let result = try #require(
            schemas(
                """
                    Anything: true
                    Nothing: false
                    Holder:
                      type: object
                      properties:
                        free: true
                      items: false
                """))
        let document = result.document
        let anything = try #require(document.schema("Anything"))
        #expect(anything.types == [])
        #expect(anything.nullable == false)
        #expect(anything.location == at(6, 15))
        // `false` accepts no value at all. The closest a client can say is "only null", and
        // `null` never appears in `types` (it is `nullable`).
        let nothing = try #require(document.schema("Nothing"))
        #expect(nothing.types == [])
        #expect(nothing.nullable == true)
        let holder = try #require(document.schema("Holder"))
        #expect(holder.property("free")?.types == [])
        #expect(holder.items?.nullable == true)
        #expect(result.warnings == [])
    }

    @Test func nonMappingSchemaWarns() throws {
        let result = try #require(schemas("    A: {type: object, properties: {x: 12}}"))
        #expect(result.document.schema("A")?.property("x")?.types == [])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:39: warning: a schema should be a mapping, found a number"
            ])
    }

    @Test func recursiveComponentReferences() throws {
        let result = try #require(
            schemas(
                """
                    Node:
                      type: object
                      properties:
                        value: {type: string}
                        parent: {$ref: '#/components/schemas/Node'}
                        children:
                          type: array
                          items: {$ref: '#/components/schemas/Node'}
                    A:
                      properties:
                        b: {$ref: '#/components/schemas/B'}
                    B:
                      properties:
                        a: {$ref: '#/components/schemas/A'}
                """))
        let node = try #require(result.document.schema("Node"))
        #expect(node.property("parent")?.referencedName == "Node")
        #expect(node.property("children")?.items?.referencedName == "Node")
        #expect(node.property("children")?.items?.location == at(13, 25))
        #expect(result.document.schema("A")?.property("b")?.referencedName == "B")
        #expect(result.document.schema("B")?.property("a")?.referencedName == "A")
        #expect(result.warnings == [])
    }

    @Test func schemaFields() throws {
        let result = try #require(
            schemas(
                """
                    Pet:
                      title: A pet
                      description: |
                        Lives here.
                      type: object
                      required: [id, name]
                      properties:
                        id: {type: integer, format: int64, readOnly: true}
                        name: {type: string, default: Rex, deprecated: true}
                        secret: {type: string, writeOnly: true}
                        kind: {const: pet}
                      deprecated: true
                """))
        let pet = try #require(result.document.schema("Pet"))
        #expect(pet.title == "A pet")
        #expect(pet.description == "Lives here.\n")
        #expect(pet.required == ["id", "name"])
        #expect(pet.deprecated)
        #expect(pet.property("id")?.format == "int64")
        #expect(pet.property("id")?.readOnly == true)
        #expect(pet.property("name")?.defaultValue?.string == "Rex")
        #expect(pet.property("name")?.deprecated == true)
        #expect(pet.property("secret")?.writeOnly == true)
        #expect(pet.property("kind")?.constValue?.string == "pet")
        #expect(pet.property("kind")?.referencedName == nil)
    }

    @Test func requiredTrueOnASchemaWarns() throws {
        let result = try #require(
            schemas(
                """
                    Pet:
                      properties:
                        id: {type: string, required: true}
                """))
        #expect(result.document.schema("Pet")?.required == [])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:8:38: warning: 'required: true' on a schema is not OpenAPI; list required properties in the parent's 'required'"
            ])
    }

    @Test func requiredThatIsNoListWarns() throws {
        let result = try #require(schemas("    Pet: {type: object, required: 5, properties: {id: {type: string}}}"))
        #expect(result.document.schema("Pet")?.required == [])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:35: warning: 'required' should be a list of property names; every property is read as optional"
            ])
    }

    @Test func referenceSiblingsIn31() throws {
        let result = try #require(
            schemas(
                """
                    Base: {type: string}
                    Wrapper:
                      properties:
                        a:
                          $ref: '#/components/schemas/Base'
                          description: The a
                          readOnly: true
                          deprecated: true
                          writeOnly: false
                """))
        let a = try #require(result.document.schema("Wrapper")?.property("a"))
        #expect(a.referencedName == "Base")
        #expect(a.description == "The a")
        #expect(a.readOnly)
        #expect(a.deprecated)
        #expect(a.writeOnly == false)
        #expect(a.location == at(10, 17))
    }
}
