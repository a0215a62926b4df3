import MusubiReader

/// A request the API sends to its user's server rather than answers: an OpenAPI 3.1 webhook
/// (a path item under the document's `webhooks`, keyed by the event's name) or a callback of
/// an operation (`callbacks`: a name, a runtime expression for the URL, a path item).
///
/// Its ``operation`` is read like any other operation, with references resolved; its
/// request body is the event's payload, its header parameters are what the sender sets
/// (GitHub's `X-GitHub-Event`). Path templates are not checked: a webhook's key is a name and
/// a callback's is an expression (`{$request.body#/callbackUrl}`), not a path of this API.
public struct WebhookEvent: Sendable {
    /// Where the spec declares the event.
    public enum Origin: Sendable, Equatable {
        /// Under the document's `webhooks`.
        case webhook
        /// Under `callbacks` of an operation: the URL's runtime expression as written, and
        /// the operation that registers it, as `METHOD /path`.
        case callback(expression: String, registeredBy: String)
    }

    /// The webhook's or the callback's key as written (`newPet`, `issues-opened`, `onData`).
    public var name: String
    public var origin: Origin
    /// The request the event arrives as: its method, parameters and body. Its
    /// ``APIOperation/path`` is the webhook's name or the callback's expression.
    public var operation: APIOperation
    /// Where the event's key is written.
    public var location: SourceLocation
}
