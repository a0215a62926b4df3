import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default transport, sending requests with a `URLSession`.
///
/// Uses a completion-handler data task bridged with a continuation, rather than the `async`
/// `URLSession.data(for:)`, so that cancellation is handled here and behaves the same on
/// Apple's Foundation and on swift-corelibs-foundation (Linux): cancelling the calling task
/// cancels the data task, and the caller sees `CancellationError`, not a platform-specific
/// `URLError`.
public struct URLSessionTransport: Transport {
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let urlRequest = Self.urlRequest(for: request)
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                    if let error {
                        let cancelled = (error as? URLError)?.code == .cancelled && handle.isCancelled
                        continuation.resume(throwing: cancelled ? CancellationError() : error)
                    } else if let response = response as? HTTPURLResponse {
                        continuation.resume(returning: Self.response(from: response, body: data ?? Data()))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                let task: URLSessionTask
                if case .file(let file) = request.body {
                    task = session.uploadTask(with: urlRequest, fromFile: file, completionHandler: completion)
                } else {
                    task = session.dataTask(with: urlRequest, completionHandler: completion)
                }
                if !handle.start(task) {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            handle.cancel()
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

    private static func response(from response: HTTPURLResponse, body: Data) -> HTTPResponse {
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
        return HTTPResponse(statusCode: response.statusCode, headers: headers, body: body)
    }
}

/// Shares one data task between the code starting it and the cancellation handler, which
/// may run first, concurrently or not at all.
private final class DataTaskHandle: @unchecked Sendable {
    // @unchecked: every stored property is read and written only while holding `lock`.
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Starts `task` unless cancellation already happened; returns whether it started.
    /// A task that never starts never calls its completion handler.
    func start(_ task: URLSessionTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !cancelled else { return false }
        self.task = task
        task.resume()
        return true
    }

    func cancel() {
        lock.lock()
        let task = task
        cancelled = true
        lock.unlock()
        task?.cancel()
    }
}
