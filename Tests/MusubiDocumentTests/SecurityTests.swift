import MusubiReader
import Testing

@testable import MusubiDocument

@Suite struct SecurityTests {
    /// Every scheme kind of OpenAPI 3.1, and operations overriding the document's default.
    private let openAPI3 = """
        openapi: 3.1.0
        info: {title: T, version: '1'}
        security:
          - bearer: []
        paths:
          /default:
            get:
              operationId: usesDefault
              responses: {'204': {description: ok}}
          /public:
            get:
              operationId: public
              security: []
              responses: {'204': {description: ok}}
          /optional:
            get:
              operationId: optional
              security:
                - {}
                - key: []
              responses: {'204': {description: ok}}
          /either:
            get:
              operationId: either
              security:
                - oauth: [read, write]
                - basic: []
              responses: {'204': {description: ok}}
          /both:
            get:
              operationId: both
              security:
                - key: []
                  cookie: []
              responses: {'204': {description: ok}}
        components:
          securitySchemes:
            key:
              type: apiKey
              name: X-API-Key
              in: header
              description: The key from your dashboard.
            query: {type: apiKey, name: api_key, in: query}
            cookie: {type: apiKey, name: session, in: cookie}
            basic: {type: http, scheme: Basic}
            bearer: {type: http, scheme: bearer, bearerFormat: JWT}
            digest: {type: http, scheme: digest}
            oauth:
              type: oauth2
              flows:
                authorizationCode:
                  authorizationUrl: https://auth.example/authorize
                  tokenUrl: https://auth.example/token
                  refreshUrl: https://auth.example/refresh
                  scopes: {read: Read things, write: Write things}
                clientCredentials:
                  tokenUrl: https://auth.example/token
                  scopes: {}
            oidc: {type: openIdConnect, openIdConnectUrl: https://auth.example/.well-known/openid-configuration}
            tls: {type: mutualTLS}
        """

    @Test func everySchemeKindOfOpenAPI3() throws {
        let result = try #require(load(openAPI3))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let schemes = result.document.securitySchemes
        #expect(schemes.map(\.name) == ["key", "query", "cookie", "basic", "bearer", "digest", "oauth", "oidc", "tls"])
        guard case .apiKey("X-API-Key", .header) = schemes[0].kind,
            case .apiKey("api_key", .query) = schemes[1].kind,
            case .apiKey("session", .cookie) = schemes[2].kind,
            case .http("basic", nil) = schemes[3].kind,
            case .http("bearer", "JWT") = schemes[4].kind,
            case .http("digest", nil) = schemes[5].kind,
            case .oauth2(let flows) = schemes[6].kind,
            case .openIDConnect("https://auth.example/.well-known/openid-configuration") = schemes[7].kind,
            case .mutualTLS = schemes[8].kind
        else {
            Issue.record("unexpected kinds: \(schemes.map(\.kind))")
            return
        }
        #expect(schemes[0].description == "The key from your dashboard.")
        #expect(flows.map(\.kind) == [.authorizationCode, .clientCredentials])
        #expect(flows[0].authorizationURL == "https://auth.example/authorize")
        #expect(flows[0].tokenURL == "https://auth.example/token")
        #expect(flows[0].refreshURL == "https://auth.example/refresh")
        #expect(flows[0].scopes.map(\.name) == ["read", "write"])
        #expect(flows[0].scopes.map(\.description) == ["Read things", "Write things"])
        #expect(flows[1].scopes.isEmpty)
    }

    /// The requirements of `id` as `[[scheme: scopes]]` pairs, in order.
    private func requirements(_ document: Document, _ id: String) -> [[String]] {
        document.operation(id)?.security.map { requirement in
            requirement.entries.map { entry in
                entry.scopes.isEmpty ? entry.schemeName : "\(entry.schemeName)(\(entry.scopes.joined(separator: ",")))"
            }
        } ?? []
    }

    @Test func operationsOverrideTheDocumentsRequirements() throws {
        let document = try #require(load(openAPI3)).document
        #expect(requirements(document, "usesDefault") == [["bearer"]])
        #expect(requirements(document, "public") == [], "`security: []` removes the default")
        #expect(requirements(document, "optional") == [[], ["key"]], "`{}` is kept: anonymous access allowed")
        #expect(requirements(document, "either") == [["oauth(read,write)"], ["basic"]], "alternatives in order")
        #expect(requirements(document, "both") == [["key", "cookie"]], "schemes required together")
    }

