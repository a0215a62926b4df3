import Foundation

extension Client {
    /// Sends `request` and returns its events as they arrive, without buffering the body.
    ///
    /// ```swift
    /// for try await chunk in try await client.stream(CreateChatCompletion(body: body)) {
    ///     print(chunk.choices.first?.delta.content ?? "", terminator: "")
    /// }
    /// ```
    ///
    /// Asks for the request's `streamFormat` in `Accept`. Interceptors run exactly as for
    /// `send`: they can change the request (authentication, headers) and see the response
    /// head — status and headers, with an empty body, since the events are still to come — so
    /// `.retry()` retries a streaming request on a status before any event was delivered.
    /// An interceptor answering on its own (without calling `next`) supplies a body, which is
    /// streamed as it is. A status the request does not accept is reported like `send` does,
    /// with the (then buffered) error body decoded as `Failure`.
    ///
    /// Throws once the head has arrived; events and mid-stream failures come from iterating
    /// the returned `EventStream`. Cancelling the iterating task cancels the request.
    ///
    /// `options` are the call's own headers, timeout and retry policy, as for
    /// ``send(_:options:)``. The timeout bounds the wait for the response head — every attempt
    /// and the waits between them — and fails the call with ``ClientError/timedOut(after:)``;
    /// it does not limit how long the events then keep coming, which a long completion may need
    /// (cancel the iterating task to stop earlier).
    public func stream<R: StreamingRequest>(
        _ request: R, options: CallOptions = CallOptions()
    ) async throws(ClientError<R.Failure>) -> EventStream<R.Event, R.Failure> {
        let format = request.streamFormat
        let (httpRequest, temporaryFile) = try makeHTTPRequest(
            for: request, accept: format.mediaType, options: options)
        // The upload is over once the response head has arrived.
        defer { Self.remove(temporaryFile) }
        let latestBody = LatestBody()
        let transport = self.transport
        let chain = Self.chain(interceptors) { request in
            let streamed = try await transport.stream(request)
            latestBody.replace(with: streamed.body)
            return streamed.head
        }

        var head: HTTPResponse
        do {
            try Task.checkCancellation()
            head = try request.intercept(
                response: try await Self.exchange(
                    httpRequest, withRetries(chain, options: options), timeout: options.timeout))
        } catch let error as ClientError<R.Failure> {
            throw error
        } catch is CallTimeout {
            throw .timedOut(after: options.timeout ?? .zero)
        } catch {
            throw .transport(error)
        }
        let body = head.body.isEmpty ? latestBody.take() ?? HTTPBodyStream(Data()) : HTTPBodyStream(head.body)
        head.body = Data()

        guard request.isAcceptable(statusCode: head.statusCode) else {
            let response: HTTPResponse
            do {
                response = try await StreamedHTTPResponse(head: head, body: body).collected()
            } catch {
                throw .transport(error)
            }
            throw .status(response.statusCode, request.decodeFailure(response, coding: request.coding), response)
        }
        if let problem = Self.contentTypeProblem(head, expected: format) {
            throw .decoding(codingPath: "", detail: problem)
        }

        let coding = request.coding
        return EventStream(response: head, body: body, framing: format.framing) { message in
            request.isEndOfStream(message) ? nil : try request.decodeEvent(message, coding: coding)
        }
    }

    /// A server that answers an event-stream request with JSON did not stream at all — with
    /// OpenAI, the body's `stream` was not `true` — and parsing JSON as events would silently
    /// yield nothing, so that is reported. JSON Lines are served under too many names to check.
    private static func contentTypeProblem(_ response: HTTPResponse, expected format: StreamFormat) -> String? {
        guard format.framing == .serverSentEvents, let contentType = response.headers["Content-Type"] else {
            return nil
        }
        let essence = contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard !essence.isEmpty, essence != format.mediaType else { return nil }
        return "expected a \(format.mediaType) stream, the server answered \(essence)"
            + " (does the request ask for a stream?)"
    }
}

/// The body of the latest transport call in one stream's interceptor chain. A retry calls the
/// transport again; the body it replaces is dropped, which cancels that earlier request.
private final class LatestBody: @unchecked Sendable {
    // @unchecked: `body` is only touched while holding `lock`.
    private let lock = NSLock()
    private var body: HTTPBodyStream?

    func replace(with body: HTTPBodyStream) {
        lock.lock()
        self.body = body
        lock.unlock()
    }

    func take() -> HTTPBodyStream? {
        lock.lock()
        defer {
            body = nil
            lock.unlock()
        }
        return body
    }
}
