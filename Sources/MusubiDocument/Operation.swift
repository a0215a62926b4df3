import Foundation
import MusubiReader

/// One HTTP operation: a method on a path, with everything references resolved.
public struct APIOperation: Sendable {
    public enum Method: String, Sendable, CaseIterable {
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
}

public struct Parameter: Sendable {
    public enum Location: String, Sendable {
        case path, query, header, cookie
    }

    public var name: String
    public var location: Location
    public var required: Bool
    public var description: String?
    public var deprecated: Bool
    /// The value's schema; parameters described with `content` carry that media type's schema.
    public var schema: Schema?
    public var style: String?
    public var explode: Bool?
    public var sourceLocation: SourceLocation
    /// Query parameters: reserved characters are sent unencoded (`allowReserved`).
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
    public var example: Node?
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
    public var style: String?
    public var explode: Bool?

    public init(
        name: String, contentType: String? = nil, headers: [Header] = [], style: String? = nil, explode: Bool? = nil
    ) {
        self.name = name
        self.contentType = contentType
        self.headers = headers
        self.style = style
        self.explode = explode
    }
}

public struct Response: Sendable {
    /// `200`, `2XX` or `default`, as written.
    public var statusCode: String
    public var description: String?
    public var content: [MediaType]
    public var headers: [Header]
    public var location: SourceLocation
}

public struct Header: Sendable {
    public var name: String
    public var description: String?
    public var required: Bool
    public var schema: Schema?
}
