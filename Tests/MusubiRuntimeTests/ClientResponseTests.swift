import Foundation
import MusubiRuntime
import Testing

@Suite struct ClientResponseTests {
    @Test func decodesTheTypedResponse() async throws {
        let client = Client(baseURL: baseURL, transport: TestTransport(json: petJSON))
        let pet: Pet = try await client.send(ShowPet(petID: "1"))
        #expect(pet == rex)
        let pets = try await Client(baseURL: baseURL, transport: TestTransport(json: "[\(petJSON)]")).send(ListPets())
        #expect(pets == [rex])
    }

    @Test func noContentIgnoresTheBody() async throws {
        let client = Client(baseURL: baseURL, transport: TestTransport(status: 204, json: ""))
        #expect(try await client.send(DeletePet(id: 3)) == NoContent())
    }

    @Test func anEmpty204WhereABodyIsExpectedIsAnUnexpectedStatus() async {
        // Not a decoding error about empty data: the status is what the caller must see.
        for status in [204, 205] {
            let client = Client(baseURL: baseURL, transport: TestTransport(status: status, json: ""))
            let error = await sendExpectingError(client, ShowPet(petID: "1"))
            guard case .status(status, nil, let response) = error else {
                Issue.record("expected .status(\(status), nil, _), got \(String(describing: error))")
                continue
            }
            #expect(response.body.isEmpty)
        }
        // A 200 with an empty body is still a decoding error: a 200 promises the body.
        let ok = Client(baseURL: baseURL, transport: TestTransport(status: 200, json: ""))
        guard case .decoding = await sendExpectingError(ok, ShowPet(petID: "1")) else {
            Issue.record("expected .decoding for an empty 200")
            return
        }
    }

