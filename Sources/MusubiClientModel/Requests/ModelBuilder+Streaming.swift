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
        switch framing {
        case .serverSentEvents:
            let (eventType, eventSchema) = serverSentEvent(of: media, suggestedName: requestName + "Event")
            return RequestDecision.Stream(eventType: eventType, framing: .serverSentEvents, eventSchema: eventSchema)
        case .jsonLines:
            return RequestDecision.Stream(
                eventType: record(of: media, suggestedName: requestName + "Event"),
                framing: .jsonLines(mediaType: media.essence == "application/jsonl" ? nil : media.contentType))
        case .jsonSequence:
            return RequestDecision.Stream(
                eventType: record(of: media, suggestedName: requestName + "Event"), framing: .jsonSequence)
        }
    }

    /// The schema of one record of JSON Lines or a JSON sequence: OpenAPI 3.2's `itemSchema`,
    /// else what specs wrote before it, the record's schema given as `schema`.
    private func record(of media: MediaType, suggestedName: String) -> SwiftType {
        guard let schema = media.itemSchema ?? media.schema else { return .jsonValue }
        return swiftType(for: schema, suggestedName: suggestedName)
    }

    /// The type of one server-sent event and what its schema describes. Specs written before
    /// OpenAPI 3.2 (OpenAI among them) give the schema of the event's data as `schema`; some
    /// (Speakeasy's, Mistral's) give there the schema of the whole message, as 3.2's
    /// `itemSchema` does, which is taken when it has that shape. Events whose data is not JSON
    /// (no schema, or a string) are delivered as `ServerSentEvent`s.
    private func serverSentEvent(
        of media: MediaType, suggestedName: String
    ) -> (SwiftType, RequestDecision.EventSchema) {
        let item = media.itemSchema.flatMap { eventSchema(of: $0) == .data ? nil : $0 }
        guard let given = item ?? media.schema else { return (.named("ServerSentEvent"), .data) }
        let schema = messageWithoutSentinel(given) ?? given
        let type = swiftType(for: schema, suggestedName: suggestedName)
        let described = eventSchema(of: schema)
        return described == .data && type == .string ? (.named("ServerSentEvent"), .data) : (type, described)
    }

    /// The fields of a server-sent message.
    private static let messageFields: Set<String> = ["data", "event", "id", "retry"]

    /// `.message` when `schema` is an object whose properties are `data` and some of `event`,
    /// `id` and `retry`, nothing else: the schema of a whole server-sent message rather than
    /// of its data. An event object with other members (OpenAI's, Anthropic's `{type, …}`)
    /// describes the data, even with a `data` member among them.
    ///
    /// A `oneOf` or `anyOf` whose alternatives are all whole messages is one too (Together's
    /// chunk or `[DONE]`): the union is decoded from the message, and its data is text when
    /// every alternative's is.
    func eventSchema(of schema: Schema) -> RequestDecision.EventSchema {
        if let union = target(of: schema), let alternatives = Self.messageAlternatives(of: union) {
            var dataIsText = true
            for alternative in alternatives {
                guard case .message(let isText) = objectEventSchema(of: alternative) else { return .data }
                dataIsText = dataIsText && isText
            }
            return .message(dataIsText: dataIsText)
        }
        return objectEventSchema(of: schema)
    }

    /// ``eventSchema(of:)`` of one object, not looking into unions: a message's alternatives
    /// are messages, not unions of them.
    private func objectEventSchema(of schema: Schema) -> RequestDecision.EventSchema {
        guard let object = target(of: schema), object.types.allSatisfy({ $0 == "object" }),
            object.allOf.isEmpty, object.oneOf.isEmpty, object.anyOf.isEmpty,
            let data = object.properties.first(where: { $0.name == "data" }),
            object.properties.allSatisfy({ Self.messageFields.contains($0.name) })
        else { return .data }
        return .message(dataIsText: target(of: data.schema)?.types == ["string"])
    }

    /// The alternatives of a union with nothing beside them; nil for any other schema.
    private static func messageAlternatives(of union: Schema) -> [Schema]? {
        let alternatives = union.oneOf.isEmpty ? union.anyOf : union.oneOf
        guard alternatives.count >= 2, union.properties.isEmpty, union.allOf.isEmpty else { return nil }
        return alternatives
    }

    /// The one alternative of a union of whole messages besides the end-of-stream message
    /// (`{data: {enum: ['[DONE]']}}`, which Together's streams list and the runtime ends the
    /// stream at without decoding it): the event is that alternative. Nil for any other schema.
    private func messageWithoutSentinel(_ schema: Schema) -> Schema? {
        guard let union = target(of: schema), let alternatives = Self.messageAlternatives(of: union),
            eventSchema(of: union) != .data
        else { return nil }
        let kept = alternatives.filter { alternative in
            guard let object = target(of: alternative),
                let data = object.properties.first(where: { $0.name == "data" }).flatMap({ target(of: $0.schema) }),
                let values = data.enumValues ?? data.constValue.map({ [$0] })
            else { return true }
            return !values.allSatisfy { $0.string == "[DONE]" }
        }
        return kept.count == 1 ? kept[0] : nil
    }

    /// The schema `schema` refers to, through references to references; itself when it is no
    /// reference, nil when a target is missing or the references go round.
    private func target(of schema: Schema) -> Schema? {
        var current = schema
        for _ in 0..<8 {
            guard let name = current.referencedName else { return current }
            guard let next = catalog.componentSchemas[name] else { return nil }
            current = next
        }
        return nil
    }

    private static func framing(of media: MediaType) -> Framing? {
        streamingMediaTypes[media.essence]
    }
}
