/// An HTTP request method.
///
/// A struct rather than an enum so that a spec using an unusual method (WebDAV's `PROPFIND`,
/// say) still produces a client: `HTTPMethod(rawValue: "PROPFIND")`. The common methods are
/// static members, so generated code reads `.get`, `.post`, … as if it were an enum.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method token exactly as sent on the wire, e.g. `GET`.
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// Whether sending the request twice has the same effect as sending it once
    /// (RFC 9110 §9.2.2). Only such requests may be retried automatically: retrying a `POST`
    /// that timed out after the server acted on it would, for example, create a second order.
    public var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options, .trace: true
        default: false
        }
    }

    public var description: String { rawValue }
}
