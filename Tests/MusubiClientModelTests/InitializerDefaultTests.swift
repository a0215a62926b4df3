import Testing

@testable import MusubiClientModel

/// What a model's memberwise initializer lets a caller leave out.
@Suite struct InitializerDefaultTests {
    /// Every OpenAI message has a required `role` of one value (`enum: [user]`): the only value
    /// it can hold is its default, also through an alias made by merging identical enums.
    @Test func aRequiredSingleValueEnumDefaultsToItsValue() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        UserMessage:
                          type: object
                          required: [role, content]
                          properties:
                            role: {type: string, enum: [user]}
                            content: {type: string}
                        SystemMessage:
                          type: object
                          required: [role, content]
                          properties:
                            role: {type: string, enum: [system]}
                            content: {type: string}
                        Role: {type: string, enum: [user]}
                        Speaker: {$ref: '#/components/schemas/Role'}
                        Echo:
                          type: object
                          required: [role]
                          properties:
                            role: {$ref: '#/components/schemas/Speaker'}
                        Choice:
                          type: object
                          required: [kind]
                          properties:
                            kind: {type: string, enum: [a, b]}
                            single: {type: string, enum: [only]}
                    """))
        ).model
        // The same as the schema `Role`, and named after it: that type.
        #expect(
            model.model("UserMessage")?.initParameters.map(\.declaration) == ["role: Role = .user", "content: String"])
        #expect(
            model.model("SystemMessage")?.initParameters.map(\.declaration) == [
                "role: SystemMessageRole = .system", "content: String",
            ])
        // `Speaker` is an alias of the enum `Role`.
        #expect(model.model("Speaker")?.kind == .typealias)
        #expect(model.model("Echo")?.initParameters.map(\.declaration) == ["role: Speaker = .user"])
        // Two values leave the choice to the caller; an optional one defaults to nil as before.
        #expect(
            model.model("Choice")?.initParameters.map(\.declaration) == [
                "kind: ChoiceKind", "single: ChoiceSingle? = nil",
            ])
    }

    /// FastAPI writes a message's role as an optional member with a default (Mistral's `role:
    /// {const: user, default: user}`), and Cohere's embed inputs have an optional `type` of a
    /// shared enum: the tag its `oneOf` names an alternative by is its default, so `.user(…)`
    /// sends `role`. A struct two unions name by different tags gets none.
    @Test func anOptionalTagDefaultsToTheTagItsUnionNamesItBy() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Message:
                          oneOf: [{$ref: '#/components/schemas/UserMessage'}, {$ref: '#/components/schemas/ToolMessage'}]
                          discriminator:
                            propertyName: role
                            mapping: {user: '#/components/schemas/UserMessage', tool: '#/components/schemas/ToolMessage'}
                        UserMessage:
                          type: object
                          required: [content]
                          properties:
                            role: {type: string, enum: [user], default: user}
                            content: {type: string}
                        ToolMessage:
                          type: object
                          properties:
                            role: {type: string, enum: [tool], default: tool}
                        Content:
                          oneOf: [{$ref: '#/components/schemas/EmbedText'}, {$ref: '#/components/schemas/EmbedImage'}]
                          discriminator:
                            propertyName: type
                            mapping: {text: '#/components/schemas/EmbedText', image_url: '#/components/schemas/EmbedImage'}
                        ContentType: {type: string, enum: [image_url, text]}
                        EmbedText:
                          type: object
                          properties:
                            type: {$ref: '#/components/schemas/ContentType'}
                            text: {type: string}
                        EmbedImage:
                          type: object
                          properties:
                            type: {$ref: '#/components/schemas/ContentType'}
                        Other:
                          oneOf: [{$ref: '#/components/schemas/EmbedText'}, {$ref: '#/components/schemas/Extra'}]
                          discriminator:
                            propertyName: type
                            mapping: {plain: '#/components/schemas/EmbedText', extra: '#/components/schemas/Extra'}
                        Extra:
                          type: object
                          properties:
                            type: {type: string}
                    """, version: "3.0.3"))
        ).model
        #expect(
            model.model("UserMessage")?.initParameters.map(\.declaration) == [
                "role: UserMessageRole? = .user", "content: String",
            ])
        #expect(model.model("ToolMessage")?.initParameters.map(\.declaration) == ["role: ToolMessageRole? = .tool"])
        #expect(model.model("EmbedImage")?.initParameters.map(\.declaration) == ["type: ContentType? = .imageURL"])
        // `EmbedText` is `text` in one union and `plain` in another: the caller says.
        #expect(
            model.model("EmbedText")?.initParameters.map(\.declaration) == [
                "type: ContentType? = nil", "text: String? = nil",
            ])
    }

    /// Ory Kratos' login bodies are told apart by a plain string, `method: {type: string}`,
    /// mapped to `password` and `totp`: the tag its union names a struct by is its default, so
    /// `.totp(…)` cannot be sent as `"method": "password"` by mistake.
    @Test func aPlainStringTagDefaultsToTheTagItsUnionNamesItBy() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Login:
                          oneOf: [{$ref: '#/components/schemas/WithPassword'}, {$ref: '#/components/schemas/WithTotp'}]
                          discriminator:
                            propertyName: method
                            mapping: {password: '#/components/schemas/WithPassword', totp: '#/components/schemas/WithTotp'}
                        WithPassword:
                          type: object
                          required: [method, password]
                          properties:
                            method: {type: string}
                            password: {type: string}
                        WithTotp:
                          type: object
                          properties:
                            method: {type: string, nullable: true}
                            totp_code: {type: string}
                    """, version: "3.0.3"))
        ).model
        #expect(
            model.model("WithPassword")?.initParameters.map(\.declaration) == [
                "method: String = \"password\"", "password: String",
            ])
        // A three-state tag defaults to its value, not to `null`.
        #expect(
            model.model("WithTotp")?.initParameters.first?.declaration
                == "method: Nullable<String>? = .value(\"totp\")")
    }

    /// Mistral's streaming requests take `stream: {const: true, default: true}`, the others
    /// `{const: false}`: a flag that can have one value defaults to it, required or not.
    @Test func aBooleanOfOneValueDefaultsToIt() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        StreamRequest:
                          type: object
                          required: [model, echo]
                          properties:
                            model: {type: string}
                            stream: {type: boolean, const: true, default: true}
                            echo: {type: boolean, enum: [false]}
                            free: {type: boolean}
                    """, version: "3.1.0"))
        ).model
        #expect(
            model.model("StreamRequest")?.initParameters.map(\.declaration) == [
                "model: String", "stream: Bool? = true", "echo: Bool = false", "free: Bool? = nil",
            ])
    }

    /// Figma's nodes pin `type` in their own `allOf` part, then list a trait that declares it a
    /// plain string: every part applies, so `type` is the pinned value, with its default. A
    /// later part still wins over a plain or differently typed earlier one.
    /// HashiCorp Vault's list operations require `list=true`, and its mount paths default to
    /// the engine's name: a required parameter defaults to the one value it can have, or to
    /// its schema's default literal, so `EntityListByID()` is the whole call.
    @Test func aRequiredParameterDefaultsToItsOneValueOrItsDefault() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /{mount}/roles:
                    get:
                      operationId: listRoles
                      parameters:
                        - {name: mount, in: path, required: true, schema: {type: string, default: gcp}}
                        - {name: list, in: query, required: true, schema: {type: string, enum: ['true']}}
                        - {name: page, in: query, required: true, schema: {type: integer, default: 1}}
                        - {name: kind, in: query, required: true, schema: {type: string, enum: [a, b]}}
                        - {name: limit, in: query, schema: {type: integer, default: 10}}
                        - {name: size, in: query, required: true, schema: {type: integer, format: int32, default: 3000000000}}
                      responses: {'204': {description: done}}
                """)
        ).model
        let request = try #require(model.request("ListRoles"))
        #expect(
            request.initParameters.map(\.declaration) == [
                "mount: String = \"gcp\"", "list: ListRolesList = .`true`", "page: Int = 1", "kind: ListRolesKind",
                // Out of `Int32`'s range: no default that would not compile.
                "size: Int32", "limit: Int? = nil",
            ])
    }

    @Test func anAllOfPartsPinnedValueIsNotWidenedByALaterPart() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        LayerTrait:
                          type: object
                          required: [type, name]
                          properties:
                            type: {type: string, description: The type of the node.}
                            name: {type: string}
                        SectionNode:
                          allOf:
                            - type: object
                              required: [type]
                              properties:
                                type: {type: string, enum: [SECTION], description: Always SECTION.}
                                size: {type: string}
                            - $ref: '#/components/schemas/LayerTrait'
                            - type: object
                              properties:
                                size: {type: integer}
                    """))
        ).model
        let section = try #require(model.model("SectionNode"))
        #expect(
            section.initParameters.map(\.declaration) == [
                "type: SectionNodeType = .section", "size: Int? = nil", "name: String",
            ])
        #expect(section.properties.first?.docLines == ["/// Always SECTION."])
    }
}
