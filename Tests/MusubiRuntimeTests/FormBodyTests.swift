import Foundation
import MusubiRuntime
import Testing

/// A form body shaped like a generated model: members encoded under their spec names, `nil`
/// ones left out.
private struct SearchForm: Encodable, Sendable {
    var criteria: String
    var start: Int?
    var tags: [String]?
    var status: PetStatus?
    var since: Date?
    var meta: [String: String]?
    var filter: Filter?
    var lines: [Filter]?

    struct Filter: Encodable, Sendable {
        var color: String
        var sizes: [Int]
    }
}

@Suite struct FormBodyTests {
    private func text(_ form: SearchForm, _ encoding: [String: FieldEncoding] = [:]) throws -> String {
        String(decoding: try URLEncodedForm.encode(form, encoding: encoding), as: UTF8.self)
    }

    @Test func scalarsAreTheirParameterTextPercentEncoded() throws {
        let form = SearchForm(
            criteria: "a&b=c d+é", start: 0, status: .available, since: Date(timeIntervalSince1970: 1_704_164_645))
        #expect(
            try text(form) == "criteria=a%26b%3Dc%20d%2B%C3%A9&start=0&status=available&since=2024-01-02T03%3A04%3A05Z")
    }

    @Test func arraysFollowStyleAndExplode() throws {
        let form = SearchForm(criteria: "x", tags: ["a", "b c"])
        #expect(try text(form) == "criteria=x&tags=a&tags=b%20c")
        #expect(try text(form, ["tags": FieldEncoding(explode: false)]) == "criteria=x&tags=a%2Cb%20c")
        #expect(try text(form, ["tags": FieldEncoding(style: .spaceDelimited)]) == "criteria=x&tags=a%20b%20c")
        #expect(try text(form, ["tags": FieldEncoding(style: .pipeDelimited)]) == "criteria=x&tags=a%7Cb%20c")
        #expect(
            try text(form, ["tags": FieldEncoding(style: .deepObject)]) == "criteria=x&tags%5B0%5D=a&tags%5B1%5D=b%20c")
    }

    /// Objects in an array have no form spelling, in any style: they take the bracket one
    /// (`lines[0][color]=red`), as Stripe's line items do, rather than being left out.
    @Test func objectsInAnArrayTakeTheBracketSpelling() throws {
        let form = SearchForm(criteria: "x", lines: [.init(color: "red", sizes: [1]), .init(color: "blue", sizes: [])])
        let expected =
            "criteria=x&lines%5B0%5D%5Bcolor%5D=red&lines%5B0%5D%5Bsizes%5D%5B0%5D=1"
            + "&lines%5B1%5D%5Bcolor%5D=blue"
        #expect(try text(form) == expected)
        #expect(try text(form, ["lines": FieldEncoding(explode: false)]) == expected)
    }

    @Test func objectsFollowStyleAndExplode() throws {
        let form = SearchForm(criteria: "x", filter: .init(color: "red", sizes: [1, 2]))
        // Form style, exploded (OpenAPI's default): the members become fields of their own.
        #expect(try text(form) == "criteria=x&color=red&sizes=1&sizes=2")
        #expect(
            try text(form, ["filter": FieldEncoding(style: .deepObject)])
                == "criteria=x&filter%5Bcolor%5D=red&filter%5Bsizes%5D%5B0%5D=1&filter%5Bsizes%5D%5B1%5D=2")
        let flat = SearchForm(criteria: "x", meta: ["k": "v"])
        #expect(try text(flat, ["meta": FieldEncoding(explode: false)]) == "criteria=x&meta=k%2Cv")
    }

    @Test func aJSONContentTypeSendsTheFieldAsJSONText() throws {
        let form = SearchForm(criteria: "x", filter: .init(color: "red", sizes: [1]))
        #expect(
            try text(form, ["filter": FieldEncoding(contentType: "application/json")])
                == "criteria=x&filter=%7B%22color%22%3A%22red%22%2C%22sizes%22%3A%5B1%5D%7D")
    }

    @Test func aBodyThatIsNotAnObjectIsAnEncodingError() async throws {
        struct Send: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .post }
            var path: RequestPath { "/x" }
            var requestBody: RequestBody? { .form(["a", "b"]) }
        }
        let transport = TestTransport(json: "")
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: transport), Send())
        guard case .encoding(let detail) = error else {
            Issue.record("expected .encoding, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("must be an object"))
        #expect(transport.requests.isEmpty)
    }

    @Test func theClientSendsTheFormWithItsContentType() async throws {
        struct Search: Request {
            typealias Response = NoContent
            var form: SearchForm
            var method: HTTPMethod { .post }
            var path: RequestPath { "/search" }
            var requestBody: RequestBody? { .form(form, encoding: ["tags": FieldEncoding(explode: false)]) }
        }
        let transport = TestTransport(json: "")
        _ = try await Client(baseURL: baseURL, transport: transport)
            .send(Search(form: SearchForm(criteria: "q", tags: ["a", "b"])))
        let sent = try #require(transport.requests.first)
        #expect(sent.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(sent.bodyText == "criteria=q&tags=a%2Cb")
    }

    /// A dictionary's members are sorted by key, as a parameter's are, so the same value is
    /// the same body every time (a dictionary's own order changes from run to run).
    @Test func dictionaryMembersAreSortedByKey() throws {
        let letters = "abcdefghijklmnopqrst".map(String.init)
        let meta = Dictionary(uniqueKeysWithValues: letters.reversed().map { ($0, $0.uppercased()) })
        let form = SearchForm(criteria: "x", meta: meta)
        #expect(try text(form) == "criteria=x&" + letters.map { "\($0)=\($0.uppercased())" }.joined(separator: "&"))
    }
}
