/// The path of a request, relative to the server URL, written as a string literal with the
/// path parameters interpolated: `"/pets/\(petID)"`.
///
/// The literal parts come from the spec and are used verbatim. Each interpolated value is
/// percent-encoded as exactly one path segment, so no value — `../admin`, `a/b`, `x?y` — can
/// reach a different endpoint than the one the spec describes. A value that is exactly `.`
/// or `..` is encoded as `%2E` / `%2E%2E` for the same reason: left alone it would be a dot
/// segment that URL resolution removes.
public struct RequestPath: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
    /// The path, percent-encoded and ready to append to the server URL's path.
    public let encoded: String

    public init(stringLiteral value: String) {
        encoded = value
    }

    public init(stringInterpolation: StringInterpolation) {
        encoded = stringInterpolation.encoded
    }

    public var description: String { encoded }

    /// Collects literal parts verbatim and encodes each interpolated value as one segment.
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var encoded = ""

        public init(literalCapacity: Int, interpolationCount: Int) {
            encoded.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            encoded += literal
        }

        public mutating func appendInterpolation<Value: ParameterValue>(_ value: Value) {
            encoded += RequestPath.segment(value.parameterValue)
        }
    }

    /// Percent-encodes `value` so that it is read back as exactly one segment with that text.
    static func segment(_ value: String) -> String {
        switch value {
        case ".": "%2E"
        case "..": "%2E%2E"
        default: PercentEncoding.encode(value, keeping: PercentEncoding.isPathSegmentSafe)
        }
    }
}
