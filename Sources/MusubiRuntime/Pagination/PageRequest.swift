import Foundation

/// The request for one page: the caller's request, with the cursor, offset or page number of
/// the page in the query, or the URL a `Link` header named.
///
/// Sent through `Client.send` like any request, so interceptors, authentication and the
/// request's own hooks apply to every page as they do to the first. It notes the URL it was
/// sent to and the response's headers in `exchange`, where the walk reads the next link.
struct PageRequest<Base: PaginatedRequest>: Request {
    typealias Response = Base.Response
    typealias Failure = Base.Failure

    /// Which page the request asks for.
    enum Target: Equatable, Sendable {
        /// The first: the caller's request as it is.
        case first
        /// The query parameter `name` set to `value`, replacing the request's own.
        case query(name: String, value: String)
        /// The URL a `Link` header named, already checked to be on the request's origin.
        case url(URL)
    }

    let base: Base
    let target: Target
    let exchange: PageExchange

    static var operationID: String { Base.operationID }
    static var security: [SecurityRequirement] { Base.security }
    /// Each page is a call of its own, so it gets a key of its own: the server must not answer
    /// a later page with the first one's stored response.
    static var idempotencyKeyHeader: String? { Base.idempotencyKeyHeader }

    var method: HTTPMethod { base.method }
    var path: RequestPath { base.path }
    var query: [QueryParameter] {
        guard case .query(let name, let value) = target else { return base.query }
        return base.query.filter { $0.name != name } + [QueryParameter(name, value)]
    }
    var headers: [HeaderParameter] { base.headers }
    var cookies: [CookieParameter] { base.cookies }
    var server: Server? { base.server }
    var requestBody: RequestBody? { base.requestBody }
    var coding: Coding { base.coding }
    var accept: String { base.accept }

    func isAcceptable(statusCode: Int) -> Bool {
        base.isAcceptable(statusCode: statusCode)
    }

    func intercept(request: HTTPRequest) throws -> HTTPRequest {
        var built = try base.intercept(request: request)
        if case .url(let url) = target {
            built.url = url
        }
        exchange.sent(built.url)
        return built
    }

    func intercept(response: HTTPResponse) throws -> HTTPResponse {
        let response = try base.intercept(response: response)
        exchange.received(response.headers)
        return response
    }

    func decodeResponse(_ response: HTTPResponse, coding: Coding) throws -> Response {
        try base.decodeResponse(response, coding: coding)
    }

    func decodeFailure(_ response: HTTPResponse, coding: Coding) -> Failure? {
        base.decodeFailure(response, coding: coding)
    }
}

/// What one page's exchange leaves for the walk: the URL the request went to (before the
/// client's interceptors, which may add credentials) and the response's headers.
final class PageExchange: @unchecked Sendable {
    // @unchecked: the properties are only touched while holding `lock`.
    private let lock = NSLock()
    private var sentURL: URL?
    private var receivedHeaders = HTTPHeaders()

    func sent(_ url: URL) {
        lock.lock()
        sentURL = url
        lock.unlock()
    }

    func received(_ headers: HTTPHeaders) {
        lock.lock()
        receivedHeaders = headers
        lock.unlock()
    }

    var url: URL? {
        lock.lock()
        defer { lock.unlock() }
        return sentURL
    }

    var headers: HTTPHeaders {
        lock.lock()
        defer { lock.unlock() }
        return receivedHeaders
    }
}
