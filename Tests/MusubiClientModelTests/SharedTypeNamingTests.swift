import Testing

@testable import MusubiClientModel

/// Types several places share are named after what they are (``SharedTypeName``), and each
/// place keeps its own name as an alias of them.
@Suite struct SharedTypeNamingTests {
    /// Two list operations of different areas documenting the same `Link` header, two creating
    /// operations the same `Location` header, and two order operations with the same `status`
    /// enum in their bodies.
    static func spec(reversed: Bool = false) -> String {
        var paths = [
            """
              /orgs:
                get:
                  operationId: orgs/list
                  responses:
                    '200':
                      description: ok
                      headers:
                        Link: {schema: {type: string}}
            """,
            """
              /issues:
                get:
                  operationId: issues/list-for-repo
                  responses:
                    '200':
                      description: ok
                      headers:
                        Link: {schema: {type: string}}
            """,
            """
              /gists:
                post:
                  operationId: gists/fork
                  responses:
                    '201':
                      description: created
                      headers:
                        Location: {schema: {type: string}}
            """,
            """
              /repos:
                post:
                  operationId: repos/create
                  responses:
                    '201':
                      description: created
                      headers:
                        Location: {schema: {type: string}}
            """,
            """
              /orders:
                post:
                  operationId: orders/create
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            status: {type: string, enum: [open, closed], description: The new order's.}
                  responses:
                    '204': {description: done}
            """,
            """
              /orders/{id}:
                patch:
                  operationId: orders/update
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            status: {type: string, enum: [open, closed], description: The order's from now on.}
                  responses:
                    '204': {description: done}
            """,
        ]
        if reversed { paths.reverse() }
        return """
            openapi: 3.0.3
            info: {title: Shared, version: '1'}
            paths:
            \(paths.joined(separator: "\n"))
            """
    }

    @Test func sharedHeadersAreNamedAfterTheirHeaders() throws {
        let model = try #require(build(Self.spec())).model
        #expect(try #require(model.model("LinkHeaders")).kind == .struct)
        #expect(try #require(model.model("LocationHeaders")).kind == .struct)
        // Every operation keeps its own name for its headers, an alias of the shared type.
        for name in ["OrgsListHeaders", "IssuesListForRepoHeaders"] {
            let alias = try #require(model.model(name))
            #expect(alias.kind == .typealias && alias.aliasedType == "LinkHeaders")
        }
        for name in ["GistsForkHeaders", "ReposCreateHeaders"] {
            #expect(try #require(model.model(name)).aliasedType == "LocationHeaders")
        }
        // The requests still name their own headers type.
        #expect(model.requestDecisions.contains { $0.name == "OrgsList" })
    }

    @Test func sharedTypesAreNamedAfterTheirAreaAndRole() throws {
        let model = try #require(build(Self.spec())).model
        #expect(try #require(model.model("OrdersStatus")).kind == .enum)
        for name in ["OrdersCreateBodyStatus", "OrdersUpdateBodyStatus"] {
            #expect(try #require(model.model(name)).aliasedType == "OrdersStatus")
        }
    }

    /// The shared name comes from all the places, not from the first one met.
    @Test func theOrderOfOperationsDoesNotChangeSharedNames() throws {
        let forward = try #require(build(Self.spec())).model
        let backward = try #require(build(Self.spec(reversed: true))).model
        func aliases(_ model: ClientModel) -> [String: SwiftType] {
            Dictionary(uniqueKeysWithValues: model.models.map { ($0.name, $0.aliasedType) })
        }
        #expect(aliases(forward) == aliases(backward))
    }

    /// A name another type has (a component schema's) is not taken: the shortest place's
    /// name stays the type's, as when there is no shared name at all.
    @Test func aTakenNameFallsBackToTheShortestPlace() throws {
        let spec =
            Self.spec()
                + """

                components:
                  schemas:
                    OrdersStatus: {type: object, properties: {note: {type: string}}}
                """
        let model = try #require(build(spec)).model
        #expect(try #require(model.model("OrdersStatus")).kind == .struct)
        #expect(try #require(model.model("OrdersCreateBodyStatus")).kind == .enum)
        #expect(try #require(model.model("OrdersUpdateBodyStatus")).aliasedType == "OrdersCreateBodyStatus")
    }

