import Foundation
import MusubiRuntime
import ParametersClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated client of `Specs/parameters.yaml` — every location, style and explode —
/// against the independent validating server, which checks each serialization with
/// openapi-core. Integer values make a wrong serialization fail validation.
@Suite(.enabled(if: endToEndEnabled, "needs the Python venv with openapi-core (Scripts/setup-tests.sh sets it up)"))
struct ParametersEndToEndTests {
    let server: ValidatingServer
    let client: Client
    let rgb = Rgb(r: 100, g: 200, b: 150)
    let numbers: Numbers = [1, 2, 3]

    init() throws {
        server = try ValidatingServer(spec: "Specs/parameters.yaml")
        client = Client(baseURL: server.baseURL.appendingPathComponent("v1"))
    }

    /// Sends `request` and returns the server's log entry for it, which must be valid.
    @discardableResult
    private func sendValid<R: Request>(_ request: R) async throws -> ValidatingServer.LogEntry {
        _ = try await client.send(request)
        let entry = try #require(try await server.log().last)
        #expect(entry.valid, "\(entry.operationID ?? entry.path): \(entry.errors)")
        return entry
    }

    /// A `304` is an answer only to a request that sent the conditional header: with it, the
    /// `notModified` case; without it, a status the client reports as such.
    @Test func notModifiedAnswersOnlyAConditionalRequest() async throws {
        #expect(try await client.send(ConditionalGet(ifNoneMatch: "\"v1\"")) == .ok([1, 2]))
        let unchanged = Client(
            baseURL: server.baseURL.appendingPathComponent("v1"),
            interceptors: [.header("X-Musubi-Respond-With", "304")])
        let notModified = try await unchanged.send(ConditionalGet(ifNoneMatch: "\"v1\""))
        #expect(notModified == .notModified)
        // A response enum is Hashable, as models are: answers can be kept in a set.
        #expect(Set<ConditionalGet.Response>([notModified, .notModified, .ok([1, 2])]).count == 2)
        let entry = try #require(try await server.log().last)
        #expect(entry.valid, "\(entry.errors)")
        do {
            _ = try await unchanged.send(ConditionalGet())
            Issue.record("expected a 304 to an unconditional request to be reported")
        } catch {
            guard case .status(304, nil, _) = error else {
                Issue.record("expected .status(304, nil, _), got \(error)")
                return
            }
        }
    }

    @Test func pathStyles() async throws {
        var entry = try await sendValid(PathSimple(prim: 5, arr: numbers, obj: rgb))
        #expect(entry.path == "/v1/path/simple/5/1,2,3/R,100,G,200,B,150")
        entry = try await sendValid(PathSimpleExplode(arr: numbers, obj: rgb))
        #expect(entry.path == "/v1/path/simple-explode/1,2,3/R=100,G=200,B=150")
        entry = try await sendValid(PathLabel(prim: 5, arr: numbers, obj: rgb))
        #expect(entry.path == "/v1/path/label/.5/.1,2,3/.R,100,G,200,B,150")
        entry = try await sendValid(PathLabelExplode(arr: numbers, obj: rgb))
        #expect(entry.path == "/v1/path/label-explode/.1.2.3/.R=100.G=200.B=150")
        entry = try await sendValid(PathMatrix(prim: 5, arr: numbers, obj: rgb))
        #expect(entry.path == "/v1/path/matrix/;prim=5/;arr=1,2,3/;obj=R,100,G,200,B,150")
        entry = try await sendValid(PathMatrixExplode(arr: numbers, obj: rgb))
        #expect(entry.path == "/v1/path/matrix-explode/;arr=1;arr=2;arr=3/;R=100;G=200;B=150")
        try await sendValid(PathContent(filter: rgb))
    }

    @Test func queryStyles() async throws {
        var entry = try await sendValid(QueryForm(prim: 7, arr: numbers, obj: rgb))
        #expect(entry.query == "prim=7&arr=1&arr=2&arr=3&R=100&G=200&B=150")
        entry = try await sendValid(QueryFormNoExplode(arr: numbers, obj: rgb))
        #expect(entry.query == "arr=1,2,3&obj=R,100,G,200,B,150")
        entry = try await sendValid(QuerySpaceDelimited(arr: numbers, obj: rgb))
        #expect(entry.query == "arr=1%202%203&obj=R%20100%20G%20200%20B%20150")
        entry = try await sendValid(QueryPipeDelimited(arr: numbers, obj: rgb))
        #expect(entry.query == "arr=1%7C2%7C3&obj=R%7C100%7CG%7C200%7CB%7C150")
        entry = try await sendValid(QueryDeepObject(obj: rgb, range: QueryDeepObjectRange(gte: 10)))
        #expect(entry.query == "obj%5BR%5D=100&obj%5BG%5D=200&obj%5BB%5D=150&range%5Bgte%5D=10")
        try await sendValid(QueryContent(filter: rgb))
    }

