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

    @Test func inlineValuesAreForSmallStructsThatHoldNoCandidateByValue() throws {
        let small = Self.structure("Point", [("x", .named("Double")), ("y", .named("Double"))])
        let large = Self.structure("Wide", (1...5).map { ("p\($0)", SwiftType.named("Int")) })
        let holder = Self.structure("Line", [("from", .named("Point")), ("to", .optional(.named("Point")))])
        let listed = Self.structure("Path", [("points", .array(.named("Point")))])
        let choice = Self.oneOf("Either", [("point", .named("Point")), ("wide", .named("Wide"))])
        let chooser = Self.structure("Pick", [("choice", .named("Either"))])
        let result = InlineValuesPass().apply(to: [small, large, holder, listed, choice, chooser])
        func isInline(_ name: String) throws -> Bool {
            guard case .structure(let structure) = try Self.declaration(name, in: result).definition else {
                return false
            }
            return structure.storesValuesInline
        }
        #expect(try isInline("Point"))
        #expect(try !isInline("Wide"))
        #expect(try !isInline("Line"))
        #expect(try isInline("Path"))
        #expect(try !isInline("Pick"))
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
