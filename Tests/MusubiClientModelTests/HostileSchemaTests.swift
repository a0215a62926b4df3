import Foundation
import MusubiDocument
import MusubiReader
import Testing

@testable import MusubiClientModel

/// Schemas a careless or hostile author could write: `$ref` cycles with no object in between,
/// property and enum names that are empty or collide once made Swift names, and enums of
/// thousands of values. Each must give a model whose Swift compiles (proved by
/// `HostileSchemaBuildTests`, which builds `Tests/Fixtures/Hostile/schemas.yaml`), with a located
/// warning where the spec cannot be followed.
struct HostileSchemaTests {
    /// The aliases of the model, each with the names its aliased type mentions.
    private func aliasGraph(_ model: ClientModel) -> [String: [String]] {
        var graph: [String: [String]] = [:]
        for declaration in model.models where declaration.kind == .typealias {
            graph[declaration.name] = declaration.aliasedType.mentionedNames
        }
        return graph
    }

    /// Whether any alias reaches itself through aliases: the compiler rejects such a
    /// `typealias`.
    private func hasCyclicAlias(_ model: ClientModel) -> Bool {
        let graph = aliasGraph(model)
        for start in graph.keys {
            var stack = graph[start] ?? []
            var seen: Set<String> = []
            while let next = stack.popLast() {
                if next == start { return true }
                guard seen.insert(next).inserted else { continue }
                stack += graph[next] ?? []
            }
        }
        return false
    }

