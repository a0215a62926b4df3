import Foundation
import MusubiRuntime
import MusubiTestSupport
import Testing

@Suite struct InterceptorTests {
    private func tracing(_ name: String, _ log: Log<String>) -> Interceptor {
        Interceptor { request, next in
            log.append("\(name)>")
            let response = try await next(request)
            log.append("<\(name)")
            return response
        }
    }

    @Test func firstInterceptorRunsOutermost() async throws {
        let log = Log<String>()
        let transport = TestTransport { _ in
            log.append("transport")
            return HTTPResponse(statusCode: 204)
        }
        let client = Client(
            baseURL: baseURL, interceptors: [tracing("a", log), tracing("b", log)], transport: transport)
        _ = try await client.send(DeletePet(id: 1))
        #expect(log.all == ["a>", "b>", "transport", "<b", "<a"])
    }

    @Test func interceptorsCanRewriteRequestAndResponse() async throws {
        let rewrite = Interceptor { request, next in
            var request = request
            request.url = URL(string: request.url.absoluteString + "?via=interceptor")!
            var response = try await next(request)
            response.statusCode = 204
            return response
        }
        let transport = TestTransport(status: 500, json: "")
        let client = Client(baseURL: baseURL, interceptors: [rewrite], transport: transport)
        #expect(try await client.send(DeletePet(id: 1)) == NoContent())
        #expect(transport.requests.first?.url.query == "via=interceptor")
    }

    @Test func bearerTokenIsAskedForEveryRequest() async throws {
        let counter = Log<Int>()
        let transport = TestTransport(status: 204, json: "")
        let token = Interceptor.bearerToken {
            counter.append(1)
            return "token-\(counter.all.count)"
        }
        let client = Client(baseURL: baseURL, interceptors: [token], transport: transport)
        _ = try await client.send(DeletePet(id: 1))
        _ = try await client.send(DeletePet(id: 2))
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["Bearer token-1", "Bearer token-2"])
    }

    @Test func failingTokenProviderIsATransportError() async {
        struct NoToken: Error {}
        let transport = TestTransport(status: 204, json: "")
        let client = Client(baseURL: baseURL, interceptors: [.bearerToken { throw NoToken() }], transport: transport)
        let error = await sendExpectingError(client, DeletePet(id: 1))
        guard case .transport(let underlying) = error, underlying is NoToken else {
            Issue.record("expected .transport(NoToken), got \(String(describing: error))")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func headerInterceptorsReplaceValues() async throws {
        let transport = TestTransport(json: "[]")
        let client = Client(
            baseURL: baseURL,
            interceptors: [.header("X-Request-ID", "from-client"), .headers(["User-Agent": "Musubi", "X-B": "2"])],
            transport: transport
        )
        _ = try await client.send(ListPets(requestID: "from-request"))
        let headers = try #require(transport.requests.first?.headers)
        #expect(headers.values(for: "X-Request-ID") == ["from-client"])
        #expect(headers["user-agent"] == "Musubi")
        #expect(headers["X-B"] == "2")
    }

    @Test func perRequestHooksRunInsideTheInterceptors() async throws {
        struct Hooked: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .get }
            var path: RequestPath { "/hooked" }
            func intercept(request: HTTPRequest) throws -> HTTPRequest {
                var request = request
                request.headers.add("X-Hook", "request")
                return request
            }
            func intercept(response: HTTPResponse) throws -> HTTPResponse {
                var response = response
                response.statusCode = response.headers["X-Seen"] == "yes" ? 200 : 500
                return response
            }
        }
        let log = Log<String>()
        let observe = Interceptor { request, next in
            log.append(request.headers["X-Hook"] ?? "none")
            var response = try await next(request)
            response.headers.add("X-Seen", "yes")
            return response
        }
        let client = Client(baseURL: baseURL, interceptors: [observe], transport: TestTransport(status: 418, json: ""))
        #expect(try await client.send(Hooked()) == NoContent())
        #expect(log.all == ["request"])
    }

    @Test func throwingHooksMapToEncodingAndTransport() async {
        struct Refuse: Error {}
        struct RefuseRequest: Request {
            typealias Response = NoContent
            var method: HTTPMethod { .get }
            var path: RequestPath { "/" }
            func intercept(request: HTTPRequest) throws -> HTTPRequest { throw Refuse() }
        }
        struct RefuseResponse: Request {
            typealias Response = NoContent
            typealias Failure = ErrorModel
            var method: HTTPMethod { .get }
            var path: RequestPath { "/" }
            func intercept(response: HTTPResponse) throws -> HTTPResponse {
                throw ClientError<ErrorModel>.status(599, ErrorModel(code: 1, message: "hook"), response)
            }
        }
        let transport = TestTransport(status: 204, json: "")
        let client = Client(baseURL: baseURL, transport: transport)
        guard case .encoding = await sendExpectingError(client, RefuseRequest()) else {
            Issue.record("expected .encoding")
            return
        }
        #expect(transport.requests.isEmpty)
        guard
            case .status(599, ErrorModel(code: 1, message: "hook")?, _) = await sendExpectingError(
                client, RefuseResponse())
        else {
            Issue.record("expected the hook's own ClientError")
            return
        }
    }
}

