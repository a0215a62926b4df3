import Foundation
import MusubiRuntime

// Streaming requests shaped like generated code, and a transport that delivers a body in
// chunks chosen by the test.

struct Tick: Codable, Hashable, Sendable {
    var n: Int
}

/// Events typed by a schema, as server-sent events.
struct WatchTicks: StreamingRequest {
    typealias Response = [Tick]
    typealias Event = Tick
    typealias Failure = ErrorModel
    static var operationID: String { "watchTicks" }
    var method: HTTPMethod { .get }
    var path: RequestPath { "/ticks" }
}

/// Events without a schema: the raw `ServerSentEvent`s.
struct WatchRaw: StreamingRequest {
    typealias Response = String
    typealias Event = ServerSentEvent
    var method: HTTPMethod { .get }
    var path: RequestPath { "/raw" }
    func decodeResponse(_ response: HTTPResponse, coding: Coding) throws -> String {
        String(decoding: response.body, as: UTF8.self)
    }
}

/// JSON Lines under the NDJSON name.
struct ExportTicks: StreamingRequest {
    typealias Response = NoContent
    typealias Event = Tick
    var method: HTTPMethod { .get }
    var path: RequestPath { "/export" }
    var streamFormat: StreamFormat { .jsonLines(mediaType: "application/x-ndjson") }
}

/// Answers every stream with `status`, `headers` and `chunks`, one by one; records requests.
final class ChunkedTransport: Transport, @unchecked Sendable {
    // @unchecked: `recorded` is only touched while holding `lock`.
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    let respond: @Sendable (HTTPRequest, Int) -> (status: Int, headers: HTTPHeaders, chunks: [Data])

    init(
        _ respond:
            @escaping @Sendable (HTTPRequest, _ attempt: Int) -> (status: Int, headers: HTTPHeaders, chunks: [Data])
    ) {
        self.respond = respond
    }

    convenience init(status: Int = 200, contentType: String = "text/event-stream", chunks: [String]) {
        self.init { _, _ in (status, ["Content-Type": contentType], chunks.map { Data($0.utf8) }) }
    }

    /// `text` cut into chunks of `size` bytes, so chunk borders fall everywhere.
    convenience init(text: String, chunkSize size: Int, contentType: String = "text/event-stream") {
        let bytes = Array(text.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
        self.init { _, _ in (200, ["Content-Type": contentType], chunks) }
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    private func record(_ request: HTTPRequest) -> Int {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request)
        return recorded.count
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let streamed = try await stream(request)
        return try await streamed.collected()
    }

    func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse {
        let answer = respond(request, record(request))
        let chunks = AsyncThrowingStream<Data, any Error> { continuation in
            for chunk in answer.chunks { continuation.yield(chunk) }
            continuation.finish()
        }
        return StreamedHTTPResponse(
            head: HTTPResponse(statusCode: answer.status, headers: answer.headers), body: HTTPBodyStream(chunks))
    }
}

/// Every event of `request`'s stream, or the error that ended it.
func collect<R: StreamingRequest>(_ client: Client, _ request: R) async throws(ClientError<R.Failure>) -> [R.Event] {
    var events: [R.Event] = []
    for try await event in try await client.stream(request) {
        events.append(event)
    }
    return events
}
