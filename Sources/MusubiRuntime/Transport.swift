/// What actually moves bytes: sends an `HTTPRequest` and returns the `HTTPResponse`.
///
/// The one seam between a `Client` and the network, so tests, previews and other HTTP stacks
/// plug in by implementing a single method. A transport returns every response whatever its
/// status (judging statuses is the client's job) and throws only when no response arrived.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
