import Foundation

/// The events of a streaming response, decoded one by one as the body arrives: what
/// `Client.stream(_:options:)` returns.
///
/// ```swift
/// for try await chunk in try await client.stream(CreateChatCompletion(body: request)) {
///     print(chunk.choices.first?.delta.content ?? "", terminator: "")
/// }
/// ```
///
/// Iteration throws the request's `ClientError`: `.transport` when the connection fails
/// mid-stream (or the consuming task is cancelled, which also cancels the request), and
/// `.decoding` when an event does not match the documented schema. The stream ends at the
/// end of the body or at a message the request calls the end (`[DONE]`). Single-pass.
public struct EventStream<Event: Sendable, ErrorBody: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Event
    public typealias Failure = ClientError<ErrorBody>

    /// Status and headers of the response (its `body` is empty: the bytes are the events).
    public let response: HTTPResponse
    private let body: HTTPBodyStream
    private let framing: StreamFormat.Framing
    /// The event for a message, or `nil` for a message that ends the stream.
    private let decode: @Sendable (ServerSentEvent) throws -> Event?

    init(
        response: HTTPResponse, body: HTTPBodyStream, framing: StreamFormat.Framing,
        decode: @escaping @Sendable (ServerSentEvent) throws -> Event?
    ) {
        self.response = response
        self.body = body
        self.framing = framing
        self.decode = decode
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(body: body.makeAsyncIterator(), framer: StreamMessageFramer(framing), decode: decode)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = ClientError<ErrorBody>

        private var body: HTTPBodyStream.Iterator
        private var framer: StreamMessageFramer
        private let decode: @Sendable (ServerSentEvent) throws -> Event?
        private var pending: [ServerSentEvent] = []
        private var pendingIndex = 0
        private var bodyEnded = false
        private var finished = false

        init(
            body: HTTPBodyStream.Iterator, framer: StreamMessageFramer,
            decode: @escaping @Sendable (ServerSentEvent) throws -> Event?
        ) {
            self.body = body
            self.framer = framer
            self.decode = decode
        }

        public mutating func next() async throws(Failure) -> Event? {
            while !finished {
                if pendingIndex < pending.count {
                    let message = pending[pendingIndex]
                    pendingIndex += 1
                    guard let event = try decoded(message) else {
                        finished = true
                        return nil
                    }
                    return event
                }
                pending = []
                pendingIndex = 0
                if bodyEnded {
                    finished = true
                    return nil
                }
                do {
                    if let chunk = try await body.next() {
                        pending = framer.append(chunk)
                    } else {
                        bodyEnded = true
                        pending = framer.finish()
                    }
                } catch {
                    finished = true
                    throw .transport(error)
                }
            }
            return nil
        }

        private mutating func decoded(_ message: ServerSentEvent) throws(Failure) -> Event? {
            do {
                return try decode(message)
            } catch let error as DecodingError {
                finished = true
                let (codingPath, detail) = DecodingErrorDescription.describe(error, body: Data(message.data.utf8))
                throw .decoding(codingPath: codingPath, detail: detail)
            } catch let error as ClientError<ErrorBody> {
                finished = true
                throw error
            } catch {
                finished = true
                throw .decoding(codingPath: "", detail: String(describing: error))
            }
        }
    }
}
