import Foundation

/// Turns the bytes of a `text/event-stream` into events, incrementally, following the WHATWG
/// HTML standard's "interpreting an event stream": a leading BOM is skipped; lines end with
/// CRLF, LF or CR; a line starting with `:` is a comment; `field: value` loses one space after
/// the colon; `data` lines accumulate; a blank line dispatches the event unless it has no
/// data; `id` and `retry` persist; unknown fields are ignored; an event not closed by a blank
/// line when the stream ends is discarded.
struct ServerSentEventParser {
    private var lines = LineSplitter(.anyLineBreak)
    private var atStart = true
    private var pendingBOM: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType: String?
    private var lastEventID: String?
    private var retry: Int?

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The events that `chunk` completes.
    mutating func append(_ chunk: Data) -> [ServerSentEvent] {
        var chunk = chunk
        if atStart {
            // The BOM may itself be split across chunks: hold bytes back until it is decided.
            pendingBOM += chunk
            if pendingBOM.count < Self.bom.count, Self.bom.starts(with: pendingBOM) { return [] }
            atStart = false
            chunk = Data(pendingBOM.starts(with: Self.bom) ? pendingBOM.dropFirst(Self.bom.count) : pendingBOM[...])
            pendingBOM = []
        }
        var events: [ServerSentEvent] = []
        for line in lines.append(chunk) {
            if let event = process(line) { events.append(event) }
        }
        return events
    }

    /// Call when the body ended. A partial event is dropped, as the standard says; only its
    /// line is still interpreted, which cannot dispatch anything.
    mutating func finish() -> [ServerSentEvent] {
        if let line = lines.finish() { _ = process(line) }
        return []
    }

    private mutating func process(_ line: [UInt8]) -> ServerSentEvent? {
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let name: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            name = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            name = line[...]
            value = []
        }
        switch String(decoding: name, as: UTF8.self) {
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(0x0A) }
            data += value
            hasData = true
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                retry = Int(String(decoding: value, as: UTF8.self))
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            data = []
            hasData = false
            eventType = nil
        }
        guard hasData else { return nil }
        return ServerSentEvent(
            event: eventType?.isEmpty == false ? eventType : nil,
            data: String(decoding: data, as: UTF8.self),
            id: lastEventID?.isEmpty == false ? lastEventID : nil,
            retry: retry)
    }
}
