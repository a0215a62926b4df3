import MusubiDocument

/// One operation as decided: what its request type sends and what it receives, not yet how it
/// is written.
///
/// The request builders (`Requests/`, `Responses/`) make these values; the presentation step
/// (``RequestPresentation``) turns each into the `Request` template's context,
/// ``RequestDeclaration``, with every line laid out. `musubi dump-model` shows them.
public struct RequestDecision: Equatable, Codable, Sendable {
    /// The type name, from the `operationId` (`ShowPetByID`) or else the method and path.
    public var name: String
    /// Path relative to the output directory (`Requests/PetsRequests.swift`).
    public var fileName: String
    public var method: APIOperation.Method
    /// The path template as the spec writes it (`/pets/{petId}`).
    public var path: String
    /// The spec's `operationId` as written, if it has one.
    public var operationID: String?
    /// The operation's summary, as the spec writes it.
    public var summary: String?
    /// The operation's description, as the spec writes it.
    public var description: String?
    public var isDeprecated: Bool
    /// The parameters: path parameters first, then the required ones, then the optional ones,
    /// each group in the spec's order. Headers the transport owns (`Accept`, `Content-Type`,
    /// `Authorization`) are not among them.
    public var parameters: [Parameter]
    /// The body the request sends, if the operation takes one.
    public var body: Body?
    /// The server the request goes to unless told otherwise, when the spec gives the operation
    /// servers of its own.
    public var server: ServerChoice?
    /// What the request receives.
    public var responses: Responses
    /// Set when a success response is a stream of events: the request is then a
    /// `StreamingRequest` too.
    public var stream: Stream?
    /// The alternatives of the operation's `security`, any one of which is enough; empty when
    /// the operation needs no credentials or every alternative is empty (`[{}]`), which the
    /// runtime's default says already.
    public var security: [SecurityRequirement]
    /// The header parameter, as the spec names it, in which the operation takes an idempotency
    /// key (`Idempotency-Key`): the request states it, so that the client sends a new key for a
    /// call that sets none and the retry interceptor may repeat the operation. `nil` when the
    /// operation declares no such header.
    public var idempotencyKeyHeader: String? = nil
    /// Set when the operation returns a list a page at a time: the request is then a
    /// `PaginatedRequest` too.
    public var pagination: PaginationDecision? = nil
    /// Where the spec writes the operation.
    public var place: SpecPlace? = nil

    /// `GET /pets/{petId}`.
    public var signature: String { "\(method.rawValue.uppercased()) \(path)" }
}

extension RequestDecision {
    /// One parameter, a stored property of the request.
    public struct Parameter: Equatable, Codable, Sendable {
        /// The property's name, backticked if needed.
        public var name: String
        /// The name the spec gives it: what is sent.
        public var specName: String
        public var location: MusubiDocument.Parameter.Location
        /// The value's type; the property is its optional when ``isRequired`` is false.
        public var type: SwiftType
        public var isRequired: Bool
        /// How the value is written.
        public var serialization: Serialization
        /// Whether reserved characters are sent unencoded (a query parameter's `allowReserved`).
        public var allowReserved: Bool
        /// Whether the value is a single value (a scalar, an open enum, a `oneOf` of scalars),
        /// for which `explode` changes nothing.
        public var isScalar: Bool
        /// The parameter's description, as the spec writes it.
        public var description: String?
        public var isDeprecated: Bool
        /// The default the spec documents (`30`), which the server applies when the parameter
        /// is not sent: shown in the doc comment, never sent by the client.
        public var defaultValue: String? = nil
    }

    /// How a parameter's value is written.
    public enum Serialization: Equatable, Codable, Sendable {
        /// Laid out by its style, as the document settled it (with the specification's defaults).
        case style(ParameterStyle, explode: Bool)
        /// As JSON text: a parameter described with a JSON `content`.
        case json
    }

    /// The request's body.
    public struct Body: Equatable, Codable, Sendable {
        /// The property's name: `body`, or another when a parameter is called that.
        public var name: String
        public var isRequired: Bool
        /// The body's description, as the spec writes it.
        public var description: String?
        /// How the body is sent.
        public var content: Content
        /// The properties of a form or multipart body whose encoding the spec describes
        /// (OpenAPI's Encoding Object), when it says something the body writer uses.
        public var fieldEncodings: [FieldEncoding]

