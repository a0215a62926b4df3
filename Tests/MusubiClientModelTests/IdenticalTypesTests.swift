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
              nullable: true
              properties:
                owner: {$ref: '#/components/schemas/nullable-simple-user'}
            Node:
              type: object
              properties:
                next: {$ref: '#/components/schemas/Node'}
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

    @Test func renamingMarksTheOwnName() {
        var mentioned = Set<String>()
        var output: [UInt8] = []
        SwiftSourceText.appendRenamingIdentifiers(
            in: "let next: Node? // Leaf, _Node, NodeList", to: &output, ["Leaf": "Node"], ownName: "Node",
            ownNameMark: "@", mentioned: &mentioned)
        #expect(String(decoding: output, as: UTF8.self) == "let next: @? // Node, _Node, NodeList")
        #expect(mentioned == ["Node", "Leaf", "_Node", "NodeList"])
    }
}
