import MusubiReader
import Testing

@testable import MusubiDocument

/// JSON Schema keywords of OpenAPI 3.1 (`$defs`, `const`, `examples`, keywords beside `$ref`)
/// and the leniencies around them.
@Suite struct SchemaKeywordTests {
    static func spec(_ schemas: String) -> String {
        "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n" + schemas
    }

    @Test func definitionsInsideAComponentAreNamedSchemas() throws {
        let result = try #require(
            load(
                Self.spec(
                    """
                        Node:
                          type: object
                          properties:
                            kind: {$ref: '#/components/schemas/Node/$defs/Kind'}
                            child: {$ref: '#/components/schemas/Node/$defs/Child'}
                          $defs:
                            Kind: {type: string, enum: [a, b]}
                            Child:
                              type: object
                              properties:
                                parent: {$ref: '#/components/schemas/Node'}
                                sibling: {$ref: '#/components/schemas/Node/$defs/Child'}
                        Kind: {type: integer}
                    """)))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let document = result.document
        // `Kind` is taken by a component, so the definition is `Kind2`.
        #expect(document.schemas.map(\.name) == ["Node", "Kind", "Kind2", "Child"])
        let node = try #require(document.schema("Node"))
        #expect(node.property("kind")?.referencedName == "Kind2")
        #expect(node.property("child")?.referencedName == "Child")
        // A definition that refers to itself is named, so it terminates.
        #expect(document.schema("Child")?.property("sibling")?.referencedName == "Child")
        #expect(document.schema("Kind2")?.enumValues?.count == 2)
    }

    @Test func rootDefsPointerMeansTheEnclosingSchema() throws {
        let result = try #require(
            load(
                Self.spec(
                    """
                        Pasted:
                          type: object
                          properties:
                            size: {$ref: '#/$defs/Size'}
                          $defs:
                            Size: {type: integer, minimum: 0}
                    """)))
        #expect(result.document.schema("Pasted")?.property("size")?.referencedName == "Size")
        #expect(result.document.schema("Size")?.types == ["integer"])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:9:22: warning: reference '#/$defs/Size' points to nothing at the root of the document; "
                    + "read as '#/components/schemas/Pasted/$defs/Size', within the schema that contains it"
            ])
    }

    @Test func unknownDefsPointerIsStillAnError() throws {
        let diagnostics = loadFailure(Self.spec("    A: {type: object, properties: {b: {$ref: '#/$defs/B'}}}\n"))
        #expect(
            diagnostics.map(\.description) == [
                "spec.yaml:6:46: error: reference '#/$defs/B' points to nothing in the document"
            ])
    }

    @Test func constAndExamples() throws {
        let result = try #require(
            load(
                Self.spec(
                    """
                        Version: {const: 2, examples: [2]}
                        Old: {type: string, example: abc}
                        Both: {type: string, examples: [x, y], example: z}
                        Wrong: {type: string, examples: {first: {value: a}}}
                    """)))
        let document = result.document
        #expect(document.schema("Version")?.constValue?.int == 2)
        #expect(document.schema("Version")?.examples.compactMap(\.int) == [2])
        #expect(document.schema("Old")?.examples.compactMap(\.string) == ["abc"])
        #expect(document.schema("Both")?.examples.compactMap(\.string) == ["x", "y", "z"])
        #expect(document.schema("Wrong")?.examples.isEmpty == true)
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:9:37: warning: 'examples' of a schema should be a list of values; it is ignored"
            ])
    }

    @Test func keywordsBesideAReferenceAreKept() throws {
        let document = try #require(
            load(
                Self.spec(
                    """
                        Pet: {type: object}
                        Owner:
                          type: object
                          properties:
                            pet:
                              $ref: '#/components/schemas/Pet'
                              title: Their pet
                              description: The pet they own
                              default: {}
                              examples: [{}]
                              readOnly: true
                              deprecated: true
                            old: {$ref: '#/components/schemas/Pet', x-nullable: true, writeOnly: true}
                    """))?.document)
        let owner = try #require(document.schema("Owner"))
        let pet = try #require(owner.property("pet"))
        #expect(pet.referencedName == "Pet")
        #expect(pet.title == "Their pet")
        #expect(pet.description == "The pet they own")
        #expect(pet.defaultValue == .object([]))
        #expect(pet.examples.count == 1)
        #expect(pet.readOnly && pet.deprecated && !pet.writeOnly && !pet.nullable)
        let old = try #require(owner.property("old"))
        #expect(old.nullable && old.writeOnly)
    }

    @Test func duplicateEnumValuesWarnAndAreDropped() throws {
        let result = try #require(
            load(
                Self.spec(
                    """
                        Color: {type: string, enum: [red, green, red, 'red', null, null]}
                        Mixed: {enum: [1, '1', true, 'true', 1.0, 1]}
                    """)))
        // `null` is taken out of the values and makes the schema nullable (see NullabilityTests).
        let color = try #require(result.document.schema("Color"))
        #expect(color.enumValues?.map(\.value) == [.string("red"), .string("green")])
        #expect(color.nullable)
        #expect(
            result.document.schema("Mixed")?.enumValues?.compactMap(\.scalarText) == ["1", "1", "true", "true", "1.0"])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:46: warning: duplicate enum value 'red' is ignored",
                "spec.yaml:6:51: warning: duplicate enum value 'red' is ignored",
                "spec.yaml:6:64: warning: duplicate enum value 'null' is ignored",
                "spec.yaml:7:47: warning: duplicate enum value '1' is ignored",
            ])
    }

    @Test func tupleItemsAreReadAsAnyOf() throws {
        let result = try #require(
            load(
                Self.spec(
                    """
                        One: {type: array, items: [{type: string}]}
                        Two: {type: array, items: [{type: string}, {type: integer}]}
                    """)))
        #expect(result.document.schema("One")?.items?.types == ["string"])
        #expect(result.document.schema("Two")?.items?.anyOf.map(\.types) == [["string"], ["integer"]])
        #expect(result.warnings.count == 2)
        #expect(
            result.warnings.first?.description == "spec.yaml:6:31: warning: 'items' should be a schema, found a list; "
                + "read as an array of any of the listed schemas")
    }

    @Test func swaggerDiscriminatorIn3xWarns() throws {
        let result = try #require(
            load(
                Self.spec(
                    """
                        Pet: {type: object, discriminator: kind, properties: {kind: {type: string}}}
                    """)))
        #expect(result.document.schema("Pet")?.discriminator?.propertyName == "kind")
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:40: warning: a discriminator should be an object with 'propertyName'; read as the property name"
            ])
    }
}