    @Test func allowReservedKeepsReservedCharacters() async throws {
        let entry = try await sendValid(QueryReserved(next: "/a/b?c=d", plain: "/a/b?c=d"))
        #expect(entry.query == "next=/a/b?c=d&plain=%2Fa%2Fb%3Fc%3Dd")
    }

    @Test func headersAndCookies() async throws {
        try await sendValid(Headers(prim: 1, arr: numbers, obj: rgb, objExplode: rgb, filter: rgb))
        try await sendValid(Cookies(prim: 1, arr: numbers, many: numbers, obj: rgb))
        try await sendValid(CookieExplodedObject(obj: rgb))
    }

    /// `limit` is declared on the path item as a string and by the operation as a required
    /// integer: the operation's declaration is the one generated and the one validated.
    @Test func operationParametersOverrideThePathItems() async throws {
        let entry = try await sendValid(GetItem(id: 3, limit: 20))
        #expect(entry.query == "limit=20")
    }

    @Test func serversWithVariablesAndARequestsOwnServer() async throws {
        #expect(Server.parameters.production().url.absoluteString == "https://eu.params.example.com/v1")
        #expect(
            Server.parameters.production(region: .usEast, version: "v2").url.absoluteString
                == "https://us-east.params.example.com/v2")
        #expect(Upload().server == .parameters.uploads())
        // A client made with a base URL sends every request there, the upload included.
        let entry = try await sendValid(Upload())
        #expect(entry.path == "/v1/uploads")
    }

    /// The server must reject what it should, or the tests above prove nothing: wrong
    /// serializations of the same values, sent by hand.
    @Test func wrongSerializationsAreRejected() async throws {
        struct Raw: Request {
            typealias Response = NoContent
            var path: RequestPath
            var query: [QueryParameter] = []
            var headers: [HeaderParameter] = []
            var cookies: [CookieParameter] = []
            var method: HTTPMethod { .get }
        }
        let wrong = [
            Raw(path: "/path/matrix/\(5)/\(numbers)/\(rgb)"),  // simple where matrix is declared
            Raw(path: "/path/label/\(5)/\(numbers)/\(rgb)"),  // simple where label is declared
            Raw(path: "/path/simple/\(5)/\(numbers)/\(rgb, explode: true)"),  // exploded object
            Raw(path: "/query/deep-object", query: [QueryParameter("obj", rgb)]),  // form, not deepObject
            Raw(
                path: "/query/space-delimited",
                query: [QueryParameter("arr", numbers, explode: false), QueryParameter("obj", rgb, explode: false)]),
            Raw(
                path: "/query/form",
                query: [
                    QueryParameter("prim", 1), QueryParameter("arr", numbers),
                    QueryParameter("obj", rgb, explode: false),
                ]),
            Raw(
                path: "/headers",
                headers: [
                    HeaderParameter("X-Prim", 1), HeaderParameter("X-Arr", numbers),
                    HeaderParameter("X-Obj", rgb, explode: true),
                    HeaderParameter("X-Obj-Explode", rgb, explode: true),
                    HeaderParameter("X-Filter", json: rgb, coding: .standard),
                ]),
            Raw(path: "/cookies/exploded-object", cookies: [CookieParameter("obj", rgb, explode: false)]),
        ]
        for request in wrong {
            let failure = await sendExpectingError(client, request)
            guard case .status(400, _, _) = failure else {
                Issue.record("\(request.path) was accepted: \(String(describing: failure))")
                continue
            }
            let entry = try #require(try await server.log().last)
            #expect(!entry.valid)
        }
    }
}

/// Sends `request` expecting it to fail, returning the typed error (or `nil` on success).
private func sendExpectingError<R: Request>(_ client: Client, _ request: R) async -> ClientError<R.Failure>? {
    do throws(ClientError<R.Failure>) {
        _ = try await client.send(request)
        return nil
    } catch {
        return error
    }
}
