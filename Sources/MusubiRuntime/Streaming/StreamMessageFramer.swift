import Foundation

/// Cuts a streamed body into messages according to its `StreamFormat`: server-sent events
/// through `ServerSentEventParser`; JSON Lines and JSON sequences one record per message,
/// carried in a `ServerSentEvent`'s `data` so that decoding has one shape to work on.
struct StreamMessageFramer {
    private enum State {
        case events(ServerSentEventParser)
        case records(LineSplitter)
    }

    private var state: State

    init(_ framing: StreamFormat.Framing) {
        switch framing {
        case .serverSentEvents: state = .events(ServerSentEventParser())
        case .jsonLines: state = .records(LineSplitter(.lineFeed))
        case .jsonSequence: state = .records(LineSplitter(.recordSeparator))
        }
    }

    mutating func append(_ chunk: Data) -> [ServerSentEvent] {
        switch state {
        case .events(var parser):
            defer { state = .events(parser) }
            return parser.append(chunk)
        case .records(var splitter):
            defer { state = .records(splitter) }
            return splitter.append(chunk).compactMap(Self.record)
        }
    }

    mutating func finish() -> [ServerSentEvent] {
        switch state {
        case .events(var parser):
            defer { state = .events(parser) }
            return parser.finish()
        case .records(var splitter):
            defer { state = .records(splitter) }
            return splitter.finish().flatMap(Self.record).map { [$0] } ?? []
        }
    }

    /// A record's text; blank records (an empty last line, the LF ending a JSON sequence
    /// record) are not messages.
    private static func record(_ bytes: [UInt8]) -> ServerSentEvent? {
        let isWhitespace: (UInt8) -> Bool = { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        guard !bytes.allSatisfy(isWhitespace) else { return nil }
        return ServerSentEvent(data: String(decoding: bytes, as: UTF8.self))
    }
}
