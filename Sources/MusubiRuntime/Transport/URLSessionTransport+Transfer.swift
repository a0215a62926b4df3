import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight: the task, the continuation waiting for the response head, and the
/// stream its body chunks go to. Shared by the code starting the task, the session delegate
/// and the cancellation handler, which may run in any order.
final class Transfer: @unchecked Sendable {
    // @unchecked: the mutable properties are only touched while holding `lock`.
    let request: HTTPRequest
    private let task: URLSessionTask
    private let lock = NSLock()
    private var head: CheckedContinuation<StreamedHTTPResponse, any Error>?
    private var headDelivered = false
    private var cancelled = false
    private let chunks: AsyncThrowingStream<Data, any Error>
    private let chunkSink: AsyncThrowingStream<Data, any Error>.Continuation

    init(request: HTTPRequest, task: URLSessionTask) {
        self.request = request
        self.task = task
        (chunks, chunkSink) = AsyncThrowingStream.makeStream()
        // Abandoning the body — the consuming task cancelled, the stream dropped — stops the
        // download.
        chunkSink.onTermination = { [task] termination in
            if case .cancelled = termination { task.cancel() }
        }
    }

    /// Starts the task unless the caller was already cancelled.
    func start(_ head: CheckedContinuation<StreamedHTTPResponse, any Error>) {
        lock.lock()
        guard !cancelled else {
            lock.unlock()
            head.resume(throwing: CancellationError())
            return
        }
        self.head = head
        lock.unlock()
        task.resume()
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let head = self.head
        self.head = nil
        lock.unlock()
        task.cancel()
        head?.resume(throwing: CancellationError())
    }

    func received(_ response: HTTPURLResponse) {
        deliverHead(.success(URLSessionTransport.head(from: response)))
    }

    func received(_ data: Data) {
        chunkSink.yield(data)
    }

    func completed(_ error: (any Error)?) {
        if let error {
            // Only this transport cancels its session's tasks — the caller's task was
            // cancelled, or the body abandoned — so a cancelled URL task is that cancellation.
            let reported = (error as? URLError)?.code == .cancelled ? CancellationError() : error
            deliverHead(.failure(reported))
            chunkSink.finish(throwing: reported)
        } else {
            // No `didReceive response` happened (a redirect not followed on some platforms):
            // the final response is still on the task.
            if let response = task.response as? HTTPURLResponse {
                deliverHead(.success(URLSessionTransport.head(from: response)))
            } else {
                deliverHead(.failure(URLError(.badServerResponse)))
            }
            chunkSink.finish()
        }
    }

    private func deliverHead(_ result: Result<HTTPResponse, any Error>) {
        lock.lock()
        let head = self.head
        self.head = nil
        let first = !headDelivered
        headDelivered = true
        lock.unlock()
        guard first, let head else { return }
        head.resume(with: result.map { StreamedHTTPResponse(head: $0, body: HTTPBodyStream(chunks)) })
    }
}

/// The session's delegate: routes each callback of a streamed task to its `Transfer`, and
/// removes credential headers from redirects to another origin.
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `transfers` and `credentialHeaderNames` are only touched while holding `lock`.
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    /// Every API-specific credential header (an API key's) a buffered request of this session
    /// has carried. A buffered task has no `Transfer` to tell its own, so a redirect of one to
    /// another origin loses all of these: removing a header no credential is in costs nothing.
    private var credentialHeaderNames: Set<String> = []

    func noteCredentialHeaders(_ names: Set<String>) {
        guard !names.isEmpty else { return }
        lock.lock()
        credentialHeaderNames.formUnion(names)
        lock.unlock()
    }

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        lock.lock()
        transfers[task.taskIdentifier] = transfer
        lock.unlock()
    }

    private func transfer(for task: URLSessionTask, removing: Bool = false) -> Transfer? {
        lock.lock()
        defer { lock.unlock() }
        return removing ? transfers.removeValue(forKey: task.taskIdentifier) : transfers[task.taskIdentifier]
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let response = response as? HTTPURLResponse {
            transfer(for: dataTask)?.received(response)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        transfer(for: task, removing: true)?.completed(error)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let target = request.url else {
            completionHandler(request)
            return
        }
        let removed: [String]
        if let original = transfer(for: task)?.request {
            removed = original.headersToRemove(forRedirectTo: target)
        } else if let original = task.originalRequest?.url, !HTTPRequest.haveSameOrigin(original, target) {
            lock.lock()
            removed = HTTPRequest.standardCredentialHeaderNames + credentialHeaderNames.sorted()
            lock.unlock()
        } else {
            removed = []
        }
        var redirected = request
        for name in removed {
            redirected.setValue(nil, forHTTPHeaderField: name)
        }
        completionHandler(redirected)
    }
}
