import Foundation
import MusubiRuntime
import MusubiTestSupport
import Testing

/// A token endpoint: answers each token request with the next token, records the requests.
private final class TokenEndpoint: @unchecked Sendable {
    // @unchecked: `issued` is only touched while holding `lock`.
    private let lock = NSLock()
    private var issued = 0
    let transport: TestTransport

    /// - Parameters:
    ///   - expiresIn: The lifetime given with each token.
    ///   - rotatesRefreshTokens: Whether each answer carries a new refresh token, `refresh-N`.
    ///   - delay: How long each answer takes, so concurrent callers overlap.
    init(expiresIn: Int? = 3600, rotatesRefreshTokens: Bool = false, delay: Duration = .zero) {
        let counter = Counter()
        transport = TestTransport { request in
            if delay > .zero { try await Task.sleep(for: delay) }
            let number = counter.next()
            var object: [String: Any] = ["access_token": "token-\(number)", "token_type": "Bearer"]
            if let expiresIn { object["expires_in"] = expiresIn }
            if rotatesRefreshTokens { object["refresh_token"] = "refresh-\(number)" }
            return HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "application/json"],
                body: try JSONSerialization.data(withJSONObject: object))
        }
    }

    var requests: [HTTPRequest] { transport.requests }

    /// The form fields of token request `index`.
    func form(_ index: Int) -> [String: String] {
        guard let text = requests[index].bodyText else { return [:] }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? "" }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

extension SecurityScheme {
    /// An `oauth2` scheme whose flows name their token URLs as a spec does, one relative.
    fileprivate static let store = SecurityScheme(
        "store_auth", .oauth2,
        flows: [
            OAuth2Flow(.authorizationCode, tokenURL: "https://auth.example/token", refreshURL: "/oauth/refresh"),
            OAuth2Flow(.clientCredentials, tokenURL: "https://auth.example/token", scopes: ["read", "write"]),
        ])
}

private enum StoreAuth: SecurityPolicy { static var security: [SecurityRequirement] { [[.store: ["read"]]] } }

/// The API: 401 unless the request carries one of `accepted` tokens, else 204.
private func api(accepting accepted: @escaping @Sendable (String) -> Bool = { _ in true }) -> TestTransport {
    TestTransport { request in
        let token = request.headers["Authorization"]?.replacingOccurrences(of: "Bearer ", with: "") ?? ""
        return HTTPResponse(statusCode: accepted(token) ? 204 : 401)
    }
}

