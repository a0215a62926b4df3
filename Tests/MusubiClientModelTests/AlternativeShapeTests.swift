import Testing

@testable import MusubiClientModel

/// Unions of a value and the empty string, and what the object alternatives of a `oneOf`
/// without discriminator need of a value.
@Suite struct AlternativeShapeTests {
    @Test func everyKindOfValueOrEmptyIsTheValuesType() throws {
        let spec = specWithSchemas(
            """
                Update:
                  type: object
                  properties:
                    text: {anyOf: [{type: string, maxLength: 5}, {type: string, enum: ['']}]}
                    object:
                      anyOf:
                        - {type: object, title: dob, properties: {day: {type: integer}}}
                        - {type: string, enum: ['']}
                    dictionary: {anyOf: [{type: object, additionalProperties: {type: string}}, {enum: ['']}]}
                    array: {anyOf: [{type: array, items: {type: string}}, {type: string, enum: ['']}]}
                    integer: {anyOf: [{type: integer, format: unix-time}, {type: string, enum: ['']}]}
                    number: {anyOf: [{type: number}, {type: string, enum: ['']}]}
                    boolean: {oneOf: [{type: boolean}, {type: string, enum: ['']}]}
                    several: {anyOf: [{type: string, enum: [now]}, {type: integer}, {type: string, enum: ['']}]}
                    nullable: {anyOf: [{type: integer}, {type: string, enum: ['']}], nullable: true}
                    date: {anyOf: [{type: string, format: date-time}, {type: string, enum: ['']}]}
                    choice: {anyOf: [{type: string, enum: [a, b]}, {type: string, enum: ['']}]}
                Cleared:
                  anyOf:
                    - {type: object, additionalProperties: {type: integer}}
                    - {type: string, enum: ['']}
            """, version: "3.0.3")
        let result = try #require(build(spec))
        let update = try #require(result.model.model("Update"))
        #expect(
            update.propertySignatures == [
                "text: String?",
                "object: OrEmpty<Dob>?",
                "dictionary: OrEmpty<[String: String]>?",
                "array: OrEmpty<[String]>?",
                "integer: OrEmpty<Int>?",
                "number: OrEmpty<Double>?",
                "boolean: OrEmpty<Bool>?",
                "several: OrEmpty<UpdateSeveral>?",
                "nullable: OrEmpty<Int>?",
                "date: OrEmpty<Date>?",
                // Listed strings stay one open enum, with `empty` as a case.
                "choice: UpdateChoice?",
            ])
        // No value is both a listed string and an integer: one of them, as a `oneOf`.
        #expect(result.model.model("UpdateSeveral")?.kind == .oneOf)
        #expect(result.model.model("UpdateChoice")?.cases.map(\.name) == ["a", "b", "empty"])
        #expect(result.model.model("Cleared")?.aliasedType == "OrEmpty<[String: Int]>")
    }

    /// A union of strings that lists some values is one open enum of all of them, named
    /// string enums and unions of strings among its alternatives included (OpenAI's `model`:
    /// the shared models, or one of the Responses API's own).
    @Test func unionsOfStringEnumsAreOneOpenEnum() throws {
        let spec = specWithSchemas(
            """
                SharedModels:
                  anyOf:
                    - {type: string}
                    - {type: string, enum: [gpt-5, gpt-5-mini]}
                Tier: {type: string, enum: [auto, flex]}
                ResponsesModels:
                  anyOf:
                    - $ref: '#/components/schemas/SharedModels'
                    - {type: string, title: ResponsesOnly, enum: [o3-pro, gpt-5]}
                    - $ref: '#/components/schemas/Tier'
                LoopA:
                  anyOf:
                    - $ref: '#/components/schemas/LoopB'
                    - {type: string, enum: [a]}
                LoopB:
                  anyOf:
                    - $ref: '#/components/schemas/LoopA'
                    - {type: string, enum: [b]}
                Mixed:
                  anyOf:
                    - $ref: '#/components/schemas/SharedModels'
                    - {type: object, properties: {id: {type: string}}}
                Listed:
                  anyOf:
                    - $ref: '#/components/schemas/Tier'
                    - {type: string, enum: [scale]}
            """, version: "3.0.3")
        let model = try #require(build(spec)).model
        let responses = try #require(model.model("ResponsesModels"))
        #expect(responses.kind == .enum)
        #expect(responses.cases.map(\.name) == ["gpt5", "gpt5Mini", "o3Pro", "auto", "flex"])
        // Any string is a model, through the shared ones: the enum is written as a string
        // literal, and its catch-all case says it takes any value.
        #expect(responses.conformances == "OpenEnum, ExpressibleByStringLiteral")
        #expect(responses.unknownCaseDocLines.joined().contains("the API takes any string"))
        // A union of listed values only takes those: no literal that a typo would compile as.
        let tier = try #require(model.model("Tier"))
        #expect(tier.conformances == "OpenEnum")
        #expect(tier.unknownCaseDocLines == ["/// A value this client did not know when it was generated."])
        #expect(try #require(model.model("Listed")).conformances == "OpenEnum")
        // Unions that list each other are not looked into forever; nor is one with an object
        // one of strings.
        #expect(try #require(model.model("LoopA")).kind == .anyOf)
        #expect(try #require(model.model("Mixed")).kind == .anyOf)
    }

    /// A tagged alternative is named by its tag value when that says in fewer words what its
    /// type's name says (`.user`, not `.chatUserMessage`), else by its type.
    @Test func taggedAlternativesAreNamedByTheirTagWhenItSaysLess() throws {
        let message = { (name: String, role: String) in
            """
                \(name):
                  type: object
                  required: [role]
                  properties: {role: {type: string, enum: [\(role)]}, content: {type: string}}
            """
        }
        let spec = specWithSchemas(
            """
                ChatMessage:
                  oneOf:
                    - $ref: '#/components/schemas/ChatUserMessage'
                    - $ref: '#/components/schemas/ChatSystemMessage'
                    - $ref: '#/components/schemas/ChatOutputEvent'
                    - $ref: '#/components/schemas/ChatToolNote'
                  discriminator: {propertyName: role}
            \(message("ChatUserMessage", "user"))
            \(message("ChatSystemMessage", "system"))
            \(message("ChatOutputEvent", "response.output_text.delta"))
            \(message("ChatToolNote", "tool_note"))
            """, version: "3.0.3")
        let model = try #require(build(spec)).model
        #expect(
            try #require(model.model("ChatMessage")).alternatives.map(\.name) == [
                "user", "system", "chatOutputEvent", "toolNote",
            ])
    }

    @Test func objectAlternativesSayWhatTheyNeed() throws {
        let spec = specWithSchemas(
            """
                Source:
                  oneOf:
                    - $ref: '#/components/schemas/User'
                    - $ref: '#/components/schemas/File'
                    - {type: string}
                    - type: object
                      properties:
                        url: {type: string}
                        title: {type: string}
                User:
                  type: object
                  required: [id, type, secret, note]
                  properties:
                    id: {type: string}
                    type: {type: string, enum: [user]}
                    secret: {type: string, writeOnly: true}
                    note: {type: string, nullable: true}
                File:
                  allOf:
                    - {type: object, required: [id], properties: {id: {type: string}}}
                    - type: object
                      properties:
                        type: {type: string, enum: [file]}
                        version: {type: integer, enum: [2]}
                        deleted: {type: boolean, enum: [false]}
                        state: {type: string, enum: [open], nullable: true}
                        kind: {type: string, enum: [a, b]}
            """)
        let result = try #require(build(spec))
        let source = try #require(result.model.model("Source"))
        #expect(source.ranksAlternatives)
        #expect(
            source.alternatives.map(\.shapeLines) == [
                // Write-only and nullable members may be absent from a response.
                [#"AlternativeShape(User.self, requires: ["id", "type"], pins: ["type": "user"]),"#],
                [
                    "AlternativeShape(",
                    #"    File.self, requires: ["id"], pins: ["type": "file", "version": 2, "deleted": false]),"#,
                ],
                [".scalar(String.self),"],
                // Nothing required or pinned: its members are what tells it apart.
                [#"AlternativeShape(SourceURL.self, keys: ["url", "title"]),"#],
            ])
        #expect(source.alternatives[0].rankedCaseLines == ["case 0: alternatives.decode(Self.user)"])
    }

    /// A member each object lists values of its own for tells them apart (Adyen's payment
    /// methods); one they list alike (Stripe's `status`), or beside a pinned member, does not,
    /// as a value the server adds must not rule out the object it belongs to.
    @Test func onlyListsOfValuesOfTheirOwnTellAlternativesApart() throws {
        let spec = specWithSchemas(
            """
                Method:
                  oneOf:
                    - {type: object, properties: {number: {type: string}, type: {type: string, enum: [ach, ach_plaid]}}}
                    - {type: object, properties: {address: {type: string}, type: {type: string, enum: [klarna, zip]}}}
                Source:
                  oneOf:
                    - type: object
                      required: [object]
                      properties:
                        object: {type: string, enum: [dispute]}
                        status: {type: string, enum: [lost, won, pending]}
                    - type: object
                      required: [object]
                      properties:
                        object: {type: string, enum: [payout]}
                        status: {type: string, enum: [paid, pending]}
                Shared:
                  oneOf:
                    - {type: object, properties: {a: {type: string}, state: {type: string, enum: [open, closed]}}}
                    - {type: object, properties: {b: {type: string}, state: {type: string, enum: [open, draft]}}}
            """)
        let model = try #require(build(spec)).model
        let method = try #require(model.model("Method"))
        #expect(method.alternatives.allSatisfy { $0.shapeLines.joined().contains(#"lists: ["type": ["#) })
        let source = try #require(model.model("Source"))
        #expect(source.alternatives.allSatisfy { !$0.shapeLines.joined().contains("lists:") })
        let shared = try #require(model.model("Shared"))
        #expect(shared.alternatives.allSatisfy { !$0.shapeLines.joined().contains("lists:") })
    }

    @Test func unionsOfFewerThanTwoObjectsAreTriedInOrder() throws {
        let spec = specWithSchemas(
            """
                Setting:
                  oneOf:
                    - {type: integer}
                    - {type: object, required: [type], properties: {type: {type: string, enum: [text]}}}
                Tagged:
                  oneOf:
                    - {type: object, required: [type], properties: {type: {type: string, enum: [a]}}}
                    - {type: object, required: [type], properties: {type: {type: string, enum: [b]}}}
            """)
        let result = try #require(build(spec))
        let setting = try #require(result.model.model("Setting"))
        #expect(!setting.ranksAlternatives && setting.alternatives.allSatisfy { $0.shapeLines.isEmpty })
        // A property every alternative requires and pins is a discriminator already.
        let tagged = try #require(result.model.model("Tagged"))
        #expect(tagged.hasDiscriminator && !tagged.ranksAlternatives)
    }

    /// An `anyOf` keeps every alternative a value is, so its shapes only rule alternatives
    /// out: pinned and required members, no keys to rank by; and only pins call for them, as
    /// a missing required member fails decoding anyway.
    @Test func anyOfAlternativesSayWhatRulesThemOut() throws {
        let spec = specWithSchemas(
            """
                AudioFormat:
                  anyOf:
                    - type: object
                      title: PCM
                      required: [rate]
                      properties: {type: {type: string, enum: [audio/pcm]}, rate: {type: integer}}
                    - {type: object, title: PCMU, properties: {type: {type: string, enum: [audio/pcmu]}}}
                    - {type: string}
                Callback:
                  anyOf:
                    - {type: object, title: Social layer SKU purchase eligibility callback request, properties: {type: {enum: [13]}}}
                    - {type: object, title: Pong, properties: {type: {enum: [1]}}}
                Contact:
                  anyOf:
                    - {type: object, title: Email, required: [email], properties: {email: {type: string}}}
                    - {type: object, title: Phone, properties: {phone: {type: string}}}
            """)
        let result = try #require(build(spec))
        let format = try #require(result.model.model("AudioFormat"))
        #expect(format.checksAlternativeShapes)
        #expect(
            format.alternatives.map(\.shapeLines) == [
                [#"AlternativeShape(Pcm.self, requires: ["rate"], pins: ["type": "audio/pcm"]),"#],
                [#"AlternativeShape(Pcmu.self, pins: ["type": "audio/pcmu"]),"#],
                [".scalar(String.self),"],
            ])
        #expect(
            format.alternatives.map(\.decodeLines) == [
                ["let pcm = alternatives.decode(Pcm.self, at: 0)"],
                ["let pcmu = alternatives.decode(Pcmu.self, at: 1)"],
                ["let string = alternatives.decode(String.self, at: 2)"],
            ])
        // A statement too long for its line breaks as swift-format breaks it.
        #expect(
            result.model.model("Callback")?.alternatives.first?.decodeLines == [
                "let socialLayerSKUPurchaseEligibilityCallbackRequest = alternatives.decode(",
                "    SocialLayerSKUPurchaseEligibilityCallbackRequest.self, at: 0)",
            ])
        // Nothing pinned: each alternative is tried, and one whose required member is missing
        // fails to decode.
        let contact = try #require(result.model.model("Contact"))
        #expect(!contact.checksAlternativeShapes && contact.alternatives.allSatisfy { $0.shapeLines.isEmpty })
        #expect(contact.alternatives.first?.decodeLines == ["let email = alternatives.decode(Email.self)"])
    }

    /// Qdrant's context query requires only `context`, which may be `null`: the struct decodes
    /// from any object, so its shape asks for the key, and an `anyOf` checks shapes for it;
    /// `{"fusion": "rrf"}` is no context query.
    @Test func anAlternativeRequiringOnlyNullableMembersAsksForThem() throws {
        let spec = specWithSchemas(
            """
                Query:
                  anyOf:
                    - {type: object, title: Nearest, required: [nearest], properties: {nearest: {type: array, items: {type: number}}}}
                    - {type: object, title: Context, required: [context], properties: {context: {type: array, nullable: true, items: {type: string}}}}
                    - {type: object, title: Fusion, required: [fusion], properties: {fusion: {type: string}}}
                Pinned:
                  oneOf:
                    - {type: object, title: Plain, required: [kind, note], properties: {kind: {type: string, enum: [plain]}, note: {type: string, nullable: true}}}
                    - {type: object, title: Fancy, required: [size], properties: {kind: {type: string, enum: [fancy]}, size: {type: integer}}}
            """)
        let result = try #require(build(spec))
        let query = try #require(result.model.model("Query"))
        #expect(query.checksAlternativeShapes)
        #expect(
            query.alternatives.map(\.shapeLines) == [
                [#"AlternativeShape(Nearest.self, requires: ["nearest"]),"#],
                [#"AlternativeShape(Context.self, requires: ["context"]),"#],
                [#"AlternativeShape(Fusion.self, requires: ["fusion"]),"#],
            ])
        // A member that may be `null` beside one that is not is not asked for.
        let pinned = try #require(result.model.model("Pinned"))
        #expect(
            pinned.alternatives.first?.shapeLines == [
                #"AlternativeShape(Plain.self, requires: ["kind"], pins: ["kind": "plain"]),"#
            ])
    }

    /// An alternative that takes any string, a plain string or an open enum of strings, is
    /// tried after the alternatives that take only some strings, which it would take too;
    /// and a string whose format is no other type (Box's digits, `format: int32`) is any other
    /// value of the enum beside it.
    @Test func anAlternativeTakingAnyStringIsTriedLast() throws {
        let spec = specWithSchemas(
            """
                Length:
                  oneOf: [{type: string, enum: [none]}, {type: string, format: int32, pattern: '^[1-9][0-9]*$'}]
                Moment:
                  oneOf: [{type: string, enum: [now]}, {type: string, format: date-time}, {type: integer}]
                Branch:
                  oneOf: [{type: string, pattern: '^[a-z]+$'}, {type: string, format: uuid}]
            """)
        let result = try #require(build(spec))
        let length = try #require(result.model.model("Length"))
        #expect(length.kind == .enum && length.cases.map(\.name) == ["noneValue"])
        let moment = try #require(result.model.model("Moment"))
        #expect(moment.alternatives.map(\.type) == ["Date", "MomentNow", "Int"])
        let branch = try #require(result.model.model("Branch"))
        #expect(branch.alternatives.map(\.type) == ["UUID", "String"])
    }

    /// A list's case is named by its element in the plural, once: Qdrant's dense and
    /// multi-dense vectors, Mistral's list of `…Chunks`.
    @Test func listAlternativesArePluralOnce() throws {
        let spec = specWithSchemas(
            """
                Vector:
                  oneOf:
                    - {type: array, items: {type: number}}
                    - {type: array, items: {type: array, items: {type: number}}}
                Content:
                  oneOf:
                    - {type: string}
                    - {type: array, items: {$ref: '#/components/schemas/ContentChunks'}}
                ContentChunks:
                  oneOf: [{type: object, title: TextChunk, required: [text], properties: {text: {type: string}}}, {type: integer}]
            """)
        let result = try #require(build(spec))
        #expect(result.model.model("Vector")?.alternatives.map(\.name) == ["numbers", "numberLists"])
        #expect(result.model.model("Content")?.alternatives.map(\.name) == ["string", "chunks"])
    }

    @Test func scalarsBesideObjectsAreMarkedSoObjectsAreNotTriedAfterThem() throws {
        let spec = specWithSchemas(
            """
                Customer:
                  type: object
                  required: [id]
                  properties: {id: {type: string}}
                Status: {type: string, enum: [open, closed]}
                StatusAlias: {$ref: '#/components/schemas/Status'}
                Expandable:
                  anyOf:
                    - {type: string, maxLength: 5000}
                    - $ref: '#/components/schemas/Customer'
                Several:
                  anyOf:
                    - {type: integer}
                    - {type: boolean}
                    - $ref: '#/components/schemas/StatusAlias'
                    - {type: array, items: {type: string}}
                    - {type: object, additionalProperties: {type: string}}
                    - $ref: '#/components/schemas/Customer'
                Scalars:
                  anyOf:
                    - {type: string}
                    - {type: integer}
                Contact:
                  anyOf:
                    - {type: object, title: Email, required: [email], properties: {email: {type: string}}}
                    - {type: object, title: Phone, properties: {phone: {type: string}}}
            """)
        let result = try #require(build(spec))
        // Stripe's ID-or-object: once the ID decodes, the object is not tried; and as the only
        // alternative an object can be, it needs nothing of one but to be one.
        let expandable = try #require(result.model.model("Expandable"))
        #expect(expandable.checksAlternativeShapes && expandable.hasScalarShape)
        #expect(
            expandable.alternatives.map(\.shapeLines) == [
                [".scalar(String.self),"], ["AlternativeShape(Customer.self),"],
            ])
        // Numbers, booleans and enums (through an alias) are scalars; arrays and dictionaries
        // are neither scalars nor objects with a shape.
        let several = try #require(result.model.model("Several"))
        #expect(
            several.alternatives.map(\.shapeLines) == [
                [".scalar(Int.self),"], [".scalar(Bool.self),"], [".scalar(StatusAlias.self),"], ["nil,"], ["nil,"],
                [#"AlternativeShape(Customer.self, requires: ["id"]),"#],
            ])
        // Without an object alternative, or without a scalar and a pin, there is nothing to rule out.
        for name in ["Scalars", "Contact"] {
            let model = try #require(result.model.model(name))
            #expect(!model.checksAlternativeShapes && !model.hasScalarShape, "\(name)")
        }
    }
}
