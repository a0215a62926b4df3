import Foundation
import MusubiReader

/// One HTTP operation: a method on a path, with everything references resolved.
public struct APIOperation: Sendable {
    public enum Method: String, Codable, Sendable, CaseIterable {
        case get, put, post, delete, options, head, patch, trace
    }

    public var method: Method
    /// The path template as written (`/pets/{petId}`).
    public var path: String
    public var operationID: String?
    public var summary: String?
    public var description: String?
    public var tags: [String]
    /// Path-level parameters merged with the operation's own; the operation's win.
    public var parameters: [Parameter]
    public var requestBody: RequestBody?
    public var responses: [Response]
    public var deprecated: Bool
    public var location: SourceLocation
    /// The servers the spec gives this operation itself (its own `servers`, else its path
    /// item's); empty when it is served from the document's servers.
    public var servers: [ServerDescription] = []
    /// How the operation may be authenticated: its own `security`, else the document's. Any
    /// one alternative is enough; empty when the operation needs no credentials. Requirements
    /// naming a scheme the document does not define are left out (with a warning).
    public var security: [SecurityRequirement] = []
    /// The operation's `x-musubi-pagination` extension as written, for the client model to read
    /// (see its `PaginationRule`); nil when the operation has none.
    public var paginationExtension: DocumentValue.Located? = nil
    /// The file the operation is written in (a path item may be `$ref`'d from another file):
    /// what a diagnostic about it names beside its ``location``.
    public var file: String? = nil
}

public struct Parameter: Sendable {
    public enum Location: String, Codable, Sendable {
        case path, query, header, cookie
    }

    public var name: String
    public var location: Location
    public var required: Bool
    public var description: String?
    public var deprecated: Bool
    /// The value's schema; parameters described with `content` carry that media type's schema.
    public var schema: Schema?
    /// How the value is laid out: the spec's `style` when the specification allows it in
    /// this location, else the location's default (``ParameterStyle/defaultStyle(in:)``).
    public var style: ParameterStyle
    /// Whether arrays and objects are written as one pair per item (`explode`): the spec's
    /// value, else the style's default (true for `form` only).
    public var explode: Bool
    public var sourceLocation: SourceLocation
    /// Reserved characters are sent unencoded (`allowReserved`). Only query parameters may
    /// set it; the loader reports and clears it elsewhere.
    public var allowReserved: Bool = false
    /// For a parameter described with `content` rather than `schema`: that media type
    /// (`application/json`), whose schema is ``schema``.
    public var contentType: String? = nil
    /// The name under `components/parameters` when the operation refers to a shared parameter:
    /// its schema is then one type for every operation, best named after the component.
    public var componentName: String? = nil
}

public struct RequestBody: Sendable {
    public var description: String?
    public var required: Bool
    public var content: [MediaType]
    public var location: SourceLocation
    /// The name under `components/requestBodies` when the operation refers to a shared body.
    public var componentName: String? = nil
}

public struct MediaType: Sendable {
    /// The media type as written (`application/json`, `application/vnd.api+json; charset=utf-8`).
    public var contentType: String
    public var schema: Schema?
    /// OpenAPI 3.2's schema of each item of a sequential media type (JSON Lines, JSON
    /// sequences, event streams), where `schema` would describe the whole body.
    public var itemSchema: Schema? = nil
    public var example: DocumentValue?
    /// How properties of a form or multipart body are written, by property name, in source
    /// order (OpenAPI's Encoding Object).
    public var encoding: [PropertyEncoding] = []

    /// The media type without its parameters, trimmed and lowercased
    /// (`Application/JSON; charset=utf-8` → `application/json`): what decides how a body is
    /// written.
    public var essence: String { Self.essence(of: contentType) }

    /// Whether bodies of this type are JSON (`application/json`, `…+json`, `…/json;charset`).
    public var isJSON: Bool {
        let essence = essence
        return essence == "application/json" || essence.hasSuffix("+json") || essence == "text/json"
            || essence == "*/*" && schema != nil
    }

    /// Whether bodies of this type are text, which a client reads and writes as a string: every
    /// `text/*` type, and a textual application type (XML, YAML, JavaScript, GraphQL, SQL, an
    /// HLS playlist) whose schema says the body is a string (`type: string`, not `format:
    /// binary`). XML described by an object schema stays bytes: Musubi does not parse XML.
    public var isText: Bool {
        let essence = essence
        if essence.hasPrefix("text/") { return true }
        guard let schema, schema.types == ["string"], schema.format != "binary" else { return false }
        return Self.textualApplicationTypes.contains(essence) || essence.hasSuffix("+xml")
            || essence.hasSuffix("+yaml")
    }

