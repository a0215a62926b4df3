import Foundation

/// A fully built request, as handed to interceptors and the transport.
///
/// Plain data with no behaviour, so an interceptor can inspect or rewrite any part of it and
/// a test transport can assert on exactly what would have gone over the wire.
public struct HTTPRequest: Hashable, Sendable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPHeaders
    public var body: HTTPBody?
    /// Names of headers that carry credentials (`Authorization`, an API key header). A
    /// transport that follows a redirect to another origin drops them, together with
    /// `Authorization`, `Proxy-Authorization` and `Cookie`, and logging redacts their values.
    public var credentialHeaderNames: Set<String>
    /// Names of query parameters that carry credentials (an API key in the query), whose
    /// values logging redacts.
    public var credentialQueryNames: Set<String>
    /// The operation's security requirements (`Request.security`), for
    /// `Interceptor.authentication` to choose credentials by. Not sent.
    public var security: [SecurityRequirement]
    /// The server the client addressed the request to: its base URL, or the operation's own
    /// server from the spec. Credentials are sent only to its origin, so a request an
    /// interceptor or a hook points elsewhere carries none. Not sent; `nil` for a request
    /// built outside a `Client`, which then gets no credentials either.
    public var serverURL: URL?
    /// The `operationId` of the operation this request performs (`Request.operationID`), so
    /// a mock transport can answer by operation and logs can name it. `nil` when the request
    /// was built by hand.
    public var operationID: String?
    /// The call's own retry policy (``CallOptions/retry``), which `Interceptor.retry` applies
    /// instead of its own; `nil` to keep the interceptor's. Not sent.
    public var retryPolicy: RetryPolicy?

    public init(
        method: HTTPMethod, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: HTTPBody? = nil,
        credentialHeaderNames: Set<String> = [], credentialQueryNames: Set<String> = [],
        security: [SecurityRequirement] = [], serverURL: URL? = nil, operationID: String? = nil,
        retryPolicy: RetryPolicy? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.credentialHeaderNames = credentialHeaderNames
        self.credentialQueryNames = credentialQueryNames
        self.security = security
        self.serverURL = serverURL
        self.operationID = operationID
        self.retryPolicy = retryPolicy
    }
}

/// The bytes of a request body: in memory, or a file the transport streams from disk so a
/// large upload never has to fit in memory.
public enum HTTPBody: Hashable, Sendable {
    case data(Data)
    /// A local file, read by the transport while sending.
    case file(URL)

    /// The bytes in memory, or `nil` for a file body.
    public var data: Data? {
        if case .data(let data) = self { data } else { nil }
    }
}
