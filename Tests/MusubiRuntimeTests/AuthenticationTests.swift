import Foundation
import MusubiRuntime
import Testing

@Suite struct AuthenticationTests {
    /// Sends `request` through `.authentication(credentials)` and returns what reached the
    /// transport (one request unless the transport answers 401).
    private func sent<R: Request>(
        _ request: R, with credentials: [Credential], extra: [Interceptor] = [], status: Int = 204
    ) async throws -> [HTTPRequest] {
        let transport = TestTransport(status: status, json: "")
        let client = Client(
            baseURL: baseURL, interceptors: extra + [.authentication(credentials)], transport: transport)
        _ = await sendExpectingError(client, request)
        return transport.requests
    }

    private func only<R: Request>(_ request: R, with credentials: [Credential]) async throws -> HTTPRequest {
        let requests = try await sent(request, with: credentials)
        #expect(requests.count == 1)
        return try #require(requests.first)
    }

    // MARK: Each kind of scheme

    @Test func apiKeyInAHeaderIsMarkedAsACredential() async throws {
        let request = try await only(GetSecret<HeaderKey>(), with: [.apiKey(.keyHeader, "k-123")])
        #expect(request.headers["X-API-Key"] == "k-123")
        #expect(request.credentialHeaderNames == ["X-API-Key"])
        #expect(request.credentialQueryNames.isEmpty)
    }

    @Test func apiKeyInTheQueryIsPercentEncodedAndMarked() async throws {
        let request = try await only(GetSecret<QueryKey>(), with: [.apiKey(.keyQuery, "a b&c=d")])
        #expect(request.url.absoluteString == "https://petstore.example/v1/secret?api_key=a%20b%26c%3Dd")
        #expect(request.credentialQueryNames == ["api_key"])
        #expect(request.credentialHeaderNames.isEmpty)
    }

