/// The requests the API sends to its user's server (OpenAPI's `webhooks` and `callbacks`), as
/// decided: one enum with a case per event, which a received request is decoded into.
///
/// The presentation step (``WebhooksPresentation``) turns it into the `Webhooks` template's
/// context, ``WebhooksDeclaration``. `musubi dump-model` shows it.
public struct WebhooksDecision: Codable, Sendable {
    /// Path relative to the output directory (`PetstoreWebhookEvent.swift`), beside the API file.
    public var fileName: String
    /// The enum's name (`PetstoreWebhookEvent`), unique in the module.
    public var enumName: String
    /// The events, webhooks first, then callbacks, in the spec's order.
    public var events: [WebhookEventDecision]
}

/// One event: a case of the webhooks enum, and what tells a received request to be it.
public struct WebhookEventDecision: Codable, Sendable {
    /// What the case carries.
    public enum Payload: Codable, Sendable, Equatable {
        /// Nothing: the event has no body.
        case none
        /// The JSON body decoded into this type.
        case json(SwiftType)
        /// The body's bytes, for a body that is not JSON.
        case bytes
    }

    /// A value the request has when it is this event: a header's, or a top-level string
    /// field's of the JSON body, from a schema that allows that one value only.
    public struct Requirement: Codable, Sendable, Equatable {
        /// The header's or the field's name, as the spec writes it.
        public var name: String
        public var value: String
    }

    /// A string field's value in an object at the top of the JSON body, when nothing at the top
    /// tells the event apart (Anthropic's `data.type`).
    public struct NestedRequirement: Codable, Sendable, Hashable {
        /// The object's field name, as the spec writes it (`data`).
        public var object: String
        /// The string field's name in it (`type`).
        public var name: String
        public var value: String
    }

    /// The case's name (`issuesOpened`), backticked if needed.
    public var caseName: String
    /// The webhook's or the callback's key, as the spec writes it (`issues-opened`).
    public var name: String
    /// The method's member of `HTTPMethod` (`post`).
    public var method: String
    /// Whether another event has the same ``name`` (a path item with several methods): the
    /// method then tells them apart.
    public var sharesName: Bool
    public var payload: Payload
    public var headers: [Requirement]
    public var bodyFields: [Requirement]
    public var nestedBodyFields: [NestedRequirement] = []
    public var summary: String?
    public var description: String?
    /// For a callback: its URL's runtime expression and the operation registering it
    /// (`POST /streams`); nil for a webhook.
    public var callback: Callback?
    public var isDeprecated: Bool

    public struct Callback: Codable, Sendable, Equatable {
        public var expression: String
        public var registeredBy: String
    }
}