    /// Application media types whose bodies are text.
    private static let textualApplicationTypes: Set<String> = [
        "application/xml", "application/yaml", "application/x-yaml", "application/javascript",
        "application/ecmascript", "application/graphql", "application/sql", "application/vnd.apple.mpegurl",
        "application/x-mpegurl",
    ]

    /// `contentType`'s essence. Asked for every body and response of every operation, so it
    /// works on bytes (a media type is ASCII) rather than through Foundation's trimming.
    public static func essence(of contentType: String) -> String {
        let utf8 = contentType.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = utf8.startIndex
        var end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
        while start < end, isSpace(utf8[start]) { utf8.formIndex(after: &start) }
        while end > start, isSpace(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        let bytes = utf8[start..<end]
        guard bytes.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return String(contentType[start..<end])
        }
        return String(contentType[start..<end]).lowercased()
    }
}

/// How one property of a form or multipart body is written.
public struct PropertyEncoding: Sendable {
    public var name: String
    /// The part's (or the JSON field's) media type, possibly a list (`image/png, image/jpeg`).
    public var contentType: String?
    /// Extra headers of a multipart part.
    public var headers: [Header]
    /// The style the encoding names, one of ``ParameterStyle/allowedInEncoding``; nil when it
    /// names none, and the form writer's default (`form`) applies.
    public var style: ParameterStyle?
    /// `explode` as written; nil when the encoding does not say.
    public var explode: Bool?

    public init(
        name: String, contentType: String? = nil, headers: [Header] = [], style: ParameterStyle? = nil,
        explode: Bool? = nil
    ) {
        self.name = name
        self.contentType = contentType
        self.headers = headers
        self.style = style
        self.explode = explode
    }
}

public struct Response: Sendable {
    public var status: ResponseStatus
    public var description: String?
    public var content: [MediaType]
    public var headers: [Header]
    public var location: SourceLocation
    /// The name under `components/responses` (Swagger 2.0: `responses`) when the operation
    /// refers to a shared response: its body is one type for every operation, best named
    /// after the component.
    public var componentName: String? = nil
}

public struct Header: Sendable {
    public var name: String
    public var description: String?
    public var required: Bool
    public var schema: Schema?
}

/// The key of a response: an exact code, a class of codes, or `default`.
///
/// A closed form rather than the key's text: the client model writes status codes into Swift
/// source, so it must only ever write digits it formatted itself. A key that is none of these
/// (`"300 || true"`) never becomes a `Response`; the loader warns and drops it.
public enum ResponseStatus: Hashable, Sendable, CustomStringConvertible {
    /// An exact code, `100` to `599`.
    case code(Int)
    /// `1XX` to `5XX`: every code whose hundreds digit is `digit` (1 to 5).
    case range(digit: Int)
    case `default`

    /// The status a response key names: `default`, three digits from `100` to `599`, or a
    /// digit from 1 to 5 followed by `XX`. Case does not matter for the letters (`2xx`,
    /// `Default`), as many real specs write them so; anything else is nil.
    public init?(key: String) {
        let bytes = Array(key.utf8)
        if key.lowercased() == "default" {
            self = .default
            return
        }
        guard bytes.count == 3, let first = bytes.first, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(first)
        else { return nil }
        let digit = Int(first - UInt8(ascii: "0"))
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        if isDigit(bytes[1]), isDigit(bytes[2]) {
            self = .code(digit * 100 + Int(bytes[1] - UInt8(ascii: "0")) * 10 + Int(bytes[2] - UInt8(ascii: "0")))
        } else if bytes[1] | 0x20 == UInt8(ascii: "x"), bytes[2] | 0x20 == UInt8(ascii: "x") {
            self = .range(digit: digit)
        } else {
            return nil
        }
    }

    /// `200`, `2XX` or `default`: the status written in its one canonical spelling.
    public var description: String {
        switch self {
        case .code(let code): return String(code)
        case .range(let digit): return "\(digit)XX"
        case .default: return "default"
        }
    }

    /// The hundreds digit of the codes this status covers; nil for `default`.
    public var classDigit: Int? {
        switch self {
        case .code(let code): return code / 100
        case .range(let digit): return digit
        case .default: return nil
        }
    }
}

/// A status is written as its key (`200`, `2XX`, `default`) and read back from one.
extension ResponseStatus: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let key = try container.decode(String.self)
        guard let status = ResponseStatus(key: key) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(key)' is not a response status")
        }
        self = status
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
