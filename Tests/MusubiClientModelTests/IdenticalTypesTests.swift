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
                owner: {$ref: '#/components/schemas/simple-user'}
            nullable-repository:
              type: object
              properties:
                owner: {$ref: '#/components/schemas/nullable-simple-user'}
            Pet:
              type: object
              properties:
                Pet: {type: string}
            Dog:
              type: object
              properties:
                Dog: {type: string}
            Puppy:
              type: object
              properties:
                Pet: {type: string}
            Documented:
              type: object
              required: [login]
              properties:
                login: {type: string, description: Another handle.}
            Status:
              type: string
              enum: [active, inactive]
            Phase:
              type: string
              enum: [active, inactive]
            Node:
              type: object
              properties:
                next: {$ref: '#/components/schemas/Node'}
            Link:
              type: object
              properties:
                next: {$ref: '#/components/schemas/Link'}
        """)

    @Test func copiesBecomeAliasesOfTheShortestName() throws {
        let result = try #require(build(Self.spec))
        let nullable = try #require(result.model.model("NullableSimpleUser"))
        #expect(nullable.kind == .typealias)
        #expect(nullable.aliasedType == "SimpleUser")
        // The alias keeps its own doc comment.
        #expect(nullable.docLines == ["/// A user, or null."])
        #expect(try #require(result.model.model("SimpleUser")).kind == .struct)

        // Among names of one length, the first in alphabetical order.
        let status = try #require(result.model.model("Status"))
        #expect(status.kind == .typealias && status.aliasedType == "Phase")
    }

    /// `NullableRepository` mentions `NullableSimpleUser`, which became an alias of `SimpleUser`,
    /// so it is the same as `Repository` in the next round.
    @Test func aliasesMakeTheirUsersEqual() throws {
        let result = try #require(build(Self.spec))
        let repository = try #require(result.model.model("NullableRepository"))
        #expect(repository.kind == .typealias)
        #expect(repository.aliasedType == "Repository")
    }

    /// A type that mentions itself is the same as another that mentions itself the same way.
    @Test func selfReferencesCompareAsTheSame() throws {
        let result = try #require(build(Self.spec))
        let node = try #require(result.model.model("Node"))
        #expect(node.kind == .typealias && node.aliasedType == "Link")
    }

    @Test func differencesKeepTypesApart() throws {
        let result = try #require(build(Self.spec))
        // A JSON key that spells the type's own name is a key, not a mention of the type.
        for name in ["Pet", "Dog"] {
            #expect(try #require(result.model.model(name)).kind == .struct)
        }
        // The same key under another type name: the same code.
        let puppy = try #require(result.model.model("Puppy"))
        #expect(puppy.kind == .typealias && puppy.aliasedType == "Pet")
        // A property documented differently keeps its own type, so every doc comment is true.
        #expect(try #require(result.model.model("Documented")).kind == .struct)
    }

    @Test func renamingSkipsStringLiterals() {
        var mentioned = Set<String>()
        var output: [UInt8] = []
        SwiftSourceText.appendRenamingIdentifiers(
            in: #"self.pet = try container.decode(Pet.self, forKey: "Pet \"Pet\" x") // [Pet]"#, to: &output,
            ["Pet": "Animal"], mentioned: &mentioned)
        #expect(
            String(decoding: output, as: UTF8.self)
                == #"self.pet = try container.decode(Animal.self, forKey: "Pet \"Pet\" x") // [Animal]"#)
        #expect(mentioned == ["Pet"])
    }
}
