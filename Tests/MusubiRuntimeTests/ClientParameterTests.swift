import Foundation
import MusubiRuntime
import Testing

/// How `Client` sends what the parameter types produce: cookies, encoding failures, and the
/// server an operation names for itself.
@Suite struct ClientParameterTests {
    struct Colors: Request {
        typealias Response = NoContent
        var cookies: [CookieParameter] = []
        var headers: [HeaderParameter] = []
        var query: [QueryParameter] = []
        var path: RequestPath = "/colors"
        var server: Server?
        var method: HTTPMethod { .get }
    }

    private func send(_ request: Colors, client make: (TestTransport) -> Client) async -> (
        HTTPRequest?, ClientError<Never>?
    ) {
        let transport = TestTransport(json: "{}")
        let error = await sendExpectingError(make(transport), request)
        return (transport.requests.first, error)
    }

    private func send(_ request: Colors) async -> (HTTPRequest?, ClientError<Never>?) {
        await send(request) { Client(baseURL: baseURL, transport: $0) }
    }

    @Test func cookiesGoInOneHeader() async throws {
        let request = Colors(cookies: [
            CookieParameter("session", "abc"),
            CookieParameter("absent", String?.none),
            CookieParameter("color", ["blue", "black"]),
        ])
        let (sent, _) = await send(request)
        #expect(try #require(sent).headers["Cookie"] == "session=abc; color=blue; color=black")
    }

    @Test func noCookieHeaderWithoutCookies() async throws {
        let (sent, _) = await send(Colors(cookies: [CookieParameter("absent", Int?.none)]))
        #expect(try #require(sent).headers["Cookie"] == nil)
    }

    @Test(arguments: ["evil\r\nSet-Cookie: x=1", "evil\nX: 1"])
    func lineBreaksInObjectHeadersAreRefused(value: String) async {
        let (sent, error) = await send(Colors(headers: [HeaderParameter("X-Filter", ["name": value])]))
        guard case .encoding(let detail) = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("X-Filter"))
        #expect(sent == nil)
    }

    /// An `anyOf` struct with no alternative set cannot be encoded; neither can a non-finite
    /// number as JSON. The request is not sent without the parameter but refused.
    @Test func unencodableParametersAreEncodingErrors() async {
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "no alternative is set"))
            }
        }
        let requests = [
            Colors(query: [QueryParameter("created", Nothing(), style: .deepObject)]),
            Colors(query: [QueryParameter("at", json: Double.infinity, coding: .standard)]),
            Colors(headers: [HeaderParameter("X-Range", Nothing())]),
            Colors(cookies: [CookieParameter("range", Nothing())]),
            Colors(path: "/colors/\(Nothing())"),
        ]
        for request in requests {
            let (sent, error) = await send(request)
            guard case .encoding = error else {
                Issue.record("expected .encoding, got \(String(describing: error))")
                continue
            }
            #expect(sent == nil)
        }
    }

    @Test func requestServerIsUsedByAClientForAServer() async throws {
        let uploads = Server("https://uploads.example.com/v2")
        let request = Colors(server: uploads)
        let (sent, _) = await send(request) { Client(server: Server("https://api.example.com/v1"), transport: $0) }
        #expect(try #require(sent).url.absoluteString == "https://uploads.example.com/v2/colors")
        let (plain, _) = await send(Colors()) { Client(server: Server("https://api.example.com/v1"), transport: $0) }
        #expect(try #require(plain).url.absoluteString == "https://api.example.com/v1/colors")
    }

    @Test func baseURLOverridesTheRequestServer() async throws {
        let request = Colors(server: Server("https://uploads.example.com"))
        let (sent, _) = await send(request)
        #expect(try #require(sent).url.absoluteString == "https://petstore.example/v1/colors")
    }
}