        /// The request properties the multipart part headers add, in order.
        public var partHeaders: [PartHeader] { fieldEncodings.flatMap(\.headers) }
    }

    /// The media types a body is sent in.
    public enum Content: Equatable, Codable, Sendable {
        /// One media type: the property is the value itself.
        case single(BodyFormat)
        /// Several, of which the caller picks one: the property is an enum `Body` with a case per
        /// media type, JSON first.
        case alternatives([BodyAlternative])

        /// The formats offered, in order.
        public var formats: [BodyFormat] {
            switch self {
            case .single(let format): return [format]
            case .alternatives(let alternatives): return alternatives.map(\.format)
            }
        }
    }

    /// One case of the `Body` enum.
    public struct BodyAlternative: Equatable, Codable, Sendable {
        /// The case name (`json`, `multipart`, `png`).
        public var name: String
        /// The media type as the spec writes it.
        public var mediaType: String
        public var format: BodyFormat
    }

    /// How a body value of one media type is written.
    public enum BodyFormat: Equatable, Codable, Sendable {
        /// JSON, with the media type to send when it is not `application/json`
        /// (`application/vnd.api+json`).
        case json(SwiftType, contentType: String?)
        /// `application/x-www-form-urlencoded` of an object, with the media type to send when it
        /// is written differently; `usesFieldEncodings` when the body's field encodings apply.
        case form(SwiftType, contentType: String?, usesFieldEncodings: Bool)
        /// `multipart/form-data` of an object, with the media type to send when it is another
        /// `multipart/…`.
        case multipart(SwiftType, contentType: String?, usesFieldEncodings: Bool)
        /// Text (`text/…`), sent with its media type.
        case text(contentType: String)
        /// Bytes the caller supplies (a `FileUpload`), sent with the media type.
        case binary(contentType: String)

        /// The Swift type of the value.
        public var type: SwiftType {
            switch self {
            case .json(let type, _), .form(let type, _, _), .multipart(let type, _, _): return type
            case .text: return .string
            case .binary: return .named("FileUpload")
            }
        }
    }

    /// How one property of a form or multipart body is written (an entry of the Encoding Object).
    public struct FieldEncoding: Equatable, Codable, Sendable {
        /// The property's name in the body, as the spec writes it.
        public var property: String
        /// A form field's style, when not the default `form`.
        public var style: ParameterStyle?
        /// A form field's `explode`, when the spec gives it.
        public var explode: Bool?
        /// The media type of the field or part, when the spec gives it.
        public var contentType: String?
        /// A multipart part's documented headers, each a request property.
        public var headers: [PartHeader]
    }

    /// A header of one multipart part, sent from a property of the request.
    public struct PartHeader: Equatable, Codable, Sendable {
        /// The property's name, backticked if needed.
        public var name: String
        /// The header's name, as the spec writes it.
        public var specName: String
        /// The part it is sent with, as the spec names the property.
        public var part: String
        /// The value's type; the property is its optional when ``isRequired`` is false.
        public var type: SwiftType
        public var isRequired: Bool
        /// The header's description, as the spec writes it.
        public var description: String?
    }

    /// One of the API's servers, by its member.
    public struct ServerChoice: Equatable, Codable, Sendable {
        /// The `Server` member that holds the API's servers (`petstore`, ``APIDecision/serversMember``).
        public var apiMember: String
        /// The server's member of the API's servers type (`uploads`).
        public var member: String
        /// Whether the member is a function (of its variables), called with their defaults.
        public var isFunction: Bool
    }

    /// The responses the request decodes.
    public struct Responses: Equatable, Codable, Sendable {
        /// What a successful call returns.
        public var success: Outcome
        /// The documented errors whose JSON body is decoded into a `Failure`; nil when none is.
        public var failure: Outcome?
        /// Documented success statuses outside 2XX that reach the caller (a `300` answer, a
        /// `1XX`): the request accepts them too. Redirects are not among them, as the transport
        /// follows them, nor `304`, which ``notModified`` decides.
        public var statusesBeyond2XX: [ResponseStatus]
        /// When a documented `304 Not Modified` answers the request; nil when nothing the caller
        /// can send asks for one, and a `304` is then reported as a status like any other.
        public var notModified: NotModified?
        /// The media types the `Accept` header asks for, when not JSON alone; empty for the
        /// runtime's default.
        public var acceptedMediaTypes: [String]
    }