/// `$dynamicRef` (OpenAPI 3.1's JSON Schema 2020-12) and `$recursiveRef` (2019-09), which 3.1
/// specs use for recursive trees, read as the references they amount to.
@Suite struct DynamicReferenceTests {
    @Test func aDynamicReferenceToTheEnclosingAnchorIsTheNamedSchema() throws {
        let result = try #require(
            load(
                SchemaKeywordTests.spec(
                    """
                        Tree:
                          $dynamicAnchor: node
                          type: object
                          properties:
                            name: {type: string}
                            children: {type: array, items: {$dynamicRef: '#node'}}
                    """)))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let tree = try #require(result.document.schema("Tree"))
        #expect(tree.property("children")?.items?.referencedName == "Tree")
    }

    @Test func anAnchorInsideADefinitionIsThatDefinition() throws {
        let result = try #require(
            load(
                SchemaKeywordTests.spec(
                    """
                        Menu:
                          type: object
                          properties:
                            root: {$ref: '#/components/schemas/Menu/$defs/Item'}
                          $defs:
                            Item:
                              $dynamicAnchor: item
                              type: object
                              properties:
                                submenu: {type: array, items: {$dynamicRef: '#item'}}
                    """)))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.document.schema("Menu")?.property("root")?.referencedName == "Item")
        #expect(result.document.schema("Item")?.property("submenu")?.items?.referencedName == "Item")
    }

    @Test func aRecursiveReferenceIsTheEnclosingSchema() throws {
        let result = try #require(
            load(
                SchemaKeywordTests.spec(
                    """
                        Comment:
                          $recursiveAnchor: true
                          type: object
                          properties:
                            replies: {type: array, items: {$recursiveRef: '#'}}
                    """)))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.document.schema("Comment")?.property("replies")?.items?.referencedName == "Comment")
    }

    @Test func aDynamicReferenceWithAPointerIsAReference() throws {
        let result = try #require(
            load(
                SchemaKeywordTests.spec(
                    """
                        Leaf: {type: string}
                        Branch:
                          type: object
                          properties:
                            leaf: {$dynamicRef: '#/components/schemas/Leaf'}
                    """)))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.document.schema("Branch")?.property("leaf")?.referencedName == "Leaf")
    }

    @Test func aDynamicReferenceToNoAnchorIsALocatedWarning() throws {
        let result = try #require(
            load(
                SchemaKeywordTests.spec(
                    """
                        Lost:
                          type: object
                          properties:
                            next: {$dynamicRef: '#nowhere'}
                    """)))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:9:29: warning: '$dynamicRef: #nowhere' names no anchor in the schemas around it; "
                    + "it is generated as a free-form value"
            ])
        let next = try #require(result.document.schema("Lost")?.property("next"))
        #expect(next.referencedName == nil && next.types.isEmpty)
    }
}