    /// Named schemas are concepts of their own: a copy merged into one keeps its name.
    /// A shared parameter whose component's name a schema has is named as the component's
    /// parameter (GitHub's `status` beside its `Status` schema), not numbered; shared with
    /// properties, the type takes the shortest place's name, the parameter's as an alias.
    @Test func aSharedParameterNamedAsASchemaIsTheParameter() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /runs:
                get:
                  operationId: listRuns
                  parameters:
                    - $ref: '#/components/parameters/status'
                    - $ref: '#/components/parameters/visibility'
                  responses: {'204': {description: ok}}
            components:
              parameters:
                status:
                  name: status
                  in: query
                  schema: {type: string, enum: [queued, in_progress, completed]}
                visibility:
                  name: visibility
                  in: query
                  schema: {type: string, enum: [public, private, internal]}
              schemas:
                Status: {type: object, properties: {state: {type: string}}}
                Visibility: {type: object, properties: {level: {type: integer}}}
                CheckRun:
                  type: object
                  properties:
                    status: {type: string, enum: [queued, in_progress, completed], description: Of the run.}
            """
        let model = try #require(build(spec)).model
        #expect(try #require(model.model("CheckRunStatus")).kind == .enum)
        #expect(try #require(model.model("StatusParameter")).aliasedType == "CheckRunStatus")
        #expect(try #require(model.model("VisibilityParameter")).kind == .enum)
        #expect(try #require(model.model("Status")).kind == .struct)
        let request = try #require(model.request("ListRuns"))
        #expect(
            request.initParameters.map(\.declaration) == [
                "status: StatusParameter? = nil", "visibility: VisibilityParameter? = nil",
            ])
    }

    /// A shared type whose first place's name was taken, and so numbered, is named after the
    /// shortest other place when no shared name says more; the numbered name stays, as an
    /// alias.
    @Test func aNumberedNameGivesWayToAnotherPlacesName() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        PetStatus: {type: object, properties: {note: {type: string}}}
                        Pet:
                          type: object
                          properties:
                            status: {type: string, enum: [available, sold], description: Of the pet.}
                        Doggy:
                          type: object
                          properties:
                            status: {type: string, enum: [available, sold], description: Of the dog.}
                    """))
        ).model
        #expect(try #require(model.model("DoggyStatus")).kind == .enum)
        #expect(try #require(model.model("PetStatus2")).aliasedType == "DoggyStatus")
        #expect(try #require(model.model("PetStatus")).kind == .struct)
    }

    @Test func aNamedSchemaKeepsItsName() throws {
        let spec = specWithSchemas(
            """
                Audience: {type: string, enum: [public, private]}
                Repo:
                  type: object
                  properties:
                    visibility: {type: string, enum: [public, private], description: Who sees the repository.}
                Team:
                  type: object
                  properties:
                    visibility: {type: string, enum: [public, private], description: Who sees the team.}
            """)
        let model = try #require(build(spec)).model
        #expect(try #require(model.model("Audience")).kind == .enum)
        #expect(try #require(model.model("RepoVisibility")).aliasedType == "Audience")
        #expect(try #require(model.model("TeamVisibility")).aliasedType == "Audience")
    }

    /// A union of a string and a schema, shared by places most of which are named after that
    /// schema (Stripe's expandable fields: an ID, or the object expanded), is the schema's
    /// `…OrID`, not the first place's name, and so is one in a single place whose name the
    /// schema has; a union of a string and another kind of value keeps the shortest place's
    /// name.
    @Test func sharedReferenceUnionsAreTheSchemaOrItsID() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Customer: {type: object, properties: {id: {type: string}, name: {type: string}}}
                        DeletedCustomer: {type: object, properties: {id: {type: string}, deleted: {type: boolean}}}
                        Pattern: {type: object, properties: {regex: {type: string}}}
                        CardOwner: {type: object, properties: {name: {type: string}}}
                        Card:
                          type: object
                          properties:
                            owner: {anyOf: [{type: string}, {$ref: '#/components/schemas/CardOwner'}]}
                            customer: {anyOf: [{type: string}, {$ref: '#/components/schemas/Customer'}, {$ref: '#/components/schemas/DeletedCustomer'}]}
                            matcher: {anyOf: [{type: string}, {$ref: '#/components/schemas/Pattern'}]}
                        Charge:
                          type: object
                          properties:
                            customer: {anyOf: [{type: string}, {$ref: '#/components/schemas/Customer'}, {$ref: '#/components/schemas/DeletedCustomer'}], description: Who pays.}
                            payer: {anyOf: [{type: string}, {$ref: '#/components/schemas/Customer'}, {$ref: '#/components/schemas/DeletedCustomer'}], description: Who really pays.}
                            filter: {anyOf: [{type: string}, {$ref: '#/components/schemas/Pattern'}], description: Which.}
                    """))
        ).model
        #expect(
            try #require(model.model("CustomerOrID")).alternatives.map(\.name) == [
                "string", "customer", "deletedCustomer",
            ])
        for place in ["CardCustomer", "ChargeCustomer", "ChargePayer"] {
            #expect(try #require(model.model(place)).aliasedType == "CustomerOrID")
        }
        // One place whose name the schema has already is that schema's too, not `CardOwner2`.
        #expect(try #require(model.model("CardOwnerOrID")).kind == .anyOf)
        #expect(try #require(model.model("Card")).properties.first?.type == .optional(.named("CardOwnerOrID")))
        // Neither `matcher` nor `filter` is named after `Pattern`.
        #expect(try #require(model.model("CardMatcher")).kind == .anyOf)
        #expect(try #require(model.model("ChargeFilter")).aliasedType == "CardMatcher")
    }

    /// Whether an ID-or-object union reads its `id` from the object does not depend on where
    /// the object is declared: a union met before its object is declared has the `id` too, and
    /// is the same type as one met after it (Stripe's `RefundCharge` was not `ChargeOrID`).
    @Test func anIDOrObjectUnionIsTheSameBeforeAndAfterItsObject() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        Card:
                          type: object
                          properties:
                            customer: {anyOf: [{type: string}, {$ref: '#/components/schemas/Customer'}]}
                        Customer: {type: object, properties: {id: {type: string}, name: {type: string}}}
                        Charge:
                          type: object
                          properties:
                            customer: {anyOf: [{type: string}, {$ref: '#/components/schemas/Customer'}]}
                    """))
        ).model
        let union = try #require(model.model("CustomerOrID"))
        #expect(union.kind == .anyOf)
        #expect(!union.identifierLines.isEmpty)
        #expect(try #require(model.model("CardCustomer")).aliasedType == "CustomerOrID")
        #expect(try #require(model.model("Charge")).properties.first?.type == .optional(.named("CustomerOrID")))
    }

    /// A union in a place whose name one of its alternatives has already, beside one other
    /// named type, says both (Stripe's `card` payment method options: the card's own, or the
    /// options every method shares), not `…Card2`; with two others, or another whose words are
    /// all in the name already, it is numbered as before.
    @Test func aUnionOfItsNamesakeAndOneOtherTypeSaysBoth() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        IntentOptionsCard:
                          type: object
                          properties:
                            installments: {type: boolean}
                            link: {anyOf: [{$ref: '#/components/schemas/IntentOptionsCardLink'}, {$ref: '#/components/schemas/IntentOptionsLink'}]}
                        IntentOptionsLink: {type: object, properties: {persistent: {type: boolean}}}
                        IntentSharedOptionsClient: {type: object, properties: {capture: {type: string}}}
                        IntentOptionsCardLink: {type: object, properties: {remember: {type: boolean}}}
                        IntentOptions:
                          type: object
                          properties:
                            card: {anyOf: [{$ref: '#/components/schemas/IntentOptionsCard'}, {$ref: '#/components/schemas/IntentSharedOptionsClient'}]}
                            link:
                              anyOf:
                                - {$ref: '#/components/schemas/IntentOptionsLink'}
                                - {$ref: '#/components/schemas/IntentSharedOptionsClient'}
                                - {$ref: '#/components/schemas/IntentOptionsCard'}
                    """))
        ).model
        let card = try #require(model.model("IntentOptionsCardOrSharedClient"))
        #expect(card.kind == .anyOf)
        #expect(card.alternatives.map(\.name) == ["intentOptionsCard", "intentSharedOptionsClient"])
        #expect(
            try #require(model.model("IntentOptions")).properties.first?.type
                == .optional(.named("IntentOptionsCardOrSharedClient")))
        #expect(try #require(model.model("IntentOptionsLink2")).kind == .anyOf)
        // `IntentOptionsLink`'s words are all in `IntentOptionsCardLink`: nothing to add.
        #expect(try #require(model.model("IntentOptionsCardLink2")).kind == .anyOf)
    }

    /// An inline schema written alike in several operations is one type from the start
    /// (``ShapeNumbering``); it is named after all of them, and every request names it so.
    @Test func inlineTypesSharedByShapeAreNamedAfterAllTheirPlaces() throws {
        let operation = { (path: String, id: String) in
            """
              \(path):
                get:
                  operationId: \(id)
                  responses:
                    '204': {description: done}
                    '503':
                      description: unavailable
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              code: {type: string}
            """
        }
        let spec = """
            openapi: 3.0.3
            info: {title: Shared, version: '1'}
            paths:
            \(operation("/events", "activity/list-events"))
            \(operation("/installation", "apps/get-installation"))
            """
        let model = try #require(build(spec)).model
        #expect(try #require(model.model("ServiceUnavailableError")).kind == .struct)
        // The first place's name stays, for code written against it.
        #expect(
            try #require(model.model("ActivityListEventsServiceUnavailableError")).aliasedType
                == "ServiceUnavailableError")
        let shared = RequestDecision.Payload(
            type: .named("ServiceUnavailableError"), decoding: .json, contentType: "application/json")
        #expect(model.requestDecisions.map(\.responses.failure) == [.single(shared), .single(shared)])
    }

    @Test(
        arguments: [
            (["IssuesCreateBodyTitle", "IssuesUpdateBodyTitle"], "IssuesTitle"),
            (["ReposListForOrgSort", "ReposListForAuthenticatedUserSort"], "ReposListSort"),
            (["PostCustomersBodyTaxExempt", "PostInvoicesBodyTaxExempt"], "TaxExempt"),
            (["PullsCreateReviewBodyEvent", "PullsSubmitReviewBodyEvent"], "PullsReviewEvent"),
            (
                ["TeamsAddOrUpdateProjectPermissionsLegacyBody", "TeamsAddOrUpdateProjectPermissionsInOrgBody"],
                "TeamsAddOrUpdateProjectPermissionsBody"
            ),
            (["OrgsListHeaders", "IssuesListForRepoHeaders"], nil),
            // One word is too wide a name for one property's type.
            (["TeamsCreateBodyPermission", "ReposAddCollaboratorBodyPermission"], nil),
            // Nothing in common at the end.
            (["AppPermissionsPages", "AppPermissionsHooks"], nil),
            // Only words that say nothing.
            (["FooBody", "BarBody"], nil), (["PetsListResponse", "PetsShowResponse"], "PetsResponse"),
            (["Alone"], nil),
            // The area's last words again at the start of the role are said once.
            (["GetRealtimeBreakdownRealtimeMetricID", "GetRealtimeTimeseriesRealtimeMetricID"], "RealtimeMetricID"),
            (["TaxRateTaxType", "TaxRatesTaxType"], "TaxType"),
        ] as [([String], String?)])
    func namesFromThePlaces(places: [String], expected: String?) {
        #expect(SharedTypeName.candidate(sharedBy: places) == expected)
    }

    /// The name that says the repeated words twice is the fallback when the shorter is taken:
    /// Slack's invite error codes beside the error body `ConversationsInviteError`.
    @Test func theNameWithRepeatedWordsIsTheFallback() {
        #expect(
            SharedTypeName.placeNames(sharedBy: ["ConversationsInviteErrorError", "ConversationsInviteErrorItemError"])
                .prefix(2) == ["ConversationsInviteError", "ConversationsInviteErrorError"])
    }

    @Test func headersNames() {
        #expect(SharedTypeName.headersName(["Link"]) == "LinkHeaders")
        #expect(SharedTypeName.headersName(["X-Request-Id"]) == "RequestIDHeaders")
        #expect(SharedTypeName.headersName(["Location", "Retry-After"]) == "LocationRetryAfterHeaders")
        // Too many headers or words, or none, make no name.
        #expect(SharedTypeName.headersName(["A", "B", "C"]) == nil)
        // Many headers, or two long ones, are named after the words they all start with.
        #expect(SharedTypeName.headersName(["X-RateLimit-Limit", "X-RateLimit-Remaining"]) == "RateLimitHeaders")
        #expect(
            SharedTypeName.headersName([
                "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After",
                "X-RateLimit-Bucket",
            ]) == "RateLimitHeaders")
        #expect(SharedTypeName.headersName(["X-Request-Id", "X-Request-Cost", "Retry-After"]) == nil)
        #expect(SharedTypeName.headersName(["X-Body-A", "X-Body-B", "X-Body-C"]) == nil)
        #expect(SharedTypeName.headersName(["--"]) == nil)
        #expect(SharedTypeName.headersName([]) == nil)
    }

    /// Alternatives titled alike but different are told apart by the property they are under,
    /// not by a number.
    @Test func aTakenTitleIsQualifiedByItsProperty() throws {
        let option = { (property: String, field: String) in
            """
                    \(property):
                      anyOf:
                        - title: method_options_param
                          type: object
                          properties: {\(field): {type: string}}
                        - {type: string, enum: ['']}
            """
        }
        let spec = specWithSchemas(
            """
                Options:
                  type: object
                  properties:
            \(option("card", "cvc"))
            \(option("bank_account", "routing"))
            \(option("param", "other"))
            """)
        let model = try #require(build(spec)).model
        #expect(model.models.contains { $0.name == "MethodOptionsParam" })
        #expect(model.models.contains { $0.name == "BankAccountMethodOptionsParam" })
        // A property named with a title word says nothing more: numbered as before.
        #expect(model.models.contains { $0.name == "MethodOptionsParam2" })
    }

    @Test func headerFamiliesNameAHeadersType() {
        // Mastodon's rate limit headers beside `Link`, on 28 operations.
        #expect(
            SharedTypeName.headersName(["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Link"])
                == "RateLimitLinkHeaders")
        // A family named by words that say nothing, or three families, make no name.
        #expect(SharedTypeName.headersName(["X-Request-Id", "X-Request-Cost", "Retry-After"]) == nil)
        #expect(SharedTypeName.headersName(["X-RateLimit-Limit", "X-RateLimit-Remaining", "Link", "Location"]) == nil)
    }

    @Test(
        arguments: [
            (["AccessPolicy", "IdpDiscoveryPolicy", "PasswordPolicy"], "Policy"),
            (
                ["ChatCompletionRequestUserMessage", "ChatCompletionRequestSystemMessage"],
                "ChatCompletionRequestMessage"
            ),
            (
                ["OAuth2ClientJSONSigningKeyResponse", "OAuth2ClientJSONEncryptionKeyResponse"],
                "OAuth2ClientJSONKeyResponse"
            ),
            (["RemoteFileURL", "LocalFilePath"], nil),
            (["FooItem", "BarItem"], nil),
        ] as [([String], String?)])
    func namesFromTheAlternatives(alternatives: [String], expected: String?) {
        #expect(SharedTypeName.alternativesName(alternatives) == expected)
    }

    @Test(
        arguments: [
            (["GetEmailServerResponse", "UpdateEmailServerBody", "ListEmailServersResponseItem"], "EmailServer"),
            (["CreateIdentityBodyState", "UpdateIdentityBodyState"], "IdentityState"),
            // The places differ in more than what an operation does.
            (["OrdersAuthorize403Detail", "OrdersCapture403Detail"], nil),
            // One word is too wide a name.
            (["GetPolicyResponse", "ListPoliciesResponseItem"], nil),
        ] as [([String], String?)])
    func namesFromWhatThePlacesAreAbout(places: [String], expected: String?) {
        #expect(SharedTypeName.subjectName(sharedBy: places) == expected)
    }

    /// A union of generated types shared by operations whose names have nothing in common at
    /// their ends is named after its alternatives: `AnyPolicy` beside the `Policy` they extend,
    /// not after the first operation met (`ListPoliciesResponseItem` as a request's body).
    @Test func aSharedUnionIsNamedAfterItsAlternatives() throws {
        let access = "'#/components/schemas/AccessPolicy'"
        let password = "'#/components/schemas/PasswordPolicy'"
        let union = """
            {oneOf: [{$ref: \(access)}, {$ref: \(password)}], \
            discriminator: {propertyName: type, mapping: {ACCESS: \(access), PASSWORD: \(password)}}}
            """
        let spec = """
            openapi: 3.0.3
            info: {title: Policies, version: '1'}
            paths:
              /policies:
                get:
                  operationId: listPolicies
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: array
                            items: \(union)
                post:
                  operationId: createPolicy
                  requestBody:
                    content:
                      application/json:
                        schema: \(union)
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: \(union)
            components:
              schemas:
                Policy:
                  type: object
                  properties:
                    type: {type: string}
                    name: {type: string}
                AccessPolicy:
                  allOf: [{$ref: '#/components/schemas/Policy'}, {type: object, properties: {rules: {type: string}}}]
                PasswordPolicy:
                  allOf: [{$ref: '#/components/schemas/Policy'}, {type: object, properties: {length: {type: integer}}}]
            """
        let model = try #require(build(spec)).model
        #expect(try #require(model.model("AnyPolicy")).kind == .oneOf)
        #expect(try #require(model.model("Policy")).kind == .struct)
        // The first place's name stays, for code written against it.
        #expect(model.model("ListPoliciesResponseItem")?.aliasedType == "AnyPolicy")
        let create = try #require(model.requestDecisions.first { $0.name == "CreatePolicy" })
        #expect(create.body?.content == .single(.json(.named("AnyPolicy"), contentType: nil)))
    }

    /// Alternatives alike in shape but titled differently are different things: Okta's `call`
    /// factor is not its `sms` factor. Those of the same title are one type.
    @Test func alternativesTitledDifferentlyStayApart() throws {
        let factor = { (title: String) in
            "{title: \(title), type: object, properties: {passCode: {type: string}}}"
        }
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        ActivateRequest:
                          oneOf: [\(factor("sms")), \(factor("email"))]
                        VerifyRequest:
                          oneOf: [\(factor("call")), \(factor("sms"))]
                    """))
        ).model
        for name in ["SMS", "Email", "Call"] {
            #expect(try #require(model.model(name)).kind == .struct, "\(name)")
        }
        #expect(try #require(model.model("VerifyRequest")).alternatives.map(\.type) == [.named("Call"), .named("SMS")])
    }

    /// An inline schema the same as the schema whose name it would have is that schema's type
    /// where it is used, not a numbered alias of it.
    @Test func anInlineCopyOfTheSchemaNamedLikeItIsThatSchema() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    """
                        JobCreate:
                          type: object
                          required: [data]
                          properties:
                            data: {type: object, required: [query], properties: {query: {type: string}}}
                        JobCreateData:
                          type: object
                          required: [query]
                          properties:
                            query: {type: string}
                    """))
        ).model
        #expect(try #require(model.model("JobCreate")).properties.first?.type == .named("JobCreateData"))
        #expect(try #require(model.model("JobCreateData")).kind == .struct)
    }

    /// An inline object shared by operations whose names have nothing in common is named by
    /// its title: Jira's error item is `ErrorMessage`, not a member of another operation's
    /// response. A title of one word is too wide a name.
    @Test func aSharedInlineObjectIsNamedByItsTitle() throws {
        let error = "{type: array, items: {title: ErrorMessage, type: object, properties: {message: {type: string}}}}"
        let spec = """
            openapi: 3.0.3
            info: {title: Titles, version: '1'}
            paths:
              /flags:
                post:
                  operationId: submitFeatureFlags
                  responses:
                    '400': {description: bad, content: {application/json: {schema: \(error)}}}
              /builds/{key}:
                delete:
                  operationId: deleteBuildByKey
                  parameters: [{name: key, in: path, required: true, schema: {type: string}}]
                  responses:
                    '404': {description: missing, content: {application/json: {schema: \(error)}}}
            """
        let model = try #require(build(spec)).model
        #expect(try #require(model.model("ErrorMessage")).kind == .struct)
        #expect(SharedTypeName.titleName("Param") == nil)
        #expect(SharedTypeName.titleName("error message") == "ErrorMessage")
    }

    /// One error body under several statuses of several operations is the API's error, not
    /// the first operation's (Cohere's `ChatBadRequestError` under 30 operations).
    @Test func anErrorBodySharedAcrossStatusesIsTheAPIsError() throws {
        let response = { (status: String) in
            "'\(status)': {description: failed, content: {application/json: {schema: {type: object, properties: {message: {type: string}}}}}}"
        }
        let spec = """
            openapi: 3.0.3
            info: {title: Cohere, version: '1'}
            paths:
              /chat:
                post:
                  operationId: chat
                  responses:
                    \(response("400"))
                    \(response("401"))
              /embed:
                post:
                  operationId: embed
                  responses:
                    \(response("400"))
                    \(response("401"))
            """
        let model = try #require(build(spec)).model
        #expect(try #require(model.model("CohereError")).kind == .struct)
        for request in model.requestDecisions {
            guard case .single(let payload) = request.responses.failure else {
                Issue.record("\(request.name) has no single failure")
                continue
            }
            #expect(payload.type == .named("CohereError"))
        }
    }

    /// An inline schema merged into a component's type for being the same is that type where
    /// it is used when its name ends in the component's (App Store Connect's platform filters,
    /// the spec's `Platform`; S3's request payer headers, its `RequestPayer`): every operation
    /// says `Platform`, not the first operation's name for it. A shape alike under another
    /// name keeps its own, which says what it is there.
    @Test func anInlineCopyOfAComponentNamedLikeItIsThatComponent() throws {
        let model = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /apps:
                    get:
                      operationId: listApps
                      parameters:
                        - name: filter[platform]
                          in: query
                          explode: false
                          schema: {type: array, items: {type: string, enum: [IOS, MAC_OS]}}
                      responses:
                        '200':
                          description: ok
                          content: {application/json: {schema: {$ref: '#/components/schemas/Branch'}}}
                  /builds:
                    get:
                      operationId: listBuilds
                      parameters:
                        - name: filter[platform]
                          in: query
                          explode: false
                          schema: {type: array, items: {type: string, enum: [IOS, MAC_OS]}}
                      responses: {'204': {description: none}}
                components:
                  schemas:
                    Branch:
                      type: object
                      properties:
                        required_signatures: {type: object, properties: {url: {type: string}, enabled: {type: boolean}}}
                        platform: {$ref: '#/components/schemas/Platform'}
                    AdminEnforced: {type: object, properties: {url: {type: string}, enabled: {type: boolean}}}
                    Platform: {type: string, enum: [IOS, MAC_OS]}
                """)
        ).model
        let platforms = SwiftType.optional(.array(.named("Platform")))
        #expect(try #require(model.request("ListApps")).properties.map(\.type) == [platforms])
        #expect(try #require(model.request("ListBuilds")).properties.map(\.type) == [platforms])
        #expect(
            model.model("Branch")?.propertySignatures == [
                "requiredSignatures: BranchRequiredSignatures?", "platform: Platform?",
            ])
    }

    /// An object wrapping one resource under its name, shared by the bodies and responses of
    /// operations whose names share nothing (PagerDuty's `{"addon": Addon}` under
    /// `createAddon`'s body and `getAddon`'s response), is that resource's envelope, not
    /// `CreateAddonBody` as the response of `GetAddon`. An optional member, or one under
    /// another name, is no envelope.
    @Test func aSharedWrapperOfOneResourceIsItsEnvelope() throws {
        let wrapper = "{type: object, required: [addon], properties: {addon: {$ref: '#/components/schemas/Addon'}}}"
        let spec = """
            openapi: 3.0.3
            info: {title: Pager, version: '1'}
            paths:
              /addons:
                post:
                  operationId: createAddon
                  requestBody: {required: true, content: {application/json: {schema: \(wrapper)}}}
                  responses:
                    '201': {description: made, content: {application/json: {schema: \(wrapper)}}}
              /addons/{id}:
                get:
                  operationId: getAddon
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses:
                    '200': {description: ok, content: {application/json: {schema: \(wrapper)}}}
            components:
              schemas:
                Addon: {type: object, properties: {id: {type: string}}}
            """
        let model = try #require(build(spec)).model
        #expect(try #require(model.model("AddonEnvelope")).kind == .struct)
        for name in ["CreateAddon", "GetAddon"] {
            #expect(try #require(model.request(name)).responseType == "AddonEnvelope")
        }
        let addon = SwiftType.named("Addon")
        func envelope(_ key: String, _ type: SwiftType, required: Bool = true) -> String? {
            let property = TypeDeclaration.Property(
                name: key, type: required ? type : type.optional, coding: .key(key), isRequired: required,
                docLines: [])
            return SharedTypeName.envelopeName(
                of: .structure(.init(properties: [property])), component: { ["Addon", "ImageModel"].contains($0) })
        }
        #expect(envelope("addon", addon) == "AddonEnvelope")
        #expect(envelope("image", .named("ImageModel")) == "ImageEnvelope")
        #expect(envelope("addon", addon, required: false) == nil)
        #expect(envelope("color", addon) == nil)
        #expect(envelope("addon", .named("Inline")) == nil)
    }
}
