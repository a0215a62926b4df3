import Foundation

/// One API operation: what to send, and the type of what comes back.
///
/// Tying `Response` (and `Failure`, the documented error body) to the request type is what
/// makes `client.send(ShowPetByID(petID: "42"))` return a `Pet` with no casts. Every
/// requirement except `method` and `path` has a default in an extension below, so a generated
/// request states only what differs from the common case. `Sendable` because a request is
/// carried into the task that sends it.
public protocol Request: Sendable {
    /// What a successful response decodes to. `NoContent` when the operation returns no body.
    associatedtype Response: Sendable
    /// The documented error body, decoded for unacceptable statuses and delivered in
    /// `ClientError.status`. `Never` when the operation documents none.
    associatedtype Failure: Sendable = Never

    /// The spec's `operationId` (`showPetById`). Default: the type's name. `MockTransport`
    /// answers by it and `HTTPRequest.operationID` carries it to interceptors.
    static var operationID: String { get }

    var method: HTTPMethod { get }
    /// Relative to the server URL; see `RequestPath` for how parameters are encoded.
    var path: RequestPath { get }
    /// Default: none.
    var query: [QueryParameter] { get }
    /// Default: none.
    var headers: [HeaderParameter] { get }
    /// Sent together in one `Cookie` header. Default: none.
    var cookies: [CookieParameter] { get }
    /// The server this operation must go to, for an operation the spec gives servers of its
    /// own (an upload host, say). Default: `nil`, the client's. A `Client` made with
    /// `init(baseURL:)` sends every request to that URL regardless.
    var server: Server? { get }
    /// Default: `nil`, no body. Named `requestBody`, not `body`, so a generated request can
    /// keep a stored property called `body` for the value it sends.
    var requestBody: RequestBody? { get }
    /// Default: `.standard`.
    var coding: Coding { get }
    /// The `Accept` header. Default: `application/json`; an empty string sends none.
    var accept: String { get }
    /// How the operation may be authenticated: alternatives, any one of which is enough (see
    /// ``SecurityRequirement``). `Interceptor.authentication` sends credentials only to
    /// operations that list a requirement. Default: none, so no credentials are sent.
    static var security: [SecurityRequirement] { get }
    /// The header in which the operation accepts an idempotency key (`Idempotency-Key`), when
    /// its spec declares one. A call that sets none gets a new UUID, made once per call and
    /// repeated by every retry, so the server performs a retried `POST` once — and
    /// `Interceptor.retry` may repeat it. Default: `nil`.
    static var idempotencyKeyHeader: String? { get }

    /// Whether a status code means success, so the body is decoded as `Response`.
    /// Default: `200..<300`.
    func isAcceptable(statusCode: Int) -> Bool

    /// Last chance to adjust the built request before the client's interceptors see it.
    /// Default: returns it unchanged. Throwing reports `ClientError.encoding`.
    func intercept(request: HTTPRequest) throws -> HTTPRequest

    /// First look at the response, before its status is judged. Default: returns it unchanged.
    /// Throwing reports `ClientError.transport` (or the thrown error, if it is the
    /// request's own `ClientError`).
    func intercept(response: HTTPResponse) throws -> HTTPResponse

    /// Turns an acceptable response into `Response`.
    ///
    /// Defaults exist when `Response` is `Decodable` (the body decoded with `coding`) and when
    /// it is `NoContent`. A generated enum of several success shapes implements this itself,
    /// switching on the status, and throws `UnexpectedStatus` for a status it does not know.
    func decodeResponse(_ response: HTTPResponse, coding: Coding) throws -> Response

    /// Turns an unacceptable response into the documented error body, or `nil` when the body
    /// is absent or not the documented shape.
    ///
    /// Default: decodes the body as JSON when `Failure` is `Decodable`, otherwise `nil`.
    func decodeFailure(_ response: HTTPResponse, coding: Coding) -> Failure?
}

extension Request {
    public static var operationID: String { String(describing: Self.self) }
    public var query: [QueryParameter] { [] }
    public var headers: [HeaderParameter] { [] }
    public var cookies: [CookieParameter] { [] }
    public var server: Server? { nil }
    public var requestBody: RequestBody? { nil }
    public var coding: Coding { .standard }
    public var accept: String { "application/json" }
    public static var security: [SecurityRequirement] { [] }
    public static var idempotencyKeyHeader: String? { nil }

    public func isAcceptable(statusCode: Int) -> Bool {
        (200..<300).contains(statusCode)
    }

    public func intercept(request: HTTPRequest) throws -> HTTPRequest {
        request
    }

    public func intercept(response: HTTPResponse) throws -> HTTPResponse {
        response
    }

    /// Decodes the body as JSON when `Failure` is `Decodable`; `nil` otherwise, and when the
    /// body is empty or does not match.
    ///
    /// One default that checks `Decodable` at run time, rather than a second default
    /// constrained to `Failure: Decodable`: `Never` — the default `Failure` — is `Decodable`
    /// only from macOS 14 / iOS 17 on, and which of two defaults the compiler picks must not
    /// depend on the deployment target. Decoding `Never` always fails, so `nil` either way.
    public func decodeFailure(_ response: HTTPResponse, coding: Coding) -> Failure? {
        guard !response.body.isEmpty, let type = Failure.self as? any Decodable.Type else { return nil }
        return (try? coding.decode(type, from: response.body)) as? Failure
    }
}

extension Request where Response: Decodable {
    /// Decodes the body as JSON, whatever the (acceptable) status.
    ///
    /// A `204 No Content` or `205 Reset Content` has no body to decode, whatever the spec
    /// documents: it throws ``UnexpectedStatus``, so the caller gets `ClientError.status` with
    /// the status rather than a decoding error about empty data.
    public func decodeResponse(_ response: HTTPResponse, coding: Coding) throws -> Response {
        if response.body.isEmpty, response.statusCode == 204 || response.statusCode == 205 {
            throw UnexpectedStatus()
        }
        return try coding.decode(Response.self, from: response.body)
    }
}

extension Request where Response == NoContent {
    /// Ignores the body: the operation documents none.
    public func decodeResponse(_ response: HTTPResponse, coding: Coding) throws -> Response {
        NoContent()
    }
}
