import Foundation

/// A response whose body is still arriving: the head (status and headers, with an empty
/// `body`) and the body as a stream of chunks.
public struct StreamedHTTPResponse: Sendable {
    /// Status and headers. Its `body` is empty: the bytes are in `body` below.
    public var head: HTTPResponse
    public var body: HTTPBodyStream

    public init(head: HTTPResponse, body: HTTPBodyStream) {
        self.head = head
        self.body = body
    }

    /// Reads the whole body into `head.body`, for a caller that wants it buffered after all
    /// (an error status whose documented body must be decoded).
    public func collected() async throws -> HTTPResponse {
        var response = head
        for try await chunk in body {
            response.body.append(chunk)
        }
        return response
    }
}
