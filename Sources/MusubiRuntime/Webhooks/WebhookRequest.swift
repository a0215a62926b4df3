import Foundation

/// A request an API sent to your server, a webhook or a callback, as your HTTP server
/// received it: what a generated event enum is decoded from (`init(request:)`) and what
/// ``WebhookSignature`` checks.
///
/// The body is the bytes as received: a signature is computed over them, so they must not
/// be decoded and encoded again before the check.
public struct WebhookRequest: Sendable {
    public var method: HTTPMethod
    /// The path the request was sent to, as received (`/hooks/github`); informative only.
    public var path: String
    public var headers: HTTPHeaders
    public var body: Data

    public init(method: HTTPMethod = .post, path: String = "", headers: HTTPHeaders = [:], body: Data) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The name of the event among `events` that this request is: the one whose every
    /// requirement the request meets, the one with the most requirements when several do. An
    /// event without requirements is chosen only when it is the only event, as nothing else
    /// could tell it apart. Nil when no event matches, when the best matches have as many
    /// requirements each (guessing could decode the body as the wrong event), or when the body
    /// is needed and is no JSON object.
    public func eventName(among events: [WebhookEventRoute]) -> String? {
        if events.count == 1, events[0].headers.isEmpty, events[0].bodyFields.isEmpty,
            events[0].nestedBodyFields.isEmpty
        {
            return events[0].method.map { $0 == method } ?? true ? events[0].name : nil
        }
        let needsBody = events.contains { !$0.bodyFields.isEmpty || !$0.nestedBodyFields.isEmpty }
        let needsNested = events.contains { !$0.nestedBodyFields.isEmpty }
        let fields = needsBody ? BodyStrings.fields(of: body, nested: needsNested) : BodyStrings()
        var best: (name: String, requirements: Int, isTied: Bool)?
        for event in events {
            let requirements =
                event.headers.count + event.bodyFields.count + event.nestedBodyFields.values.reduce(0) { $0 + $1.count }
            guard requirements > 0, requirements >= best?.requirements ?? 0 else { continue }
            if let expected = event.method, expected != method { continue }
            let headersMatch = event.headers.allSatisfy { name, value in headers[name] == value }
            let fieldsMatch = event.bodyFields.allSatisfy { name, value in fields.strings[name] == value }
            let nestedMatch = event.nestedBodyFields.allSatisfy { object, members in
                members.allSatisfy { name, value in fields.nested[object]?[name] == value }
            }
            guard headersMatch, fieldsMatch, nestedMatch else { continue }
            if let found = best, found.requirements == requirements, found.name != event.name {
                best?.isTied = true
            } else if best?.requirements != requirements {
                best = (event.name, requirements, false)
            }
        }
        return best.flatMap { $0.isTied ? nil : $0.name }
    }
}

/// What tells one event of an API from its others: header values the sender sets (GitHub's
/// `X-GitHub-Event: issues`) and string fields at the top of the JSON body (Stripe's and
/// OpenAI's `type`, GitHub's `action`), each taken from a schema that allows one value only,
/// or one level down where every event has the same envelope (Anthropic's `data.type`).
public struct WebhookEventRoute: Sendable, Hashable {
    /// The event's name as the spec declares it (`issues-opened`, `newPet`).
    public var name: String
    /// The method the event arrives with; nil for any.
    public var method: HTTPMethod?
    /// Header values the event is sent with, by header name (compared ignoring case).
    public var headers: [String: String]
    /// Values of top-level string fields of the event's JSON body, by field name.
    public var bodyFields: [String: String]
    /// Values of string fields of objects at the top of the body, by the object's field name,
    /// then the string's (`["data": ["type": "session.created"]]`).
    public var nestedBodyFields: [String: [String: String]]

    public init(
        name: String, method: HTTPMethod? = nil, headers: [String: String] = [:], bodyFields: [String: String] = [:],
        nestedBodyFields: [String: [String: String]] = [:]
    ) {
        self.name = name
        self.method = method
        self.headers = headers
        self.bodyFields = bodyFields
        self.nestedBodyFields = nestedBodyFields
    }
}

/// The string values at the top level of a JSON object, and when asked, those of the objects
/// at its top level; what else the object holds is skipped.
private struct BodyStrings: Decodable {
    var strings: [String: String] = [:]
    var nested: [String: [String: String]] = [:]

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: StringCodingKey.self)
        strings = Self.strings(in: container)
        guard decoder.userInfo[Self.nestedKey] as? Bool == true else { return }
        for key in container.allKeys where strings[key.stringValue] == nil {
            if let object = try? container.nestedContainer(keyedBy: StringCodingKey.self, forKey: key) {
                nested[key.stringValue] = Self.strings(in: object)
            }
        }
    }

    /// The string members of one object.
    private static func strings(in container: KeyedDecodingContainer<StringCodingKey>) -> [String: String] {
        var strings: [String: String] = [:]
        for key in container.allKeys {
            if let value = try? container.decode(String.self, forKey: key) { strings[key.stringValue] = value }
        }
        return strings
    }

    private static let nestedKey = CodingUserInfoKey(rawValue: "musubi.webhook.nested")!

    static func fields(of body: Data, nested: Bool) -> BodyStrings {
        let decoder = JSONDecoder()
        decoder.userInfo[nestedKey] = nested
        return (try? decoder.decode(BodyStrings.self, from: body)) ?? BodyStrings()
    }
}
