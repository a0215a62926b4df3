import MusubiReader
import Testing

@testable import MusubiClientModel

@Suite struct GlobTests {
    @Test(arguments: [
        ("issues", "issues", true),
        ("issues", "Issues", false),
        ("issue?", "issues", true),
        ("issue?", "issue", false),
        ("*", "", true),
        ("repos/*", "repos/list-for-org", true),
        ("/repos/*/issues*", "/repos/{owner}/{repo}/issues", true),
        ("/repos/*/issues*", "/repos/{owner}/{repo}/issues/{issue_number}/comments", true),
        ("/repos/*/issues*", "/repos/{owner}/{repo}/pulls", false),
        ("*a*b*c", "xaybzc", true),
        ("*a*b*c", "xaybzcd", false),
        ("a**?", "ab", true),
        ("a**?", "a", false),
    ])
    func matchesTheWholeText(pattern: String, text: String, expected: Bool) {
        #expect(Glob(pattern).matches(text) == expected)
    }
}

@Suite struct FilterTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Shop, version: '1'}
        paths:
          /pets:
            get:
              operationId: listPets
              tags: [pets]
              parameters:
                - {name: kind, in: query, schema: {$ref: '#/components/schemas/Kind'}}
              responses:
                '200':
                  description: ok
                  headers:
                    X-Cursor: {schema: {$ref: '#/components/schemas/Cursor'}}
                  content:
                    application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}}
          /pets/{id}:
            put:
              operationId: updatePet
              tags: [pets, admin]
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              requestBody:
                content:
                  application/json: {schema: {$ref: '#/components/schemas/PetUpdate'}}
              responses:
                default:
                  description: error
                  content:
                    application/json: {schema: {$ref: '#/components/schemas/Problem'}}
          /orders:
            get:
              operationId: listOrders
              tags: [store]
              responses:
                '200':
                  description: ok
                  content:
                    application/json: {schema: {$ref: '#/components/schemas/Order'}}
        components:
          schemas:
            Kind: {type: string, enum: [cat, dog]}
            Cursor: {type: string}
            Pet:
              type: object
              properties:
                owner: {$ref: '#/components/schemas/Owner'}
                toys: {type: array, items: {$ref: '#/components/schemas/Toy'}}
                extra: {type: object, additionalProperties: {$ref: '#/components/schemas/Extra'}}
            Owner:
              allOf:
                - $ref: '#/components/schemas/Person'
                - {type: object, properties: {since: {type: string}}}
            Person: {type: object, properties: {name: {type: string}, pet: {$ref: '#/components/schemas/Pet'}}}
            Toy:
              oneOf: [{$ref: '#/components/schemas/Ball'}, {$ref: '#/components/schemas/Rope'}]
              discriminator:
                propertyName: kind
                mapping: {ball: '#/components/schemas/Ball', rope: '#/components/schemas/Rope', bone: '#/components/schemas/Bone'}
            Ball: {type: object, properties: {kind: {type: string}, size: {type: integer}}}
            Rope: {type: object, properties: {kind: {type: string}, length: {type: integer}}}
            Bone: {type: object, properties: {kind: {type: string}}}
            Extra: {type: object, properties: {note: {type: string}}}
            PetUpdate: {type: object, properties: {name: {type: string}}}
            Problem: {type: object, properties: {detail: {type: string}}}
            Order: {type: object, properties: {id: {type: integer}, item: {$ref: '#/components/schemas/LineItem'}}}
            LineItem: {type: object, properties: {sku: {type: string}}}
            Unused: {type: object, properties: {x: {type: string}}}
        """

    static func globs(_ patterns: String..., setting: String = "--include-tag") -> [Configured<Glob>] {
        patterns.map { Configured(Glob($0), origin: .commandLine(setting)) }
    }

    func built(_ filter: OperationFilter) throws -> ClientModelBuilder.Result {
        try #require(build(Self.spec, options: ClientModelOptions(filter: filter)))
    }

    @Test func withoutAFilterEverySchemaIsGenerated() throws {
        let result = try built(OperationFilter())
        #expect(result.model.requests.map(\.name) == ["ListPets", "UpdatePet", "ListOrders"])
        #expect(result.model.models.contains { $0.name == "Unused" })
    }

    @Test func anIncludedTagKeepsItsOperationsAndTheSchemasTheyReachTransitively() throws {
        let result = try built(OperationFilter(include: .init(tags: Self.globs("pets"))))
        #expect(result.model.requests.map(\.name) == ["ListPets", "UpdatePet"])
        // Through parameters, headers, bodies, error responses, properties, allOf, array items,
        // oneOf alternatives, dictionary values and discriminator mappings (Bone).
        let components = [
            "Kind", "Cursor", "Pet", "Owner", "Person", "Toy", "Ball", "Rope", "Bone", "Extra", "PetUpdate", "Problem",
        ]
        let names = Set(result.model.models.map(\.name))
        for name in components { #expect(names.contains(name), "\(name) is reached") }
        for name in ["Order", "LineItem", "Unused"] { #expect(!names.contains(name), "\(name) is not reached") }
        #expect(result.warnings.isEmpty)
    }

    @Test func includeIsAUnionThenExcludeRemoves() throws {
        let result = try built(
            OperationFilter(
                include: .init(
                    tags: Self.globs("store"), operations: Self.globs("list*", setting: "--include-operation")),
                exclude: .init(paths: Self.globs("/orders", setting: "--exclude-path"))))
        #expect(result.model.requests.map(\.name) == ["ListPets"])
        #expect(!result.model.models.contains { $0.name == "Order" })
    }

    @Test func excludeAloneKeepsTheRest() throws {
        let result = try built(OperationFilter(exclude: .init(tags: Self.globs("admin"))))
        #expect(result.model.requests.map(\.name) == ["ListPets", "ListOrders"])
        #expect(!result.model.models.contains { $0.name == "PetUpdate" })
        #expect(!result.model.models.contains { $0.name == "Problem" })
    }

    @Test func aPathGlobMatchesAcrossSegments() throws {
        let result = try built(OperationFilter(include: .init(paths: Self.globs("/pets/*", setting: "--include-path"))))
        #expect(result.model.requests.map(\.name) == ["UpdatePet"])
    }

    @Test func aPatternMatchingNothingIsAWarningWhereItWasWritten() throws {
        let origin = SettingOrigin(
            file: "musubi.yaml", location: SourceLocation(line: 4, column: 13), setting: "filter.include.tags")
        let result = try built(
            OperationFilter(
                include: .init(tags: [Configured(Glob("pest"), origin: origin)] + Self.globs("pets"))))
        #expect(
            result.warnings.map(\.description) == [
                "musubi.yaml:4:13: warning: filter.include.tags: 'pest' matches no tag in the spec, so it does not include anything"
            ])
        #expect(result.model.requests.count == 2)
    }

    @Test func aFilterThatKeepsNothingIsAnError() throws {
        let result = try built(OperationFilter(include: .init(tags: Self.globs("nothing"))))
        let errors = result.warnings.filter { $0.severity == .error }
        #expect(
            errors.map(\.description) == [
                "spec.yaml: error: the filter leaves none of the spec's 3 operations; nothing to generate"
            ])
        #expect(result.warnings.contains { $0.description.hasPrefix("musubi: warning: --include-tag: 'nothing'") })
    }

    @Test func aSchemaWithASuppliedTypeIsNotFollowed() throws {
        var types = TypeOverrides()
        types.schemas["Pet"] = Configured("JSONValue", origin: .commandLine("types.schemas"))
        let result = try #require(
            build(
                Self.spec,
                options: ClientModelOptions(
                    filter: OperationFilter(include: .init(operations: Self.globs("listPets"))), types: types)))
        #expect(Set(result.model.models.map(\.name)) == ["Kind", "Cursor", "ListPetsHeaders"])
    }
}
