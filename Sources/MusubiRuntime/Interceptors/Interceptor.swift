/// Middleware around every request a `Client` sends: authentication, extra headers, retries,
/// logging, metrics.
///
/// An interceptor receives the request and `next`, the rest of the chain; it may change the
/// request, call `next` any number of times (a retry) or not at all (a cached answer), and
/// change the response. A struct wrapping a closure, rather than a protocol, so the built-ins
/// read as a list — `interceptors: [.bearerToken { … }, .retry()]` — and a one-off needs no
/// new type. The first interceptor in a client's list runs first, wrapping all the others.
public struct Interceptor: Sendable {
    /// The rest of the chain: the following interceptors, then the transport.
    public typealias Next = @Sendable (HTTPRequest) async throws -> HTTPResponse

    public let intercept: @Sendable (HTTPRequest, Next) async throws -> HTTPResponse

    /// Whether this is a ``retry(_:clock:random:)`` interceptor, which applies a call's own
    /// ``CallOptions/retry`` policy: a client without one adds one for such a call.
    let handlesRetryPolicy: Bool

    public init(_ intercept: @escaping @Sendable (HTTPRequest, Next) async throws -> HTTPResponse) {
        self.init(handlesRetryPolicy: false, intercept)
    }

    init(
        handlesRetryPolicy: Bool, _ intercept: @escaping @Sendable (HTTPRequest, Next) async throws -> HTTPResponse
    ) {
        self.handlesRetryPolicy = handlesRetryPolicy
        self.intercept = intercept
    }
}

extension Interceptor {
    /// Sets `Authorization: Bearer <token>` on every request to the client's own server,
    /// asking `token` each time so a refreshed token is picked up without rebuilding the client.
    ///
    /// For an API whose spec declares no security schemes. When it does, prefer
    /// `.authentication([.bearer(.scheme) { … }])`, which sends the token only to the
    /// operations that ask for it and can refresh it on a `401`. A request whose URL is not on
    /// the client's server (`HTTPRequest.serverURL`) gets no token.
    public static func bearerToken(_ token: @escaping @Sendable () async throws -> String) -> Interceptor {
        Interceptor { request, next in
            guard let serverURL = request.serverURL, HTTPRequest.haveSameOrigin(request.url, serverURL) else {
                return try await next(request)
            }
            var request = request
            request.headers.set("Authorization", "Bearer \(try await token())")
            request.credentialHeaderNames.insert("Authorization")
            return try await next(request)
        }
    }

    /// Sets one header on every request, replacing a value the request already had.
    public static func header(_ name: String, _ value: String) -> Interceptor {
        headers([name: value])
    }

    /// Sets these headers on every request, replacing values the request already had.
    public static func headers(_ headers: [String: String]) -> Interceptor {
        // Sorted so the order on the wire does not depend on dictionary ordering.
        let fields = headers.sorted { $0.key < $1.key }
        return Interceptor { request, next in
            var request = request
            for (name, value) in fields {
                request.headers.set(name, value)
            }
            return try await next(request)
        }
    }
}
