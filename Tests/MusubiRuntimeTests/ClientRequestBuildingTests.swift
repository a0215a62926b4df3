import Foundation
import MusubiRuntime
import Testing

@Suite struct ClientRequestBuildingTests {
    private func sentRequest(_ request: some Request, base: String = "https://petstore.example/v1") async throws
        -> HTTPRequest
    {
        let transport = TestTransport(json: "[]")
        let client = Client(baseURL: URL(string: base)!, transport: transport)
        _ = try? await client.send(request)
        return try #require(transport.requests.first)
    }

    @Test func pathIsAppendedToTheBasePath() async throws {
        #expect(try await sentRequest(ListPets()).url.absoluteString == "https://petstore.example/v1/pets")
        #expect(
            try await sentRequest(ListPets(), base: "https://petstore.example/v1/").url.absoluteString
                == "https://petstore.example/v1/pets")
        #expect(
            try await sentRequest(ListPets(), base: "https://petstore.example").url.absoluteString
                == "https://petstore.example/pets")
        #expect(
            try await sentRequest(ListPets(), base: "http://localhost:8080/api/v2/").url.absoluteString
                == "http://localhost:8080/api/v2/pets")
    }

    @Test func serverInitializerUsesItsURL() async throws {
        let transport = TestTransport(json: "[]")
        let client = Client(server: Server("https://api.example/base"), transport: transport)
        _ = try? await client.send(ListPets())
        #expect(transport.requests.first?.url.absoluteString == "https://api.example/base/pets")
        #expect(Server(url: baseURL).url == baseURL)
    }

    @Test func pathParametersStayOneSegment() async throws {
        let request = try await sentRequest(ShowPet(petID: "../admin?x=1"))
        #expect(request.url.absoluteString == "https://petstore.example/v1/pets/..%2Fadmin%3Fx=1")
    }

    @Test func queryParametersAreEncodedInOrderAndNilOmitted() async throws {
        let request = try await sentRequest(ListPets(limit: 20, tags: ["a b", "c&d"]))
        #expect(request.url.absoluteString == "https://petstore.example/v1/pets?limit=20&tags=a%20b&tags=c%26d")
        #expect(try await sentRequest(ListPets(tags: ["x"])).url.query == "tags=x")
    }

    /// A request on a path key such as `/responses?beta=true`.
    private struct FixedQuery: Request {
        typealias Response = [Pet]
        var path: RequestPath
        var limit: Int32?
        var method: HTTPMethod { .get }
        var query: [QueryParameter] { [QueryParameter("limit", limit)] }
    }

    @Test func aPathKeysFixedQueryJoinsTheParametersAndAFragmentIsNotSent() async throws {
        let beta = FixedQuery(path: "/responses/\("a?b#c")?beta=true", limit: 5)
        #expect(
            try await sentRequest(beta).url.absoluteString
                == "https://petstore.example/v1/responses/a%3Fb%23c?beta=true&limit=5")
        #expect(
            try await sentRequest(beta, base: "https://petstore.example/v1?key=1").url.absoluteString
                == "https://petstore.example/v1/responses/a%3Fb%23c?key=1&beta=true&limit=5")
        #expect(
            try await sentRequest(FixedQuery(path: "/responses?beta=true")).url.absoluteString
                == "https://petstore.example/v1/responses?beta=true")
        #expect(
            try await sentRequest(FixedQuery(path: "/uploads#bulk", limit: 1)).url.absoluteString
                == "https://petstore.example/v1/uploads?limit=1")
    }

    @Test func methodAcceptAndHeaderParameters() async throws {
        let request = try await sentRequest(ListPets(requestID: "abc-123"))
        #expect(request.method == .get)
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.headers["X-Request-ID"] == "abc-123")
        #expect(request.headers["Content-Type"] == nil)
        #expect(request.body == nil)
    }

    @Test func jsonBodyWithContentType() async throws {
        let request = try await sentRequest(CreatePet(body: rex))
        #expect(request.method == .post)
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(
            request.bodyText
                == #"{"born":"2020-02-29","createdAt":"2024-01-02T03:04:05Z","id":1,"name":"Rex","status":"available"}"#
        )
    }

    @Test func otherBodyKinds() async throws {
        struct Upload: Request {
            typealias Response = NoContent
            var requestBody: RequestBody?
            var method: HTTPMethod { .put }
            var path: RequestPath { "/upload" }
            var accept: String { "" }
        }
        let text = try await sentRequest(Upload(requestBody: .text("héllo")))
        #expect(text.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(text.bodyText == "héllo")
        #expect(text.headers["Accept"] == nil)
        let data = try await sentRequest(Upload(requestBody: .data(Data([0, 1, 2]), contentType: "image/png")))
        #expect(data.headers["Content-Type"] == "image/png")
        #expect(data.body == .data(Data([0, 1, 2])))
    }

    @Test(arguments: ["evil\r\nSet-Cookie: x=1", "evil\nX: 1", "evil\r", "nul\u{0}"])
    func headerValuesWithLineBreaksAreNotSent(value: String) async throws {
        let transport = TestTransport(json: "[]")
        let client = Client(baseURL: baseURL, transport: transport)
        let error = await sendExpectingError(client, ListPets(requestID: value))
        guard case .encoding(let detail) = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("X-Request-ID"))
        #expect(transport.requests.isEmpty)
    }

    @Test func invalidHeaderNamesAreNotSent() async {
        struct BadName: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .get }
            var path: RequestPath { "/" }
            var headers: [HeaderParameter] { [HeaderParameter("X-A: b\r\nX-C", "1")] }
        }
        let transport = TestTransport(json: "{}")
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: transport), BadName())
        guard case .encoding = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func unencodableBodyIsAnEncodingError() async {
        struct Measure: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .post }
            var path: RequestPath { "/measure" }
            var requestBody: RequestBody? { .json(["value": Double.infinity]) }
        }
        let transport = TestTransport(json: "{}")
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: transport), Measure())
        guard case .encoding(let detail) = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("body"))
        #expect(transport.requests.isEmpty)
    }

    @Test func arrayHeaderParametersAreCommaJoined() {
        #expect(HeaderParameter("X-Tags", ["a", "b"]).value == "a,b")
        #expect(HeaderParameter("X-Tags", [String]()).value == nil)
        let id: Int? = nil
        #expect(HeaderParameter("X-Id", id).value == nil)
    }
}
