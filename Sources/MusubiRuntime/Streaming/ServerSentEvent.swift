/// One event of a `text/event-stream` response, as the WHATWG HTML standard's event-stream
/// interpretation dispatches it.
///
/// What a streaming operation yields when its spec gives no schema for the events, and what a
/// typed stream decodes its events from (the `data`, as JSON).
public struct ServerSentEvent: Hashable, Sendable {
    /// The `event:` field, `nil` when the server named none (a browser calls those `message`).
    public var event: String?
    /// The `data:` lines, joined with line feeds.
    public var data: String
    /// The last event ID the stream set (`id:`), which persists across events as the standard
    /// says: it is what a client sends as `Last-Event-ID` when it reconnects.
    public var id: String?
    /// The reconnection time in milliseconds the stream most recently asked for (`retry:`).
    public var retry: Int?

    public init(event: String? = nil, data: String, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}
