import Testing

@testable import MusubiClientModel

/// Declarations that would generate the same code under different names become aliases of one.
@Suite struct IdenticalTypesTests {
    static let spec = specWithSchemas(
        """
            simple-user:
              type: object
              required: [login]
              properties:
                login: {type: string, description: The handle.}
            nullable-simple-user:
              description: A user, or null.
              type: object
              nullable: true
              required: [login]
              properties:
                login: {type: string, description: The handle.}
            repository:
              type: object
              properties:
                owner: {allOf: [{$ref: '#/components/schemas/simple-user'}], nullable: true}
            nullable-repository:
              type: object
              nullable: true
              properties:
                owner: {$ref: '#/components/schemas/nullable-simple-user'}
            Node:
              type: object
              properties:
                next: {allOf: [{$ref: '#/components/schemas/Node'}], nullable: true}
            NullableNode:
              type: object
              nullable: true
              properties:
                next: {$ref: '#/components/schemas/NullableNode'}
            Account:
              type: object
              required: [id]
              properties:
                id: {type: integer}
            Pet:
              type: object
              required: [id]
              properties:
                id: {type: integer}
            Order:
              type: object
              properties:
                status: {type: string, enum: [open, closed], description: Where the order stands.}
                customer:
                  type: object
                  properties:
                    name: {type: string, description: Who ordered.}
            Invoice:
              type: object
              properties:
                status: {type: string, enum: [open, closed], description: Where the invoice stands.}
                customer:
                  type: object
                  properties:
                    name: {type: string, description: Who pays.}
        """)

    @Test func nullableCopiesBecomeAliases() throws {
        let result = try #require(build(Self.spec))
        let nullable = try #require(result.model.model("NullableSimpleUser"))
        #expect(nullable.kind == .typealias)
        #expect(nullable.aliasedType == "SimpleUser")
        // The alias keeps its own doc comment.
        #expect(nullable.docLines == ["/// A user, or null."])
        #expect(try #require(result.model.model("SimpleUser")).kind == .struct)
    }

    /// `NullableRepository` mentions `NullableSimpleUser`, which became an alias of `SimpleUser`,
    /// so it is the same as `Repository` in the next round. (Both owners may be null, so both
    /// are kept in three states; an owner that may not be null would be another type.)
    @Test func aliasesMakeTheirUsersEqual() throws {
        let result = try #require(build(Self.spec))
        let repository = try #require(result.model.model("NullableRepository"))
        #expect(repository.kind == .typealias)
        #expect(repository.aliasedType == "Repository")
    }

    /// A type that mentions itself is the same as another that mentions itself the same way.
    @Test func selfReferencesCompareAsTheSame() throws {
        let result = try #require(build(Self.spec))
        let node = try #require(result.model.model("NullableNode"))
        #expect(node.kind == .typealias && node.aliasedType == "Node")
    }

    /// Types named after where they were met merge when only their own doc comments differ
    /// (inline schemas the same in every word already share one type); the shortest name is
    /// kept.
    @Test func inlineCopiesBecomeAliases() throws {
        let result = try #require(build(Self.spec))
        let status = try #require(result.model.model("InvoiceStatus"))
        #expect(status.kind == .typealias && status.aliasedType == "OrderStatus")
        #expect(status.docLines == ["/// Where the invoice stands."])
        #expect(try #require(result.model.model("OrderStatus")).kind == .enum)
    }

    @Test func differencesKeepTypesApart() throws {
        let result = try #require(build(Self.spec))
        // Named schemas are concepts of their own, however alike.
        for name in ["Account", "Pet"] {
            #expect(try #require(result.model.model(name)).kind == .struct)
        }
        // A property documented differently keeps its own type, so every doc comment is true.
        for name in ["OrderCustomer", "InvoiceCustomer"] {
            #expect(try #require(result.model.model(name)).kind == .struct)
        }
    }