    @Test func apiKeyInTheQueryFollowsTheRequestsOwnParameters() async throws {
        struct Search: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .get }
            var path: RequestPath { "/search" }
            var query: [QueryParameter] { [QueryParameter("q", "cats")] }
            static var security: [SecurityRequirement] { [[.keyQuery: []]] }
        }
        let request = try await only(Search(), with: [.apiKey(.keyQuery, "k")])
        #expect(request.url.query == "q=cats&api_key=k")
    }

    @Test func apiKeyInACookieJoinsTheCookiesAlreadySet() async throws {
        let alone = try await only(GetSecret<CookieKey>(), with: [.apiKey(.keyCookie, "c-1")])
        #expect(alone.headers.values(for: "Cookie") == ["session=c-1"])
        #expect(alone.credentialHeaderNames == ["Cookie"])

        let withTheme = Interceptor { request, next in
            var request = request
            request.headers.add("Cookie", "theme=dark")
            return try await next(request)
        }
        let joined = try await sent(GetSecret<CookieKey>(), with: [.apiKey(.keyCookie, "c-1")], extra: [withTheme])
        #expect(joined.first?.headers.values(for: "Cookie") == ["theme=dark; session=c-1"])
    }

    /// A spec that also lists the key as an operation parameter (Trello's `key`), which the caller
    /// passed: the key is not sent twice, the request's own value stays and is marked.
    @Test func apiKeyTheRequestAlreadyCarriesIsNotAddedAgain() async throws {
        struct Card: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .get }
            var path: RequestPath { "/cards/c1" }
            var query: [QueryParameter] { [QueryParameter("api_key", "mine"), QueryParameter("token", "T")] }
            var headers: [HeaderParameter] { [HeaderParameter("x-api-key", "mine")] }
            var cookies: [CookieParameter] { [CookieParameter("session", "mine")] }
            static var security: [SecurityRequirement] { [[.keyQuery: [], .keyHeader: [], .keyCookie: []]] }
        }
        let request = try await only(
            Card(), with: [.apiKey(.keyQuery, "k"), .apiKey(.keyHeader, "k"), .apiKey(.keyCookie, "k")])
        #expect(request.url.query == "api_key=mine&token=T")
        #expect(request.headers.values(for: "X-API-Key") == ["mine"])
        #expect(request.headers.values(for: "Cookie") == ["session=mine"])
        #expect(request.credentialQueryNames == ["api_key"])
        #expect(request.credentialHeaderNames == ["X-API-Key", "Cookie"])
    }

    /// Only an item of the same name counts: `api_key_id` or a value `api_key` is another thing.
    @Test func apiKeyIsAddedBesideItemsOfOtherNames() async throws {
        struct Search: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .get }
            var path: RequestPath { "/search" }
            var query: [QueryParameter] { [QueryParameter("api_key_id", "1"), QueryParameter("q", "api_key")] }
            var cookies: [CookieParameter] { [CookieParameter("xsession", "1")] }
            static var security: [SecurityRequirement] { [[.keyQuery: [], .keyCookie: []]] }
        }
        let request = try await only(Search(), with: [.apiKey(.keyQuery, "k"), .apiKey(.keyCookie, "c")])
        #expect(request.url.query == "api_key_id=1&q=api_key&api_key=k")
        #expect(request.headers.values(for: "Cookie") == ["xsession=1; session=c"])
    }

    @Test func apiKeyThatWouldEndTheCookieIsRefused() async throws {
        let transport = TestTransport(status: 204, json: "")
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([.apiKey(.keyCookie, "x; admin=1")])],
            transport: transport)
        guard case .transport(let error) = await sendExpectingError(client, GetSecret<CookieKey>()) else {
            Issue.record("expected a transport error")
            return
        }
        #expect(error is AuthenticationError)
        #expect(transport.requests.isEmpty)
    }

    @Test func credentialWithALineBreakIsRefused() async throws {
        let transport = TestTransport(status: 204, json: "")
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([.apiKey(.keyHeader, "k\r\nX-Admin: 1")])],
            transport: transport)
        guard case .transport(let error) = await sendExpectingError(client, GetSecret<HeaderKey>()) else {
            Issue.record("expected a transport error")
            return
        }
        #expect(error is AuthenticationError)
        #expect(transport.requests.isEmpty)
    }

    @Test func basicEncodesUsernameAndPasswordAsUTF8Base64() async throws {
        // RFC 7617's own example, and one outside ASCII.
        let aladdin = try await only(
            GetSecret<Basic>(), with: [.basic(.basicAuth, username: "Aladdin", password: "open sesame")])
        #expect(aladdin.headers["Authorization"] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(aladdin.credentialHeaderNames == ["Authorization"])
        let test = try await only(GetSecret<Basic>(), with: [.basic(.basicAuth, username: "test", password: "123£")])
        #expect(test.headers["Authorization"] == "Basic dGVzdDoxMjPCow==")
    }

    @Test func bearerServesHTTPBearerOAuth2AndOpenIDConnect() async throws {
        let bearer = try await only(GetSecret<Bearer>(), with: [.bearer(.bearerAuth) { "t-1" }])
        #expect(bearer.headers["Authorization"] == "Bearer t-1")
        let oauth = try await only(GetSecret<OAuth>(), with: [.bearer(.oauth) { "t-2" }])
        #expect(oauth.headers["Authorization"] == "Bearer t-2")
        let openID = try await only(GetSecret<OpenID>(), with: [.bearer(.openID) { "t-3" }])
        #expect(openID.headers["Authorization"] == "Bearer t-3")
        #expect(openID.credentialHeaderNames == ["Authorization"])
    }

    @Test func otherHTTPSchemesSendTheGivenAuthorizationValue() async throws {
        let digest = try await only(
            GetSecret<Digest>(), with: [.authorization(.digestAuth) { #"Digest username="a", response="b""# }])
        #expect(digest.headers["Authorization"] == #"Digest username="a", response="b""#)
    }

    @Test func credentialOfTheWrongKindFailsTheRequest() async throws {
        let transport = TestTransport(status: 204, json: "")
        let client = Client(
            baseURL: baseURL,
            interceptors: [.authentication([.basic(.keyHeader, username: "a", password: "b")])],
            transport: transport)
        guard case .transport(let error) = await sendExpectingError(client, GetSecret<HeaderKey>()) else {
            Issue.record("expected a transport error")
            return
        }
        #expect("\(error)".contains("key_header"))
        #expect(transport.requests.isEmpty)
    }

    // MARK: Choosing among requirements

    @Test func operationWithoutRequirementsGetsNoCredentials() async throws {
        let request = try await only(
            DeletePet(id: 1),
            with: [.apiKey(.keyHeader, "k"), .bearer(.bearerAuth) { "t" }, .apiKey(.keyQuery, "q")])
        #expect(request.headers.contains("X-API-Key") == false)
        #expect(request.headers.contains("Authorization") == false)
        #expect(request.url.query == nil)
        #expect(request.credentialHeaderNames.isEmpty)
    }

    @Test func firstAlternativeWithCredentialsIsUsed() async throws {
        let keyOnly = try await only(GetSecret<OAuthOrHeaderKey>(), with: [.apiKey(.keyHeader, "k")])
        #expect(keyOnly.headers["X-API-Key"] == "k")
        #expect(keyOnly.headers["Authorization"] == nil)

        let both = try await only(
            GetSecret<OAuthOrHeaderKey>(), with: [.apiKey(.keyHeader, "k"), .bearer(.oauth) { "t" }])
        #expect(both.headers["Authorization"] == "Bearer t")
        #expect(both.headers["X-API-Key"] == nil, "only the chosen alternative is applied")
    }

    @Test func schemesOfOneRequirementAreAppliedTogetherOrNotAtAll() async throws {
        let half = try await only(GetSecret<HeaderKeyAndBearer>(), with: [.apiKey(.keyHeader, "k")])
        #expect(half.headers.contains("X-API-Key") == false)
        #expect(half.credentialHeaderNames.isEmpty)

        let whole = try await only(
            GetSecret<HeaderKeyAndBearer>(), with: [.apiKey(.keyHeader, "k"), .bearer(.bearerAuth) { "t" }])
        #expect(whole.headers["X-API-Key"] == "k")
        #expect(whole.headers["Authorization"] == "Bearer t")
        #expect(whole.credentialHeaderNames == ["X-API-Key", "Authorization"])
    }

    @Test func optionalAuthenticationSendsCredentialsWhenConfigured() async throws {
        let anonymous = try await only(GetSecret<OptionalHeaderKey>(), with: [])
        #expect(anonymous.headers.contains("X-API-Key") == false)
        let identified = try await only(GetSecret<OptionalHeaderKey>(), with: [.apiKey(.keyHeader, "k")])
        #expect(identified.headers["X-API-Key"] == "k")
    }

    @Test func clientCertificateMeetsARequirementWithoutTouchingTheRequest() async throws {
        let request = try await only(
            GetSecret<CertificateOrHeaderKey>(),
            with: [.clientCertificate(.clientCertificate), .apiKey(.keyHeader, "k")])
        #expect(request.headers.contains("X-API-Key") == false, "the certificate alternative comes first")
        #expect(request.credentialHeaderNames.isEmpty)
    }

    // MARK: Only the client's own server

    @Test func requestPointedAtAnotherHostGetsNoCredentials() async throws {
        func redirect(to url: String) -> Interceptor {
            Interceptor { request, next in
                var request = request
                request.url = URL(string: url)!
                return try await next(request)
            }
        }
        let credentials: [Credential] = [.apiKey(.keyHeader, "k")]
        for elsewhere in [
            "https://evil.example/v1/secret", "http://petstore.example/v1/secret",
            "https://petstore.example:8443/v1/secret",
        ] {
            let requests = try await sent(GetSecret<HeaderKey>(), with: credentials, extra: [redirect(to: elsewhere)])
            #expect(requests.first?.headers.contains("X-API-Key") == false, "\(elsewhere)")
        }
        let sameOrigin = try await sent(
            GetSecret<HeaderKey>(), with: credentials, extra: [redirect(to: "HTTPS://PETSTORE.example:443/v2/other")])
        #expect(sameOrigin.first?.headers["X-API-Key"] == "k", "same scheme, host and port, written differently")
    }

    @Test func operationOnItsOwnServerGetsCredentialsThere() async throws {
        struct Upload: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .post }
            var path: RequestPath { "/files" }
            var server: Server? { Server("https://uploads.petstore.example/v1") }
            static var security: [SecurityRequirement] { [[.keyHeader: []]] }
        }
        let transport = TestTransport(status: 204, json: "")
        let client = Client(
            server: Server("https://petstore.example/v1"), interceptors: [.authentication([.apiKey(.keyHeader, "k")])],
            transport: transport)
        _ = try await client.send(Upload())
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://uploads.petstore.example/v1/files")
        #expect(request.serverURL?.absoluteString == "https://uploads.petstore.example/v1")
        #expect(request.headers["X-API-Key"] == "k", "the spec serves the operation there")
    }

    @Test func requestBuiltOutsideAClientGetsNoCredentials() async throws {
        let transport = TestTransport(status: 204, json: "")
        let interceptor = Interceptor.authentication([.apiKey(.keyHeader, "k")])
        let request = HTTPRequest(
            method: .get, url: URL(string: "https://petstore.example/v1/secret")!,
            security: GetSecret<HeaderKey>.security)
        _ = try await interceptor.intercept(request) { try await transport.send($0) }
        #expect(transport.requests.first?.headers.contains("X-API-Key") == false)
    }

    @Test func bearerTokenInterceptorStaysOnTheClientsServer() async throws {
        let offsite = Interceptor { request, next in
            var request = request
            request.url = URL(string: "https://evil.example/collect")!
            return try await next(request)
        }
        let transport = TestTransport(status: 204, json: "")
        let client = Client(baseURL: baseURL, interceptors: [offsite, .bearerToken { "t" }], transport: transport)
        _ = try await client.send(DeletePet(id: 1))
        #expect(transport.requests.first?.headers["Authorization"] == nil)

        let home = TestTransport(status: 204, json: "")
        _ = try await Client(baseURL: baseURL, interceptors: [.bearerToken { "t" }], transport: home).send(
            DeletePet(id: 1))
        #expect(home.requests.first?.headers["Authorization"] == "Bearer t")
        #expect(home.requests.first?.credentialHeaderNames == ["Authorization"])
    }

    // MARK: Refreshing on 401

    /// Answers 401 unless the request carries `Bearer <accepted>`.
    private func server(accepting accepted: String) -> TestTransport {
        TestTransport { request in
            HTTPResponse(statusCode: request.headers["Authorization"] == "Bearer \(accepted)" ? 204 : 401)
        }
    }

    @Test func rejectedTokenIsRefreshedOnceAndTheRequestSentAgain() async throws {
        let refreshes = Log<String>()
        let transport = server(accepting: "new")
        let credential = Credential.bearer(.oauth) {
            "old"
        } refresh: { rejected in
            refreshes.append(rejected)
            return "new"
        }
        let client = Client(baseURL: baseURL, interceptors: [.authentication([credential])], transport: transport)
        #expect(try await client.send(PostSecret<OAuth>()) == NoContent())
        #expect(refreshes.all == ["old"])
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer new"])
        #expect(transport.requests.last?.bodyText == #"{"a":1}"#, "the body is sent again")
    }

    @Test func refreshedTokenRejectedAgainEndsWithThe401() async throws {
        let refreshes = Log<String>()
        let transport = server(accepting: "never")
        let credential = Credential.bearer(.bearerAuth) {
            "old"
        } refresh: { rejected in
            refreshes.append(rejected)
            return "new"
        }
        let client = Client(baseURL: baseURL, interceptors: [.authentication([credential])], transport: transport)
        guard case .status(401, _, _) = await sendExpectingError(client, GetSecret<Bearer>()) else {
            Issue.record("expected .status(401)")
            return
        }
        #expect(refreshes.all == ["old"])
        #expect(transport.requests.count == 2)
    }

    @Test func withoutRefreshThe401IsReturnedAtOnce() async throws {
        let requests = try await sent(GetSecret<Bearer>(), with: [.bearer(.bearerAuth) { "old" }], status: 401)
        #expect(requests.count == 1)
    }

    @Test func retryOutsideAuthenticationAsksForATokenPerAttemptAndStillRefreshes() async throws {
        // 503 (retried by .retry), then 401 for the old token (refreshed by .authentication), then 204.
        let attempts = Log<Int>()
        let transport = TestTransport { request in
            attempts.append(1)
            if attempts.all.count == 1 { return HTTPResponse(statusCode: 503, headers: ["Retry-After": "0"]) }
            return HTTPResponse(statusCode: request.headers["Authorization"] == "Bearer new" ? 204 : 401)
        }
        let asked = Log<Int>()
        let credential = Credential.bearer(.bearerAuth) {
            asked.append(1)
            return "old"
        } refresh: { _ in
            "new"
        }
        let client = Client(
            baseURL: baseURL, interceptors: [.retry(maxAttempts: 3), .authentication([credential])],
            transport: transport)
        #expect(try await client.send(GetSecret<Bearer>()) == NoContent())
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer old", "Bearer old", "Bearer new"])
        #expect(asked.all.count == 2, "each attempt of the retry is authenticated anew")
    }

    @Test func failingRefreshIsATransportError() async throws {
        struct SignedOut: Error {}
        let credential = Credential.bearer(.bearerAuth) {
            "old"
        } refresh: { _ in
            throw SignedOut()
        }
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([credential])], transport: server(accepting: "new"))
        guard case .transport(let error) = await sendExpectingError(client, GetSecret<Bearer>()), error is SignedOut
        else {
            Issue.record("expected .transport(SignedOut)")
            return
        }
    }
}
