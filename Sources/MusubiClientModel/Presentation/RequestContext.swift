/// One operation as a request type tied to its response type.
public struct RequestDeclaration: Codable, Sendable {
    /// The first line of the file (also on ``ClientModel``, repeated so each template
    /// receives everything it renders in one object).
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    /// The import lines, as on ``ClientModel``.
    public var imports: [String] = []
    /// The API's base protocol the request conforms to.
    public var protocolName: String
    /// The type name, from the `operationId` (`ShowPetByID`) or else the method and path.
    public var name: String
    /// Path relative to the output directory: `Requests/PetsRequests.swift`, shared with the
    /// other requests of the operation's first tag; `Requests/Pets/ShowPetByID.swift` with
    /// `--file-per-type`.
    public var fileName: String
    /// Where the spec writes the operation (`openapi.yaml:40:5`), for errors about the
    /// declaration.
    public var place: SpecPlace? = nil
    /// The operation's summary, description and signature, as `///` lines.
    public var docLines: [String]
    /// Lines such as `@available(*, deprecated)` for a deprecated operation.
    public var attributes: [String]
    /// The class's declaration up to its opening brace (`public final class ShowPetByID:
    /// PetstoreRequest {`, with `StreamingRequest` for a stream), laid out to fit.
    public var declarationLines: [String] = []
    /// `GET /pets/{petId}`, for reference in docs and diagnostics.
    public var signature: String
    /// The spec's `operationId` as written, empty when it has none.
    public var operationID: String

    /// `typealias Response = …` when there is one success shape.
    public var responseType: SwiftType
    /// Whether ``responseType`` is set.
    public var hasResponseType: Bool
    /// `typealias Response = …` laid out to fit (a generic type broken inside its brackets).
    public var responseTypeLines: [String] = []
    /// `enum Response` when there are several.
    public var responseCases: [ResponseCaseDeclaration]
    /// Whether ``responseCases`` is not empty.
    public var hasResponseEnum: Bool
    /// The cases of `decodeResponse`'s `switch` over the status, for a `Response` enum.
    public var decodeResponseCases: [StatusCaseDeclaration]
    /// Whether a `decodeResponse` switching on the status is generated.
    public var hasDecodeResponse: Bool
    /// The body of `decodeResponse` for one success shape the runtime cannot decode by
    /// default: text, bytes, or a body with documented headers.
    public var singleDecodeLines: [String]
    /// Whether ``singleDecodeLines`` is not empty.
    public var hasSingleDecode: Bool

    /// `typealias Failure = …` when documented errors share one body type.
    public var failureType: SwiftType
    /// Whether ``failureType`` is set.
    public var hasFailureType: Bool
    /// `typealias Failure = …` laid out to fit.
    public var failureTypeLines: [String] = []
    /// `enum Failure` cases when documented errors have several body types.
    public var failureCases: [ResponseCaseDeclaration]
    /// Whether ``failureCases`` is not empty.
    public var hasFailureEnum: Bool
    /// The cases of `decodeFailure`'s `switch` over the status, for a `Failure` enum.
    public var decodeFailureCases: [StatusCaseDeclaration]
    /// Whether a `decodeFailure` switching on the status is generated.
    public var hasDecodeFailure: Bool

    /// One stored property per parameter (path, then required, then optional) and the body.
    public var properties: [PropertyDeclaration]
    /// The initializer's parameters, in the properties' order, then `server` for an operation
    /// with servers of its own.
    public var initParameters: [InitParameter]
    /// Whether ``initParameters`` is not empty; without, the request gets `init() {}`.
    public var hasInitParameters: Bool
    /// The initializer's first lines up to its opening brace, laid out to fit the line length.
    public var initDeclarationLines: [String]

    /// The `HTTPMethod` member (`.get`).
    public var method: String
    /// The path as a `RequestPath` literal with interpolated parameters.
    public var pathLiteral: String
    /// The `path` property's lines: one when it fits, else the literal on its own line.
    public var pathLines: [String]
    /// One `QueryParameter(…)` expression per query parameter.
    public var queryItems: [String]
    /// Whether ``queryItems`` is not empty.
    public var hasQuery: Bool
    /// The `[QueryParameter]` array literal's lines.
    public var queryLines: [String]
    /// One `HeaderParameter(…)` expression per header parameter.
    public var headerItems: [String]
    /// Whether ``headerItems`` is not empty.
    public var hasHeaders: Bool
    /// The `[HeaderParameter]` array literal's lines.
    public var headerLines: [String]
    /// One `CookieParameter(…)` expression per cookie parameter.
    public var cookieItems: [String]
    /// Whether ``cookieItems`` is not empty.
    public var hasCookies: Bool
    /// The `[CookieParameter]` array literal's lines.
    public var cookieLines: [String]
    /// The server the operation goes to (`.petstore.uploads`) when the spec gives it servers of its
    /// own, the default of the initializer's last parameter, `server:`; empty otherwise.
    public var serverExpression: String
    /// Whether ``serverExpression`` is set.
    public var hasServer: Bool
    /// The `server` property's doc comment, as `///` lines.
    public var serverDocLines: [String]
    /// The `RequestBody` expression of a body sent in one media type (`.json(body)`).
    public var bodyExpression: String
    /// Whether the operation takes a body, so ``requestBodyLines`` is set.
    public var hasBody: Bool
    /// The `requestBody` property's lines: one expression, or a `switch` over ``bodyCases``.
    public var requestBodyLines: [String]
    /// `enum Body` when the caller picks among several media types.
    public var bodyCases: [BodyCaseDeclaration]
    /// Whether ``bodyCases`` is not empty.
    public var hasBodyEnum: Bool
    /// With a `Body` enum whose first case is JSON: an initializer taking the JSON value
    /// itself, so JSON is what a caller sends without choosing (`UpdateProfile(body: profile)`).
    public var jsonBodyInitLines: [String] = []
    /// Whether ``jsonBodyInitLines`` is not empty.
    public var hasJSONBodyInit: Bool = false
    /// The `bodyEncoding` dictionary literal's lines (OpenAPI's Encoding Object).
    public var bodyEncodingLines: [String]
    /// Whether ``bodyEncodingLines`` is not empty.
    public var hasBodyEncoding: Bool
    /// The condition on `statusCode` that accepts the documented successes, when they are
    /// not exactly the runtime's default of 2XX (a `304` to a conditional request, say).
    public var acceptableStatusCondition: String
    /// ``acceptableStatusCondition`` laid out at a statement's column: on one line when it fits,
    /// else broken before each top-level `||`.
    public var acceptableStatusLines: [String] = []
    /// Whether ``acceptableStatusCondition`` is set.
    public var hasAcceptableStatus: Bool
    /// An `Accept` header value literal when it is not JSON's.
    public var acceptLiteral: String
    /// Whether ``acceptLiteral`` is set.
    public var hasAccept: Bool

