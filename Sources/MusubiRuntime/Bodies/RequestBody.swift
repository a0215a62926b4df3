import Foundation

/// The body of a request: its media type and how to produce its bytes.
///
/// Encoding is deferred to a closure that receives the request's `Coding`, so a request
/// states *what* it sends (`.json(pet)`, `.multipart(form)`) and the client decides *when* to
/// encode, turning a failure into `ClientError.encoding` instead of a crash or a throwing
/// property.
public struct RequestBody: Sendable {
    /// Sent as the `Content-Type` header.
    public var contentType: String
    public var encode: @Sendable (Coding) throws -> Encoded

    /// What encoding produced: the bytes, and a file written for this send alone, which the
    /// client removes once the response (or an error) has arrived.
    public struct Encoded: Sendable {
        public var body: HTTPBody
        public var temporaryFile: URL?

        public init(body: HTTPBody, temporaryFile: URL? = nil) {
            self.body = body
            self.temporaryFile = temporaryFile
        }
    }

    public init(contentType: String, encode: @escaping @Sendable (Coding) throws -> Encoded) {
        self.contentType = contentType
        self.encode = encode
    }

    /// A body whose bytes are produced in memory.
    public init(contentType: String, encodeData: @escaping @Sendable (Coding) throws -> Data) {
        self.init(contentType: contentType) { coding in Encoded(body: .data(try encodeData(coding))) }
    }

    /// `value` as JSON, encoded with the request's `Coding` as a request body (so generated
    /// models leave out their read-only properties).
    public static func json<T: Encodable & Sendable>(
        _ value: T, contentType: String = "application/json"
    ) -> RequestBody {
        RequestBody(contentType: contentType, encodeData: { coding in try coding.encodeRequestBody(value) })
    }

    /// Bytes sent as they are.
    public static func data(_ data: Data, contentType: String) -> RequestBody {
        RequestBody(contentType: contentType, encodeData: { _ in data })
    }

    /// Bytes from memory or streamed from a file, e.g. an image upload. The upload's own
    /// media type wins over the declared one, which may be a range (`image/*`) that cannot be
    /// sent as it is; `application/octet-stream` is sent then.
    public static func binary(_ upload: FileUpload, contentType: String = "application/octet-stream") -> RequestBody {
        let declared = contentType.contains("*") ? "application/octet-stream" : contentType
        return RequestBody(contentType: upload.contentType ?? declared) { _ in Encoded(body: upload.httpBody) }
    }

    /// Text, sent as UTF-8. The default media type names the charset because plain
    /// `text/plain` officially means US-ASCII.
    public static func text(_ text: String, contentType: String = "text/plain; charset=utf-8") -> RequestBody {
        RequestBody(contentType: contentType, encodeData: { _ in Data(text.utf8) })
    }
}
