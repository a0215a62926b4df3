import Foundation
import MusubiRuntime
import Testing

@Suite struct StreamingClientTests {
    @Test func asksForTheStreamFormatAndNamesTheOperation() async throws {
        let transport = ChunkedTransport(chunks: [])
        let client = Client(baseURL: baseURL, transport: transport)
        _ = try await collect(client, WatchTicks())
        _ = try await collect(client, ExportTicks())
        #expect(transport.requests.map { $0.headers["Accept"] } == ["text/event-stream", "application/x-ndjson"])
        #expect(transport.requests.map(\.operationID) == ["watchTicks", "ExportTicks"])
    }

    @Test func jsonLinesWithCRLFAndBlankLinesAtAnyChunkBorder() async throws {
        let text = "{\"n\": 1}\r\n\n{\"n\": 2}\n{\"n\": 3}"
        for size in [1, 4, 100] {
            let transport = ChunkedTransport(text: text, chunkSize: size, contentType: "application/x-ndjson")
            let client = Client(baseURL: baseURL, transport: transport)
            #expect(try await collect(client, ExportTicks()) == [Tick(n: 1), Tick(n: 2), Tick(n: 3)])
        }
    }

    @Test func jsonSequencesSplitAtRecordSeparators() async throws {
        struct Sequence: StreamingRequest {
            typealias Response = NoContent
            typealias Event = Tick
            var method: HTTPMethod { .get }
            var path: RequestPath { "/seq" }
            var streamFormat: StreamFormat { .jsonSequence }
        }
        let text = "\u{1E}{\"n\": 1}\n\u{1E}{\"n\":\n 2}\n"
        let client = Client(
            baseURL: baseURL, transport: ChunkedTransport(text: text, chunkSize: 2, contentType: "application/json-seq")
        )
        #expect(try await collect(client, Sequence()) == [Tick(n: 1), Tick(n: 2)])
    }

    @Test func anErrorStatusIsThrownWithItsDecodedBody() async {
        let transport = ChunkedTransport(
            status: 429, contentType: "application/json", chunks: [#"{"code": 429, "#, #""message": "slow down"}"#])
        let client = Client(baseURL: baseURL, transport: transport)
        do throws(ClientError<ErrorModel>) {
            _ = try await client.stream(WatchTicks())
            Issue.record("expected an error")
        } catch {
            guard case .status(429, let body?, let response) = error else {
                Issue.record("expected .status(429, body), got \(error)")
                return
            }
            #expect(body == ErrorModel(code: 429, message: "slow down"))
            #expect(!response.body.isEmpty)
        }
    }

    @Test func jsonInsteadOfAnEventStreamIsReported() async {
        let transport = ChunkedTransport(contentType: "application/json; charset=utf-8", chunks: ["[]"])
        let client = Client(baseURL: baseURL, transport: transport)
        do throws(ClientError<ErrorModel>) {
            _ = try await client.stream(WatchTicks())
            Issue.record("expected an error")
        } catch {
            guard case .decoding(_, let detail) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(detail.contains("application/json"))
        }
    }

    @Test func interceptorsChangeTheRequestAndSeeTheHead() async throws {
        let heads = Log<Int>()
        let observe = Interceptor { request, next in
            let response = try await next(request)
            heads.append(response.statusCode)
            #expect(response.body.isEmpty)
            return response
        }
        let transport = ChunkedTransport(chunks: ["data: {\"n\": 1}\n\n"])
        let client = Client(baseURL: baseURL, interceptors: [.bearerToken { "t0k3n" }, observe], transport: transport)
        #expect(try await collect(client, WatchTicks()) == [Tick(n: 1)])
        #expect(transport.requests.first?.headers["Authorization"] == "Bearer t0k3n")
        #expect(heads.all == [200])
    }

    @Test func retryReplacesTheBodyOfTheFailedAttempt() async throws {
        let transport = ChunkedTransport { _, attempt in
            attempt == 1
                ? (503, ["Retry-After": "0"], [Data("data: {\"n\": 0}\n\n".utf8)])
                : (200, ["Content-Type": "text/event-stream"], [Data("data: {\"n\": 1}\n\n".utf8)])
        }
        let client = Client(baseURL: baseURL, interceptors: [.retry()], transport: transport)
        #expect(try await collect(client, WatchTicks()) == [Tick(n: 1)])
        #expect(transport.requests.count == 2)
    }

    @Test func anInterceptorAnsweringItselfSuppliesTheBody() async throws {
        let cached = Interceptor { _, _ in
            HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "text/event-stream"], body: Data("data: {\"n\": 9}\n\n".utf8)
            )
        }
        let transport = ChunkedTransport(chunks: [])
        let client = Client(baseURL: baseURL, interceptors: [cached], transport: transport)
        #expect(try await collect(client, WatchTicks()) == [Tick(n: 9)])
        #expect(transport.requests.isEmpty)
    }