    /// Declarations are compared by what is decided about them, not by their laid-out code: a
    /// long alias name that wraps a decoding line in one copy no longer keeps the copies apart
    /// once the alias is read as its target. (Comparing the laid-out text did, and left OpenAI's
    /// `StaticChunkingStrategy2` a copy of `StaticChunkingStrategyRequestParam`.)
    @Test func aLongAliasNameDoesNotKeepCopiesApart() throws {
        let spec = specWithSchemas(
            """
                Strategy:
                  type: object
                  properties:
                    size: {type: integer}
                nullable-strategy-with-a-name-long-enough-to-wrap-the-line-that-decodes-it:
                  type: object
                  nullable: true
                  properties:
                    size: {type: integer}
                Param:
                  type: object
                  properties:
                    inner: {allOf: [{$ref: '#/components/schemas/Strategy'}], nullable: true}
                NullableParam:
                  type: object
                  nullable: true
                  properties:
                    inner: {$ref: '#/components/schemas/nullable-strategy-with-a-name-long-enough-to-wrap-the-line-that-decodes-it'}
            """)
        let result = try #require(build(spec))
        let long = try #require(
            result.model.model("NullableStrategyWithANameLongEnoughToWrapTheLineThatDecodesIt"))
        #expect(long.aliasedType == "Strategy")
        let param = try #require(result.model.model("NullableParam"))
        #expect(param.kind == .typealias && param.aliasedType == "Param")
    }

    /// A declaration of `Pet` with one property, changed as given.
    private static func pet(_ change: (inout TypeDeclaration.Property) -> Void = { _ in }) -> TypeDeclaration {
        var property = TypeDeclaration.Property(
            name: "owner", type: .optional(.named("Person")), coding: .key("owner"), isRequired: false, docLines: [])
        change(&property)
        return TypeDeclaration(
            name: "Pet", fileName: "Models/Pet.swift", docLines: [],
            definition: .structure(TypeDeclaration.Structure(properties: [property])))
    }

    private static func identity(
        _ declaration: TypeDeclaration, renaming: [String: String] = [:]
    ) -> TypeDeclaration.Definition {
        IdenticalTypesPass.identity(of: declaration, renaming: renaming).key
    }

    @Test func everyDecisionOfADefinitionKeepsDeclarationsApart() {
        let plain = Self.identity(Self.pet())
        // The same definition under another name and doc comment is the same type.
        var renamed = Self.pet()
        renamed.name = "Animal"
        renamed.docLines = ["/// An animal."]
        renamed.fileName = "Models/Animal.swift"
        #expect(Self.identity(renamed) == plain)
        // One decision apart, however small, is another type.
        let changes: [(inout TypeDeclaration.Property) -> Void] = [
            { $0.isReadOnly = true }, { $0.nullability = .required },
            { $0.nullability = .optional(companion: "nullableOwner") }, { $0.isDeprecated = true },
            { $0.isRequired = true }, { $0.coding = .key("owner_id") }, { $0.coding = .wholeObject },
            { $0.docLines = ["/// Who feeds it."] }, { $0.name = "keeper" }, { $0.type = .named("Person") },
        ]
        for change in changes {
            #expect(Self.identity(Self.pet(change)) != plain)
        }
    }

    @Test func identityReadsAliasesAsTargetsAndTheOwnNameAsAMark() {
        let plain = Self.identity(Self.pet())
        let throughAlias = Self.pet { $0.type = .optional(.named("NullablePerson")) }
        #expect(Self.identity(throughAlias, renaming: ["NullablePerson": "Person"]) == plain)
        #expect(Self.identity(throughAlias) != plain)
        // `Pet.children: [Pet]` and `Animal.children: [Animal]` are the same shape.
        let pets = Self.pet { $0.type = .array(.named("Pet")) }
        var animals = Self.pet { $0.type = .array(.named("Animal")) }
        animals.name = "Animal"
        #expect(Self.identity(pets) == Self.identity(animals))
        #expect(IdenticalTypesPass.identity(of: pets, renaming: [:]).mentioned == ["Pet"])
    }
}
