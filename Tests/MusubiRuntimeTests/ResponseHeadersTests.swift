import Foundation
import MusubiRuntime
import Testing

/// Shaped like a generated headers model: optional fields decoded if present.
private struct RateHeaders: Decodable, Hashable, Sendable {
    var remaining: Int?
    var requestID: UUID
    var retryAt: Date?
    var links: [String]?
    var status: PetStatus?
    var sampled: Bool?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: StringCodingKey.self)
        remaining = try container.decodeIfPresent(Int.self, forKey: "X-Rate-Limit-Remaining")
        requestID = try container.decode(UUID.self, forKey: "X-Request-ID")
        retryAt = try container.decodeIfPresent(Date.self, forKey: "Retry-At")
        links = try container.decodeIfPresent([String].self, forKey: "Links")
        status = try container.decodeIfPresent(PetStatus.self, forKey: "X-Status")
        sampled = try container.decodeIfPresent(Bool.self, forKey: "X-Sampled")
    }
}

private struct ListWithHeaders: Request {
    typealias Response = WithHeaders<[Pet], RateHeaders>
    var method: HTTPMethod { .get }
    var path: RequestPath { "/pets" }
    func decodeResponse(_ response: HTTPResponse, coding: Coding) throws -> Response {
        WithHeaders(body: try coding.decode(from: response.body), headers: try response.decodeHeaders())
    }
}

@Suite struct ResponseHeadersTests {
    @Test func documentedHeadersDecodeToTheirTypesIgnoringCase() throws {
        let headers: HTTPHeaders = [
            "x-rate-limit-remaining": " 42", "X-REQUEST-ID": "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
            "Retry-At": "Sun, 06 Nov 1994 08:49:37 GMT", "Links": "a, b,c", "X-Status": "pending",
            "X-Sampled": "true",
        ]
        let decoded = try HTTPHeadersDecoder().decode(RateHeaders.self, from: headers)
        #expect(decoded.remaining == 42)
        #expect(decoded.requestID == UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        #expect(decoded.retryAt == Date(timeIntervalSince1970: 784_111_777))
        #expect(decoded.links == ["a", "b", "c"])
        #expect(decoded.status == .pending)
        #expect(decoded.sampled == true)

        let rfc3339: HTTPHeaders = [
            "X-Request-ID": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "Retry-At": "2024-01-02T03:04:05Z",
        ]
        let minimal = try HTTPHeadersDecoder().decode(RateHeaders.self, from: rfc3339)
        #expect(minimal.retryAt == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(minimal.remaining == nil && minimal.links == nil)
    }

    @Test func aMissingRequiredOrMalformedHeaderIsADecodingError() async throws {
        let missing = TestTransport(json: "[]")
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: missing), ListWithHeaders())
        guard case .decoding(let path, let detail) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(path.contains("X-Request-ID") || detail.contains("X-Request-ID"))

        let malformed = TestTransport { _ in
            HTTPResponse(
                statusCode: 200, headers: ["X-Request-ID": UUID().uuidString, "X-Rate-Limit-Remaining": "many"],
                body: Data("[]".utf8))
        }
        let second = await sendExpectingError(Client(baseURL: baseURL, transport: malformed), ListWithHeaders())
        guard case .decoding(_, let detail) = second else {
            Issue.record("expected .decoding, got \(String(describing: second))")
            return
        }
        #expect(detail.contains("many"))
    }

    @Test func theResponseCarriesBodyAndHeaders() async throws {
        let transport = TestTransport { _ in
            HTTPResponse(
                statusCode: 200,
                headers: ["X-Request-ID": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "X-Rate-Limit-Remaining": "7"],
                body: Data(#"[{"id": 1, "name": "Rex"}]"#.utf8))
        }
        let page = try await Client(baseURL: baseURL, transport: transport).send(ListWithHeaders())
        #expect(page.body.map(\.name) == ["Rex"])
        #expect(page.headers.remaining == 7)
    }

    /// An undocumented status keeps everything the server sent on the thrown error.
    @Test func anUndocumentedStatusKeepsStatusHeadersAndRawBody() async throws {
        let transport = TestTransport { _ in
            HTTPResponse(statusCode: 418, headers: ["X-Teapot": "yes"], body: Data("short and stout".utf8))
        }
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: transport), ShowPet(petID: "1"))
        guard case .status(let status, let failure, let response) = error else {
            Issue.record("expected .status, got \(String(describing: error))")
            return
        }
        #expect(status == 418)
        #expect(failure == nil)
        #expect(response.headers["x-teapot"] == "yes")
        #expect(response.body == Data("short and stout".utf8))
    }
}
