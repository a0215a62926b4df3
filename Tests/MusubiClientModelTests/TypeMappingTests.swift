import Testing

@testable import MusubiClientModel

@Suite struct TypeMappingTests {
    static let spec = specWithSchemas(
        """
            Sample:
              type: object
              required: [when, day, bytes, file, uuid, text, i32, i64, int, float, double, number, flag,
                list, nested, dict, free, freeObject, openObject, closedObject, multi, other, nullableRequired]
              properties:
                when: {type: string, format: date-time}
                day: {type: string, format: date}
                bytes: {type: string, format: byte}
                file: {type: string, format: binary}
                uuid: {type: string, format: uuid}
                text: {type: string, format: email}
                i32: {type: integer, format: int32}
                i64: {type: integer, format: int64}
                int: {type: integer}
                float: {type: number, format: float}
                double: {type: number, format: double}
                number: {type: number}
                flag: {type: boolean}
                list: {type: array, items: {type: string}}
                nested: {type: array, items: {type: array, items: {type: integer, format: int32}}}
                dict: {type: object, additionalProperties: {type: integer}}
                free: {}
                freeObject: {type: object}
                openObject: {type: object, additionalProperties: true}
                closedObject: {type: object, additionalProperties: false}
                multi: {type: [string, integer]}
                other: {$ref: '#/components/schemas/Other'}
                nullableRequired: {type: string, nullable: true}
                optional: {type: string}
                optionalList: {type: array, items: {$ref: '#/components/schemas/Other'}}
                untypedList: {type: array}
                itemsWithoutType: {items: {type: boolean}}
                mapOfLists: {additionalProperties: {type: array, items: {type: number}}}
            ServicePort:
              type: object
              required: [port]
              properties:
                port: {type: string, format: int-or-string}
                surge: {format: int-or-string}
            Other: {type: object, properties: {id: {type: string}}}
        """)

