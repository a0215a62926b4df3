import Foundation

/// A fully built request, as handed to interceptors and the transport.
///
/// Plain data with no behaviour, so an interceptor can inspect or rewrite any part of it and
/// a test transport can assert on exactly what would have gone over the wire.
public struct HTTPRequest: Hashable, Sendable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    public var body: Data?

    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
