/// How a streaming response is cut into messages, and the media type asked for in `Accept`.
public struct StreamFormat: Hashable, Sendable {
    public enum Framing: Hashable, Sendable {
        /// `text/event-stream`: events separated by blank lines (see `ServerSentEvent`).
        case serverSentEvents
        /// JSON Lines / NDJSON: one JSON value per line.
        case jsonLines
        /// JSON text sequences (RFC 7464): each JSON value preceded by RS.
        case jsonSequence
    }

    public var framing: Framing
    /// Sent as `Accept`: the media type the spec names, e.g. `application/x-ndjson`.
    public var mediaType: String

    public init(framing: Framing, mediaType: String) {
        self.framing = framing
        self.mediaType = mediaType
    }

    public static let serverSentEvents = StreamFormat(framing: .serverSentEvents, mediaType: "text/event-stream")

    /// `application/jsonl` unless the spec names another type for the same framing
    /// (`application/x-ndjson`, `application/json-lines`).
    public static func jsonLines(mediaType: String = "application/jsonl") -> StreamFormat {
        StreamFormat(framing: .jsonLines, mediaType: mediaType)
    }

    public static let jsonSequence = StreamFormat(framing: .jsonSequence, mediaType: "application/json-seq")
}