    /// When a `304 Not Modified` is a success: only a conditional request (`If-None-Match`,
    /// `If-Modified-Since`) can get one, so only an operation that declares such a header
    /// parameter accepts it, and only when the header is sent.
    public enum NotModified: Equatable, Codable, Sendable {
        /// Always: a conditional header is a required parameter, sent with every call.
        case always
        /// When one of these properties (optional conditional headers, `ifNoneMatch`) is set.
        case whenSet([String])
    }

    /// What a set of documented responses decodes to.
    public enum Outcome: Equatable, Codable, Sendable {
        /// One payload whatever the status: `typealias Response = Pet`.
        case single(Payload)
        /// A case per documented status, each with its payload: `enum Response`.
        case byStatus([StatusCase])
    }

    /// One documented status of a `Response` or `Failure` enum.
    public struct StatusCase: Equatable, Codable, Sendable {
        public var status: ResponseStatus
        /// The case name, from the status (`ok`, `notFound`, `clientError` for `4XX`).
        public var name: String
        public var payload: Payload
        /// The response's description, as the spec writes it.
        public var description: String?
    }

    /// What one response's body (and documented headers) decodes to.
    public struct Payload: Equatable, Codable, Sendable {
        /// How the body is read.
        public enum Decoding: String, Equatable, Codable, Sendable {
            /// Decoded from JSON.
            case json
            /// Read as UTF-8 text.
            case text
            /// Kept as bytes.
            case data
            /// No body: `NoContent`.
            case none
        }

        /// The body's type (`NoContent` for none).
        public var type: SwiftType
        public var decoding: Decoding
        /// The body's media type as the spec writes it; empty for none.
        public var contentType: String
        /// The struct of the documented response headers, if any.
        public var headers: SwiftType?

        /// `WithHeaders<Body, Headers>` when headers are documented, else the body's type.
        public var swiftType: SwiftType {
            headers.map { .generic("WithHeaders", [type, $0]) } ?? type
        }

        /// Whether an enum case for it carries a value.
        public var hasValue: Bool { decoding != .none || headers != nil }

        /// No body and no headers.
        public static let none = Payload(type: .named("NoContent"), decoding: .none, contentType: "")
    }

    /// A response that is a stream of events.
    public struct Stream: Equatable, Codable, Sendable {
        /// The type of one event: its schema's, else `ServerSentEvent` or `JSONValue`.
        public var eventType: SwiftType
        public var framing: Framing
        /// What the schema describes of one server-sent event.
        public var eventSchema: EventSchema = .data
    }

    /// What a stream's schema describes of one server-sent event.
    public enum EventSchema: Equatable, Codable, Sendable {
        /// The event's data (or one JSON Lines record): decoded from its text as JSON, the
        /// runtime's default.
        case data
        /// The whole message, an object of `data` beside some of `event`, `id` and `retry`
        /// (Speakeasy's convention, OpenAPI 3.2's `itemSchema`): the request decodes it with
        /// `ServerSentEvent.decode(_:data:coding:)`, its `data` as JSON or, when that property
        /// is a string, as text.
        case message(dataIsText: Bool)
    }

    /// How the events of a stream are delimited.
    public enum Framing: Equatable, Codable, Sendable {
        /// `text/event-stream`: the runtime's default.
        case serverSentEvents
        /// JSON Lines, with the media type when it is not `application/jsonl`.
        case jsonLines(mediaType: String?)
        /// `application/json-seq`.
        case jsonSequence
    }

    /// One alternative of an operation's `security`: every scheme it names, with its scopes.
    public struct SecurityRequirement: Equatable, Codable, Sendable {
        public var schemes: [SchemeUse]
    }

    /// A security scheme a requirement names, by its member of the API's security schemes type.
    public struct SchemeUse: Equatable, Codable, Sendable {
        /// The `SecurityScheme` member that holds the API's security schemes (`petstore`,
        /// ``APIDecision/serversMember``).
        public var apiMember: String
        /// The scheme's member of the API's security schemes type (`petstoreAuth`).
        public var member: String
        public var scopes: [String]
    }
}
