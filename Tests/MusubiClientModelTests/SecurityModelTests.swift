import Testing

@testable import MusubiClientModel

@Suite struct SecurityModelTests {
    private func spec(schemes: String, security: String, operationSecurity: String) -> String {
        """
        openapi: 3.1.0
        info: {title: Test, version: '1'}
        \(security)
        paths:
          /a:
            get:
              operationId: a
        \(operationSecurity)
              responses: {'204': {description: ok}}
        components:
          securitySchemes:
        \(schemes)
        """
    }

    @Test func schemeMembersAreUniqueNamesThatDoNotShadowSecuritySchemesOwn() throws {
        let result = try #require(
            build(
                spec(
                    schemes: """
                            api_key: {type: apiKey, name: k, in: header}
                            api-key: {type: apiKey, name: k, in: query}
                            default: {type: http, scheme: bearer}
                            name: {type: http, scheme: basic}
                        """,
                    security: "", operationSecurity: "")))
        let schemes = result.model.api.securitySchemes
        #expect(schemes.map(\.name) == ["apiKey", "apiKey2", "`default`", "name2"])
        #expect(schemes.map(\.nameLiteral) == [#""api_key""#, #""api-key""#, #""default""#, #""name""#])
        #expect(schemes.map(\.isFirst) == [true, false, false, false])
        #expect(
            schemes[2].declarationLines == [
                #"public let `default` = SecurityScheme("default", .http(scheme: "bearer"))"#
            ])
        #expect(result.model.api.hasSecuritySchemes)
    }

    /// The API declares one member on `SecurityScheme`, named like its servers member, whose
    /// value holds the schemes: two clients' `bearerAuth` never make `.bearerAuth` ambiguous.
    /// A schema with the schemes type's name steps aside.
    @Test func theSchemesAreMembersOfOneValueNamedAfterTheAPI() throws {
        let yaml = spec(schemes: "    bearerAuth: {type: http, scheme: bearer}", security: "", operationSecurity: "")
            .replacingOccurrences(
                of: "components:\n", with: "components:\n  schemas:\n    PetstoreSecuritySchemes: {type: string}\n")
        let options = ClientModelOptions(moduleName: "PetstoreClient", package: PackageOptions(name: "PetstoreClient"))
        let model = try #require(build(yaml, options: options)).model
        #expect(model.api.securitySchemesMember == "petstore")
        #expect(model.api.securitySchemesMember == model.api.serversMember)
        #expect(model.api.securitySchemesTypeName == "PetstoreSecuritySchemes")
        #expect(model.models.map(\.name) == ["PetstoreSecuritySchemes2"])
        #expect(
            model.api.securitySchemesMemberDocLines == [
                "/// The security schemes of this API, which credentials name: `.petstore.bearerAuth`."
            ])
        #expect(
            model.api.securitySchemes.first?.docLines.contains(
                "/// Credential: `.bearer(.petstore.bearerAuth) { token }`") == true)
    }

    @Test func requirementsAreWrittenAsTheSpecWritesThem() throws {
        let result = try #require(
            build(
                spec(
                    schemes: """
                            default: {type: http, scheme: bearer}
                            key: {type: apiKey, name: k, in: header}
                        """,
                    security: "security: [{default: []}]",
                    operationSecurity: "      security: [{default: [a, b]}, {key: [], default: []}, {}]")))
        let request = try #require(result.model.request("A"))
        #expect(request.hasSecurity)
        #expect(
            request.securityLines == [
                "public static var security: [SecurityRequirement] {",
                #"    [[.test.default: ["a", "b"]], [.test.key: [], .test.default: []], [:]]"#,
                "}",
            ])
    }

    @Test func documentDefaultApplies() throws {
        let result = try #require(
            build(
                spec(
                    schemes: "    key: {type: apiKey, name: k, in: header}",
                    security: "security: [{key: []}]", operationSecurity: "")))
        #expect(
            result.model.request("A")?.securityLines == [
                "public static var security: [SecurityRequirement] { [[.test.key: []]] }"
            ])
    }

    @Test func noRequirementOrOnlyAnonymousAccessStatesNothing() throws {
        for operationSecurity in ["      security: []", "      security: [{}]"] {
            let result = try #require(
                build(
                    spec(
                        schemes: "    key: {type: apiKey, name: k, in: header}",
                        security: "security: [{key: []}]", operationSecurity: operationSecurity)))
            let request = try #require(result.model.request("A"))
            #expect(!request.hasSecurity, "\(operationSecurity)")
            #expect(request.securityLines.isEmpty)
        }
    }

    @Test func longRequirementsBreakOneElementPerLine() throws {
        let scopes = (1...8).map { "scope.number.\($0)" }.joined(separator: ", ")
        let result = try #require(
            build(
                spec(
                    schemes: """
                            oauthWithAVeryLongName: {type: oauth2, flows: {}}
                            anotherRatherLongSchemeName: {type: http, scheme: basic}
                        """,
                    security: "",
                    operationSecurity: """
                              security:
                                - {oauthWithAVeryLongName: [\(scopes)], anotherRatherLongSchemeName: []}
                                - anotherRatherLongSchemeName: []
                        """)))
        let request = try #require(result.model.request("A"))
        #expect(
            request.securityLines == [
                "public static var security: [SecurityRequirement] {",
                "    [",
                "        [",
                "            .test.oauthWithAVeryLongName: [",
            ] + (1...8).map { #"                "scope.number.\#($0)","# } + [
                "            ],",
                "            .test.anotherRatherLongSchemeName: [],",
                "        ],",
                "        [.test.anotherRatherLongSchemeName: []],",
                "    ]",
                "}",
            ])
        #expect(request.securityLines.allSatisfy { 4 + $0.count <= 100 })
    }

    @Test func schemasNamedLikeTheSecurityTypesDoNotShadowThem() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        SecurityScheme: {type: object, properties: {kind: {type: string}}}
                        Credential: {type: object, properties: {secret: {type: string}}}
                    """)))
        #expect(result.model.models.map(\.name).sorted() == ["CredentialModel", "SecuritySchemeModel"])
    }

    @Test func aParameterCalledSecurityGetsASuffix() throws {
        let result = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: Test, version: '1'}
                paths:
                  /a:
                    get:
                      operationId: a
                      parameters: [{name: security, in: query, schema: {type: string}}]
                      responses: {'204': {description: ok}}
                """))
        #expect(result.model.request("A")?.propertySignatures == ["securityParameter: String?"])
    }

    /// The document's requirements are copied into every request that has none of its own, so
    /// a long list of scopes there, times many operations, is refused with one located error
    /// rather than written out hundreds of times; up to the limit, every request lists them.
    @Test(arguments: [200, 201]) func scopesCopiedIntoEveryRequestAreBounded(operations: Int) throws {
        let scopesPerOperation = ModelBuilder.securityNameLimit / 200 - 1
        let scopes = (0..<scopesPerOperation).map { "s\($0)" }
        let paths = (0..<operations).map {
            "  /p\($0): {get: {operationId: p\($0), responses: {'204': {description: ok}}}}"
        }
        let spec = """
            openapi: 3.0.3
            info: {title: Scopes, version: '1'}
            security: [{oauth: [\(scopes.joined(separator: ", "))]}]
            components:
              securitySchemes:
                oauth:
                  type: oauth2
                  flows: {clientCredentials: {tokenUrl: 'https://auth.example/token', scopes: {}}}
            paths:
            \(paths.joined(separator: "\n"))
            """
        let result = try #require(build(spec))
        let errors = result.warnings.filter { $0.severity == .error }
        if operations == 200 {
            #expect(errors.isEmpty)
            #expect(result.model.requests.count == 200)
        } else {
            #expect(
                errors.map(\.message) == [
                    "the security requirements of this spec's operations name more than \(ModelBuilder.securityNameLimit) schemes and scopes in all; a spec this size is refused"
                ])
            #expect(errors.first?.location != nil)
        }
    }

    // MARK: Parameters a scheme supplies

    /// An operation `GET /cards/{id}` with the given parameters (flow-style entries), the
    /// document's `security` and the schemes given.
    private func keyedSpec(parameters: [String], security: String, schemes: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Test, version: '1'}
        security: \(security)
        paths:
          /cards/{id}:
            get:
              operationId: getCard
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
        \(parameters.map { "        - \($0)" }.joined(separator: "\n"))
              responses: {'204': {description: ok}}
        components:
          securitySchemes:
        \(schemes)
        """
    }

    private let keySchemes = """
            api_key: {type: apiKey, in: query, name: key}
            api_token: {type: apiKey, in: query, name: token}
            header_key: {type: apiKey, in: header, name: X-API-Key}
            session: {type: apiKey, in: cookie, name: sid}
            bearer: {type: http, scheme: bearer}
        """

    private func warnings(_ result: ClientModelBuilder.Result) -> [String] {
        result.warnings.filter { $0.message.contains("is supplied by security scheme") }.map(\.message)
    }

    @Test func parameterAnAPIKeyOfTheOperationSuppliesIsLeftOut() throws {
        let result = try #require(
            build(
                keyedSpec(
                    parameters: [
                        "{name: key, in: query, required: true, schema: {type: string}}",
                        "{name: x-api-key, in: header, schema: {type: string}}",
                        "{name: sid, in: cookie, required: true, schema: {type: string}}",
                        "{name: fields, in: query, schema: {type: string}}",
                    ],
                    security: "[{api_key: [], header_key: [], session: []}]", schemes: keySchemes)))
        let request = try #require(result.model.request("GetCard"))
        #expect(request.propertySignatures == ["id: String", "fields: String?"])
        #expect(request.queryLines == [#"[QueryParameter("fields", fields)]"#])
        #expect(
            request.securityLines == [
                "public static var security: [SecurityRequirement] {",
                "    [[.test.apiKey: [], .test.headerKey: [], .test.session: []]]",
                "}",
            ])
        let messages = warnings(result)
        #expect(
            messages.first
                == "query parameter 'key' is supplied by security scheme 'api_key', which the operation's security requires: it is left out of the request's initializer (here and in every operation that takes it with that scheme) and sent by the client's authentication"
        )
        #expect(messages.count == 3, "header names compared without case: \(messages)")
        let located = try #require(result.warnings.first { $0.message.contains("'key'") })
        #expect(located.file == "spec.yaml")
        #expect(located.location?.line == 10)
    }

    /// The same name somewhere else, or a scheme the operation does not use, supplies nothing.
    @Test func parameterNoSchemeOfTheOperationSuppliesIsKept() throws {
        let result = try #require(
            build(
                keyedSpec(
                    parameters: [
                        "{name: key, in: header, required: true, schema: {type: string}}",
                        "{name: token, in: query, required: true, schema: {type: string}}",
                        "{name: Key, in: query, schema: {type: string}}",
                    ],
                    security: "[{api_key: []}]", schemes: keySchemes)))
        let request = try #require(result.model.request("GetCard"))
        #expect(request.propertySignatures == ["id: String", "key: String", "token: String", "keyParameter: String?"])
        #expect(warnings(result).isEmpty)
    }

    @Test func parameterIsKeptWhenAuthenticationIsOptionalOrAbsent() throws {
        for security in ["[{api_key: []}, {}]", "[]"] {
            let result = try #require(
                build(
                    keyedSpec(
                        parameters: ["{name: key, in: query, required: true, schema: {type: string}}"],
                        security: security, schemes: keySchemes)))
            let request = try #require(result.model.request("GetCard"))
            #expect(request.propertySignatures == ["id: String", "key: String"], "\(security)")
            #expect(warnings(result).isEmpty)
        }
    }

    /// An optional parameter only one alternative supplies is the caller's to send with the
    /// other; a required one is sent whichever alternative is used, so its scheme joins them all.
    @Test func parameterOnlySomeAlternativesSupply() throws {
        let optional = try #require(
            build(
                keyedSpec(
                    parameters: ["{name: key, in: query, schema: {type: string}}"],
                    security: "[{bearer: []}, {api_key: []}]", schemes: keySchemes)))
        #expect(optional.model.request("GetCard")?.propertySignatures == ["id: String", "key: String?"])
        #expect(warnings(optional).isEmpty)

        let required = try #require(
            build(
                keyedSpec(
                    parameters: ["{name: key, in: query, required: true, schema: {type: string}}"],
                    security: "[{bearer: []}, {api_key: []}]", schemes: keySchemes)))
        let request = try #require(required.model.request("GetCard"))
        #expect(request.propertySignatures == ["id: String"])
        #expect(
            request.securityLines == [
                "public static var security: [SecurityRequirement] {",
                "    [[.test.bearer: [], .test.apiKey: []], [.test.apiKey: []]]",
                "}",
            ])
        #expect(
            warnings(required).first?.hasSuffix(
                "; as the parameter is required, the scheme is required with each of the operation's security alternatives"
            ) == true)
    }

    /// Trello: `key` and `token` schemes listed as alternatives, both parameters required on
    /// every operation. The request needs both schemes, and the call site neither; one warning
    /// for each scheme, however many operations.
    @Test func trelloKeyAndTokenAreOneRequirement() throws {
        let parameters = """
                    - {name: key, in: query, required: true, type: string}
                    - {name: token, in: query, required: true, type: string}
            """
        let spec = """
            swagger: '2.0'
            info: {title: Test, version: '1'}
            host: trello.com
            securityDefinitions:
              api_key: {type: apiKey, in: query, name: key}
              api_token: {type: apiKey, in: query, name: token}
            paths:
              /cards/{id}:
                get:
                  operationId: getCard
                  parameters:
                    - {name: id, in: path, required: true, type: string}
            \(parameters)
                  security: [{api_key: []}, {api_token: []}]
                  responses: {'200': {description: ok}}
              /boards:
                get:
                  operationId: getBoards
                  parameters:
            \(parameters)
                  security: [{api_key: []}, {api_token: []}]
                  responses: {'200': {description: ok}}
            """
        let result = try #require(build(spec))
        for name in ["GetCard", "GetBoards"] {
            let request = try #require(result.model.request(name))
            #expect(
                request.securityLines == [
                    "public static var security: [SecurityRequirement] { [[.test.apiKey: [], .test.apiToken: []]] }"
                ])
        }
        #expect(result.model.request("GetCard")?.propertySignatures == ["id: String"])
        #expect(result.model.request("GetBoards")?.propertySignatures == [])
        #expect(warnings(result).count == 2)
    }
}
