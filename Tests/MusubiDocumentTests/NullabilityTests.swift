import Testing

@testable import MusubiDocument

/// Every spelling of "or null" folds into one ``Schema/acceptsNull`` at load, so later
/// stages read one property instead of working it out again.
@Suite struct NullabilityTests {
    /// One property per spelling, each nullable, beside ones that are not.
    static let spec = """
        openapi: 3.1.0
        info: {title: T, version: '1'}
        paths:
          /x:
            get:
              operationId: op
              parameters:
                - {name: q, in: query, schema: {type: [integer, 'null']}}
              responses:
                '200':
                  description: ok
                  headers:
                    X-Next: {schema: {$ref: '#/components/schemas/MaybeLater'}}
                  content:
                    application/json: {schema: {$ref: '#/components/schemas/Holder'}}
        components:
          schemas:
            Holder:
              type: object
              properties:
                nullable30: {type: string, nullable: true}
                xNullable: {type: string, x-nullable: true}
                typeList31: {type: [string, 'null']}
                typeNull: {type: 'null'}
                oneOfNull: {oneOf: [{type: string}, {type: 'null'}]}
                anyOfNull: {anyOf: [{$ref: '#/components/schemas/Plain'}, {type: 'null'}]}
                allOfAnnotated: {allOf: [{$ref: '#/components/schemas/Plain'}, {nullable: true}]}
                allOfWrapped: {allOf: [{$ref: '#/components/schemas/Maybe'}], description: wraps}
                refSibling: {$ref: '#/components/schemas/Plain', nullable: true}
                refToNullable: {$ref: '#/components/schemas/Maybe'}
                refForward: {$ref: '#/components/schemas/MaybeLater'}
                falseSchema: false
                nested: {oneOf: [{$ref: '#/components/schemas/Plain'}, {anyOf: [{type: 'null'}]}]}
                plain: {type: string}
                refToPlain: {$ref: '#/components/schemas/Plain'}
                oneOfPlain: {oneOf: [{type: string}, {type: integer}]}
                allOfMerged: {allOf: [{$ref: '#/components/schemas/Plain'}, {type: object, properties: {a: {nullable: true}}}]}
            Plain: {type: object, properties: {id: {type: string}}}
            Maybe: {type: [object, 'null'], properties: {id: {type: string}}}
            Loop: {oneOf: [{$ref: '#/components/schemas/Loop2'}]}
            Loop2: {oneOf: [{$ref: '#/components/schemas/Loop'}, {type: 'null'}]}
            MaybeLater: {$ref: '#/components/schemas/Maybe'}
        """

    @Test func everySpellingFoldsToAcceptsNull() throws {
        let document = try #require(load(Self.spec)).document
        let holder = try #require(document.schema("Holder"))
        let nullable = [
            "nullable30", "xNullable", "typeList31", "typeNull", "oneOfNull", "anyOfNull", "allOfAnnotated",
            "allOfWrapped", "refSibling", "refToNullable", "refForward", "falseSchema", "nested",
        ]
        for name in nullable {
            #expect(holder.property(name)?.acceptsNull == true, "\(name)")
        }
        for name in ["plain", "refToPlain", "oneOfPlain", "allOfMerged"] {
            #expect(holder.property(name)?.acceptsNull == false, "\(name)")
        }
        // Only what is written on the schema itself is `nullable`; the fold is `acceptsNull`.
        #expect(holder.property("refToNullable")?.nullable == false)
        #expect(holder.property("nullable30")?.nullable == true)
    }

    /// References may point forward and in circles; the fold runs once every named schema is
    /// known and stops a circle.
    @Test func referencesAndCirclesAreFollowed() throws {
        let document = try #require(load(Self.spec)).document
        #expect(document.schema("Loop")?.acceptsNull == true)
        #expect(document.schema("Loop2")?.acceptsNull == true)
        #expect(document.schema("MaybeLater")?.acceptsNull == true)
        #expect(document.schema("Plain")?.acceptsNull == false)
        let operation = try #require(document.operation("op"))
        #expect(operation.parameters.first?.schema?.acceptsNull == true)
        #expect(operation.responses.first?.headers.first?.schema?.acceptsNull == true)
    }

