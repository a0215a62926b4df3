import Testing

@testable import MusubiClientModel

/// The passes as functions: declarations in, declarations out, with no spec and no builder.
@Suite struct TypePassTests {
    private static func structure(_ name: String, _ properties: [(String, SwiftType)]) -> TypeDeclaration {
        TypeDeclaration(
            name: name, fileName: "Models/\(name).swift", docLines: [],
            definition: .structure(
                TypeDeclaration.Structure(
                    properties: properties.map { name, type in
                        TypeDeclaration.Property(
                            name: name, type: type, coding: .key(name), isRequired: true, docLines: [])
                    })))
    }

    private static func oneOf(_ name: String, _ alternatives: [(String, SwiftType)]) -> TypeDeclaration {
        TypeDeclaration(
            name: name, fileName: "Models/\(name).swift", docLines: [],
            definition: .oneOf(
                TypeDeclaration.OneOf(
                    alternatives: alternatives.map { TypeDeclaration.Alternative(name: $0, type: $1, docLines: []) },
                    tag: nil, isParameterValue: false)))
    }

    private static func alias(_ name: String, _ target: SwiftType) -> TypeDeclaration {
        TypeDeclaration(name: name, fileName: "Models/\(name).swift", docLines: [], definition: .alias(target))
    }

    private static func declaration(_ name: String, in types: [TypeDeclaration]) throws -> TypeDeclaration {
        try #require(types.first { $0.name == name })
    }

    @Test func recursionBoxesCompositionsHeldByValueThroughAliases() throws {
        let types = [
            Self.oneOf(
                "Shape",
                [("circle", .named("Circle")), ("group", .named("Group")), ("tagged", .optional(.named("Tagged")))]),
            Self.structure("Circle", [("radius", .named("Double"))]),
            Self.oneOf("Group", [("shapes", .array(.named("Shape"))), ("shape", .named("Shape"))]),
            Self.alias("Tagged", .named("Shape")),
        ]
        let result = RecursionPass().apply(to: types)
        #expect(result.map(\.name) == types.map(\.name))
        guard case .oneOf(let shape) = try Self.declaration("Shape", in: result).definition,
            case .oneOf(let group) = try Self.declaration("Group", in: result).definition
        else {
            Issue.record("the kinds changed")
            return
        }
        // A struct is one reference, a `oneOf` through an alias is held by value.
        #expect(shape.alternatives.map(\.isBoxed) == [false, true, true])
        // An array stores its elements out of line.
        #expect(group.alternatives.map(\.isBoxed) == [false, true])
        #expect(try Self.declaration("Circle", in: result) == types[1])
    }

    @Test func identicalTypesMergeIntoTheShortestNameUnlessNamed() throws {
        let types = [
            Self.structure("PetOwner", [("name", .named("String"))]),
            Self.structure("Owner", [("name", .named("String"))]),
            Self.structure("PetKeeper", [("name", .named("String"))]),
            Self.structure("Pet", [("owner", .named("PetOwner"))]),
            Self.structure("Animal", [("owner", .named("PetKeeper"))]),
        ]
        // Nothing named: every copy becomes an alias of the shortest name, and the types that
        // used the copies are merged in the next round.
        let merged = IdenticalTypesPass(conceptTypeNames: []).apply(to: types)
        #expect(try Self.declaration("PetOwner", in: merged).aliasedType == .named("Owner"))
        #expect(try Self.declaration("PetKeeper", in: merged).aliasedType == .named("Owner"))
        #expect(try Self.declaration("Owner", in: merged) == types[1])
        #expect(try Self.declaration("Animal", in: merged).aliasedType == .named("Pet"))
        #expect(try Self.declaration("Pet", in: merged) == types[3])
        // A named type is the one kept, and keeps its own declaration however alike it is.
        let named = IdenticalTypesPass(conceptTypeNames: ["PetKeeper", "Animal"]).apply(to: types)
        #expect(try Self.declaration("PetKeeper", in: named) == types[2])
        #expect(try Self.declaration("Owner", in: named).aliasedType == .named("PetKeeper"))
        #expect(try Self.declaration("PetOwner", in: named).aliasedType == .named("PetKeeper"))
        #expect(try Self.declaration("Animal", in: named) == types[4])
        #expect(try Self.declaration("Pet", in: named).aliasedType == .named("Animal"))
        let bothNamed = IdenticalTypesPass(conceptTypeNames: ["PetOwner", "Owner", "PetKeeper"]).apply(to: types)
        #expect(bothNamed.prefix(3) == types.prefix(3))
    }

    /// A struct whose first property, `home`, is a link, which a storage class keeps as text.
    private static func withLink(_ name: String, _ others: [(String, SwiftType)]) -> TypeDeclaration {
        Self.structure(name, [("home", .optional(.named("URL")))] + others)
    }

