import Foundation
import MusubiRuntime
import MusubiTestSupport
import SecurityClient
import Testing

/// The generated Security client authenticated by `OAuth2TokenProvider` against a real token
/// endpoint, `Scripts/oauth-test-server.py`, over `URLSessionTransport`: the API it serves
/// answers 401 to any request without a live token.
@Suite(.enabled(if: endToEndEnabled, "needs a Python (Scripts/setup-tests.sh sets it up)"))
struct OAuth2EndToEndTests {
    /// The server, started with tokens lasting `expiresIn` seconds.
    private static func server(expiresIn: Int = 3600) throws -> PythonTestServer {
        let python = try #require(testPython, "needs a Python: run Scripts/setup-tests.sh")
        return try PythonTestServer(
            script: "oauth-test-server.py",
            arguments: [
                "--client-id", "reports job", "--client-secret", "s3cret/+", "--refresh-token", "refresh-0",
                "--expires-in", "\(expiresIn)", "--token-delay", "0.2",
            ],
            python: python)
    }

    private struct Stats: Decodable {
        struct TokenRequest: Decodable {
            var grantType: String?
            var refreshToken: String?
            var scope: String?
            var outcome: String
        }
        var tokenRequests: [TokenRequest]
        var idempotencyKeys: [String?]
    }

    private static func stats(_ server: PythonTestServer) async throws -> Stats {
        let url = server.baseURL.appendingPathComponent("__musubi/stats")
        let response = try await URLSessionTransport().send(HTTPRequest(method: .get, url: url))
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Stats.self, from: response.body)
    }

    private static func revokeTokens(_ server: PythonTestServer) async throws {
        let url = server.baseURL.appendingPathComponent("__musubi/revoke")
        _ = try await URLSessionTransport().send(HTTPRequest(method: .post, url: url))
    }

    private static func clientCredentials(_ server: PythonTestServer, expiryMargin: Duration = .seconds(30))
        -> OAuth2TokenProvider
    {
        // The spec's token URL is the real service's; the test's is relative to the local server.
        .clientCredentials(
            .security.petstoreAuth, clientID: "reports job", clientSecret: "s3cret/+", scopes: ["write:pets"],
            tokenURL: "/oauth/token", expiryMargin: expiryMargin)
    }

    private static func client(_ server: PythonTestServer, _ provider: OAuth2TokenProvider) -> Client {
        Client(
            baseURL: server.baseURL.appendingPathComponent("v1"),
            interceptors: [.retry(), .authentication([.oauth2(provider)])])
    }

    @Test func concurrentCallsShareOneTokenAndOneRefreshAfterRevocation() async throws {
        let server = try Self.server()
        let client = Self.client(server, Self.clientCredentials(server))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { _ = try await client.send(ListPets()) } }
            try await group.waitForAll()
        }
        var stats = try await Self.stats(server)
        #expect(stats.tokenRequests.count == 1)
        #expect(stats.tokenRequests.first?.grantType == "client_credentials")
        #expect(stats.tokenRequests.first?.scope == "write:pets")
        #expect(stats.tokenRequests.first?.outcome == "issued", "Basic credentials accepted")

        try await Self.revokeTokens(server)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 { group.addTask { _ = try await client.send(ListPets()) } }
            try await group.waitForAll()
        }
        stats = try await Self.stats(server)
        #expect(stats.tokenRequests.count == 2, "one refresh for the five calls the server rejected")
    }

    @Test func anExpiredTokenIsReplaced() async throws {
        let server = try Self.server(expiresIn: 1)
        let client = Self.client(server, Self.clientCredentials(server))
        _ = try await client.send(ListPets())
        // Renewed at half its lifetime, the margin being longer than the lifetime.
        try await Task.sleep(for: .milliseconds(700))
        _ = try await client.send(ListPets())
        let stats = try await Self.stats(server)
        #expect(stats.tokenRequests.map(\.outcome) == ["issued", "issued"])
    }

    @Test func refreshTokensRotate() async throws {
        let server = try Self.server(expiresIn: 1)
        let rotations = Rotations()
        let provider = OAuth2TokenProvider.refreshToken(
            .security.petstoreAuth, refreshToken: "refresh-0", clientID: "reports job", tokenURL: "/oauth/token",
            onRefreshTokenChange: { await rotations.append($0) })
        let client = Self.client(server, provider)
        _ = try await client.send(ListPets())
        try await Task.sleep(for: .milliseconds(700))
        _ = try await client.send(ListPets())
        let stats = try await Self.stats(server)
        #expect(stats.tokenRequests.map(\.refreshToken) == ["refresh-0", "refresh-1"])
        #expect(stats.tokenRequests.map(\.outcome) == ["issued", "issued"], "the rotated token is used")
        #expect(await rotations.all == ["refresh-1", "refresh-2"])
    }

    @Test func aPostCarriesAGeneratedIdempotencyKey() async throws {
        let server = try Self.server()
        let client = Self.client(server, Self.clientCredentials(server))
        _ = try await client.send(CreateOrder())
        _ = try await client.send(CreateOrder(idempotencyKey: "order-1"))
        let keys = try await Self.stats(server).idempotencyKeys
        #expect(keys.count == 2)
        #expect(UUID(uuidString: keys.first.flatMap { $0 } ?? "") != nil)
        #expect(keys.last == "order-1")
    }

    @Test func aWrongSecretIsReportedWithoutIt() async throws {
        let server = try Self.server()
        let provider = OAuth2TokenProvider.clientCredentials(
            .security.petstoreAuth, clientID: "reports job", clientSecret: "wrong-secret", tokenURL: "/oauth/token")
        do {
            _ = try await Self.client(server, provider).send(ListPets())
            Issue.record("expected the token request to fail")
        } catch {
            guard case .transport(let underlying as OAuth2Error) = error else {
                Issue.record("expected an OAuth2Error, got \(error)")
                return
            }
            #expect(underlying.code == "invalid_client")
            #expect(!error.description.contains("wrong-secret"))
        }
    }
}

private actor Rotations {
    var all: [String] = []

    func append(_ token: String) {
        all.append(token)
    }
}
