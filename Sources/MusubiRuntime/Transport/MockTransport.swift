import Foundation

/// A transport for tests of code that uses a generated client: answers each operation with
/// the response registered for it, records every request, and never touches the network.
///
/// ```swift
/// let mock = MockTransport()
/// mock.register(ShowPetByID.self, response: Pet(id: 42, name: "Tama"))
/// let client = Client(server: .petstore.production, transport: mock)
/// let pet = try await client.send(ShowPetByID(petID: "42"))
/// #expect(mock.requests(for: ShowPetByID.self).first?.url.path == "/v1/pets/42")
/// ```
///
/// Operations are matched by `HTTPRequest.operationID`, which the client sets from the
/// request type's `operationID` (the spec's `operationId`), so registering by type and by ID
/// are the same thing. A request nobody registered throws `MockTransport.Unregistered`,
/// reported by the client as `ClientError.transport`.
public final class MockTransport: Transport, @unchecked Sendable {
    // @unchecked: `handlers` and `recorded` are only touched while holding `lock`.
    public typealias Handler = @Sendable (HTTPRequest) async throws -> HTTPResponse

    private let lock = NSLock()
    private var handlers: [String: Handler] = [:]
    private var recorded: [HTTPRequest] = []

    public init() {}

    /// The error for a request whose operation has no registered response.
    public struct Unregistered: Error, CustomStringConvertible {
        public var operationID: String?
        public var description: String {
            "MockTransport has no response registered for \(operationID ?? "a request without operation ID")"
        }
    }

    /// Answers the operation `operationID` by calling `handler`, replacing an earlier
    /// registration. The handler may throw to simulate a transport failure.
    public func register(operationID: String, handler: @escaping Handler) {
        lock.lock()
        handlers[operationID] = handler
        lock.unlock()
    }

    public func register<R: Request>(_ request: R.Type, handler: @escaping Handler) {
        register(operationID: R.operationID, handler: handler)
    }

    /// Answers every `R` with `status` and `response` encoded as JSON.
    public func register<R: Request>(
        _ request: R.Type, status: Int = 200, response: R.Response, coding: Coding = .standard
    ) where R.Response: Encodable {
        let body = Result { try coding.encode(response) }
        register(R.self) { _ in
            HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: try body.get())
        }
    }

    /// Answers every `R` with these events, each encoded as JSON and framed the way the
    /// request asked for in `Accept` (server-sent events, or one JSON value per line).
    public func register<R: StreamingRequest>(
        _ request: R.Type, events: [R.Event], coding: Coding = .standard
    ) where R.Event: Encodable {
        let records = Result { try events.map { String(decoding: try coding.encode($0), as: UTF8.self) } }
        register(R.self) { request in
            Self.framed(try records.get().map { ServerSentEvent(data: $0) }, accept: request.headers["Accept"])
        }
    }

    /// Answers every `R` with these server-sent events as they are.
    public func register<R: StreamingRequest>(_ request: R.Type, events: [ServerSentEvent])
    where R.Event == ServerSentEvent {
        register(R.self) { request in Self.framed(events, accept: request.headers["Accept"]) }
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// The requests sent so far for operation `R`.
    public func requests<R: Request>(for request: R.Type) -> [HTTPRequest] {
        requests.filter { $0.operationID == R.operationID }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let handler = record(request) else { throw Unregistered(operationID: request.operationID) }
        return try await handler(request)
    }

    /// Records `request` and returns its handler.
    private func record(_ request: HTTPRequest) -> Handler? {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(request)
        return request.operationID.flatMap { handlers[$0] }
    }

    private static func framed(_ events: [ServerSentEvent], accept: String?) -> HTTPResponse {
        let mediaType = accept ?? "text/event-stream"
        let text: String
        if mediaType == StreamFormat.serverSentEvents.mediaType {
            text = events.map { event in
                var lines: [String] = []
                if let name = event.event { lines.append("event: \(name)") }
                if let id = event.id { lines.append("id: \(id)") }
                if let retry = event.retry { lines.append("retry: \(retry)") }
                lines += event.data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
                return lines.joined(separator: "\n") + "\n\n"
            }.joined()
        } else if mediaType == StreamFormat.jsonSequence.mediaType {
            text = events.map { "\u{1E}\($0.data)\n" }.joined()
        } else {
            text = events.map { $0.data + "\n" }.joined()
        }
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": mediaType], body: Data(text.utf8))
    }
}
