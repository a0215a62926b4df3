import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default transport, sending requests with a `URLSession` it creates with its own
/// delegate.
///
/// The session's delegate works the same on Apple's Foundation and on
/// swift-corelibs-foundation (Linux, which has no `bytes(for:)` and ignores per-task
/// delegates): redirects to another origin lose their credential headers (Linux copies every
/// header to the redirected request), and a streamed body (`stream(_:)`) is delivered in
/// chunks as it arrives. A buffered call (`send(_:)`) uses `URLSession.data(for:)`, whose
/// redirects the delegate also sees. Cancelling the calling task cancels the URL task, the
/// caller seeing `CancellationError`. Request bodies are sent from memory or, for
/// `HTTPBody.file`, streamed from disk by an upload task.
public final class URLSessionTransport: Transport {
    public let session: URLSession
    private let delegate: SessionDelegate
    private let ownsSession: Bool

    /// One session for every transport made with the default configuration, so creating
    /// transports freely does not create sessions.
    private static let shared: (URLSession, SessionDelegate) = makeSession(.default)

    /// A transport on the process-wide default session.
    public init() {
        (session, delegate) = Self.shared
        ownsSession = false
    }

    /// A transport with its own session, e.g. for timeouts or a cache of its own. The
    /// session is invalidated, letting running tasks finish, when the transport goes away.
    public init(configuration: URLSessionConfiguration) {
        (session, delegate) = Self.makeSession(configuration)
        ownsSession = true
    }

    deinit {
        if ownsSession { session.finishTasksAndInvalidate() }
    }

    private static func makeSession(_ configuration: URLSessionConfiguration) -> (URLSession, SessionDelegate) {
        let delegate = SessionDelegate()
        // A nil queue makes a serial one, which keeps the chunks of a body in order.
        return (URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil), delegate)
    }

    /// Sends `request` with `URLSession.data(for:)` and returns the whole response.
    ///
    /// The session's delegate still sees its redirects (and removes credentials from one to
    /// another origin), but not its head and body: each delegate callback is a hop through the
    /// session's delegate queue, which made a buffered call through the delegate a fifth slower
    /// than `data(for:)` on Linux. A body in a file is uploaded by the delegate's upload task.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if case .file = request.body {
            return try await stream(request).collected()
        }
        // `data(for:)` starts its task even from a task already cancelled.
        try Task.checkCancellation()
        delegate.noteCredentialHeaders(request.credentialHeaderNames)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: Self.urlRequest(for: request))
        } catch {
            // Only this transport cancels its session's tasks, so a cancelled URL task, or any
            // failure once the caller's task is cancelled, is that cancellation.
            if Task.isCancelled || (error as? URLError)?.code == .cancelled { throw CancellationError() }
            throw error
        }
        guard let response = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        var result = Self.head(from: response)
        result.body = data
        return result
    }

    public func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse {
        let task: URLSessionTask
        if case .file(let file) = request.body {
            task = session.uploadTask(with: Self.urlRequest(for: request), fromFile: file)
        } else {
            task = session.dataTask(with: Self.urlRequest(for: request))
        }
        let transfer = Transfer(request: request, task: task)
        delegate.register(transfer, for: task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { head in
                transfer.start(head)
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    private static func urlRequest(for request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body?.data
        return urlRequest
    }

    static func head(from response: HTTPURLResponse) -> HTTPResponse {
        var headers = HTTPHeaders()
        // `allHeaderFields` has already merged repeated fields and lost their order; sorting
        // at least makes the result the same on every run.
        let fields = response.allHeaderFields.compactMap { name, value -> (String, String)? in
            guard let name = name as? String else { return nil }
            return (name, value as? String ?? "\(value)")
        }
        for (name, value) in fields.sorted(by: { $0.0 < $1.0 }) {
            headers.add(name, value)
        }
        return HTTPResponse(statusCode: response.statusCode, headers: headers)
    }
}
