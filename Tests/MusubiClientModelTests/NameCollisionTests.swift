import Testing

@testable import MusubiClientModel

@Suite struct NameCollisionTests {
    /// Type names become file names; `Pet.swift` and `PET.swift` are one file on macOS.
    @Test func typeNamesDifferingOnlyInCaseGetNumbers() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        aB: {type: object, properties: {a: {type: string}}}
                        ab: {type: object, properties: {b: {type: string}}}
                    """))
        ).model
        // `aB` → `AB` and `ab` → `Ab`: different in Swift, the same file on macOS.
        #expect(Set(model.models.map(\.name)) == ["AB", "Ab2"])
    }

    /// A numbered name is the first free number, whatever was taken before it, in any case.
    @Test func numberedNamesTakeTheFirstFreeNumber() {
        var names = UniqueNames([], ignoringCase: true)
        var given: [String] = []
        given.append(names.insertUnique("Pet"))
        let tookPet3 = names.insert("pet3")
        for base in ["Pet", "Pet", "PET", "Pets"] { given.append(names.insertUnique(base)) }
        #expect(tookPet3)
        #expect(given == ["Pet", "Pet2", "Pet4", "PET5", "Pets"])
    }

    /// Thousands of names that sanitize alike are numbered in turn, each once.
    @Test func manyNamesThatSanitizeAlikeAreNumberedInTurn() throws {
        let count = 3_000
        let keys = (0..<count).map {
            "v" + String(repeating: "-", count: $0 % 50) + String(repeating: "_", count: $0 / 50)
        }
        let enumeration = try #require(
            build(specWithSchemas("    E: {type: string, enum: [\(keys.joined(separator: ", "))]}"))?.model.model("E"))
        #expect(enumeration.cases.map(\.name) == ["v"] + (2...count).map { "v\($0)" })
    }

    @Test func keywordsAreBacktickedMembers() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Keywords:
                          type: object
                          required: [default, class, self, init, protocol, type]
                          properties:
                            default: {type: string}
                            class: {type: string}
                            self: {type: string}
                            init: {type: string}
                            protocol: {type: string}
                            type: {type: string}
                            Type: {type: string}
                            where: {type: string}
                    """))
        ).model
        let keywords = try #require(model.model("Keywords"))
        // `self` and `init` cannot be members even backticked, so they get a suffix.
        #expect(
            keywords.properties.map(\.name) == [
                "`default`", "`class`", "selfValue", "initValue", "`protocol`", "type", "type2", "`where`",
            ])
        #expect(
            keywords.initParameters.map(\.declaration) == [
                "`default`: String", "`class`: String", "selfValue: String", "initValue: String",
                "`protocol`: String", "type: String", "type2: String? = nil", "`where`: String? = nil",
            ])
        // Each member is coded under its JSON name; backticks are not part of the key.
        #expect(
            keywords.properties.map { $0.decodeLines.joined() } == [
                #"self.`default` = try container.decode(String.self, forKey: "default")"#,
                #"self.`class` = try container.decode(String.self, forKey: "class")"#,
                #"self.selfValue = try container.decode(String.self, forKey: "self")"#,
                #"self.initValue = try container.decode(String.self, forKey: "init")"#,
                #"self.`protocol` = try container.decode(String.self, forKey: "protocol")"#,
                #"self.type = try container.decode(String.self, forKey: "type")"#,
                #"self.type2 = try container.decodeIfPresent(String.self, forKey: "Type")"#,
                #"self.`where` = try container.decodeIfPresent(String.self, forKey: "where")"#,
            ])
    }

    @Test func typeNamesThatShadowSwiftFoundationOrRuntimeTypes() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Error: {type: object, properties: {message: {type: string}}}
                        Data: {type: string}
                        Type: {type: string, enum: [a, b]}
                        Client: {type: object, properties: {id: {type: string}}}
                        Protocol: {type: integer}
                        URL: {type: string}
                        Response: {type: string}
                        Pet: {type: string}
                    """))
        ).model
        #expect(
            model.models.map(\.name) == [
                "ClientModel", "DataModel", "ErrorModel", "Pet", "ProtocolModel", "ResponseModel", "TypeModel",
                "URLModel",
            ])
        #expect(model.models.map(\.fileName).first == "Models/ClientModel.swift")
        #expect(model.model("ErrorModel")?.kind == .struct)
        #expect(model.model("TypeModel")?.kind == .enum)
        #expect(model.model("DataModel")?.aliasedType == "String")
    }

    /// A type named like one of SwiftUI's, Foundation's, Combine's or Observation's would make
    /// the name ambiguous in a file that imports the client beside the framework.
    @Test func typeNamesOfPlatformFrameworksTakeTheModelSuffix() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Label: {type: object, properties: {name: {type: string}}}
                        Environment: {type: object, properties: {name: {type: string}}}
                        Thread: {type: object, properties: {id: {type: string}}}
                        Image: {type: string}
                        Actor: {type: object, properties: {login: {type: string}}}
                        Published: {type: boolean}
                        Observable: {type: string, enum: [yes, no]}
                        Repository: {type: object, properties: {name: {type: string}}}
                    """))
        ).model
        #expect(
            model.models.map(\.name).sorted() == [
                "ActorModel", "EnvironmentModel", "ImageModel", "LabelModel", "ObservableModel", "PublishedModel",
                "Repository", "ThreadModel",
            ])
    }

    /// A request named like a platform type steps aside as a request: OpenRouter's and
    /// Ollama's `list` is `ListRequest`, which `ListModel` would not say.
    @Test func requestNamesOfPlatformTypesTakeTheRequestSuffix() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /keys:
                    get:
                      operationId: list
                      responses:
                        '204': {description: none}
                """)
        ).model
        #expect(model.requestDecisions.map(\.name) == ["ListRequest"])
    }

    /// The lists name the types the issue reports met in real specs, by the framework that
    /// declares them; a refreshed list that lost one would bring the ambiguity back.
    @Test func platformListsHoldTheFrameworksTypes() {
        let byModule = Dictionary(
            uniqueKeysWithValues: PlatformTypeNames.frameworks.map { ($0.module, $0.typeNames) })
        #expect(
            byModule["SwiftUI"]?.isSuperset(of: ["Environment", "Label", "Link", "Image", "Group", "Text"]) == true)
        #expect(byModule["Foundation"]?.isSuperset(of: ["Thread", "Operation", "Timer", "Notification"]) == true)
        #expect(byModule["_Concurrency"]?.isSuperset(of: ["Actor", "Task", "Clock"]) == true)
        #expect(byModule["Combine"]?.isSuperset(of: ["Published", "AnyCancellable", "Just"]) == true)
        #expect(byModule["Observation"]?.contains("Observable") == true)
        #expect(PlatformTypeNames.all.allSatisfy { $0.first?.isUppercase == true })
    }

    /// Twilio filters messages with `DateSent<` and `DateSent>`: the operators are the
    /// difference, so they become words rather than numbers (`dateSentParameter2`).
    @Test func parametersMadeOfOperatorsGetWords() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /messages:
                    get:
                      operationId: listMessages
                      parameters:
                        - {name: DateSent, in: query, schema: {type: string, format: date-time}}
                        - {name: DateSent<, in: query, schema: {type: string, format: date-time}}
                        - {name: DateSent>, in: query, schema: {type: string, format: date-time}}
                      responses:
                        '204': {description: none}
                """)
        ).model
        let list = try #require(model.request("ListMessages"))
        #expect(list.properties.map(\.name) == ["dateSent", "dateSentBefore", "dateSentAfter"])
    }

    /// Stripe's time zones list `Etc/GMT+1`, `Etc/GMT-1` and `Etc/GMT0`: the signs are the
    /// difference, so in that enum every sign in front of a digit is a word, rather than the
    /// second name being numbered (`etcGmt13` for `Etc/GMT-1`, which reads as another zone).
    /// Discord's `-bot` beside `bot` likewise. An enum whose names differ anyway keeps `-` as
    /// a separator (`gpt-4` → `gpt4`).
    @Test func enumValuesThatDifferOnlyInSignsGetWords() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Zone: {type: string, enum: [Etc/GMT, Etc/GMT+1, Etc/GMT-1, Etc/GMT-13, Etc/GMT0, GMT+0, GMT-0]}
                        Engine: {type: string, enum: [gpt-4, gpt-4o, utf-8]}
                        AuthorType: {type: string, enum: [user, bot, -user, -bot]}
                    """))
        ).model
        #expect(
            model.model("Zone")?.cases.map(\.name) == [
                "etcGMT", "etcGMTPlus1", "etcGMTMinus1", "etcGMTMinus13", "etcGMT0", "gmtPlus0", "gmtMinus0",
            ])
        #expect(model.model("Engine")?.cases.map(\.name) == ["gpt4", "gpt4o", "utf8"])
        // Discord's search excludes authors with `-`: the sign, not a number, tells them apart.
        #expect(model.model("AuthorType")?.cases.map(\.name) == ["user", "bot", "minusUser", "minusBot"])
    }

    /// GitHub's SCIM operations list `add` and `Add`, `remove` and `Remove`: the letter case is
    /// the difference, so the name says which (`addCapitalized`), rather than a number (`add2`).
    @Test func enumValuesThatDifferOnlyInLetterCaseSayHow() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        PatchOperation: {type: string, enum: [add, remove, Add, Remove, REMOVE]}
                        Shouting: {type: string, enum: [GET, Get]}
                        Odd: {type: string, enum: [add, aDD, ADd, AdD]}
                    """))
        ).model
        #expect(
            model.model("PatchOperation")?.cases.map(\.name) == [
                "add", "remove", "addCapitalized", "removeCapitalized", "removeUppercased",
            ])
        // With no lower-case value, the first keeps the plain name.
        #expect(model.model("Shouting")?.cases.map(\.name) == ["get", "getCapitalized"])
        // Other mixtures keep the capitals they are written with, where that tells them apart.
        #expect(model.model("Odd")?.cases.map(\.name) == ["add", "aDD", "aDd", "adD"])
    }

    /// An inline alternative with no title and no constant is named after a property only it
    /// declares (required, or its only one), else `Object` when it is the one object, else
    /// after the first property only it declares; `Option<n>` only when nothing tells it apart.
    @Test func inlineAlternativesAreNamedAfterWhatTellsThemApart() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Card:
                          oneOf:
                            - {type: object, required: [note], properties: {note: {type: string}}}
                            - type: object
                              required: [content_id, content_type]
                              properties: {content_id: {type: integer}, content_type: {type: string}}
                        Tag:
                          oneOf:
                            - {type: string}
                            - {type: object, properties: {id: {type: integer}, name: {type: string}}}
                        Pet: {type: object, properties: {id: {type: string}, name: {type: string}}}
                        Rule:
                          anyOf:
                            - {type: object, required: [id], properties: {id: {type: integer}, wait: {type: integer}}}
                            - {type: object, required: [id], properties: {id: {type: integer}, reviewers: {type: array, items: {type: string}}}}
                            - {type: object, required: [id], properties: {id: {type: integer}}}
                        Named:
                          oneOf:
                            - {$ref: '#/components/schemas/Pet'}
                            - {type: object, properties: {id: {type: string}, url: {type: string}}}
                    """))
        ).model
        #expect(model.model("Card")?.alternatives.map(\.name) == ["note", "contentID"])
        #expect(model.model("Tag")?.alternatives.map(\.name) == ["string", "object"])
        #expect(model.model("Rule")?.properties.map(\.name) == ["wait", "reviewers", "option3"])
        // A referenced alternative's properties count too: this one is not the only object.
        #expect(model.model("Named")?.alternatives.map(\.name) == ["pet", "url"])
    }

    /// A value every alternative pins alike (Figma's media actions all say `type:
    /// UPDATE_MEDIA_RUNTIME`) names none of them: what tells them apart does, a pinned value of
    /// their own or a property of their own, rather than one name numbered three times.
    @Test func aValueEveryAlternativePinsAlikeNamesNone() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        MediaAction:
                          oneOf:
                            - type: object
                              required: [type, mediaAction]
                              properties:
                                type: {type: string, enum: [UPDATE_MEDIA_RUNTIME]}
                                mediaAction: {type: string, enum: [PLAY, PAUSE]}
                            - type: object
                              required: [type, mediaAction, amountToSkip]
                              properties:
                                type: {type: string, enum: [UPDATE_MEDIA_RUNTIME]}
                                mediaAction: {type: string, enum: [SKIP_FORWARD, SKIP_BACKWARD]}
                                amountToSkip: {type: number}
                            - type: object
                              required: [type, mediaAction, newTimestamp]
                              properties:
                                type: {type: string, enum: [UPDATE_MEDIA_RUNTIME]}
                                mediaAction: {type: string, enum: [SKIP_TO]}
                                newTimestamp: {type: number}
                    """))
        ).model
        #expect(model.model("MediaAction")?.alternatives.map(\.name) == ["option1", "amountToSkip", "skipTo"])
    }

    /// An enum alternative is named after its one to three values when they make a short
    /// name (Stripe's `trial_end`, a timestamp or `now`), else numbered; and a union whose
    /// inline alternative is the same type as another union's names it as its own, not after
    /// the place that declared the type first.
    @Test func enumAlternativesAreNamedAfterTheirValues() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        TrialEnd:
                          anyOf:
                            - {type: string, enum: [now]}
                            - {type: integer}
                        CycleAnchor:
                          anyOf:
                            - {type: string, enum: [now, unchanged]}
                            - {type: integer}
                        Source:
                          anyOf:
                            - {type: string, enum: [gh-pages, master, master /docs]}
                            - {type: object, properties: {path: {type: string}}}
                        OffSession:
                          anyOf:
                            - {type: boolean}
                            - {type: string, enum: [one_off, recurring]}
                        ConfirmBody:
                          type: object
                          properties:
                            off_session:
                              anyOf:
                                - {type: boolean}
                                - {type: string, enum: [one_off, recurring]}
                    """))
        ).model
        #expect(model.model("TrialEnd")?.alternatives.map(\.name) == ["now", "integer"])
        #expect(model.model("TrialEndNow")?.cases.map(\.name) == ["now"])
        #expect(model.model("CycleAnchor")?.alternatives.map(\.name) == ["nowOrUnchanged", "integer"])
        // Five words in all: a list, not a name.
        #expect(model.model("Source")?.properties.map(\.name) == ["option1", "path"])
        #expect(model.model("OffSession")?.alternatives.map(\.name) == ["boolean", "oneOffOrRecurring"])
        // Its enum is `OffSession`'s: its member was named after that type
        // (`offSessionOneOffOrRecurring`), which kept it from being `OffSession` itself.
        #expect(model.model("ConfirmBodyOffSession")?.kind == .typealias)
        #expect(model.model("ConfirmBodyOffSession")?.aliasedType == .named("OffSession"))
    }

    /// An optional enum's `.none` would be `Optional.none`: Stripe's `tax_behavior` lists
    /// `none` beside real values.
    @Test func anEnumValueNamedNoneIsNotOptionalNone() throws {
        let model = try #require(
            build(specWithSchemas("    Behavior: {type: string, enum: [inclusive, none, NONE2]}"))
        ).model
        #expect(model.model("Behavior")?.cases.map(\.name) == ["inclusive", "noneValue", "none2"])
    }

    /// A listed `unknown` (a common status) is not `unknown2` beside the catch-all
    /// `unknown(_:)`.
    @Test func anEnumValueNamedUnknownIsNotNumbered() throws {
        let model = try #require(
            build(specWithSchemas("    Status: {type: string, enum: [unknown, queued]}"))
        ).model
        #expect(model.model("Status")?.cases.map(\.name) == ["unknownValue", "queued"])
    }

    /// A schema named like a Swift or platform type but for letter case steps aside with
    /// `Model`, as one named exactly so does (Nomad's `uint16` beside `int32`), rather than
    /// taking a number that reads as part of it (`Uint162`).
    @Test func aTypeNameDifferingFromSwiftsOnlyInCaseStepsAside() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        uint16: {type: integer}
                        int32: {type: integer}
                        Thing: {type: object, properties: {port: {$ref: '#/components/schemas/uint16'}}}
                    """))
        ).model
        #expect(model.model("Uint16Model")?.aliasedType == "Int")
        #expect(model.model("Int32Model")?.aliasedType == "Int")
        #expect(model.model("Thing")?.propertySignatures == ["port: Uint16Model?"])
    }

    /// An inline alternative is named after the value it pins its tag to, also when the tag's
    /// schema is a reference to a one-value enum (OpenRouter's output items), rather than after
    /// a property of its own (`containerID`, `role`).
    @Test func inlineAlternativesAreNamedAfterAReferencedPinnedValue() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        MessageType: {type: string, enum: [message]}
                        CallType: {type: string, enum: [code_interpreter_call]}
                        OutputItem:
                          oneOf:
                            - type: object
                              required: [type, role]
                              properties: {type: {$ref: '#/components/schemas/MessageType'}, role: {type: string}}
                            - type: object
                              required: [type, container_id]
                              properties: {type: {$ref: '#/components/schemas/CallType'}, container_id: {type: string}}
                    """))
        ).model
        #expect(
            model.model("OutputItem")?.alternatives.map { "\($0.name): \($0.type)" } == [
                "message: OutputItemMessage", "codeInterpreterCall: OutputItemCodeInterpreterCall",
            ])
    }

    /// A `oneOf`'s cases read as nothing else either: a tag value `none` or `unknown` (Okta's
    /// risk levels, ElevenLabs' tool identifiers) is not `Optional.none`, nor numbered beside
    /// the catch-all.
    @Test func unionCasesNamedNoneOrUnknownAreNotAmbiguous() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Level:
                          oneOf:
                            - {type: object, required: [level], properties: {level: {type: string, enum: [NONE]}}}
                            - {type: object, required: [level], properties: {level: {type: string, enum: [unknown]}}}
                            - {type: object, required: [level], properties: {level: {type: string, enum: [high]}}}
                    """))
        ).model
        #expect(model.model("Level")?.alternatives.map(\.name) == ["noneValue", "unknownValue", "high"])
    }

    /// Versions keep their points when leaving them out would make them look like other
    /// values or numbers: `1.1` and `11` are not `_11` and `_112`, nor `1.0` ten.
    @Test func versionValuesSpellTheirPoints() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Schema: {type: string, enum: ['1.0', '1.1', '11', '2.0.1']}
                        Model: {type: string, enum: [gpt-4.1, gpt-4o]}
                        Clash: {type: string, enum: [a1.1, a11]}
                    """))
        ).model
        #expect(model.model("Schema")?.cases.map(\.name) == ["_1Dot0", "_1Dot1", "_11", "_2Dot0Dot1"])
        // Elsewhere a point is left out as before, unless two values would meet.
        #expect(model.model("Model")?.cases.map(\.name) == ["gpt41", "gpt4o"])
        #expect(model.model("Clash")?.cases.map(\.name) == ["a1Dot1", "a11"])
    }

    @Test func referencesUseTheRenamedType() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Error: {type: object, properties: {message: {type: string}}}
                        Errors: {type: array, items: {$ref: '#/components/schemas/Error'}}
                    """))
        ).model
        #expect(model.model("Errors")?.aliasedType == "[ErrorModel]")
    }

    @Test func memberCollisionsGetNumbersInSourceOrder() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Thing:
                          type: object
                          properties:
                            foo_bar: {type: string}
                            fooBar: {type: integer}
                            foo-bar: {type: boolean}
                    """))
        ).model
        let thing = try #require(model.model("Thing"))
        #expect(thing.propertySignatures == ["fooBar: String?", "fooBar2: Int?", "fooBar3: Bool?"])
        #expect(
            thing.properties.map { $0.visitLines.joined() } == [
                #"visitor.optional(lhs.fooBar, rhs.fooBar, key: "foo_bar")"#,
                #"visitor.optional(lhs.fooBar2, rhs.fooBar2, key: "fooBar")"#,
                #"visitor.optional(lhs.fooBar3, rhs.fooBar3, key: "foo-bar")"#,
            ])
        #expect(
            thing.properties.map { $0.decodeLines.joined() } == [
                #"self.fooBar = try container.decodeIfPresent(String.self, forKey: "foo_bar")"#,
                #"self.fooBar2 = try container.decodeIfPresent(Int.self, forKey: "fooBar")"#,
                #"self.fooBar3 = try container.decodeIfPresent(Bool.self, forKey: "foo-bar")"#,
            ])
    }

    @Test func typeCollisionsGetNumbersInSourceOrder() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        pet: {type: object, properties: {a: {type: string}}}
                        Pet: {type: object, properties: {b: {type: string}}}
                        PET: {type: object, properties: {c: {type: string}}}
                    """))
        ).model
        #expect(model.models.map(\.name) == ["Pet", "Pet2", "Pet3"])
        #expect(model.models.map { $0.properties.map(\.originalName) } == [["a"], ["b"], ["c"]])
    }

    @Test func requestsKeepTheirNamesAndComponentsWinOverInlineNames() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: Pets, version: '1'}
                paths:
                  /pets:
                    get:
                      operationId: PetOwner
                      responses: {'204': {description: ok}}
                components:
                  schemas:
                    Pet:
                      type: object
                      properties:
                        owner: {type: object, properties: {name: {type: string}}}
                    PetOwner: {type: string}
                """)
        ).model
        // A request keeps its natural name; a component schema of the same name takes the
        // `Model` suffix, and inline names come last.
        #expect(model.models.map(\.name) == ["Pet", "PetOwner2", "PetOwnerModel"])
        #expect(model.requests.map(\.name) == ["PetOwner"])
        #expect(model.model("Pet")?.propertySignatures == ["owner: PetOwner2?"])
    }

    @Test func moduleAndProtocolNames() throws {
        let yaml = "openapi: 3.0.3\ninfo: {title: Swagger Petstore API, version: '1'}\npaths: {}\n"
        let built = try #require(build(yaml)).model
        #expect(built.moduleName == "SwaggerPetstoreClient")
        #expect(built.api.protocolName == "SwaggerPetstoreRequest")
        #expect(built.api.fileName == "SwaggerPetstoreAPI.swift")

        let named = try #require(build(yaml, options: ClientModelOptions(moduleName: "PetKit"))).model
        #expect(named.moduleName == "PetKit")
        #expect(named.api.protocolName == "PetRequest")
    }

    @Test func accessLevels() throws {
        let yaml = specWithSchemas("    Pet: {type: object, properties: {a: {type: string}}}")
        let expected: [(ClientModelOptions.AccessLevel, String)] = [
            (.public, "public "), (.package, "package "), (.internal, ""),
        ]
        for (level, access) in expected {
            let model = try #require(build(yaml, options: ClientModelOptions(accessLevel: level))).model
            #expect(model.access == access)
            #expect(model.api.access == access)
            #expect(model.model("Pet")?.access == access)
            #expect(model.model("Pet")?.initDeclarationLines == ["\(access)init(a: String? = nil) {"])
        }
    }
}
