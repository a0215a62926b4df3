import Foundation

/// A response as received from the transport, before any decoding.
///
/// It travels inside `ClientError.status` too, so a caller handling an error status still has
/// the headers (`Retry-After`, a request ID) and the raw body the server sent.
public struct HTTPResponse: Hashable, Sendable {
    public var statusCode: Int
    public var headers: HTTPHeaders
    /// The body bytes; empty, never `nil`, when the server sent none.
    public var body: Data

    public init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }
}