    @Test func errorStatusCarriesTheDecodedFailureAndRawResponse() async {
        let body = #"{"code":404,"message":"no such pet"}"#
        let transport = TestTransport(status: 404, json: body, headers: ["X-Trace": "t-1"])
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: transport), ShowPet(petID: "9"))
        guard case .status(let status, let failure, let response) = error else {
            Issue.record("expected .status, got \(String(describing: error))")
            return
        }
        #expect(status == 404)
        #expect(failure == ErrorModel(code: 404, message: "no such pet"))
        #expect(response.headers["x-trace"] == "t-1")
        #expect(response.body == Data(body.utf8))
        #expect(error?.description == #"HTTP 404: ErrorModel(code: 404, message: "no such pet")"#)
    }

    @Test func undocumentedErrorBodyIsKeptRaw() async {
        let html = "<html>\n  <body>Bad   gateway</body>\n</html>"
        let transport = TestTransport(status: 502, json: html)
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: transport), ShowPet(petID: "9"))
        guard case .status(502, nil, let response) = error else {
            Issue.record("expected .status(502, nil, _), got \(String(describing: error))")
            return
        }
        #expect(String(decoding: response.body, as: UTF8.self) == html)
        #expect(error?.description == "HTTP 502: <html> <body>Bad gateway</body> </html>")
    }

    @Test func requestsWithoutFailureTypeGetNilFailure() async {
        let transport = TestTransport(status: 500, json: #"{"code":1,"message":"x"}"#)
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: transport), DeletePet(id: 1))
        guard case .status(500, nil, _) = error else {
            Issue.record("expected .status(500, nil, _), got \(String(describing: error))")
            return
        }
    }

    @Test func decodingErrorsNameTheCodingPath() async {
        let body = #"[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c","status":5}]"#
        let client = Client(baseURL: baseURL, transport: TestTransport(json: body))
        let error = await sendExpectingError(client, ListPets())
        guard case .decoding(let codingPath, let detail) = error else {
            Issue.record("expected .decoding, got \(String(describing: error))")
            return
        }
        #expect(codingPath == "[2].status")
        #expect(detail == "expected String, found number 5")
        #expect(error?.description == "Undecodable response at [2].status: expected String, found number 5")
    }

    @Test func missingKeysAndNullsAreDescribed() async {
        let missing = await sendExpectingError(
            Client(baseURL: baseURL, transport: TestTransport(json: #"[{"id":1}]"#)), ListPets())
        guard case .decoding("[0].name", #"missing required key "name""#) = missing else {
            Issue.record("unexpected \(String(describing: missing))")
            return
        }
        let null = await sendExpectingError(
            Client(baseURL: baseURL, transport: TestTransport(json: #"{"id":1,"name":null}"#)), ShowPet(petID: "1"))
        guard case .decoding("name", "expected String, found null") = null else {
            Issue.record("unexpected \(String(describing: null))")
            return
        }
    }

    @Test func invalidDatesAndNonJSONBodiesAreDecodingErrors() async {
        let date = await sendExpectingError(
            Client(baseURL: baseURL, transport: TestTransport(json: #"{"id":1,"name":"a","createdAt":"yesterday"}"#)),
            ShowPet(petID: "1"))
        guard case .decoding("createdAt", let detail) = date else {
            Issue.record("unexpected \(String(describing: date))")
            return
        }
        #expect(detail.contains("yesterday"))
        let empty = await sendExpectingError(
            Client(baseURL: baseURL, transport: TestTransport(json: "")), ShowPet(petID: "1"))
        guard case .decoding("", "expected a JSON body, found an empty one") = empty else {
            Issue.record("unexpected \(String(describing: empty))")
            return
        }
        let html = await sendExpectingError(
            Client(baseURL: baseURL, transport: TestTransport(json: "<html>")), ShowPet(petID: "1"))
        guard case .decoding("", _) = html else {
            Issue.record("unexpected \(String(describing: html))")
            return
        }
    }

    @Test func multipleSuccessShapes() async throws {
        let ok = Client(baseURL: baseURL, transport: TestTransport(status: 200, json: petJSON))
        #expect(try await ok.send(UpdatePet()) == .ok(rex))
        let accepted = Client(baseURL: baseURL, transport: TestTransport(status: 202, json: ""))
        #expect(try await accepted.send(UpdatePet()) == .accepted)
    }

    @Test func unexpectedStatusBecomesStatusWithFailure() async {
        let body = #"{"code":7,"message":"odd"}"#
        let client = Client(baseURL: baseURL, transport: TestTransport(status: 201, json: body))
        let error = await sendExpectingError(client, UpdatePet())
        guard case .status(201, let failure, _) = error else {
            Issue.record("expected .status(201, …), got \(String(describing: error))")
            return
        }
        #expect(failure == ErrorModel(code: 7, message: "odd"))
    }

    @Test func customAcceptableStatuses() async throws {
        struct Probe: Request {
            typealias Response = ErrorModel
            var method: HTTPMethod { .get }
            var path: RequestPath { "/probe" }
            func isAcceptable(statusCode: Int) -> Bool { statusCode == 404 }
        }
        let client = Client(baseURL: baseURL, transport: TestTransport(status: 404, json: #"{"code":1,"message":"m"}"#))
        #expect(try await client.send(Probe()) == ErrorModel(code: 1, message: "m"))
    }

    @Test func transportErrorsAreWrapped() async {
        let transport = TestTransport { _ in throw URLError(.notConnectedToInternet) }
        let error = await sendExpectingError(Client(baseURL: baseURL, transport: transport), ShowPet(petID: "1"))
        guard case .transport(let underlying) = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .notConnectedToInternet)
        #expect(error?.description.hasPrefix("No response: ") == true)
    }

    @Test func otherDescriptions() {
        #expect(ClientError<Never>.encoding("bad header").description == "Request not sent: bad header")
        #expect(
            ClientError<Never>.decoding(codingPath: "", detail: "not JSON").description
                == "Undecodable response at top level: not JSON")
        #expect(
            ClientError<Never>.status(500, nil, HTTPResponse(statusCode: 500)).description == "HTTP 500 with no body")
        let long = HTTPResponse(statusCode: 500, body: Data(String(repeating: "x", count: 500).utf8))
        #expect(
            ClientError<Never>.status(500, nil, long).description == "HTTP 500: " + String(repeating: "x", count: 200)
                + "…")
        let binary = HTTPResponse(statusCode: 500, body: Data([0xFF, 0xFE]))
        #expect(ClientError<Never>.status(500, nil, binary).description == "HTTP 500 with a 2-byte body")
    }
}