    /// The `oneOf` declared as `name`; nil, with an issue recorded, when there is none.
    private func oneOf(
        _ name: String, in model: ClientModel, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> TypeDeclaration.OneOf? {
        guard let declaration = model.types.first(where: { $0.name == name }),
            case .oneOf(let union) = declaration.definition
        else {
            Issue.record("\(name) is not a oneOf of the model", sourceLocation: sourceLocation)
            return nil
        }
        return union
    }

    @Test(arguments: [
        ("direct", "    A: {$ref: '#/components/schemas/A'}"),
        ("through allOf", "    A: {allOf: [{$ref: '#/components/schemas/A'}]}"),
        ("array of itself", "    A: {type: array, items: {$ref: '#/components/schemas/A'}}"),
        ("dictionary of itself", "    A: {type: object, additionalProperties: {$ref: '#/components/schemas/A'}}"),
        ("anyOf of itself", "    A: {anyOf: [{$ref: '#/components/schemas/A'}]}"),
        ("nullable", "    A: {nullable: true, allOf: [{$ref: '#/components/schemas/A'}]}"),
    ])
    func aSchemaMadeOnlyOfItselfIsJSONValueWithALocatedWarning(_ shape: String, _ schemas: String) throws {
        let result = try #require(build(specWithSchemas(schemas)))
        let alias = try #require(result.model.model("A"))
        #expect(alias.kind == .typealias && alias.aliasedType == "JSONValue", "\(shape)")
        let warning = try #require(result.warnings.first { $0.message.contains("made only of itself") })
        #expect(warning.message.hasPrefix("schema 'A' is made only of itself (A → A)"))
        #expect(warning.location == SourceLocation(line: 6, column: 5))
        #expect(!hasCyclicAlias(result.model))
    }

    @Test func aChainOfAliasesAroundToItselfEndsInJSONValue() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Ping: {$ref: '#/components/schemas/Pong'}
                        Pong: {$ref: '#/components/schemas/Ping'}
                        AllA: {allOf: [{$ref: '#/components/schemas/AllB'}]}
                        AllB: {allOf: [{$ref: '#/components/schemas/AllA'}]}
                        ListPing: {type: array, items: {$ref: '#/components/schemas/ListPong'}}
                        ListPong: {$ref: '#/components/schemas/ListPing'}
                    """)))
        #expect(!hasCyclicAlias(result.model))
        #expect(result.model.model("Ping")?.aliasedType == "Pong")
        #expect(result.model.model("Pong")?.aliasedType == "JSONValue")
        #expect(result.model.model("ListPing")?.aliasedType == "[ListPong]")
        #expect(result.model.model("ListPong")?.aliasedType == "JSONValue")
        #expect(
            result.warnings.map(\.message).filter { $0.contains("made only of itself") }.map {
                String($0.prefix(while: { $0 != ")" }))
            } == [
                "schema 'Pong' is made only of itself (Pong → Ping → Pong",
                "schema 'AllB' is made only of itself (AllB → AllA → AllB",
                "schema 'ListPong' is made only of itself (ListPong → ListPing → ListPong",
            ])
    }

    @Test func swagger2DefinitionsThatReferToThemselvesAreJSONValue() throws {
        let result = try #require(
            build(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths: {}
                definitions:
                  Direct: {$ref: '#/definitions/Direct'}
                  List: {type: array, items: {$ref: '#/definitions/List'}}
                  Map: {type: object, additionalProperties: {$ref: '#/definitions/Map'}}
                """))
        #expect(!hasCyclicAlias(result.model))
        for name in ["Direct", "ListModel", "Map"] {
            #expect(result.model.model(name)?.aliasedType == "JSONValue")
        }
        #expect(result.warnings.filter { $0.message.contains("made only of itself") }.count == 3)
    }

    @Test func anAliasThatMentionsItselfInsideAnObjectIsKept() throws {
        // The object in between is a struct, whose stored values sit in a class instance: a
        // real recursive type, no cycle of aliases.
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Tree:
                          type: array
                          items: {type: object, properties: {children: {$ref: '#/components/schemas/Tree'}}}
                    """)))
        #expect(result.model.model("Tree")?.aliasedType == "[TreeItem]")
        #expect(result.model.model("TreeItem")?.properties.map(\.type) == ["Tree?"])
        #expect(result.warnings.isEmpty)
    }

    @Test func aOneOfListingItselfLeavesThatAlternativeOutWithAWarning() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Either: {oneOf: [{$ref: '#/components/schemas/Either'}, {type: string}, {type: integer}]}
                    """)))
        let either = try #require(result.model.model("Either"))
        #expect(either.alternatives.map(\.type) == ["String", "Int"])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:29: warning: 'Either' lists itself among its alternatives; that alternative could "
                    + "never decode a value and is left out"
            ])
    }

    /// Schemas that reach each other along more paths than can be walked: every rung of each
    /// ladder lists both schemas of the next rung, so a ladder of 40 rungs has 2^40 paths from
    /// top to bottom. What the bottom says (the values of `type`, which the union's
    /// alternatives are told apart by; the properties of the `allOf` parts) must still be found,
    /// each schema looked at once.
    static func ladders(rungs: Int) -> String {
        func ref(_ name: String) -> String { "{$ref: '#/components/schemas/\(name)'}" }
        var lines: [String] = []
        for (ladder, value) in [("Created", "created"), ("Deleted", "deleted")] {
            for rung in 1..<rungs {
                let next = [ref("\(ladder)Type\(rung + 1)"), ref("\(ladder)Kind\(rung + 1)")]
                lines.append("\(ladder)Type\(rung): {oneOf: [\(next.joined(separator: ", "))]}")
                lines.append("\(ladder)Kind\(rung): {oneOf: [\(next.joined(separator: ", "))]}")
            }
            lines.append("\(ladder)Type\(rungs): {type: string, enum: [\(value)]}")
            lines.append("\(ladder)Kind\(rungs): {type: string, enum: [\(value)]}")
            lines.append("\(ladder): {allOf: [\(ref("Part1"))], properties: {type: \(ref("\(ladder)Type1"))}}")
        }
        for rung in 1..<rungs {
            let next = [ref("Part\(rung + 1)"), ref("Piece\(rung + 1)")].joined(separator: ", ")
            lines.append("Part\(rung): {allOf: [\(next)], properties: {field\(rung): {type: string}}}")
            lines.append("Piece\(rung): {allOf: [\(next)], properties: {field\(rung): {type: string}}}")
        }
        for bottom in ["Part", "Piece"] {
            lines.append("\(bottom)\(rungs): {type: object, required: [type], properties: {type: {type: string}}}")
        }
        lines.append("Change: {oneOf: [\(ref("Created")), \(ref("Deleted"))]}")
        return specWithSchemas(lines.map { "    " + $0 }.joined(separator: "\n"))
    }

    @Test func aWebOfReferencesIsLookedAtInItsSize() throws {
        let rungs = 40
        let result = try #require(build(Self.ladders(rungs: rungs)))
        #expect(result.warnings.isEmpty)
        // `type` is required through 40 rungs of `allOf` parts, and pinned to a value of its
        // own through 40 rungs of `oneOf`s: the union switches on it.
        let union = try #require(oneOf("Change", in: result.model))
        #expect(union.tag?.property == "type")
        #expect(union.alternatives.map(\.tagValues) == [["created"], ["deleted"]])
        // Every rung's property, once, with the bottom's first.
        let part = try #require(result.model.model("Part1"))
        #expect(part.properties.count == rungs)
        #expect(part.properties.first?.originalName == "type")
        #expect(part.properties.last?.originalName == "field1")
    }

    /// A chain of `allOf`s, each schema adding one property to the next one's: every schema
    /// keeps all the properties below it, however long the chain (up to the depth limit).
    @Test func aLongChainOfAllOfsKeepsEveryPropertyOfItsParts() throws {
        let depth = AllOfMerging.depthLimit - 1
        let result = try #require(build(specWithSchemas(Self.allOfChain(depth: depth))))
        #expect(result.warnings.isEmpty)
        #expect(try #require(result.model.model("S0")).properties.count == depth + 1)
        #expect(
            try #require(result.model.model("S\(depth - 1)")).properties.map(\.originalName) == ["x", "p\(depth - 1)"])
    }

    /// `allOf`s that include each other deeper than the limit are an error at the schema
    /// being merged, reported once: nothing is generated from such a spec.
    @Test func allOfsNestedPastTheLimitAreOneLocatedError() throws {
        let result = try #require(build(specWithSchemas(Self.allOfChain(depth: AllOfMerging.depthLimit + 10))))
        let errors = result.warnings.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors == [
                "spec.yaml:6:9: error: allOf parts include each other more than \(AllOfMerging.depthLimit) deep; a spec this deep is refused"
            ])
    }

    /// Merging copies a part's properties into every schema that includes it: a spec whose
    /// merged structs would hold more than the limit is one located error, found without
    /// merging them all.
    @Test func allOfsMergingPastThePropertyLimitAreOneLocatedError() throws {
        let width = 400
        // Each `S<n>` holds the base's properties and its own: the one that passes the limit.
        let crossing = AllOfMerging.propertyLimit / (width + 1)
        let base = (0..<width).map { "b\($0): {type: string}" }.joined(separator: ", ")
        let schemas =
            ["    Base: {type: object, properties: {\(base)}}"]
            + (0..<crossing + 10).map {
                "    S\($0): {allOf: [{$ref: '#/components/schemas/Base'}], properties: {own: {type: integer}}}"
            }
        let result = try #require(build(specWithSchemas(schemas.joined(separator: "\n"))))
        let errors = result.warnings.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors == [
                "spec.yaml:\(7 + crossing):\(5 + "S\(crossing): ".count): error: the allOf parts of this spec merge into more than \(AllOfMerging.propertyLimit) properties; a spec this size is refused"
            ])
    }

    /// `S0` includes `S1`, … `S<depth>`; each adds `p<n>`, the last has `x`.
    static func allOfChain(depth: Int) -> String {
        var lines = (0..<depth).map {
            "    S\($0): {allOf: [{$ref: '#/components/schemas/S\($0 + 1)'}], properties: {p\($0): {type: string}}}"
        }
        lines.append("    S\(depth): {type: object, properties: {x: {type: string}}}")
        return lines.joined(separator: "\n")
    }

    /// Discriminated unions each listing the next as an alternative, far deeper than any real
    /// spec nests them: looking for the values that pin the tag stops at
    /// ``AllowedValues/depthLimit`` schemas, so the walk never goes as deep as the chain.
    @Test func aDeepChainOfUnionsIsLookedAtToALimitedDepth() throws {
        let length = 5_000
        var lines = (0..<length).map { index in
            "    S\(index): {oneOf: [{$ref: '#/components/schemas/S\(index + 1)'}, "
                + "{type: object, required: [kind], properties: {kind: {type: string, enum: [k\(index)]}}}], "
                + "discriminator: {propertyName: kind}}"
        }
        lines.append("    S\(length): {type: object, properties: {kind: {type: string}}}")
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        #expect(result.model.models.contains { $0.name == "S0" })
        #expect(!result.warnings.contains { $0.severity == .error })
    }

    /// A union of thousands of alternatives whose mapping names them by reference or by bare
    /// name: each alternative gets its own mapped values, found without a pass over the whole
    /// mapping per alternative.
    @Test func aWideDiscriminatorMappingGivesEachAlternativeItsValues() throws {
        let count = 2_000
        var lines = (0..<count).map { "    A\($0): {type: object, properties: {kind: {type: string}}}" }
        let alternatives = (0..<count).map { "{$ref: '#/components/schemas/A\($0)'}" }
        let mapping = (0..<count).map {
            $0.isMultiple(of: 2) ? "m\($0): '#/components/schemas/A\($0)'" : "m\($0): A\($0)"
        }
        lines.append(
            "    U: {oneOf: [\(alternatives.joined(separator: ", "))], "
                + "discriminator: {propertyName: kind, mapping: {\(mapping.joined(separator: ", "))}}}")
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        let union = try #require(oneOf("U", in: result.model))
        #expect(union.tag?.property == "kind")
        #expect(union.alternatives.map(\.tagValues) == (0..<count).map { ["m\($0)"] })
    }

    /// A mapping value that leads nowhere is kept as written: one of 100 000 slashes is indexed
    /// under itself and its last component, not under every ending after a `/` (which took
    /// memory quadratic in its length: 200 KB of spec, 7.9 GB).
    @Test func aMappingReferenceOfManySlashesIsIndexedByItsLastComponent() throws {
        let long = "#/" + String(repeating: "a/", count: 100_000) + "A"
        let lines = [
            "    A: {type: object, properties: {kind: {type: string}}}",
            "    B: {type: object, properties: {kind: {type: string}}}",
            "    U: {oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/B'}], "
                + "discriminator: {propertyName: kind, mapping: {a: '\(long)', b: '#/components/schemas/B'}}}",
        ]
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        let union = try #require(oneOf("U", in: result.model))
        #expect(union.alternatives.map(\.tagValues) == [["a"], ["b"]])
    }

    /// A union listing one string enum thousands of times (YAML aliases make each listing a
    /// few bytes) reads the enum once: it copied the enum's values once per listing, N × M
    /// values (12 000 × 12 000 crashed under an 8 GB cap).
    @Test func aUnionListingOneEnumManyTimesReadsItOnce() throws {
        let count = 3_000
        let values = (0..<count).map { "v\($0)" }.joined(separator: ", ")
        let listings = Array(repeating: "{$ref: '#/components/schemas/E'}", count: count).joined(separator: ", ")
        let lines = [
            "    E: {type: string, enum: [\(values)]}",
            "    U: {oneOf: [\(listings), {type: string, enum: [extra]}]}",
            "    Untyped: {enum: [\(values)]}",
            "    V: {oneOf: [\(listings.replacingOccurrences(of: "/E'", with: "/Untyped'")), {type: integer}]}",
        ]
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        let union = try #require(result.model.types.first { $0.name == "U" })
        guard case .enumeration(let enumeration) = union.definition else {
            Issue.record("U is not one enum: \(union.definition)")
            return
        }
        #expect(enumeration.cases.map(\.value) == (0..<count).map { "v\($0)" } + ["extra"])
        #expect(!result.warnings.contains { $0.severity == .error })
    }

    /// A union or an `allOf` listing one object schema thousands of times lists it once: each
    /// listing was declared, shaped and presented as an alternative of its own (7 000 listings
    /// of a 7 000-property object took 6.1 GB), or merged again.
    @Test func aCompositionListingOneSchemaManyTimesListsItOnce() throws {
        let count = 2_000
        let properties = (0..<count).map { "p\($0): {type: string}" }.joined(separator: ", ")
        let listings = Array(repeating: "{$ref: '#/components/schemas/O'}", count: count).joined(separator: ", ")
        let lines = [
            "    O: {type: object, properties: {\(properties)}}",
            "    P: {type: object, required: [id], properties: {id: {type: integer}}}",
            "    U: {oneOf: [\(listings), {$ref: '#/components/schemas/P'}]}",
            "    A: {allOf: [\(listings)]}",
        ]
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        let union = try #require(oneOf("U", in: result.model))
        #expect(union.alternatives.map(\.type) == ["O", "P"])
        let merged = try #require(result.model.types.first { $0.name == "A" })
        guard case .structure(let structure) = merged.definition else {
            Issue.record("A is no struct: \(merged.definition)")
            return
        }
        #expect(structure.properties.count == count)
    }

    /// Unions of strings that each list the same large enum read its values once per union,
    /// and past ``ModelBuilder/stringUnionValueLimit`` together the spec is refused with one
    /// located error, where they would declare enum cases for minutes.
    @Test func unionsOfStringsPastTheValueLimitAreOneLocatedError() throws {
        let count = ModelBuilder.stringUnionValueLimit / 3 + 1
        let values = (0..<count).map { "v\($0)" }.joined(separator: ", ")
        var lines = ["    E: {type: string, enum: [\(values)]}"]
        lines += (0..<4).map {
            "    U\($0): {anyOf: [{$ref: '#/components/schemas/E'}, {type: string, enum: [x\($0)]}]}"
        }
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        let errors = result.warnings.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors == [
                "spec.yaml:9:25: error: the unions of strings of this spec list more than \(ModelBuilder.stringUnionValueLimit) values together; a spec this size is refused"
            ])
    }

    /// Thousands of subtypes of a base whose tag is an enum of every subtype's value (the
    /// ordinary way to write a closed hierarchy), in a discriminated union and in plain
    /// `anyOf` and `oneOf` unions: the inherited enum is read once, not once per subtype,
    /// which made N subtypes cost N² (20 000 took 6.6 GB, or crashed under an 8 GB cap).
    @Test func subtypesInheritingATagEnumOfEveryValueShareIt() throws {
        let count = 3_000
        let tags = (0..<count).map { "t\($0)" }.joined(separator: ", ")
        let mapping = (0..<count).map { "t\($0): '#/components/schemas/S\($0)'" }.joined(separator: ", ")
        let references = (0..<count).map { "{$ref: '#/components/schemas/S\($0)'}" }.joined(separator: ", ")
        var lines = [
            "    Base: {type: object, required: [kind], properties: {kind: {type: string, enum: [\(tags)]}}, "
                + "discriminator: {propertyName: kind, mapping: {\(mapping)}}}",
            "    Holder: {type: object, properties: {base: {$ref: '#/components/schemas/Base'}}}",
            "    Either: {anyOf: [\(references)]}",
            "    Choice: {oneOf: [\(references)]}",
        ]
        lines += (0..<count).map {
            "    S\($0): {allOf: [{$ref: '#/components/schemas/Base'}, "
                + "{type: object, properties: {m\($0): {type: integer}}}]}"
        }
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        let union = try #require(oneOf("AnyBase", in: result.model))
        #expect(union.tag?.property == "kind")
        #expect(union.alternatives.map(\.tagValues) == (0..<count).map { ["t\($0)"] })
        // Every subtype allows every tag, so the tag tells none apart in the plain unions.
        #expect(result.model.model("Either")?.alternatives.count == count)
        #expect(result.model.model("Choice")?.alternatives.count == count)
    }

    /// Objects nested a hundred deep under property names of two hundred letters: an inline
    /// type is named after its parent and its property, and spelt every ancestor's name (the
    /// output grew as depth² × name length, 169 KB of spec writing 66 MB). Now a name stops
    /// at ``TypeNameRegistry/maximumLength``, keeping its last words and a stable hash.
    @Test func namesOfDeeplyNestedInlineTypesAreBounded() throws {
        let letters = String(repeating: "q", count: 200)
        var schema = "{type: object, properties: {x: {type: string}}}"
        for level in 0..<100 { schema = "{type: object, properties: {p\(level)\(letters): \(schema)}}" }
        let result = try #require(build(specWithSchemas("    Root: \(schema)")))
        let names = result.model.types.map(\.name)
        #expect(names.count == 101)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.utf8.count <= TypeNameRegistry.maximumLength + 1 })
        #expect(names.contains("Root"))
        let again = try #require(build(specWithSchemas("    Root: \(schema)")))
        #expect(again.model.types.map(\.name) == names)
    }

    /// A name within the bound stays as it is; a longer one keeps its last words and a hash
    /// of the whole, so names that differ only in their first words stay apart.
    @Test func aTooLongTypeNameKeepsItsLastWordsAndAHash() {
        let short = String(repeating: "Word", count: 30)
        #expect(TypeNameRegistry.fitted(short) == short)
        let long = "First" + String(repeating: "Word", count: 40) + "Last"
        let fitted = TypeNameRegistry.fitted(long)
        #expect(fitted.utf8.count <= TypeNameRegistry.maximumLength)
        #expect(fitted.hasPrefix("Word") && fitted.contains("WordLast_"))
        #expect(fitted != TypeNameRegistry.fitted("Other" + String(repeating: "Word", count: 40) + "Last"))
        // One word too long to keep whole keeps its end, after the name's first letter.
        let word = "G" + String(repeating: "q", count: 300)
        #expect(TypeNameRegistry.fitted(word).hasPrefix("Gqqq"))
        #expect(Naming.isIdentifier(TypeNameRegistry.fitted(word)))
        var registry = TypeNameRegistry(reserving: [])
        #expect(registry.claim(long) == fitted)
        #expect(registry.claim(long) == fitted + "2")
    }

    /// Unions of thousands of alternatives are presented in one pass over them: whether the
    /// union checks shapes was asked again for each alternative (40 000 took 81 s in a debug
    /// build). The integers listed after the number are still tried before it.
    @Test func unionsOfThousandsOfAlternativesArePresentedInOnePass() throws {
        let count = 4_000
        let integers = (0..<count).map { "{type: integer, enum: [\($0)]}" }.joined(separator: ", ")
        let objects = (0..<count).map { "{type: object, required: [k\($0)], properties: {k\($0): {type: string}}}" }
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Numbers: {oneOf: [{type: number}, \(integers)]}
                        Objects: {anyOf: [{type: string}, \(objects.joined(separator: ", "))]}
                    """)))
        let numbers = try #require(result.model.model("Numbers"))
        #expect(numbers.alternatives.count == count + 1)
        #expect(numbers.alternatives.last?.type == "Double")
        let objectsModel = try #require(result.model.model("Objects"))
        #expect(objectsModel.alternatives.count == count + 1)
        #expect(objectsModel.checksAlternativeShapes)
    }

    /// Alternatives of thousands of required properties, one of which pins the tag: the tag
    /// is found, and every property keeps its requiredness, each looked up once rather than
    /// by a pass over the lists.
    @Test func alternativesOfThousandsOfRequiredPropertiesKeepTheirTag() throws {
        let count = 2_000
        let names = (0..<count).map { "p\($0)" }
        let properties = names.map { "\($0): {type: string}" }.joined(separator: ", ")
        let schemas = ["Cat", "Dog"].map { kind in
            "    \(kind): {type: object, required: [\(names.joined(separator: ", ")), kind], "
                + "properties: {\(properties), kind: {type: string, enum: [\(kind.lowercased())]}}}"
        }
        let union = "    Pet: {oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]}"
        let result = try #require(build(specWithSchemas((schemas + [union]).joined(separator: "\n"))))
        let pet = try #require(oneOf("Pet", in: result.model))
        #expect(pet.tag?.property == "kind")
        #expect(pet.alternatives.map(\.tagValues) == [["cat"], ["dog"]])
        let cat = try #require(result.model.types.first { $0.name == "Cat" })
        guard case .structure(let structure) = cat.definition else {
            Issue.record("Cat is not a struct: \(cat.definition)")
            return
        }
        #expect(structure.properties.count == count + 1)
        #expect(structure.properties.allSatisfy { $0.isRequired })
    }

    /// Fifty thousand schemas that each only refer to the next one, ending at an enum of one
    /// value: a property of the first still gets the value as its default, and a model whose
    /// `id` has it is `Identifiable`, with no walk as deep as the chain.
    @Test func aLongChainOfAliasesIsFollowedToItsEnd() throws {
        let length = 50_000
        var lines = (0..<length).map { "    S\($0): {$ref: '#/components/schemas/S\($0 + 1)'}" }
        lines.append("    S\(length): {type: string, enum: [only]}")
        lines.append("    Holder: {type: object, required: [id], properties: {id: {$ref: '#/components/schemas/S0'}}}")
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        let holder = try #require(result.model.model("Holder"))
        #expect(holder.conformances.contains("Identifiable"))
        #expect(holder.initDeclarationLines.contains { $0.contains("id: S0 = .only") })
    }

    /// Thousands of unions whose first alternative starts the same long chain of aliases: each
    /// learns where the chain ends (a string enum: a scalar, so the union lists shapes) from
    /// the chain walked once, not once per union. Walked per union, 3 000 unions of a 20 000-long
    /// chain took 35 s in a debug build.
    @Test func unionsOfALongAliasChainSeeItsEnd() throws {
        let length = 5_000
        let unions = 1_000
        var lines = (0..<length).map { "    S\($0): {$ref: '#/components/schemas/S\($0 + 1)'}" }
        lines.append("    S\(length): {type: string, enum: [a, b]}")
        lines.append("    Item: {type: object, required: [id], properties: {id: {type: string}}}")
        lines += (0..<unions).map {
            "    U\($0): {anyOf: [{$ref: '#/components/schemas/S0'}, {$ref: '#/components/schemas/Item'}]}"
        }
        let result = try #require(build(specWithSchemas(lines.joined(separator: "\n"))))
        for name in ["U0", "U\(unions - 1)"] {
            let union = try #require(result.model.model(name))
            #expect(
                union.alternatives.map(\.shapeLines) == [
                    [".scalar(S0.self),"], ["AlternativeShape(Item.self),"],
                ])
            #expect(union.encodeLines.first == "/// Encodes the first alternative that is set.")
        }
    }

    /// Parts that include each other cannot be merged: each schema keeps only its own
    /// properties, with a warning at the `allOf`, rather than walking the cycle.
    @Test func anAllOfNestedInItselfKeepsOnlyItsOwnPropertiesWithAWarning() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Loop:
                          allOf: [{$ref: '#/components/schemas/Step'}]
                          properties: {name: {type: string}}
                        Step:
                          allOf: [{$ref: '#/components/schemas/Loop'}]
                          properties: {size: {type: integer}}
                    """)))
        #expect(try #require(result.model.model("Loop")).properties.map(\.originalName) == ["name"])
        #expect(try #require(result.model.model("Step")).properties.map(\.originalName) == ["size"])
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:7:7: warning: allOf whose parts are neither objects nor oneOf/anyOf is generated as JSONValue",
                "spec.yaml:10:7: warning: allOf whose parts are neither objects nor oneOf/anyOf is generated as JSONValue",
            ])
    }

    // MARK: Names

    @Test func aPropertyNamedEmptyIsDecodedAndEncodedUnderTheEmptyKey() throws {
        for count in [2, 6] {
            // Two properties store their values inline; six keep them in a storage struct.
            let properties = ([#""""#, #""-""#, "b", "c", "d", "e"].prefix(count)).map {
                "        \($0): {type: string}"
            }
            let result = try #require(
                build(
                    specWithSchemas(
                        """
                            Weird:
                              type: object
                              required: ["", "-"]
                              properties:
                        \(properties.joined(separator: "\n"))
                        """)))
            let weird = try #require(result.model.model("Weird"))
            let empty = try #require(weird.properties.first)
            #expect(empty.originalName == "" && empty.isKeyed)
            #expect(
                empty.visitLines.joined().hasSuffix(#"key: "")"#), "the empty key, not the object's other members")
            #expect(empty.decodeLines.joined().contains(#"try container.decode(String.self, forKey: "")"#))
            #expect(weird.properties[1].decodeLines.joined().contains(#"forKey: "-""#))
            #expect(Set(weird.properties.map(\.name)).count == weird.properties.count)
        }
    }

    @Test func namesThatSanitizeAlikeStayDistinct() throws {
        let keys = ["a-b", "a_b", "aB", " ", "$", "_", "123", "self", "Type", "init", "storage", "members"]
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Weird:
                          type: object
                          properties:
                    \(keys.map { "        '\($0)': {type: string}" }.joined(separator: "\n"))
                    """)))
        let weird = try #require(result.model.model("Weird"))
        #expect(weird.properties.map(\.originalName) == keys)
        #expect(Set(weird.properties.map(\.name)).count == keys.count)
        #expect(
            !weird.properties.map(\.name).contains { ["self", "init", "Type", weird.storageProperty].contains($0) })
    }

    // MARK: Big enums

    /// A string enum of `count` values, some of which would clash with the lookup's members.
    private func bigEnum(_ count: Int) -> String {
        let values = ["knownCases", "casesByRawValue", "", "self"] + (0..<(count - 4)).map { "value-\($0)" }
        return specWithSchemas(
            """
                Big:
                  type: string
                  enum: [\(values.map { "'\($0)'" }.joined(separator: ", "))]
            """)
    }

    @Test func anEnumOfMoreThanAHundredValuesDecodesByLookup() throws {
        let big = try #require(build(bigEnum(TypeDeclaration.Enumeration.switchLimit + 1))?.model.model("Big"))
        #expect(big.decodesByLookup)
        #expect(big.cases.count == TypeDeclaration.Enumeration.switchLimit + 1)
        // The lookup's static members keep their names; the cases give way.
        #expect(Array(big.cases.map(\.name).prefix(4)) == ["knownCases2", "casesByRawValue2", "empty", "selfValue"])

        let small = try #require(build(bigEnum(TypeDeclaration.Enumeration.switchLimit))?.model.model("Big"))
        #expect(!small.decodesByLookup)
        #expect(Array(small.cases.map(\.name).prefix(2)) == ["knownCases", "casesByRawValue"])
    }

    /// The extremes of a 64-bit integer are cases like any other (`Int.min` trapped when its
    /// case was named); a value past them makes the schema a plain `Int`, with a warning.
    @Test func integerEnumsAtAndPastTheEdgesOfInt() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Extremes: {type: integer, enum: [-9223372036854775808, 9223372036854775807, 0]}
                        TooWide: {type: integer, enum: [18446744073709551615, 1]}
                    """)))
        let extremes = try #require(result.model.model("Extremes"))
        #expect(extremes.cases.map(\.name) == ["minus9223372036854775808", "value9223372036854775807", "value0"])
        #expect(result.model.model("TooWide")?.aliasedType == .int)
        #expect(
            result.warnings.map(\.message) == [
                "integer enum value 18446744073709551615 is not a 64-bit Int: the schema is a plain Int, without cases"
            ])
    }
}