    @Test func propertyTypes() throws {
        let result = try #require(build(Self.spec))
        let sample = try #require(result.model.model("Sample"))
        #expect(
            sample.propertySignatures == [
                "when: Date",
                "day: CalendarDate",
                "bytes: Data",
                "file: Data",
                "uuid: UUID",
                "text: String",
                "i32: Int32",
                "i64: Int64",
                "int: Int",
                "float: Double",
                "double: Double",
                "number: Double",
                "flag: Bool",
                "list: [String]",
                "nested: [[Int32]]",
                "dict: [String: Int]",
                "free: JSONValue",
                "freeObject: [String: JSONValue]",
                "openObject: [String: JSONValue]",
                "closedObject: [String: JSONValue]",
                "multi: JSONValue",
                "other: Other",
                "nullableRequired: String?",
                "optional: String?",
                "optionalList: [Other]?",
                "untypedList: [JSONValue]?",
                "itemsWithoutType: [Bool]?",
                "mapOfLists: [String: [Double]]?",
            ])
        #expect(result.warnings == [])
    }

    /// A schema without `type` whose values (or default) are all of one scalar kind is that
    /// kind (Cloudflare's `retry: {enum: [true]}`, `page: {default: 1, minimum: 1}`); one that
    /// says nothing of its values stays free-form.
    @Test func valuesImplyTheTypeASchemaDoesNotState() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Paging:
                          type: object
                          properties:
                            retry: {enum: [true]}
                            ratio: {enum: [0.5, 1]}
                            page: {default: 1, minimum: 1}
                            order: {default: asc}
                            mixed: {enum: [true, 1]}
                            free: {minLength: 3}
                    """)))
        let paging = try #require(result.model.model("Paging"))
        #expect(
            paging.propertySignatures == [
                "retry: Bool?", "ratio: Double?", "page: Int?", "order: String?", "mixed: JSONValue?",
                "free: JSONValue?",
            ])
    }

    /// An object with properties and a `oneOf` beside them is both (LaunchDarkly's maintainer:
    /// a `kind`, and a member or a team): the union is a value decoded from the same object, as
    /// with `allOf`. Alternatives that only narrow the object's own properties (GitHub's check
    /// run: `status` is `completed` and `conclusion` required, or `status` is something else)
    /// or only say which are required add nothing.
    @Test func aOneOfBesideThePropertiesIsPartOfTheObject() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Maintainer:
                          type: object
                          required: [kind]
                          properties:
                            kind: {type: string}
                          oneOf:
                            - $ref: '#/components/schemas/Member'
                            - $ref: '#/components/schemas/Team'
                        Member: {type: object, required: [email], properties: {email: {type: string}}}
                        Team: {type: object, required: [key], properties: {key: {type: string}}}
                        CheckRun:
                          type: object
                          properties:
                            status: {type: string, enum: [queued, completed]}
                            conclusion: {type: string}
                          oneOf:
                            - {properties: {status: {enum: [completed]}}, required: [status, conclusion]}
                            - {properties: {status: {enum: [queued]}}}
                        Contact:
                          type: object
                          properties:
                            email: {type: string}
                            phone: {type: string}
                          oneOf:
                            - required: [email]
                            - required: [phone]
                    """)))
        #expect(result.warnings == [])
        let maintainer = try #require(result.model.model("Maintainer"))
        #expect(maintainer.propertySignatures == ["kind: String", "value: MaintainerValue"])
        #expect(maintainer.properties.map(\.isKeyed) == [true, false])
        #expect(result.model.model("MaintainerValue")?.kind == .oneOf)
        #expect(
            result.model.model("CheckRun")?.propertySignatures == ["status: CheckRunStatus?", "conclusion: String?"])
        #expect(result.model.model("Contact")?.propertySignatures == ["email: String?", "phone: String?"])
    }

    /// Items and dictionary values that may be null are optional, so a `null` among them
    /// decodes, and can be sent: GitHub deletes a gist's file when the update's `files` maps
    /// its name to `null`.
    /// Other members an object allows beside its properties are kept in a dictionary, so that a
    /// value decoded and sent back (a `PUT` of what a `GET` gave) loses nothing: typed ones,
    /// and any ones when the schema says `true` (Bitbucket's every object, through the `allOf`
    /// part it shares) or `{}`. Objects that say nothing of them, or `false`, do not keep them.
    @Test func otherMembersBesideThePropertiesAreKeptWhenTheSchemaAllowsThem() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Open: {type: object, properties: {id: {type: string}}, additionalProperties: true}
                        AnyValues: {type: object, properties: {id: {type: string}}, additionalProperties: {}}
                        Typed: {type: object, properties: {id: {type: string}}, additionalProperties: {type: integer}}
                        Closed: {type: object, properties: {id: {type: string}}, additionalProperties: false}
                        Silent: {type: object, properties: {id: {type: string}}}
                        Base: {type: object, properties: {type: {type: string}}, additionalProperties: true}
                        Merged:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - {type: object, properties: {name: {type: string}}}
                        MergedTyped:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - {type: object, properties: {name: {type: string}}, additionalProperties: {type: integer}}
                        MergedClosed:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - {type: object, properties: {name: {type: string}}}
                          additionalProperties: false
                    """)))
        func otherMembers(_ name: String) throws -> String? {
            try #require(result.model.model(name)).propertySignatures.first { $0.hasPrefix("additionalProperties:") }
        }
        #expect(try otherMembers("Open") == "additionalProperties: [String: JSONValue]")
        #expect(try otherMembers("AnyValues") == "additionalProperties: [String: JSONValue]")
        #expect(try otherMembers("Typed") == "additionalProperties: [String: Int]")
        #expect(try otherMembers("Closed") == nil)
        #expect(try otherMembers("Silent") == nil)
        #expect(try otherMembers("Merged") == "additionalProperties: [String: JSONValue]")
        #expect(try otherMembers("MergedTyped") == "additionalProperties: [String: Int]")
        #expect(try otherMembers("MergedClosed") == nil)
        #expect(result.warnings == [])
    }

    /// Alternatives that are the same scalar type again (Elastic writes "or null" as a nullable
    /// copy, and integers and floats both as `number`) are one case, or no union at all.
    @Test func repeatedScalarAlternativesAreOne() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        FieldValue:
                          oneOf:
                            - {type: number}
                            - {type: number}
                            - {type: string}
                            - {type: boolean}
                            - {type: string, nullable: true}
                        Cause:
                          type: object
                          properties:
                            reason:
                              oneOf: [{type: string}, {type: string, nullable: true}]
                            sort: {type: array, items: {$ref: '#/components/schemas/FieldValue'}}
                    """))
        ).model
        let field = try #require(model.model("FieldValue"))
        #expect(field.alternatives.map(\.name) == ["number", "string", "boolean"])
        #expect(model.model("Cause")?.propertySignatures == ["reason: String?", "sort: [FieldValue?]?"])
    }

    @Test func nullableElementsAreOptional() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Gist:
                          type: object
                          properties:
                            files:
                              type: object
                              additionalProperties:
                                type: object
                                nullable: true
                                properties: {content: {type: string}}
                            labels: {type: array, items: {type: string, nullable: true}}
                            values: {type: object, additionalProperties: {nullable: true}}
                            tags: {type: array, items: {type: string}}
                    """)))
        let gist = try #require(result.model.model("Gist"))
        #expect(
            gist.propertySignatures == [
                "files: [String: GistFilesValue?]?", "labels: [String?]?", "values: [String: JSONValue]?",
                "tags: [String]?",
            ])
    }

    /// Kubernetes' `IntOrString` is `type: string, format: int-or-string`, and holds numbers.
    @Test func intOrStringFormat() throws {
        let result = try #require(build(Self.spec))
        let port = try #require(result.model.model("ServicePort"))
        #expect(port.propertySignatures == ["port: IntOrString", "surge: IntOrString?"])
    }

    @Test func initializerDefaultsOptionalsToNil() throws {
        let sample = try #require(build(Self.spec)?.model.model("Sample"))
        let declarations = sample.initParameters.map(\.declaration)
        #expect(declarations.first == "when: Date")
        #expect(declarations.contains("nullableRequired: String? = nil"))
        #expect(declarations.contains("optional: String? = nil"))
        #expect(declarations.last == "mapOfLists: [String: [Double]]? = nil")
        #expect(sample.initParameters.map(\.isLast) == Array(repeating: false, count: 27) + [true])
        #expect(sample.hasInitParameters)
        // Too long for one line: one parameter per line, no trailing comma.
        #expect(sample.initDeclarationLines.first == "public init(")
        #expect(sample.initDeclarationLines[1] == "    when: Date,")
        #expect(sample.initDeclarationLines.suffix(2) == ["    mapOfLists: [String: [Double]]? = nil", ") {"])
        #expect(
            sample.properties.first?.decodeLines == [#"self.when = try container.decode(Date.self, forKey: "when")"#])
        #expect(sample.properties.last?.visitLines.joined().hasSuffix(#"key: "mapOfLists")"#) == true)
    }

    @Test func shortInitializerOnOneLine() throws {
        let other = try #require(build(Self.spec)?.model.model("Other"))
        #expect(other.initDeclarationLines == ["public init(id: String? = nil) {"])
    }

    /// A required property that may be null must be optional, or decoding a `null` fails.
    /// Nullability can be written on the property, on the component it refers to, or as a
    /// `null` alternative.
    @Test func nullableRequiredPropertiesAreOptional() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Holder:
                          type: object
                          required: [a, b, c, d, e, f, g, h]
                          properties:
                            a: {type: [string, 'null']}
                            b: {$ref: '#/components/schemas/NullableName'}
                            c: {$ref: '#/components/schemas/Name', nullable: true}
                            d:
                              oneOf:
                                - $ref: '#/components/schemas/Name'
                                - type: 'null'
                            e:
                              anyOf: [{type: 'null'}, {type: integer}]
                            f: {allOf: [{$ref: '#/components/schemas/NullableName'}]}
                            g: {$ref: '#/components/schemas/Name'}
                            h: {$ref: '#/components/schemas/NullableObject'}
                        Name: {type: string}
                        NullableName: {type: string, nullable: true}
                        NullableObject:
                          type: object
                          nullable: true
                          properties: {x: {type: string}}
                    """))
        )
        let holder = try #require(result.model.model("Holder"))
        #expect(
            holder.propertySignatures == [
                "a: String?", "b: NullableName?", "c: Name?", "d: Name?", "e: Int?", "f: NullableName?", "g: Name",
                "h: NullableObject?",
            ])
        #expect(holder.initParameters.map(\.declaration).last == "h: NullableObject? = nil")
        #expect(result.model.model("NullableName")?.aliasedType == "String")
    }

    @Test func componentAliases() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Name: {type: string, description: A name.}
                        Count: {type: integer, format: int64}
                        Names: {type: array, items: {$ref: '#/components/schemas/Name'}}
                        Scores: {type: object, additionalProperties: {type: number, format: float}}
                        Anything: {}
                        Alias: {$ref: '#/components/schemas/Name'}
                    """))
        ).model
        #expect(
            model.models.map { "\($0.name) = \($0.aliasedType)" } == [
                "Alias = Name", "Anything = JSONValue", "Count = Int64", "Name = String", "Names = [Name]",
                "Scores = [String: Double]",
            ])
        #expect(model.models.allSatisfy { $0.kind == .typealias && $0.template == "Typealias" })
        #expect(model.model("Name")?.docLines == ["/// A name."])
    }

    /// An `anyOf` whose alternatives are different kinds of value can only be one of them:
    /// an enum. Two alternatives of one kind (two strings, two objects) can both match a value,
    /// and keep the struct that holds each that does.
    @Test func anyOfOfDifferentKindsOfValueIsAOneOfEnum() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Version: {type: integer}
                        Values:
                          type: object
                          properties:
                            scalar: {anyOf: [{type: string}, {$ref: '#/components/schemas/Version'}, {type: boolean}]}
                            numbers: {anyOf: [{type: number}, {type: integer}, {type: 'null'}]}
                            listed: {anyOf: [{enum: [auto]}, {type: array, items: {type: string}}]}
                            strings: {anyOf: [{type: string, format: date-time}, {type: string}]}
                            idOrObject: {anyOf: [{type: string}, {type: object, properties: {id: {type: string}}}]}
                            arrays: {anyOf: [{type: array, items: {type: string}}, {type: array, items: {type: integer}}]}
                    """))
        )
        func kind(_ name: String) -> String? { result.model.model("Values\(name)")?.kind.rawValue }
        #expect(kind("Scalar") == "oneOf")
        #expect(result.model.model("ValuesScalar")?.alternatives.map(\.type) == ["String", "Version", "Bool"])
        #expect(kind("Numbers") == "oneOf")
        // An integer is tried before the number that would take it too.
        #expect(result.model.model("ValuesNumbers")?.alternatives.map(\.name) == ["integer", "number"])
        #expect(kind("Listed") == "oneOf")
        #expect(kind("Strings") == "anyOf")
        #expect(kind("IDOrObject") == "anyOf")
        #expect(kind("Arrays") == "anyOf")
    }

    /// A discriminator over inline alternatives, which have no name to map (OpenAI's Responses
    /// WebSocket events: each an `allOf` of an event and its `stream_id`), goes by the values
    /// each alternative pins the property to; an `anyOf` told apart so is an enum.
    /// A base schema whose discriminator maps tags to schemas that only repeat it (Rebilly's
    /// `AlipayInstrument: {allOf: [$ref PaymentInstrument]}`) has a case for each such tag,
    /// holding the base's struct; a base whose mapping names one subtype is that subtype, so
    /// its properties are neither lost nor impossible to send. Each subtype's tag is its
    /// initializer's default.
    @Test func aBaseIsAnyOfTheSubtypesItsMappingNames() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a: {get: {operationId: getInstrument, responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Instrument'}}}}}}}
              /b: {get: {operationId: getMpi, responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Mpis'}}}}}}}
            components:
              schemas:
                Instrument:
                  type: object
                  required: [method]
                  properties: {method: {type: string, enum: [card, alipay]}}
                  discriminator:
                    propertyName: method
                    mapping: {card: '#/components/schemas/Card', alipay: '#/components/schemas/Alipay'}
                Card:
                  allOf: [{$ref: '#/components/schemas/Instrument'}, {type: object, properties: {cardID: {type: string}}}]
                Alipay: {allOf: [{$ref: '#/components/schemas/Instrument'}]}
                Mpis:
                  type: object
                  required: [name]
                  properties: {name: {type: string}}
                  discriminator: {propertyName: name, mapping: {clearhaus: '#/components/schemas/Mpi'}}
                Mpi:
                  allOf: [{$ref: '#/components/schemas/Mpis'}, {type: object, required: [key], properties: {key: {type: string}}}]
            """
        let model = try #require(build(spec)).model
        let any = try #require(model.model("AnyInstrument"))
        #expect(any.alternatives.map(\.name) == ["card", "alipay"])
        #expect(any.alternatives.map(\.type) == [.named("Card"), .named("Alipay")])
        #expect(model.model("Alipay")?.aliasedType == "Instrument")
        #expect(model.request("GetInstrument")?.responseType == "AnyInstrument")
        #expect(model.request("GetMpi")?.responseType == "Mpi")
        // A subtype's tag is its default: `Card(cardID:)` is not sent as an Alipay by mistake.
        #expect(
            model.model("Card")?.initParameters.map(\.declaration) == [
                "method: InstrumentMethod = .card", "cardID: String? = nil",
            ])
    }

    /// A named string narrowed by an `allOf` to some values (Lob's `object: {allOf: [$ref
    /// ResourceType, {type: string, enum: [thing]}]}`) is those values' enum, not `JSONValue`;
    /// a string whose `anyOf` only gives formats (Lob's `SendDate`) is a string.
    @Test func scalarsNarrowedOrAnnotatedByCompositionsStayScalars() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a: {get: {operationId: getThing, responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}}}}}
            components:
              schemas:
                ResourceType: {type: string, description: The kind of resource.}
                SendDate: {type: string, anyOf: [{format: date-time}, {format: date}]}
                Thing:
                  type: object
                  properties:
                    object:
                      allOf: [{$ref: '#/components/schemas/ResourceType'}, {type: string, enum: [thing]}]
                    sendDate: {$ref: '#/components/schemas/SendDate'}
            """
        let result = try #require(build(spec))
        #expect(result.model.model("Thing")?.propertySignatures == ["object: ThingObject?", "sendDate: SendDate?"])
        #expect(result.model.model("ThingObject")?.kind == .enum)
        #expect(result.model.model("SendDate")?.aliasedType == "String")
        #expect(result.warnings.isEmpty)
    }

    /// An alternative written as `allOf` of its own titled part and a shared base (Lob's
    /// creatives) is named by that part, not `Option1`.
    @Test func anAlternativeOfAPartAndABaseIsNamedByThePart() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a: {get: {operationId: getCreative, responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Returned'}}}}}}}
            components:
              schemas:
                Base: {type: object, properties: {id: {type: string}}}
                Returned:
                  oneOf:
                    - allOf:
                        - {title: Postcard Creative, required: [kind], properties: {kind: {type: string, enum: [postcard]}}}
                        - $ref: '#/components/schemas/Base'
                    - allOf:
                        - {required: [kind], properties: {kind: {type: string, enum: [letter]}}}
                        - $ref: '#/components/schemas/Base'
                  discriminator: {propertyName: kind}
            """
        let model = try #require(build(spec)).model
        let returned = try #require(model.model("Returned"))
        #expect(returned.alternatives.map(\.type) == [.named("PostcardCreative"), .named("ReturnedLetter")])
    }

    /// Fern writes every union's alternative as `allOf` of a part pinning the tag and a shared
    /// schema, with `required: [type]` beside the `allOf`, not in the part: the alternative is
    /// still named by its tag (Langfuse's `.traceCreate`, not `.option1`).
    @Test func anAlternativeRequiringItsPartsTagOutsideTheAllOfIsNamedByIt() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a: {get: {operationId: getPrompt, responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Prompt'}}}}}}}
            components:
              schemas:
                Chat: {type: object, required: [name], properties: {name: {type: string}}}
                Prompt:
                  oneOf:
                    - type: object
                      allOf:
                        - {type: object, properties: {type: {type: string, enum: [chat]}}}
                        - $ref: '#/components/schemas/Chat'
                      required: [type]
                    - type: object
                      allOf:
                        - {type: object, properties: {type: {type: string, enum: [text]}}}
                        - $ref: '#/components/schemas/Chat'
                      required: [type]
            """
        let model = try #require(build(spec)).model
        let prompt = try #require(model.model("Prompt"))
        #expect(prompt.alternatives.map(\.type) == [.named("PromptChat"), .named("PromptText")])
    }

    @Test func aDiscriminatorOverInlineAlternativesGoesByTheirPinnedValues() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Delta:
                          type: object
                          required: [type, delta]
                          properties: {type: {type: string, enum: [text.delta]}, delta: {type: string}}
                        Done:
                          type: object
                          required: [type]
                          properties: {type: {type: string, enum: [text.done]}}
                        StreamEvent:
                          discriminator: {propertyName: type}
                          anyOf:
                            - title: DeltaOnStream
                              allOf:
                                - $ref: '#/components/schemas/Delta'
                                - {type: object, properties: {stream_id: {type: string}}}
                            - title: DoneOnStream
                              allOf:
                                - $ref: '#/components/schemas/Done'
                                - {type: object, properties: {stream_id: {type: string}}}
                    """))
        )
        let event = try #require(result.model.model("StreamEvent"))
        #expect(event.kind == .oneOf)
        #expect(event.alternatives.map(\.name) == ["deltaOnStream", "doneOnStream"])
        #expect(event.alternatives.map(\.discriminatorCaseLines.count) == [1, 1])
        #expect(event.discriminatorProperty == "type")
    }

    @Test func multipleAlternativesBecomeAOneOfEnum() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Choice:
                          type: object
                          required: [value]
                          properties:
                            value:
                              oneOf: [{type: string}, {type: integer}]
                    """))
        )
        #expect(result.model.model("Choice")?.propertySignatures == ["value: ChoiceValue"])
        let choice = try #require(result.model.model("ChoiceValue"))
        #expect(choice.kind == .oneOf)
        #expect(choice.alternatives.map { "\($0.name)(\($0.type))" } == ["string(String)", "integer(Int)"])
        #expect(result.warnings.isEmpty)
    }

    @Test func unknownTypeWarns() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Odd:
                          type: object
                          properties:
                            value: {type: file}
                    """))
        )
        #expect(result.model.model("Odd")?.propertySignatures == ["value: JSONValue?"])
        #expect(result.warnings.map(\.message) == ["unknown type 'file' is generated as JSONValue"])
    }

    @Test func allOfMergesObjectParts() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Person:
                          type: object
                          required: [name]
                          properties:
                            name: {type: string}
                            age: {type: integer}
                        Employee:
                          description: Works here.
                          allOf:
                            - $ref: '#/components/schemas/Person'
                            - type: object
                              required: [employee_id]
                              properties:
                                employee_id: {type: string}
                                age: {type: integer, format: int32}
                    """))
        ).model
        let employee = try #require(model.model("Employee"))
        #expect(employee.kind == .struct)
        #expect(employee.propertySignatures == ["name: String", "age: Int32?", "employeeID: String"])
        #expect(employee.docLines == ["/// Works here."])
    }

    /// Every part of an `allOf` applies, `required` too: in a part of its own (Opsgenie's
    /// incident payload), beside a base it makes stricter, or beside a single-part `allOf`. A
    /// base so narrowed is a type of its own, not an alias of the base.
    @Test func requiredNamesInTheirOwnAllOfPartApply() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        CreateIncidentPayload:
                          type: object
                          allOf:
                            - required: [message, serviceId]
                            - properties:
                                message: {type: string}
                                serviceId: {type: string}
                                note: {type: string}
                        IncidentBase:
                          type: object
                          properties:
                            id: {type: string}
                            message: {type: string}
                        Incident:
                          allOf:
                            - $ref: '#/components/schemas/IncidentBase'
                            - required: [id, message]
                        IncidentWithID:
                          required: [id]
                          allOf:
                            - $ref: '#/components/schemas/IncidentBase'
                        NullableIncident:
                          nullable: true
                          allOf:
                            - $ref: '#/components/schemas/IncidentBase'
                    """))
        ).model
        #expect(
            model.model("CreateIncidentPayload")?.propertySignatures == [
                "message: String", "serviceID: String", "note: String?",
            ])
        #expect(model.model("Incident")?.propertySignatures == ["id: String", "message: String"])
        #expect(model.model("IncidentWithID")?.propertySignatures == ["id: String", "message: String?"])
        #expect(model.model("IncidentBase")?.propertySignatures == ["id: String?", "message: String?"])
        // Only annotating the base still names it.
        #expect(model.model("NullableIncident")?.kind == .typealias)
    }

    /// A `oneOf` part of an `allOf` that is itself a part of another `allOf` is still a value of
    /// the same object (Meilisearch's search results: `allOf: [SearchResult, {indexUid}]`,
    /// `SearchResult` being `allOf: [HitsInfo, {query}]` and `HitsInfo` a `oneOf`), and a
    /// part that is one alternative or null is that alternative's properties. Both were
    /// `JSONValue`.
    @Test func unionPartsOfNestedAllOfsAndNullableAlternativePartsAreKept() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        HitsInfo:
                          oneOf:
                            - {type: object, required: [page], properties: {page: {type: integer}}}
                            - {type: object, required: [offset], properties: {offset: {type: integer}}}
                        SearchResult:
                          allOf:
                            - $ref: '#/components/schemas/HitsInfo'
                            - {type: object, required: [query], properties: {query: {type: string}}}
                        SearchResultWithIndex:
                          allOf:
                            - $ref: '#/components/schemas/SearchResult'
                            - {type: object, required: [indexUid], properties: {indexUid: {type: string}}}
                        Both:
                          allOf:
                            - $ref: '#/components/schemas/SearchResult'
                            - $ref: '#/components/schemas/SearchResultWithIndex'
                        Options:
                          type: object
                          properties:
                            stopWords: {type: array, items: {type: string}}
                        DetailsView:
                          allOf:
                            - oneOf:
                                - {type: 'null'}
                                - $ref: '#/components/schemas/Options'
                            - {type: object, properties: {receivedDocuments: {type: integer}}}
                    """, version: "3.1.0"))
        )
        let model = result.model
        let searchResult = try #require(model.model("SearchResult"))
        #expect(searchResult.propertySignatures == ["query: String", "hitsInfo: HitsInfo"])
        #expect(
            try #require(model.model("SearchResultWithIndex")).propertySignatures == [
                "query: String", "indexUid: String", "hitsInfo: HitsInfo",
            ])
        // Reached along two paths, the union is embedded once.
        #expect(
            try #require(model.model("Both")).propertySignatures == [
                "query: String", "indexUid: String", "hitsInfo: HitsInfo",
            ])
        #expect(
            try #require(model.model("DetailsView")).propertySignatures == [
                "stopWords: [String]?", "receivedDocuments: Int?",
            ])
        #expect(result.warnings == [])
    }

    /// An `allOf` part with properties and a `oneOf`/`anyOf` beside them: a union of values
    /// is embedded, as beside the properties of a struct of its own; alternatives that only
    /// say which properties are required (Lob's addresses) add nothing. Both made the whole
    /// type `JSONValue`.
    @Test func anAllOfPartWithPropertiesBesideAUnionKeepsBoth() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Base: {type: object, properties: {created: {type: string}}}
                        Member: {type: object, required: [email], properties: {email: {type: string}}}
                        Team: {type: object, required: [key], properties: {key: {type: string}}}
                        Address:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - type: object
                              required: [id]
                              anyOf:
                                - required: [name]
                                - required: [company]
                              properties:
                                id: {type: string}
                                name: {type: string}
                                company: {type: string}
                        Maintainer:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - type: object
                              properties:
                                kind: {type: string}
                              oneOf:
                                - $ref: '#/components/schemas/Member'
                                - $ref: '#/components/schemas/Team'
                        Firewall:
                          allOf:
                            - $ref: '#/components/schemas/Base'
                            - required: [created]
                            - anyOf:
                                - {title: Inbound Rules, required: [inbound_rules]}
                                - {title: Outbound Rules, required: [outbound_rules]}
                    """))
        )
        // A part of its own that only says which members are required (DigitalOcean's
        // firewalls) adds no member either.
        #expect(try #require(result.model.model("Firewall")).propertySignatures == ["created: String"])
        #expect(
            try #require(result.model.model("Address")).propertySignatures == [
                "created: String?", "id: String", "name: String?", "company: String?",
            ])
        let maintainer = try #require(result.model.model("Maintainer"))
        #expect(maintainer.propertySignatures.prefix(2) == ["created: String?", "kind: String?"])
        #expect(maintainer.propertySignatures.count == 3)
        #expect(result.warnings == [])
    }

    /// `oneOf: [{type: boolean}, {type: object}]` beside `properties` (Lob's return envelope)
    /// is a Boolean or an object with those properties; the properties alone failed to decode
    /// `false`.
    @Test func aScalarOrAnObjectBesidePropertiesIsAUnionWhoseObjectHasThem() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        ReturnEnvelope:
                          oneOf:
                            - {type: boolean}
                            - {type: object, required: [url], properties: {url: {type: string}}}
                          required: [id]
                          properties:
                            id: {type: string}
                            url: {type: integer}
                    """))
        )
        let envelope = try #require(result.model.model("ReturnEnvelope"))
        #expect(envelope.kind == .oneOf)
        #expect(envelope.alternatives.first?.type == "Bool")
        // The alternative's own declaration of a property wins over the one beside the union.
        let object = try #require(envelope.alternatives.last?.type.name)
        #expect(try #require(result.model.model(object)).propertySignatures == ["id: String", "url: String"])
        #expect(result.warnings == [])
    }

    /// Plaid and Cloudflare document a property of a shared scalar type by restating its type
    /// beside the reference (`allOf: [$ref: Scope, {type: string, description: …, nullable:
    /// true}]`), or give a named schema its own `type` and `nullable` around one: the value is
    /// the referenced type, not `JSONValue`, with the property's own words and null-ness.
    @Test func allOfOfAScalarReferenceIsThatType() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Scope: {type: string, enum: [me_to_me, external]}
                        UserID: {type: string}
                        Iban: {type: string, minLength: 15}
                        IbanNullable:
                          type: string
                          nullable: true
                          allOf: [{$ref: '#/components/schemas/Iban'}]
                        Only:
                          type: string
                          enum: [external]
                          allOf: [{$ref: '#/components/schemas/Scope'}]
                        Thing:
                          type: object
                          required: [kind]
                          properties:
                            scope:
                              allOf:
                                - $ref: '#/components/schemas/Scope'
                                - {type: string, description: Who the payment is for., nullable: true}
                            user_id:
                              allOf:
                                - $ref: '#/components/schemas/UserID'
                                - {type: string, description: The user., readOnly: true}
                            iban: {$ref: '#/components/schemas/IbanNullable'}
                            kind: {$ref: '#/components/schemas/Only'}
                    """)))
        #expect(result.warnings == [])
        let thing = try #require(result.model.model("Thing"))
        #expect(
            thing.propertySignatures == ["scope: Scope?", "userID: UserID?", "iban: IbanNullable?", "kind: Only"])
        #expect(thing.properties.map(\.keepsNull) == [true, false, true, false])
        #expect(thing.properties[0].docLines == ["/// Who the payment is for."])
        #expect(
            thing.properties[1].docLines == [
                "/// The user.", "///", "/// Read-only: set by the server, left out of request bodies.",
            ])
        #expect(result.model.model("IbanNullable")?.aliasedType == .named("Iban"))
        // Values of its own restrict the reference: a one-value enum, not an alias.
        #expect(result.model.model("Only")?.kind == .enum)
    }

    @Test func booleanSchemaFalseIsAnOptionalJSONValue() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Strict:
                          type: object
                          required: [never]
                          properties:
                            never: false
                            always: true
                    """, version: "3.1.0"))
        )
        #expect(result.model.model("Strict")?.propertySignatures == ["never: JSONValue?", "always: JSONValue?"])
        #expect(result.warnings == [])
    }
}
