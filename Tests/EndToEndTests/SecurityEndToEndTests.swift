import Foundation
import MusubiRuntime
import SecurityClient
import Testing

/// The generated Security client against the validating server, which checks every
/// operation's security requirements (see `Scripts/validating-server.py`).
@Suite(.enabled(if: endToEndEnabled, "needs the Python venv with openapi-core (Scripts/setup-tests.sh sets it up)"))
struct SecurityEndToEndTests {
    let server: ValidatingServer
    var apiURL: URL { server.baseURL.appendingPathComponent("v1") }

    init() throws {
        server = try ValidatingServer(spec: "Specs/security.yaml")
    }

    /// A credential for every scheme but the client certificate, which plain HTTP cannot carry.
    static let everyCredential: [Credential] = [
        .apiKey(.security.apiKeyHeader, "header-key"),
        .apiKey(.security.apiKeyQuery, "query-key"),
        .apiKey(.security.apiKeyCookie, "cookie-key"),
        .basic(.security.basicAuth, username: "alice", password: "wonder land"),
        .bearer(.security.bearerAuth) { "bearer-token" },
        .authorization(.security.digestAuth) {
            #"Digest username="alice", response="6629fae49393a05397450978507c4ef1""#
        },
        .bearer(.security.petstoreAuth) { "oauth-token" },
        .bearer(.security.openID) { "openid-token" },
    ]

    /// Calls every operation of the API once, in this order.
    static let operationIDs = [
        "getStatus", "getMe", "logIn", "listReports", "getSession", "listPets", "deletePet", "getProfile",
        "getLegacy", "getCatalog", "getInternal", "createOrder",
    ]

    private func callEveryOperation(_ client: Client) async -> [Bool] {
        func succeeds<R: Request>(_ request: R) async -> Bool {
            do throws(ClientError<R.Failure>) {
                _ = try await client.send(request)
                return true
            } catch {
                return false
            }
        }
        return [
            await succeeds(GetStatus()), await succeeds(GetMe()), await succeeds(LogIn()),
            await succeeds(ListReports(year: 2024)), await succeeds(GetSession()), await succeeds(ListPets()),
            await succeeds(DeletePet(petID: 7)), await succeeds(GetProfile()), await succeeds(GetLegacy()),
            await succeeds(GetCatalog()), await succeeds(GetInternal()), await succeeds(CreateOrder()),
        ]
    }

    @Test func everyOperationIsAuthenticatedAsItsRequirementsSay() async throws {
        let client = Client(baseURL: apiURL, interceptors: [.authentication(Self.everyCredential)])
        let results = await callEveryOperation(client)
        #expect(results.allSatisfy { $0 }, "\(zip(Self.operationIDs, results).filter { !$0.1 })")

        let log = try await server.log()
        #expect(log.map(\.operationID) == Self.operationIDs)
        for entry in log {
            #expect(entry.valid, "\(entry.operationID ?? entry.path): \(entry.errors)")
        }
        let byOperation = Dictionary(uniqueKeysWithValues: log.map { ($0.operationID ?? "", $0) })

        // What each operation carried: exactly its chosen requirement, nothing else.
        func credentials(_ id: String) -> [String] {
            guard let entry = byOperation[id] else { return ["(not called)"] }
            return [
                entry.header("Authorization"), entry.header("X-API-Key").map { "X-API-Key: \($0)" },
                entry.header("Cookie").map { "Cookie: \($0)" },
                entry.query.contains("api_key") ? "query: \(entry.query)" : nil,
            ].compactMap { $0 }
        }
        #expect(credentials("getStatus") == [], "a public operation gets no credential")
        #expect(credentials("getMe") == ["Bearer bearer-token"], "the document's default requirement")
        #expect(credentials("logIn") == ["Basic YWxpY2U6d29uZGVyIGxhbmQ="])
        #expect(credentials("listReports") == ["query: year=2024&api_key=query-key"])
        #expect(credentials("getSession") == ["Cookie: session_id=cookie-key"])
        #expect(credentials("listPets") == ["Bearer oauth-token"], "the first alternative the client can meet")
        #expect(credentials("deletePet") == ["Bearer oauth-token", "X-API-Key: header-key"], "both together")
        #expect(credentials("getProfile") == ["Bearer openid-token"])
        #expect(credentials("getLegacy") == [#"Digest username="alice", response="6629fae49393a05397450978507c4ef1""#])
        #expect(credentials("getCatalog") == ["X-API-Key: header-key"], "optional authentication, used when configured")
        #expect(credentials("getInternal") == ["X-API-Key: header-key"], "no client certificate: the other alternative")
        #expect(credentials("createOrder") == ["Bearer oauth-token"])
        #expect(UUID(uuidString: byOperation["createOrder"]?.header("Idempotency-Key") ?? "") != nil)
    }

    /// The control that makes the test above mean something: without credentials the server
    /// rejects every operation that requires one, and accepts the public and optional ones.
    @Test func theServerRejectsRequestsWithoutTheRequiredCredential() async throws {
        let results = await callEveryOperation(Client(baseURL: apiURL))
        let accepted = zip(Self.operationIDs, results).filter(\.1).map(\.0)
        #expect(accepted == ["getStatus", "getCatalog"])

        let log = try await server.log()
        #expect(log.count == Self.operationIDs.count)
        for entry in log where !["getStatus", "getCatalog"].contains(entry.operationID) {
            #expect(!entry.valid, "\(entry.operationID ?? entry.path) was accepted without credentials")
            #expect(entry.errors.contains { $0.contains("Security") }, "\(entry.errors)")
        }
    }

    @Test func oneAlternativeIsEnough() async throws {
        let client = Client(
            baseURL: apiURL, interceptors: [.authentication([.apiKey(.security.apiKeyHeader, "only-key")])])
        _ = try await client.send(ListPets())
        _ = try await client.send(GetInternal())
        let log = try await server.log()
        let errors = log.map(\.errors)
        #expect(log.allSatisfy { $0.valid }, "\(errors)")
        #expect(log.map { $0.header("X-API-Key") } == ["only-key", "only-key"])
        #expect(log.allSatisfy { $0.header("Authorization") == nil })
    }

    @Test func theWrongCredentialIsRejected() async throws {
        // A bearer token where the operation needs Basic: sent nowhere, so the server refuses.
        let client = Client(baseURL: apiURL, interceptors: [.authentication([.bearer(.security.bearerAuth) { "t" }])])
        do {
            _ = try await client.send(LogIn())
            Issue.record("expected the server to reject the request")
        } catch {
            guard case .status(400, _, _) = error else {
                Issue.record("expected .status(400), got \(error)")
                return
            }
        }
        #expect(try await server.log().last?.header("Authorization") == nil)
    }
}
