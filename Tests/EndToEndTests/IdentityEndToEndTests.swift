import Foundation
import IdentityClient
import MusubiRuntime
import Testing

/// The generated Identity client (an OpenStack/ConoHa-like API) against the validating server.
@Suite(.enabled(if: endToEndEnabled, "needs the Python venv with openapi-core (Scripts/setup-tests.sh sets it up)"))
struct IdentityEndToEndTests {
    let server: ValidatingServer
    let client: Client

    init() throws {
        server = try ValidatingServer(spec: "Specs/identity.yaml")
        client = Client(baseURL: server.baseURL)
    }

    @Test func versionListDecodesDatesInBothFormats() async throws {
        let list = try await client.send(ListVersions())
        let versions = list.versions.values
        #expect(versions.map(\.id) == ["v2.0", "v3.0"])
        #expect(versions[0].status == .stable)
        #expect(versions[1].status == .experimental)
        // 2015-07-17T02:29:12.390282 (no zone: UTC), as ConoHa sends it.
        let conoha = try #require(versions.first?.updated.timeIntervalSince1970)
        #expect(abs(conoha - 1_437_100_152.390282) < 0.000_01)
        // 2015-05-12T09:00:00Z
        #expect(versions[1].updated == Date(timeIntervalSince1970: 1_431_421_200))
        #expect(versions[0].mediaTypes.first?.type == "application/vnd.openstack.identity-v2.0+json")
        #expect(versions[0].links.map(\.rel) == ["self", "describedby"])
    }

    @Test func multipleChoicesIsADocumentedSuccess() async throws {
        let client = Client(baseURL: server.baseURL, interceptors: [.header("X-Musubi-Respond-With", "300")])
        let list = try await client.send(ListVersions())
        #expect(list.versions.values.first?.updated == Date(timeIntervalSince1970: 1_431_421_200))
    }

    @Test func versionDetail() async throws {
        let detail = try await client.send(GetVersion(versionID: "v2.0"))
        #expect(detail.version.id == "v2.0")
        let rfc3339 = Client(baseURL: server.baseURL, interceptors: [.header("X-Musubi-Example", "rfc3339")])
        let other = try await rfc3339.send(GetVersion(versionID: "v2.0"))
        #expect(other.version.status == .deprecated)
        #expect(try await server.log().allSatisfy(\.valid))
    }

    @Test func issueTokenSendsCredentialsAndDecodesTheAccess() async throws {
        let request = IssueToken(
            body: AuthRequest(
                auth: AuthRequestAuth(
                    passwordCredentials: PasswordCredentials(username: "gncu12345678", password: "s3cr3t"),
                    tenantID: "487727e3921d44e3bfe7ebb337bf085e")))
        let access = try await client.send(request).access
        #expect(access.token.id == "3c2fb2b2a3a14d7a9e8ec7d5d6c6b3c1")
        #expect(access.token.expires == Date(timeIntervalSince1970: 1_437_186_552))
        #expect(access.user?.roles?.map(\.name) == ["SwiftOperator", "_member_"])
        #expect(try await server.log().allSatisfy(\.valid))
    }

    @Test func unauthorizedCarriesTheDocumentedErrorBody() async throws {
        let client = Client(baseURL: server.baseURL, interceptors: [.header("X-Musubi-Respond-With", "401")])
        let request = IssueToken(
            body: AuthRequest(
                auth: AuthRequestAuth(
                    passwordCredentials: PasswordCredentials(username: "u", password: "wrong"))))
        do {
            _ = try await client.send(request)
            Issue.record("expected 401")
        } catch {
            guard case .status(401, let body?, _) = error else {
                Issue.record("expected a decoded 401 body, got \(error)")
                return
            }
            #expect(body.unauthorized.code == 401)
        }
    }
}
