import Foundation

/// The body of a request: its media type and how to produce its bytes.
///
/// Encoding is deferred to a closure that receives the request's `Coding`, so a request
/// states *what* it sends (`.json(pet)`) and the client decides *when* to encode, turning a
/// failure into `ClientError.encoding` instead of a crash or a throwing property.
public struct RequestBody: Sendable {
    /// Sent as the `Content-Type` header.
    public var contentType: String
    public var encode: @Sendable (Coding) throws -> Data

    public init(contentType: String, encode: @escaping @Sendable (Coding) throws -> Data) {
        self.contentType = contentType
        self.encode = encode
    }

    /// `value` as JSON, encoded with the request's `Coding` as a request body (so generated
    /// models leave out their read-only properties).
    public static func json<T: Encodable & Sendable>(
        _ value: T, contentType: String = "application/json"
    ) -> RequestBody {
        RequestBody(contentType: contentType) { coding in try coding.encodeRequestBody(value) }
    }

    /// Bytes sent as they are, e.g. an image upload.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(contentType: contentType) { _ in data }
    }

    /// Text, sent as UTF-8. The default media type names the charset because plain
    /// `text/plain` officially means US-ASCII.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> RequestBody {
        RequestBody(contentType: contentType) { _ in Data(text.utf8) }
    }
}
