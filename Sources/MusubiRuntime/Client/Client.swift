import Foundation

/// Sends requests to one server and turns the answers into typed values or typed errors.
///
/// Holds only what is shared by every request — the base URL, the interceptors, the
/// transport — and is immutable, so one client can be shared freely between tasks.
public final class Client: Sendable {
    public let baseURL: URL
    /// Whether a request that names its own server (`Request.server`) is sent there: `true`
    /// for a client made with `init(server:)`, `false` for one made with `init(baseURL:)`,
    /// which sends every request to its URL — a test server or a proxy stays in charge.
    public let usesRequestServers: Bool
    public let interceptors: [Interceptor]
    public let transport: any Transport
    /// The interceptors wrapped around the transport, the first interceptor outermost.
    private let chain: Interceptor.Next

    /// - Parameters:
    ///   - baseURL: The server URL, path included: a request's path is appended to it, so
    ///     `https://host/v1` and `/pets` make `https://host/v1/pets`.
    ///   - interceptors: Run in order, each wrapping the ones after it.
    ///   - transport: What sends the requests: `URLSessionTransport` unless given (a
    ///     `MockTransport` in tests).
    ///
    /// Every request goes to `baseURL`, also one whose operation the spec serves elsewhere.
    public convenience init(
        baseURL: URL, interceptors: [Interceptor] = [], transport: any Transport = URLSessionTransport()
    ) {
        self.init(baseURL: baseURL, usesRequestServers: false, interceptors: interceptors, transport: transport)
    }

    /// A client for one of the API's servers (`Client(server: .petstore.production)`). A request whose
    /// operation the spec serves elsewhere (`Request.server`) goes to its own server.
    public convenience init(
        server: Server, interceptors: [Interceptor] = [], transport: any Transport = URLSessionTransport()
    ) {
        self.init(baseURL: server.url, usesRequestServers: true, interceptors: interceptors, transport: transport)
    }

    private init(baseURL: URL, usesRequestServers: Bool, interceptors: [Interceptor], transport: any Transport) {
        self.baseURL = baseURL
        self.usesRequestServers = usesRequestServers
        self.interceptors = interceptors
        self.transport = transport
        self.chain = Self.chain(interceptors, around: { request in try await transport.send(request) })
    }

    /// `interceptors` wrapped around `terminal`, the first interceptor outermost.
    ///
    /// Buffered sends share one chain built in `init`; a stream builds its own per call
    /// (a few closures), whose terminal starts the streaming transport and keeps the body.
    static func chain(_ interceptors: [Interceptor], around terminal: @escaping Interceptor.Next) -> Interceptor.Next {
        var chain = terminal
        for interceptor in interceptors.reversed() {
            let next = chain
            chain = { request in try await interceptor.intercept(request, next) }
        }
        return chain
    }

    /// Sends `request` and returns its decoded `Response`.
    ///
    /// The steps, each with its own error case: build the `HTTPRequest` (`.encoding`); let
    /// the request adjust it; run the interceptors and the transport (`.transport`); let the
    /// request look at the response; then decode the body as `Response` if the status is
    /// acceptable (`.decoding`), or as `Failure` if not (`.status`).
    public func send<R: Request>(_ request: R) async throws(ClientError<R.Failure>) -> R.Response {
        try await send(request, options: CallOptions())
    }

    /// Sends `request` with this call's own headers, timeout and retry policy
    /// (`client.send(request, options: .init(timeout: .seconds(5)))`), as ``send(_:)`` does
    /// otherwise. A timeout that runs out fails the call with ``ClientError/timedOut(after:)``.
    public func send<R: Request>(
        _ request: R, options: CallOptions
    ) async throws(ClientError<R.Failure>) -> R.Response {
        let (httpRequest, temporaryFile) = try makeHTTPRequest(for: request, options: options)
        // A multipart body streamed from disk lives only as long as the exchange (retries
        // included, as they run inside the chain).
        defer { Self.remove(temporaryFile) }

        let response: HTTPResponse
        do {
            try Task.checkCancellation()
            response = try request.intercept(
                response: try await Self.exchange(
                    httpRequest, withRetries(self.chain, options: options), timeout: options.timeout))
        } catch let error as ClientError<R.Failure> {
            throw error
        } catch is CallTimeout {
            throw .timedOut(after: options.timeout ?? .zero)
        } catch {
            throw .transport(error)
        }

        let coding = request.coding
        if request.isAcceptable(statusCode: response.statusCode) {
            do {
                return try request.decodeResponse(response, coding: coding)
            } catch is UnexpectedStatus {
                // Reported below like any other status the request cannot turn into a Response.
            } catch let error as DecodingError {
                let (codingPath, detail) = DecodingErrorDescription.describe(error, body: response.body)
                throw .decoding(codingPath: codingPath, detail: detail)
            } catch let error as ClientError<R.Failure> {
                throw error
            } catch {
                throw .decoding(codingPath: "", detail: String(describing: error))
            }
        }
        throw .status(response.statusCode, request.decodeFailure(response, coding: coding), response)
    }

    /// `chain` with a retry interceptor around it when the call brings its own retry policy
    /// and none of the client's interceptors applies one (``CallOptions/retry``).
    func withRetries(_ chain: @escaping Interceptor.Next, options: CallOptions) -> Interceptor.Next {
        guard options.retry != nil, !interceptors.contains(where: \.handlesRetryPolicy) else { return chain }
        return Self.chain([.retry(.default)], around: chain)
    }

    /// `chain(request)`, cancelled with `CallTimeout` once `timeout` has passed.
    static func exchange(
        _ request: HTTPRequest, _ chain: @escaping Interceptor.Next, timeout: Duration?
    ) async throws -> HTTPResponse {
        guard let timeout else { return try await chain(request) }
        return try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
            group.addTask { try await chain(request) }
            group.addTask {
                try await Task.sleep(for: timeout)
                throw CallTimeout()
            }
            defer { group.cancelAll() }
            // The first to finish decides: the response, its error, or the timeout.
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    /// Sends `request` and calls `completion` once with the result, for callers not using
    /// Swift concurrency. `completion` runs on an arbitrary thread.
    ///
    /// `options` are the call's own headers, timeout and retry policy, as for
    /// ``send(_:options:)``; a timeout that runs out delivers ``ClientError/timedOut(after:)``.
    @discardableResult
    public func send<R: Request>(
        _ request: R, options: CallOptions = CallOptions(),
        completion: @escaping @Sendable (Result<R.Response, ClientError<R.Failure>>) -> Void
    ) -> CancellableTask {
        CancellableTask(
            Task {
                do throws(ClientError<R.Failure>) {
                    completion(.success(try await send(request, options: options)))
                } catch {
                    completion(.failure(error))
                }
            })
    }
}