    @Test func structsStoreTheirValuesInlineUnlessOnACycleOrLarge() throws {
        let limit = InlineValuesPass.valueLimit
        var threeState = Self.structure("Patch", [("note", .optional(.named("String")))])
        if case .structure(var structure) = threeState.definition {
            structure.properties[0].nullability = .optional(companion: "nullableNote")
            threeState.definition = .structure(structure)
        }
        let types = [
            Self.structure("Point", [("x", .named("Double")), ("y", .named("Double"))]),
            Self.structure("Wide", (1...limit).map { ("p\($0)", SwiftType.named("Int")) }),
            Self.structure("Wider", (0...limit).map { ("p\($0)", SwiftType.named("Int")) }),
            // Two points by value: four values.
            Self.structure("Line", [("from", .named("Point")), ("to", .optional(.named("Point")))]),
            // A `oneOf` holds its largest alternative: `limit` values, and a point more is too many.
            Self.oneOf("Either", [("point", .named("Point")), ("wide", .named("Wide"))]),
            Self.structure("Pick", [("choice", .named("Either"))]),
            Self.structure("PickAndPoint", [("choice", .named("Either")), ("point", .named("Point"))]),
            // A struct too large to be inline is one reference, one value of those holding it.
            Self.structure("HoldsWider", [("wider", .named("Wider")), ("point", .named("Point"))]),
            // Holds itself, through an alias and an optional.
            Self.structure("Node", [("parent", .optional(.named("ParentNode")))]),
            Self.alias("ParentNode", .named("Node")),
            // Holds itself inside a generic wrapper, by value, or in a box.
            Self.structure("Account", [("parent", .optional(.generic("OrEmpty", [.named("Account")])))]),
            Self.structure("Boxed", [("next", .optional(.generic("Indirect", [.named("Boxed")])))]),
            // Holds itself through an array: the elements are out of line.
            Self.structure("Tree", [("children", .array(.named("Tree")))]),
            // A cycle of two structs and a `oneOf`: all of its structs keep their storage.
            Self.structure("Issue", [("event", .named("Event"))]),
            Self.oneOf("Event", [("comment", .named("Comment")), ("text", .named("String"))]),
            Self.structure("Comment", [("issue", .optional(.named("Issue")))]),
            // A struct with a link keeps its text in a storage class; a cycle through it is one
            // reference long already.
            Self.structure("Folder", [("owner", .named("Owner"))]),
            Self.withLink("Owner", [("folder", .named("Folder"))]),
            // A value kept in three states is stored in its companion.
            threeState,
        ]
        let result = InlineValuesPass().apply(to: types)
        func isInline(_ name: String) throws -> Bool {
            guard case .structure(let structure) = try Self.declaration(name, in: result).definition else {
                return false
            }
            return structure.storesValuesInline
        }
        #expect(try isInline("Point"))
        #expect(try isInline("Wide"))
        #expect(try !isInline("Wider"))
        #expect(try isInline("Line"))
        #expect(try isInline("Pick"))
        #expect(try !isInline("PickAndPoint"))
        #expect(try isInline("HoldsWider"))
        #expect(try !isInline("Node"))
        #expect(try !isInline("Account"))
        #expect(try isInline("Boxed"))
        #expect(try isInline("Tree"))
        #expect(try !isInline("Issue"))
        #expect(try !isInline("Comment"))
        #expect(try isInline("Folder"))
        #expect(try !isInline("Owner"))
        #expect(try isInline("Patch"))
    }

    @Test func cyclesAreFoundInLinearTimeWithoutRecursion() {
        // A chain of 200 000 nodes whose last leads back to the first, and a second chain that
        // leads into the first without being on a cycle.
        let count = 200_000
        let graph = TypeGraph(nodeCount: 2 * count) { node in
            node < count ? [(node + 1) % count] : [node + 1 < 2 * count ? node + 1 : 0]
        }
        let onCycles = graph.nodesOnCycles()
        #expect(onCycles.count == count)
        #expect(onCycles.allSatisfy { $0 < count })

        let loops = TypeGraph(nodeCount: 4) { node in
            switch node {
            case 0: [0]  // itself
            case 1: [2, 7, -1]  // an edge out of range is ignored
            case 2: [1]
            default: [1]
            }
        }
        #expect(loops.nodesOnCycles() == [0, 1, 2])
    }

    @Test func passesRunInOrderOnWhatTheLastReturned() throws {
        let types = [
            Self.oneOf("Outer", [("inner", .named("Inner")), ("text", .named("String"))]),
            Self.oneOf("Inner", [("number", .named("Int")), ("text", .named("String"))]),
            Self.structure("Box", [("outer", .named("Outer"))]),
        ]
        let passes: [TypePass] = [RecursionPass(), IdenticalTypesPass(conceptTypeNames: []), InlineValuesPass()]
        let result = passes.apply(to: types)
        let stepByStep = InlineValuesPass().apply(
            to: IdenticalTypesPass(conceptTypeNames: []).apply(to: RecursionPass().apply(to: types)))
        #expect(result == stepByStep)
        guard case .oneOf(let outer) = try Self.declaration("Outer", in: result).definition else {
            Issue.record("Outer is no longer a oneOf")
            return
        }
        #expect(outer.alternatives.map(\.isBoxed) == [true, false])
    }
}