    @Test func aTransportWithoutStreamingFallsBackToSend() async throws {
        let transport = TestTransport { _ in
            HTTPResponse(
                statusCode: 200, headers: ["Content-Type": "text/event-stream"], body: Data("data: {\"n\": 5}\n\n".utf8)
            )
        }
        let client = Client(baseURL: baseURL, transport: transport)
        let stream = try await client.stream(WatchTicks())
        #expect(stream.response.statusCode == 200)
        #expect(stream.response.body.isEmpty)
        var events: [Tick] = []
        for try await event in stream { events.append(event) }
        #expect(events == [Tick(n: 5)])
    }
}

@Suite struct StreamingCallOptionsTests {
    @Test func headersAndRetryPolicyOfTheCallApply() async throws {
        let transport = ChunkedTransport { _, attempt in
            attempt == 1
                ? (503, [:], [])
                : (200, ["Content-Type": "text/event-stream"], [Data("data: {\"n\": 1}\n\n".utf8)])
        }
        // No retry interceptor: the call's own policy retries it.
        let client = Client(baseURL: baseURL, transport: transport)
        let options = CallOptions(
            headers: ["OpenAI-Project": "proj_1", "Accept": "text/event-stream; q=1"],
            retry: RetryPolicy(baseDelay: .milliseconds(1), jitter: .none))
        var events: [Tick] = []
        for try await event in try await client.stream(WatchTicks(), options: options) { events.append(event) }
        #expect(events == [Tick(n: 1)])
        #expect(transport.requests.count == 2)
        #expect(transport.requests.map { $0.headers["OpenAI-Project"] } == ["proj_1", "proj_1"])
        #expect(transport.requests.first?.headers.values(for: "Accept") == ["text/event-stream; q=1"])

        let once = ChunkedTransport { _, _ in (503, [:], []) }
        let retrying = Client(baseURL: baseURL, interceptors: [.retry()], transport: once)
        do throws(ClientError<ErrorModel>) {
            _ = try await retrying.stream(WatchTicks(), options: CallOptions(retry: .never))
            Issue.record("expected .status(503)")
        } catch {
            guard case .status(503, _, _) = error else {
                Issue.record("expected .status(503), got \(error)")
                return
            }
        }
        #expect(once.requests.count == 1, "the call's policy replaces the client's")
    }

    @Test func theTimeoutBoundsTheWaitForTheHead() async {
        let cancelled = Log<Bool>()
        let transport = TestTransport { _ in
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                cancelled.append(true)
                throw error
            }
            return HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/event-stream"])
        }
        let client = Client(baseURL: baseURL, transport: transport)
        do throws(ClientError<ErrorModel>) {
            _ = try await client.stream(WatchTicks(), options: CallOptions(timeout: .milliseconds(50)))
            Issue.record("expected a timeout")
        } catch {
            guard case .timedOut(after: .milliseconds(50)) = error else {
                Issue.record("expected .timedOut, got \(error)")
                return
            }
        }
        #expect(cancelled.all == [true], "the transport's call is cancelled")
    }

    @Test func eventsKeepComingAfterTheTimeoutOnceTheHeadArrived() async throws {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let client = Client(baseURL: baseURL, transport: OpenTransport(body: HTTPBodyStream(body)))
        let stream = try await client.stream(WatchTicks(), options: CallOptions(timeout: .milliseconds(50)))
        try await Task.sleep(for: .milliseconds(200))
        continuation.yield(Data("data: {\"n\": 2}\n\n".utf8))
        continuation.finish()
        var events: [Tick] = []
        for try await event in stream { events.append(event) }
        #expect(events == [Tick(n: 2)])
    }
}

@Suite struct OpenStreamTests {
    /// A body whose first chunk arrives and whose end never does: events must still come.
    private func firstEvent<R: StreamingRequest>(_ request: R, chunk: String) async throws -> R.Event? {
        let (body, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.yield(Data(chunk.utf8))
        let transport = OpenTransport(body: HTTPBodyStream(body))
        let client = Client(baseURL: baseURL, transport: transport)
        var iterator = try await client.stream(request).makeAsyncIterator()
        defer { continuation.finish() }
        return try await iterator.next()
    }

    @Test func aServerSentEventIsDeliveredWhileTheBodyIsOpen() async throws {
        #expect(try await firstEvent(WatchTicks(), chunk: "data: {\"n\": 1}\n\n") == Tick(n: 1))
    }

    @Test func aJSONLineIsDeliveredWhileTheBodyIsOpen() async throws {
        #expect(try await firstEvent(ExportTicks(), chunk: "{\"n\": 1}\n") == Tick(n: 1))
    }
}

private struct OpenTransport: Transport {
    let body: HTTPBodyStream
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { HTTPResponse(statusCode: 500) }
    func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse {
        StreamedHTTPResponse(head: HTTPResponse(statusCode: 200), body: body)
    }
}
