import Foundation

/// What actually moves bytes: sends an `HTTPRequest` and returns the `HTTPResponse`.
///
/// The one seam between a `Client` and the network, so tests, previews and other HTTP stacks
/// plug in by implementing a single method. A transport returns every response whatever its
/// status (judging statuses is the client's job) and throws only when no response arrived.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends `request` and returns as soon as the response head has arrived, with the body
    /// still to come as chunks, in the order received.
    ///
    /// What `Client.stream(_:options:)` uses for server-sent events and JSON Lines, so that events
    /// are delivered as the server writes them. Default: `send(_:)`, then the whole body as
    /// one chunk — correct for any transport, only not incremental. A transport that streams
    /// for real must cancel the request when the body is abandoned (its iteration cancelled,
    /// or the stream dropped before the end).
    func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse
}

extension Transport {
    public func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse {
        let response = try await send(request)
        var head = response
        head.body = Data()
        return StreamedHTTPResponse(head: head, body: HTTPBodyStream(response.body))
    }
}