    @Test func swagger2XNullableFolds() throws {
        let document = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /x:
                    get:
                      operationId: op
                      parameters:
                        - {name: q, in: query, type: string, x-nullable: true}
                      responses:
                        200: {description: ok, schema: {$ref: '#/definitions/Pet'}}
                definitions:
                  Pet:
                    type: object
                    properties:
                      tag: {type: string, x-nullable: true}
                      owner: {$ref: '#/definitions/Owner'}
                      name: {type: string}
                  Owner: {type: object, x-nullable: true}
                """)
        ).document
        let pet = try #require(document.schema("Pet"))
        #expect(pet.property("tag")?.acceptsNull == true)
        #expect(pet.property("owner")?.acceptsNull == true)
        #expect(pet.property("name")?.acceptsNull == false)
        #expect(document.operation("op")?.parameters.first?.schema?.acceptsNull == true)
    }

    /// `null` among an `enum`'s values is one more spelling of "or null", and the ways of
    /// writing a nullable enum all read alike: the values without `null`, and the schema
    /// accepting it. Strictly, OpenAPI 3.0.3's `nullable` and 3.1's `'null'` type only widen
    /// the type, so `null` passes only when the `enum` lists it too, and a listed `null` only
    /// when the type allows it; each spelling alone still says the author means `null` to be
    /// a value, and a client that decodes it loses nothing where a strict one would fail.
    @Test func nullableEnumsFoldAlike() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    Listed: {type: string, enum: [a, b, null]}
                    ListedUntyped: {enum: [a, null, b]}
                    TypeList: {type: [string, 'null'], enum: [a, b]}
                    TypeListAndListed: {type: [string, 'null'], enum: [a, b, null]}
                    Nullable30: {type: string, nullable: true, enum: [a, b]}
                    Nullable30AndListed: {type: string, nullable: true, enum: [a, b, null]}
                    Plain: {type: string, enum: [a, b]}
                    OnlyNull: {enum: [null]}
                    Holder:
                      type: object
                      properties:
                        listed: {$ref: '#/components/schemas/Listed'}
                        alternative: {oneOf: [{type: string, enum: [a, b]}, {enum: [null]}]}
                        plain: {$ref: '#/components/schemas/Plain'}
                """))
        let document = result.document
        let nullable = [
            "Listed", "ListedUntyped", "TypeList", "TypeListAndListed", "Nullable30", "Nullable30AndListed",
        ]
        for name in nullable {
            let schema = try #require(document.schema(name))
            #expect(schema.enumValues?.map(\.value) == [.string("a"), .string("b")], "\(name)")
            #expect(schema.nullable && schema.acceptsNull, "\(name)")
        }
        let plain = try #require(document.schema("Plain"))
        #expect(plain.enumValues?.map(\.value) == [.string("a"), .string("b")])
        #expect(!plain.nullable && !plain.acceptsNull)
        // `enum: [null]` allows only null, as `type: 'null'` does.
        let onlyNull = try #require(document.schema("OnlyNull"))
        #expect(onlyNull.enumValues?.isEmpty == true)
        #expect(onlyNull.isNullOnly && onlyNull.acceptsNull)
        let holder = try #require(document.schema("Holder"))
        #expect(holder.property("listed")?.acceptsNull == true)
        #expect(holder.property("alternative")?.acceptsNull == true)
        #expect(holder.property("plain")?.acceptsNull == false)
        #expect(result.warnings.isEmpty)
    }

    /// Swagger 2.0's simple types fold a listed `null` too: a parameter's `enum` with `null`
    /// accepts it without `x-nullable`.
    @Test func swagger2EnumWithNullFolds() throws {
        let document = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                paths:
                  /x:
                    get:
                      operationId: op
                      parameters:
                        - {name: listed, in: query, type: string, enum: [a, null]}
                        - {name: plain, in: query, type: string, enum: [a]}
                      responses:
                        200: {description: ok}
                """)
        ).document
        let parameters = try #require(document.operation("op")?.parameters)
        #expect(parameters.map { $0.schema?.enumValues?.map(\.value) } == [[.string("a")], [.string("a")]])
        #expect(parameters.map { $0.schema?.acceptsNull } == [true, false])
    }

    /// A web of schemas that each list all the others as alternatives has more paths than
    /// any walk could follow; the fold settles each schema once. One nullable schema makes
    /// every schema that reaches it accept null, and one outside the web stays as it is.
    @Test func aWebOfAlternativesIsSettledInItsSize() throws {
        let names = (1...12).map { "S\($0)" }
        var spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas:
                Outside: {oneOf: [{type: string}, {type: integer}]}

            """
        for name in names {
            let others = names.filter { $0 != name }.map { "{$ref: '#/components/schemas/\($0)'}" }
            let own = name == "S12" ? "{type: string, nullable: true}" : "{type: string}"
            spec += "    \(name): {oneOf: [\(others.joined(separator: ", ")), \(own)]}\n"
        }
        let document = try #require(load(spec)).document
        for name in names {
            #expect(document.schema(name)?.acceptsNull == true, "\(name)")
        }
        #expect(document.schema("Outside")?.acceptsNull == false)
    }
}
