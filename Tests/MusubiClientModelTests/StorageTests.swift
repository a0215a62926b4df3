import Testing

@testable import MusubiClientModel

/// A struct on a cycle of types keeps its values in an instance of a private class that copies of
/// the model share until one changes; its names must not hide the struct's properties or the
/// types they use. Every other struct stores its values itself.
@Suite struct StorageTests {
    static let spec = specWithSchemas(
        """
            Storage:
              type: object
              properties:
                capacity: {type: integer}
            Disk:
              type: object
              required: [storage]
              properties:
                storage: {$ref: '#/components/schemas/Storage'}
                size: {type: integer}
                next: {$ref: '#/components/schemas/Disk'}
            Plain:
              type: object
              properties:
                name: {type: string}
                uniqueStorage: {type: string}
                a: {type: string}
                b: {type: string}
                c: {type: string}
                d: {type: string}
                next: {$ref: '#/components/schemas/Plain'}
            Empty:
              type: object
        """)

    @Test func namesAvoidPropertiesAndTypes() throws {
        let result = try #require(build(Self.spec))
        let disk = try #require(result.model.model("Disk"))
        #expect(disk.storageProperty == "_storage")
        #expect(disk.storageClass == "Fields")
        #expect(disk.uniqueStorageMethod == "uniqueStorage")
        #expect(disk.properties.map(\.getter) == ["_storage.storage", "_storage.size", "_storage.next"])
        #expect(
            disk.properties[0].accessorLines == [
                "get { _storage.storage }", "_modify { yield &uniqueStorage().storage }",
            ])
        #expect(disk.storageInitCallLines == ["_storage = Fields(storage: storage, size: size, next: next)"])
        #expect(disk.storageInitDeclarationLines == ["init(storage: Storage, size: Int?, next: Disk?) {"])
        #expect(
            disk.properties.map { $0.visitLines.joined() } == [
                #"visitor.value(lhs._storage.storage, rhs._storage.storage, key: "storage")"#,
                #"visitor.optional(lhs._storage.size, rhs._storage.size, key: "size")"#,
                #"visitor.optional(lhs._storage.next, rhs._storage.next, key: "next")"#,
            ])

        let plain = try #require(result.model.model("Plain"))
        #expect(plain.storageProperty == "storage")
        #expect(plain.storageClass == "Storage")
        #expect(plain.uniqueStorageMethod == "_uniqueStorage")
        #expect(
            plain.properties.map(\.getter) == [
                "storage.name", "storage.uniqueStorage", "storage.a", "storage.b", "storage.c", "storage.d",
                "storage.next",
            ])
        #expect(!plain.storesValuesInline)
        #expect(
            plain.properties[1].accessorLines == [
                "get { storage.uniqueStorage }", "_modify { yield &_uniqueStorage().uniqueStorage }",
            ])
    }

    /// A model keeps a link's text in a storage class and makes the `URL` when the property is
    /// read, except its `id`, which every `Identifiable` use reads and which needs no storage.
    @Test func linksAreKeptAsTextExceptTheIdentifier() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Page:
                          type: object
                          required: [id, home]
                          properties:
                            id: {type: string, format: uri}
                            home: {type: string, format: uri}
                            next: {type: string, format: uri}
                            previous: {type: [string, "null"], format: uri}
                            title: {type: string}
                        Small:
                          type: object
                          properties:
                            home: {type: string, format: uri}
                        Identified:
                          type: object
                          required: [id]
                          properties:
                            id: {type: string, format: uri}
                    """)))
        let page = try #require(result.model.model("Page"))
        #expect(page.conformances.contains("Identifiable"))
        #expect(page.properties.map(\.keepsURLText) == [false, true, true, false, false])
        #expect(
            page.properties.map { "\($0.storageType)" } == ["URL", "URLText", "URLText?", "Nullable<URL>?", "String?"])
        #expect(
            page.properties[1].accessorLines == [
                "get { storage.home.url }", "set { uniqueStorage().home = URLText(newValue) }",
            ])
        #expect(
            page.properties[2].accessorLines == [
                "get { storage.next?.url }", "set { uniqueStorage().next = newValue.map(URLText.init) }",
            ])
        #expect(page.properties[1].decodeLines == [#"self.home = try container.decode(URLText.self, forKey: "home")"#])
        #expect(
            page.properties[2].decodeLines == [#"self.next = try container.decodeURLTextIfPresent(forKey: "next")"#])
        #expect(page.properties[1].initAssignment == "self.home = URLText(home)")
        #expect(page.storageInitDeclarationLines.joined().contains("home: URL,"))
        let small = try #require(result.model.model("Small"))
        #expect(!small.storesValuesInline)
        #expect(small.properties[0].storageType == .optional(.named("URLText")))
        let identified = try #require(result.model.model("Identified"))
        #expect(identified.storesValuesInline)
        #expect(identified.properties[0].storageType == .named("URL"))
    }

    /// An accessor too long for one line has its statement on a line of its own, as
    /// `swift format` writes it.
    @Test func longAccessorsTakeThreeLines() throws {
        let name = String(repeating: "abcdefghij", count: 6)
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Long:
                          type: object
                          properties:
                            \(name): {type: string}
                            a: {type: string}
                            b: {type: string}
                            c: {type: string}
                            d: {type: string}
                            next: {$ref: '#/components/schemas/Long'}
                    """)))
        let long = try #require(result.model.model("Long"))
        #expect(
            long.properties[0].accessorLines == [
                "get { storage.\(name) }", "_modify {", "    yield &uniqueStorage().\(name)", "}",
            ])
    }

    /// The initializer stores its values in a new storage instance in one statement, and the
    /// storage class's initializer lists them, each laid out as `swift format` lays out a call
    /// and a declaration: on one line when it fits, else the arguments on a line of their own,
    /// else one per line.
    @Test func storageInitializersAreLaidOutAsSwiftFormatDoes() throws {
        func model(_ count: Int) throws -> ModelDeclaration {
            // The last property holds the model itself, so that it keeps its storage.
            let properties =
                (1..<count).map { "        name\($0): {type: string}" }
                + ["        name\(count): {$ref: '#/components/schemas/Wide'}"]
            let spec = specWithSchemas(
                """
                    Wide:
                      type: object
                      properties:
                \(properties.joined(separator: "\n"))
                """)
            return try #require(build(spec)?.model.model("Wide"))
        }
        let five = try model(5)
        #expect(
            five.storageInitCallLines == [
                "storage = Storage(name1: name1, name2: name2, name3: name3, name4: name4, name5: name5)"
            ])
        #expect(five.storageInitDeclarationLines.count == 1)
        #expect(
            try model(6).storageInitCallLines == [
                "storage = Storage(",
                "    name1: name1, name2: name2, name3: name3, name4: name4, name5: name5, name6: name6)",
            ])
        #expect(
            try model(9).storageInitDeclarationLines == [
                "init(",
                "    name1: String?,", "    name2: String?,", "    name3: String?,", "    name4: String?,",
                "    name5: String?,", "    name6: String?,", "    name7: String?,", "    name8: String?,",
                "    name9: Wide?",
                ") {",
            ])
        let twelve = try model(12)
        #expect(twelve.storageInitCallLines.count == 13)
        #expect(twelve.storageInitCallLines.last == "    name12: name12)")
    }

    /// A struct stores its values itself, whatever their number, unless it lies on a cycle of
    /// types held by value or has members beside its properties.
    @Test func structsStoreValuesInlineUnlessOnACycle() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Small:
                          type: object
                          required: [id]
                          properties:
                            id: {type: integer}
                            name: {type: string}
                        Big:
                          type: object
                          properties:
                            a: {type: string}
                            b: {type: string}
                            c: {type: string}
                            d: {type: string}
                            e: {type: string}
                        HoldsSmall:
                          type: object
                          properties:
                            small: {$ref: '#/components/schemas/Small'}
                        HoldsBig:
                          type: object
                          properties:
                            big: {$ref: '#/components/schemas/Big'}
                        HoldsList:
                          type: object
                          properties:
                            items: {type: array, items: {$ref: '#/components/schemas/Small'}}
                            status: {type: string, enum: [on, off]}
                        HoldsChoice:
                          type: object
                          properties:
                            choice:
                              oneOf: [{type: string}, {type: integer}]
                        Node:
                          type: object
                          properties:
                            parent: {$ref: '#/components/schemas/Node'}
                        WithOthers:
                          type: object
                          properties:
                            id: {type: integer}
                          additionalProperties: {type: string}
                    """)))
        func isInline(_ name: String) throws -> Bool {
            try #require(result.model.model(name)).storesValuesInline
        }
        #expect(try isInline("Small"))
        #expect(try isInline("Big"))
        #expect(try isInline("HoldsSmall"))
        #expect(try isInline("HoldsBig"))
        #expect(try isInline("HoldsList"))
        #expect(try isInline("HoldsChoice"))
        #expect(try !isInline("Node"))
        #expect(try !isInline("WithOthers"))

        let small = try #require(result.model.model("Small"))
        #expect(small.storageInitCallLines.isEmpty)
        #expect(small.properties.map(\.getter) == ["", ""])
        #expect(small.properties.map(\.setter) == ["", ""])
        #expect(
            small.properties.map(\.decodeLines) == [
                [#"self.id = try container.decode(Int.self, forKey: "id")"#],
                [#"self.name = try container.decodeIfPresent(String.self, forKey: "name")"#],
            ])
    }

    /// Each JSON key reaches `visitValues` as a Swift string literal, escaped as any other.
    @Test func visitKeysAreEscapedStringLiterals() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    #"""
                        Keys:
                          type: object
                          required: [a b]
                          properties:
                            a b: {type: string}
                            'say "hi"': {type: string}
                            "back\\slash": {type: string}
                            "bidi\u202E": {type: string}
                    """#)))
        let keys = try #require(result.model.model("Keys"))
        let lines = keys.properties.map { $0.visitLines.joined() }
        #expect(lines[0] == #"visitor.value(lhs.aB, rhs.aB, key: "a b")"#)
        #expect(lines[1].hasSuffix(#"key: "say \"hi\"")"#))
        #expect(lines[2].hasSuffix(#"key: "back\\slash")"#))
        #expect(lines[3].hasSuffix(#"key: "bidi\u{202E}")"#))
    }

    @Test func aStructWithoutPropertiesHasNoStorage() throws {
        let result = try #require(build(Self.spec))
        let empty = try #require(result.model.model("EmptyModel"))
        #expect(!empty.hasInitParameters)
        #expect(empty.storageInitCallLines.isEmpty)
    }

    /// A struct on a cycle keeps its storage and is one reference wherever it is stored, so a
    /// cycle through it boxes nothing; a `oneOf` holding a `oneOf` by value is `indirect`.
    @Test func onlyCompositionsHoldingCompositionsAreBoxed() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Node:
                          type: object
                          properties:
                            parent: {$ref: '#/components/schemas/Node'}
                            value: {$ref: '#/components/schemas/Value'}
                        Value:
                          oneOf:
                            - $ref: '#/components/schemas/Node'
                            - $ref: '#/components/schemas/Pair'
                        Pair:
                          oneOf:
                            - type: string
                            - $ref: '#/components/schemas/Value'
                    """)))
        let node = try #require(result.model.model("Node"))
        #expect(node.properties.allSatisfy { !$0.isComputed })
        let value = try #require(result.model.model("Value"))
        #expect(value.alternatives.map(\.indirectKeyword) == ["", "indirect "])
        let pair = try #require(result.model.model("Pair"))
        #expect(pair.alternatives.map(\.indirectKeyword) == ["", "indirect "])
    }

    /// A struct whose values are its own stored properties lets callers in other modules
    /// inline its `visitValues`, so comparing and hashing it copies nothing first; one with a
    /// storage class keeps its storage private, and an anyOf its boxed alternatives.
    @Test func visitingIsInlinableWhereEveryValueIsVisible() throws {
        let spec = specWithSchemas(
            """
                Tag:
                  type: object
                  properties: {name: {type: string}, note: {type: string, nullable: true}}
                Node:
                  type: object
                  properties:
                    next: {$ref: '#/components/schemas/Node'}
                Value:
                  anyOf:
                    - {type: string}
                    - $ref: '#/components/schemas/Tag'
                Nested:
                  anyOf:
                    - {type: integer}
                    - $ref: '#/components/schemas/Value'
            """)
        let result = try #require(build(spec))
        var inlinable: [String: Bool] = [:]
        for name in ["Tag", "Node", "Value", "Nested"] {
            inlinable[name] = try #require(result.model.model(name)).inlinesVisitValues
        }
        #expect(inlinable == ["Tag": true, "Node": false, "Value": true, "Nested": false])
    }
}