@Suite struct OAuth2Tests {
    @Test func clientCredentialsAreSentToTheSpecsTokenURLAndTheTokenCached() async throws {
        let endpoint = TokenEndpoint()
        let provider = OAuth2TokenProvider.clientCredentials(
            .store, clientID: "my app", clientSecret: "s3cret:/", scopes: ["read"], transport: endpoint.transport)
        let transport = api()
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([.oauth2(provider)])], transport: transport)
        _ = try await client.send(GetSecret<StoreAuth>())
        _ = try await client.send(GetSecret<StoreAuth>())

        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer token-1", "Bearer token-1"])
        #expect(endpoint.requests.count == 1)
        let tokenRequest = try #require(endpoint.requests.first)
        #expect(tokenRequest.method == .post)
        #expect(tokenRequest.url.absoluteString == "https://auth.example/token")
        #expect(tokenRequest.headers["Content-Type"] == "application/x-www-form-urlencoded")
        // RFC 6749 §2.3.1: the ID and secret form-encoded, then Basic.
        let basic = Data("my%20app:s3cret%3A%2F".utf8).base64EncodedString()
        #expect(tokenRequest.headers["Authorization"] == "Basic \(basic)")
        #expect(endpoint.form(0) == ["grant_type": "client_credentials", "scope": "read"])
    }

    @Test func clientCredentialsInTheBody() async throws {
        let endpoint = TokenEndpoint()
        let provider = OAuth2TokenProvider.clientCredentials(
            .store, clientID: "app", clientSecret: "secret", authentication: .requestBody,
            transport: endpoint.transport)
        #expect(try await provider.accessToken(serverURL: baseURL) == "token-1")
        #expect(endpoint.requests.first?.headers["Authorization"] == nil)
        #expect(
            endpoint.form(0) == ["grant_type": "client_credentials", "client_id": "app", "client_secret": "secret"])
    }

    @Test func anExpiringTokenIsReplacedBeforeItsExpiryMinusTheMargin() async throws {
        let clock = TestClock()
        let endpoint = TokenEndpoint(expiresIn: 300)
        let provider = OAuth2TokenProvider.clientCredentials(
            .store, clientID: "app", clientSecret: "secret", transport: endpoint.transport,
            clock: clock.clientClock, expiryMargin: .seconds(60))
        #expect(try await provider.accessToken(serverURL: nil) == "token-1")
        clock.advance(by: 239)
        #expect(try await provider.accessToken(serverURL: nil) == "token-1", "still 61 seconds to go")
        clock.advance(by: 1)
        #expect(try await provider.accessToken(serverURL: nil) == "token-2", "within the margin")
        #expect(endpoint.requests.count == 2)
    }

    @Test func concurrentRequestsShareOneTokenRequest() async throws {
        let endpoint = TokenEndpoint(delay: .milliseconds(50))
        let provider = OAuth2TokenProvider.clientCredentials(
            .store, clientID: "app", clientSecret: "secret", transport: endpoint.transport)
        let transport = api()
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([.oauth2(provider)])], transport: transport)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = try await client.send(GetSecret<StoreAuth>()) }
            }
            try await group.waitForAll()
        }
        #expect(endpoint.requests.count == 1)
        #expect(Set(transport.requests.map { $0.headers["Authorization"] }) == ["Bearer token-1"])
    }

    @Test func aRejectedTokenIsRefreshedOnceForConcurrentRequests() async throws {
        let endpoint = TokenEndpoint(delay: .milliseconds(20))
        let provider = OAuth2TokenProvider.clientCredentials(
            .store, clientID: "app", clientSecret: "secret", transport: endpoint.transport)
        // The server revoked token-1 before the calls, and answers none of them until all ten
        // have arrived with it, so that their 401s come together.
        let arrived = Counter()
        let transport = TestTransport { request in
            guard request.headers["Authorization"] == "Bearer token-1" else { return HTTPResponse(statusCode: 204) }
            let count = arrived.next()
            if count <= 10 {
                try await waitUntil("ten requests with token-1", interval: .milliseconds(1)) { arrived.value >= 10 }
            }
            return HTTPResponse(statusCode: 401)
        }
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([.oauth2(provider)])], transport: transport)
        #expect(try await provider.accessToken(serverURL: baseURL) == "token-1")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask { _ = try await client.send(PostSecret<StoreAuth>()) }
            }
            try await group.waitForAll()
        }
        #expect(endpoint.requests.count == 2, "one request for token-1, one refresh for all ten")
        #expect(transport.requests.count == 20, "each call sent once with token-1, once with token-2")
        #expect(transport.requests.filter { $0.headers["Authorization"] == "Bearer token-2" }.count == 10)
    }

    @Test func aSecond401IsReturnedWithoutAnotherRefresh() async {
        let endpoint = TokenEndpoint()
        let provider = OAuth2TokenProvider.clientCredentials(
            .store, clientID: "app", clientSecret: "secret", transport: endpoint.transport)
        let transport = api(accepting: { _ in false })
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([.oauth2(provider)])], transport: transport)
        guard case .status(401, _, _) = await sendExpectingError(client, GetSecret<StoreAuth>()) else {
            Issue.record("expected .status(401)")
            return
        }
        #expect(transport.requests.count == 2)
        #expect(endpoint.requests.count == 2)
    }

    @Test func refreshTokensRotateAndTheAppIsTold() async throws {
        let clock = TestClock()
        let endpoint = TokenEndpoint(expiresIn: 100, rotatesRefreshTokens: true)
        let rotations = Log<String>()
        let provider = OAuth2TokenProvider.refreshToken(
            .store, refreshToken: "refresh-0", clientID: "public-app", transport: endpoint.transport,
            clock: clock.clientClock, onRefreshTokenChange: { rotations.append($0) })
        #expect(try await provider.accessToken(serverURL: baseURL) == "token-1")
        clock.advance(by: 100)
        #expect(try await provider.accessToken(serverURL: baseURL) == "token-2")

        #expect(
            endpoint.form(0) == [
                "grant_type": "refresh_token", "refresh_token": "refresh-0", "client_id": "public-app",
            ])
        #expect(endpoint.form(1)["refresh_token"] == "refresh-1", "the rotated refresh token is used")
        #expect(rotations.all == ["refresh-1", "refresh-2"])
        // The authorization code flow's refresh URL, relative, resolved against the server.
        #expect(endpoint.requests.first?.url.absoluteString == "https://petstore.example/oauth/refresh")
    }

    @Test func theTokenEndpointsRefusalIsReportedWithoutSecrets() async {
        let endpoint = TestTransport(
            status: 401, json: #"{"error": "invalid_client", "error_description": "Unknown client"}"#)
        let provider = OAuth2TokenProvider.clientCredentials(
            .store, clientID: "app", clientSecret: "very-secret-value", transport: endpoint)
        let client = Client(baseURL: baseURL, interceptors: [.authentication([.oauth2(provider)])], transport: api())
        guard case .transport(let error as OAuth2Error) = await sendExpectingError(client, GetSecret<StoreAuth>())
        else {
            Issue.record("expected an OAuth2Error")
            return
        }
        #expect(error.statusCode == 401)
        #expect(error.code == "invalid_client")
        #expect(error.description == "OAuth 2.0 token request failed with HTTP 401 (invalid_client): Unknown client")
    }

    @Test func secretsAndTokensStayOutOfDescriptions() async throws {
        let endpoint = TokenEndpoint()
        let provider = OAuth2TokenProvider.refreshToken(
            .store, refreshToken: "refresh-secret", clientID: "app", clientSecret: "client-secret",
            transport: endpoint.transport)
        _ = try await provider.accessToken(serverURL: baseURL)
        var dumped = ""
        dump(provider, to: &dumped)
        for text in [dumped, String(describing: provider), String(reflecting: provider)] {
            #expect(!text.contains("secret") && !text.contains("token-1"), "\(text)")
        }
    }

    @Test func aTokenURLThatIsNotHTTPIsRefused() async {
        let endpoint = TokenEndpoint()
        let provider = OAuth2TokenProvider.clientCredentials(
            .store, clientID: "app", clientSecret: "secret", tokenURL: "file:///etc/passwd",
            transport: endpoint.transport)
        await #expect(throws: OAuth2Error.self) { try await provider.accessToken(serverURL: baseURL) }
        #expect(endpoint.requests.isEmpty)
    }
}
