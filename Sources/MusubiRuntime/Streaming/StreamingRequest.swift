import Foundation

/// An operation that can answer with a stream of events — server-sent events or JSON Lines —
/// which `Client.stream(_:options:)` delivers one by one while the response is still arriving.
///
/// A refinement of `Request` rather than a different kind of request, because real APIs
/// offer both from one operation: OpenAI's `createChatCompletion` answers `application/json`
/// (`client.send`, a `CreateChatCompletionResponse`) or `text/event-stream` (`client.stream`,
/// `CreateChatCompletionStreamResponse` chunks) depending on the body it is sent.
public protocol StreamingRequest: Request {
    /// One message of the stream, decoded. `ServerSentEvent` when the spec gives no schema.
    associatedtype Event: Sendable

    /// Default: `.serverSentEvents`.
    var streamFormat: StreamFormat { get }

    /// Turns one message into an `Event`. For JSON Lines and JSON sequences the message's
    /// `data` is the record's text.
    ///
    /// Defaults: the data decoded as JSON when `Event` is `Decodable`; the message itself
    /// when `Event` is `ServerSentEvent`. A generated request whose `Event` describes the whole
    /// message (`data` beside `event`, `id`, `retry`) decodes it with
    /// `ServerSentEvent.decode(_:data:coding:)`.
    func decodeEvent(_ message: ServerSentEvent, coding: Coding) throws -> Event

    /// Whether a message ends the stream without being an event.
    ///
    /// Default: `data` is `[DONE]`, the sentinel OpenAI sends after the last chunk of a chat
    /// completion (and other APIs copied); it can never be a JSON event, so ending there is
    /// safe for every stream, and the caller never sees it.
    func isEndOfStream(_ message: ServerSentEvent) -> Bool
}

extension StreamingRequest {
    public var streamFormat: StreamFormat { .serverSentEvents }

    public func isEndOfStream(_ message: ServerSentEvent) -> Bool {
        message.data == "[DONE]"
    }
}

extension StreamingRequest where Event: Decodable {
    public func decodeEvent(_ message: ServerSentEvent, coding: Coding) throws -> Event {
        try coding.decode(Event.self, from: Data(message.data.utf8))
    }
}

extension StreamingRequest where Event == ServerSentEvent {
    public func decodeEvent(_ message: ServerSentEvent, coding: Coding) throws -> Event {
        message
    }
}
