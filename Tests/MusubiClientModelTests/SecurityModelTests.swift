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
}