    /// The `static var operationID` lines, when the spec names the operation.
    public var operationIDLines: [String] = []
    /// Whether ``operationIDLines`` is not empty.
    public var hasOperationID: Bool = false

    /// Whether a success response is a stream of events (`text/event-stream`, JSON Lines),
    /// making the request a `StreamingRequest` too.
    public var isStreaming: Bool = false
    /// `typealias Event = …`: the schema of one event, else `ServerSentEvent` or `JSONValue`.
    public var eventType: SwiftType = .none
    /// `typealias Event = …` laid out to fit.
    public var eventTypeLines: [String] = []
    /// Whether the `Event` typealias follows an enum and so needs a blank line before it.
    public var eventFollowsEnum: Bool = false
    /// `.jsonLines(mediaType: "application/x-ndjson")`, when not the default server-sent events.
    public var streamFormatExpression: String = ""
    /// Whether ``streamFormatExpression`` is set.
    public var hasStreamFormat: Bool = false
    /// The statement of `decodeEvent(_:coding:)`, when the stream's schema describes the whole
    /// server-sent message (`data` beside `event`, `id`, `retry`) rather than its data:
    /// `try message.decode(Event.self, data: .json, coding: coding)`.
    public var decodeEventStatement: String = ""
    /// Whether ``decodeEventStatement`` is set.
    public var hasDecodeEvent: Bool = false

    /// The `static var security` property's lines — the operation's requirements as a literal
    /// of the API's schemes (`.petstore.petstoreAuth`) and scopes — when it has any.
    public var securityLines: [String] = []
    /// Whether ``securityLines`` is not empty.
    public var hasSecurity = false
    /// The `static var idempotencyKeyHeader` property's lines, naming the header in which the
    /// operation takes an idempotency key, when it declares one.
    public var idempotencyKeyLines: [String] = []
    /// Whether ``idempotencyKeyLines`` is not empty.
    public var hasIdempotencyKey = false

    /// Whether the operation returns a list a page at a time, so an extension makes the
    /// request a `PaginatedRequest` too.
    public var isPaginated = false
    /// The `pagination` property's lines: the runtime's scheme (`.linkHeader`,
    /// `.cursor(parameter: "starting_after")`).
    public var paginationLines: [String] = []
    /// The `items(of:)` method's lines: where a page's items are (`page.data`).
    public var itemsLines: [String] = []
    /// The `nextCursor(after:)` method's lines, for a cursor scheme: where the next cursor is
    /// (`page.hasMore ? page.data.last?.id : nil`).
    public var nextCursorLines: [String] = []
    /// Whether ``nextCursorLines`` is not empty.
    public var hasNextCursor = false
}

/// One media type a body can be sent in, as a case of the request's `Body` enum.
public struct BodyCaseDeclaration: Codable, Sendable {
    /// `json`, `form`, `multipart`, …
    public var name: String
    /// The value's Swift type.
    public var payload: SwiftType
    /// The media type the case sends, as `///` lines.
    public var docLines: [String]
    /// The `RequestBody` expression for the case's `value`.
    public var statement: String
    /// `case name(Payload)`, the payload on the next line when the case is too long.
    public var caseLines: [String] = []
}

public struct ResponseCaseDeclaration: Codable, Sendable {
    /// The case name, from the status (`ok`, `notFound`, `clientError` for `4XX`), backticked if needed.
    public var name: String
    /// `(Pet)` or empty for a case without payload.
    public var payload: String
    /// The response's description, as `///` lines.
    public var docLines: [String]
    /// `case name(Pet)`, the payload on the next line when the case is too long.
    public var caseLines: [String] = []
}

public struct StatusCaseDeclaration: Codable, Sendable {
    /// `case 200`, `case 200...299`, or `default`.
    public var label: String
    /// The statement the case runs.
    public var statement: String
    /// The case as source lines: `label: statement` on one line when it fits, else the
    /// statement on its own line, indented.
    public var lines: [String]
}
