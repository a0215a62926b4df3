import Foundation

extension ServerSentEvent {
    /// What the text of a message's `data` is to a type that describes the whole message.
    public enum MessageData: Hashable, Sendable {
        /// JSON: the value of the type's `data` (an object, an array, a number…).
        case json
        /// The value of the type's `data` itself, a string.
        case text
    }

    /// Decodes a type that describes the whole message rather than its `data`: an object of
    /// `data` beside `event`, `id` and `retry`, as Speakeasy's specs (Mistral's) and OpenAPI
    /// 3.2's `itemSchema` write the schema of a server-sent event.
    ///
    /// ```swift
    /// func decodeEvent(_ message: ServerSentEvent, coding: Coding) throws -> Event {
    ///     try message.decode(Event.self, data: .json, coding: coding)
    /// }
    /// ```
    ///
    /// `type` is decoded from the object `{"data": …, "event": …, "id": …, "retry": …}`, with
    /// the fields the message lacks left out, so the message's fields fill the type's and an
    /// error names its place from the message down (`data.choices[0].index`). Data that is not
    /// one JSON value, when `data` is `.json`, is an error at `data`.
    public func decode<T: Decodable>(_ type: T.Type, data form: MessageData, coding: Coding) throws -> T {
        var object = Data(#"{"data":"#.utf8)
        switch form {
        case .json:
            let value = Data(data.utf8)
            do {
                _ = try JSONSerialization.jsonObject(with: value, options: .fragmentsAllowed)
            } catch {
                let shown = data.count > 40 ? data.prefix(40) + "…" : data
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [StringCodingKey(stringValue: "data")],
                        debugDescription: "expected JSON, found \"\(shown)\""))
            }
            object.append(value)
        case .text:
            object.append(try Self.jsonString(data))
        }
        if let event {
            object.append(Data(#","event":"#.utf8))
            object.append(try Self.jsonString(event))
        }
        if let id {
            object.append(Data(#","id":"#.utf8))
            object.append(try Self.jsonString(id))
        }
        if let retry {
            object.append(Data(#","retry":\#(retry)"#.utf8))
        }
        object.append(UInt8(ascii: "}"))
        return try coding.decode(type, from: object)
    }

    private static func jsonString(_ text: String) throws -> Data {
        try JSONEncoder().encode(text)
    }
}
