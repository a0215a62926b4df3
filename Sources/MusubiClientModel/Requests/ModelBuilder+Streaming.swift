import Foundation
import MusubiDocument

/// Streaming responses: a success response documented as `text/event-stream` or JSON Lines
/// makes the request a `StreamingRequest` whose `Event` is the schema of one event.
extension ModelBuilder {
    private enum Framing {
        case serverSentEvents, jsonLines, jsonSequence
    }

    /// The media types of event streams, by essence. OpenAPI 3.2 lists these as sequential
    /// media types; `x-ndjson` and `json-lines` are what APIs wrote before `jsonl` was registered.
    private static let streamingMediaTypes: [String: Framing] = [
        "text/event-stream": .serverSentEvents,
        "application/jsonl": .jsonLines, "application/x-ndjson": .jsonLines,
        "application/json-lines": .jsonLines, "application/x-jsonlines": .jsonLines,
        "application/json-seq": .jsonSequence,
    ]

    /// The stream of events a success response is, if one is.
    func stream(of operation: APIOperation, requestName: String) -> RequestDecision.Stream? {
        let streams = operation.responses.filter { $0.status.classDigit == 2 }.lazy.flatMap { response in
            response.content.compactMap { media in Self.framing(of: media).map { (media, $0) } }
        }
        guard let (media, framing) = streams.first else { return nil }
        let eventType = eventType(of: media, framing: framing, suggestedName: requestName + "Event")
        switch framing {
        case .serverSentEvents:
            return RequestDecision.Stream(eventType: eventType, framing: .serverSentEvents)
        case .jsonLines:
            return RequestDecision.Stream(
                eventType: eventType,
                framing: .jsonLines(mediaType: media.essence == "application/jsonl" ? nil : media.contentType))
        case .jsonSequence:
            return RequestDecision.Stream(eventType: eventType, framing: .jsonSequence)
        }
    }

    /// The schema of one event: OpenAPI 3.2's `itemSchema`, else what specs wrote before it
    /// (OpenAI among them), the event's schema given as `schema`. Server-sent events whose data
    /// is not JSON (no schema, or a string) are delivered as `ServerSentEvent`s.
    private func eventType(of media: MediaType, framing: Framing, suggestedName: String) -> SwiftType {
        let itemSchema = framing == .serverSentEvents ? nil : media.itemSchema
        guard let schema = itemSchema ?? media.schema else {
            return framing == .serverSentEvents ? .named("ServerSentEvent") : .jsonValue
        }
        let type = swiftType(for: schema, suggestedName: suggestedName)
        return framing == .serverSentEvents && type == .string ? .named("ServerSentEvent") : type
    }

    private static func framing(of media: MediaType) -> Framing? {
        streamingMediaTypes[media.essence]
    }
}