@Suite struct RetryInterceptorTests {
    /// Answers with `statuses` in turn (the last one repeating), each with `Retry-After: 0`.
    private func transport(_ statuses: [Int], retryAfter: String? = "0") -> TestTransport {
        let attempts = Log<Int>()
        return TestTransport { _ in
            attempts.append(1)
            let status = statuses[min(attempts.all.count, statuses.count) - 1]
            var headers = HTTPHeaders()
            if let retryAfter { headers.add("Retry-After", retryAfter) }
            return HTTPResponse(statusCode: status, headers: headers, body: Data(status == 200 ? "[]".utf8 : "".utf8))
        }
    }

    @Test func retriesTransientStatusesUntilSuccess() async throws {
        let transport = transport([503, 429, 200])
        let client = Client(baseURL: baseURL, interceptors: [.retry(maxAttempts: 5)], transport: transport)
        #expect(try await client.send(ListPets()) == [])
        #expect(transport.requests.count == 3)
    }

    @Test func givesUpAfterMaxAttemptsWithTheLastResponse() async {
        let transport = transport([503])
        let client = Client(baseURL: baseURL, interceptors: [.retry(maxAttempts: 3)], transport: transport)
        guard case .status(503, _, _) = await sendExpectingError(client, ListPets()) else {
            Issue.record("expected .status(503)")
            return
        }
        #expect(transport.requests.count == 3)
    }

    @Test func nonIdempotentAndOtherStatusesAreNotRetried() async {
        let post = transport([503, 200])
        _ = await sendExpectingError(
            Client(baseURL: baseURL, interceptors: [.retry()], transport: post), CreatePet(body: rex))
        #expect(post.requests.count == 1)

        let notFound = transport([404, 200])
        _ = await sendExpectingError(
            Client(baseURL: baseURL, interceptors: [.retry()], transport: notFound), ListPets())
        #expect(notFound.requests.count == 1)

        let custom = transport([500, 200])
        let client = Client(baseURL: baseURL, interceptors: [.retry(on: [500])], transport: custom)
        #expect(await sendExpectingError(client, ListPets()) == nil)
        #expect(custom.requests.count == 2)
    }

    @Test func backsOffWithoutRetryAfter() async throws {
        let transport = transport([502, 502, 200], retryAfter: nil)
        let client = Client(baseURL: baseURL, interceptors: [.retry(baseDelay: .milliseconds(1))], transport: transport)
        #expect(try await client.send(ListPets()) == [])
        #expect(transport.requests.count == 3)
    }

    @Test func retryAfterLongerThanMaxDelayReturnsAtOnce() async {
        let transport = transport([503, 200], retryAfter: "120")
        let client = Client(baseURL: baseURL, interceptors: [.retry(maxDelay: .seconds(5))], transport: transport)
        guard case .status(503, _, let response) = await sendExpectingError(client, ListPets()) else {
            Issue.record("expected .status(503)")
            return
        }
        #expect(response.headers["Retry-After"] == "120")
        #expect(transport.requests.count == 1)
    }

    @Test func cancellationInterruptsTheWait() async throws {
        let transport = transport([503], retryAfter: "120")
        let client = Client(baseURL: baseURL, interceptors: [.retry(maxDelay: .seconds(300))], transport: transport)
        let task = Task { await sendExpectingError(client, ListPets()) }
        defer { task.cancel() }
        try await waitUntil("the first request reaching the transport", interval: .milliseconds(1)) {
            !transport.requests.isEmpty
        }
        task.cancel()
        let clock = ContinuousClock()
        let start = clock.now
        guard case .transport(let underlying) = await task.value else {
            Issue.record("expected .transport")
            return
        }
        #expect(underlying is CancellationError)
        // Not a speed check: only a wait that ignored the cancellation lasts the two minutes.
        #expect(clock.now - start < .seconds(100))
        #expect(transport.requests.count == 1)
    }
}