    @Test func noSecurityAnywhereMeansNoRequirements() throws {
        let document = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths:
                  /a:
                    get:
                      operationId: a
                      responses: {'204': {description: ok}}
                """)
        ).document
        #expect(document.securitySchemes.isEmpty)
        #expect(document.operation("a")?.security.isEmpty == true)
    }

    @Test func swagger2Definitions() throws {
        let result = try #require(
            load(
                """
                swagger: '2.0'
                info: {title: T, version: '1'}
                securityDefinitions:
                  basic: {type: basic}
                  key: {type: apiKey, name: api_key, in: query}
                  petstore_auth:
                    type: oauth2
                    flow: implicit
                    authorizationUrl: https://petstore.example/oauth/dialog
                    scopes: {'write:pets': modify pets, 'read:pets': read your pets}
                  app: {type: oauth2, flow: application, tokenUrl: https://petstore.example/token, scopes: {}}
                  code:
                    type: oauth2
                    flow: accessCode
                    authorizationUrl: https://petstore.example/authorize
                    tokenUrl: https://petstore.example/token
                    scopes: {}
                security:
                  - key: []
                paths:
                  /pets:
                    get:
                      operationId: listPets
                      responses: {'200': {description: ok}}
                    post:
                      operationId: addPet
                      security:
                        - petstore_auth: ['write:pets']
                        - basic: []
                      responses: {'200': {description: ok}}
                """))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let schemes = result.document.securitySchemes
        guard case .http("basic", nil) = schemes[0].kind,
            case .apiKey("api_key", .query) = schemes[1].kind,
            case .oauth2(let implicit) = schemes[2].kind,
            case .oauth2(let application) = schemes[3].kind,
            case .oauth2(let accessCode) = schemes[4].kind
        else {
            Issue.record("unexpected kinds: \(schemes.map(\.kind))")
            return
        }
        #expect(implicit.map(\.kind) == [.implicit])
        #expect(implicit.first?.authorizationURL == "https://petstore.example/oauth/dialog")
        #expect(implicit.first?.scopes.map(\.name) == ["write:pets", "read:pets"])
        #expect(application.map(\.kind) == [.clientCredentials])
        #expect(application.first?.tokenURL == "https://petstore.example/token")
        #expect(accessCode.map(\.kind) == [.authorizationCode])
        #expect(requirements(result.document, "listPets") == [["key"]])
        #expect(requirements(result.document, "addPet") == [["petstore_auth(write:pets)"], ["basic"]])
    }

    @Test func undefinedSchemesAreReportedWhereTheyAreNamed() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                security:
                  - missing: []
                paths:
                  /a:
                    get:
                      operationId: a
                      security:
                        - key: []
                        - key: []
                          nowhere: []
                      responses: {'204': {description: ok}}
                  /b:
                    get:
                      operationId: b
                      responses: {'204': {description: ok}}
                components:
                  securitySchemes:
                    key: {type: apiKey, name: k, in: header}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:12:11: warning: security requirement names 'nowhere', which is not a defined security scheme; the requirement is ignored",
                "spec.yaml:4:5: warning: security requirement names 'missing', which is not a defined security scheme; the requirement is ignored",
            ])
        #expect(requirements(result.document, "a") == [["key"]], "the alternative naming nothing is dropped whole")
        #expect(requirements(result.document, "b") == [])
    }

    @Test func unusableSchemesAreReportedAndLeftOut() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths: {}
                components:
                  securitySchemes:
                    noType: {description: what}
                    noName: {type: apiKey, in: header}
                    badPlace: {type: apiKey, name: k, in: body}
                    noScheme: {type: http}
                    odd: {type: kerberos}
                    old: {type: basic}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:6:13: warning: security scheme 'noType' has no 'type'; it is ignored",
                "spec.yaml:7:13: warning: API key scheme 'noName' has no 'name'; it is ignored",
                "spec.yaml:8:43: warning: API key scheme 'badPlace' needs 'in' of header, query, cookie; it is ignored",
                "spec.yaml:9:15: warning: HTTP security scheme 'noScheme' has no 'scheme'; it is ignored",
                "spec.yaml:10:17: warning: security scheme 'odd' has unknown type 'kerberos'; it is ignored",
                "spec.yaml:11:17: warning: security scheme type 'basic' is Swagger 2.0; read as 'http' with scheme 'basic'",
            ])
        #expect(result.document.securitySchemes.map(\.name) == ["old"])
    }
}
