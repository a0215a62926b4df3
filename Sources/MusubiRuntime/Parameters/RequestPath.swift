/// The path of a request, relative to the server URL, written as a string literal with the
/// path parameters interpolated: `"/pets/\(petID)"`.
///
/// The literal parts come from the spec and are used verbatim. Each interpolated value is
/// percent-encoded so that it stays inside its segment: no value — `../admin`, `a/b`, `x?y` —
/// can reach a different endpoint than the one the spec describes. A value that is exactly `.`
/// or `..` is encoded as `%2E` / `%2E%2E` for the same reason: left alone it would be a dot
/// segment that URL resolution removes.
///
/// The interpolations are OpenAPI's path styles (examples for `color` = `blue`,
/// `[blue, black, brown]`, `{R: 100, G: 200, B: 150}`):
///
/// | interpolation | primitive | array | object |
/// |---|---|---|---|
/// | `\(color)` (`simple`) | `blue` | `blue,black,brown` | `R,100,G,200,B,150` |
/// | `\(color, explode: true)` | `blue` | `blue,black,brown` | `R=100,G=200,B=150` |
/// | `\(label: color)` | `.blue` | `.blue,black,brown` | `.R,100,G,200,B,150` |
/// | `\(label: color, explode: true)` | `.blue` | `.blue.black.brown` | `.R=100.G=200.B=150` |
/// | `\(matrix: color, name: "color")` | `;color=blue` | `;color=blue,black,brown` | `;color=R,100,G,200,B,150` |
/// | `\(matrix: color, name: "color", explode: true)` | `;color=blue` | `;color=blue;color=black;color=brown` | `;R=100;G=200;B=150` |
///
/// Inside an array or object only RFC 3986 unreserved characters stay as they are, so the
/// `,` `=` `;` separators cannot be confused with a value's own characters.
public struct RequestPath: ExpressibleByStringInterpolation, Hashable, Sendable, CustomStringConvertible {
    /// The path, percent-encoded and ready to append to the server URL's path.
    public let encoded: String
    /// Why a value could not be encoded, or `nil`; `Client` reports it as
    /// `ClientError.encoding`.
    let problem: String?

    public init(stringLiteral value: String) {
        encoded = value
        problem = nil
    }

    public init(stringInterpolation: StringInterpolation) {
        encoded = stringInterpolation.encoded
        problem = stringInterpolation.problem
    }

    public var description: String { encoded }

    /// Collects literal parts verbatim and encodes each interpolated value in its style.
    public struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var encoded = ""
        fileprivate var problem: String?

        public init(literalCapacity: Int, interpolationCount: Int) {
            encoded.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            encoded += literal
        }

        /// `simple` style, the default for path parameters.
        public mutating func appendInterpolation<Value: Encodable>(_ value: Value, explode: Bool = false) {
            append(value) { node in
                guard case .primitive(let text) = node else {
                    return node.joined(separator: ",", explode: explode, encode: RequestPath.element)
                }
                return RequestPath.segment(text)
            }
        }

        /// `label` style: `.blue`.
        public mutating func appendInterpolation<Value: Encodable>(label value: Value, explode: Bool = false) {
            append(value) { node in
                switch node {
                case .primitive(let text): "." + RequestPath.segment(text)
                case .array, .object:
                    "." + node.joined(separator: explode ? "." : ",", explode: explode, encode: RequestPath.element)
                }
            }
        }

        /// `matrix` style: `;color=blue`; `name` is the parameter's name in the spec.
        public mutating func appendInterpolation<Value: Encodable>(
            matrix value: Value, name: String, explode: Bool = false
        ) {
            let prefix = ";" + RequestPath.element(name)
            append(value) { node in
                switch node {
                case .primitive(let text):
                    text.isEmpty ? prefix : prefix + "=" + RequestPath.segment(text)
                case .array(let elements) where explode:
                    elements.map { prefix + "=" + $0.flatText(RequestPath.element) }.joined()
                case .object(let members) where explode:
                    members.map { ";" + RequestPath.element($0.name) + "=" + $0.value.flatText(RequestPath.element) }
                        .joined()
                case .array, .object:
                    prefix + "=" + node.joined(separator: ",", explode: false, encode: RequestPath.element)
                }
            }
        }

        /// A path parameter described with `content: application/json`: the value as JSON
        /// text, encoded with the request's `coding`, as one segment.
        public mutating func appendInterpolation<Value: Encodable>(json value: Value, coding: Coding) {
            append(
                value, make: { try ParameterNode.json($0, coding: coding) },
                layOut: { node in node.joined(separator: ",", explode: false, encode: RequestPath.segment) })
        }

        private mutating func append<Value: Encodable>(
            _ value: Value,
            make: (Value) throws -> ParameterNode? = { try ParameterNode.make($0) },
            layOut: (ParameterNode) -> String
        ) {
            switch ParameterContent(name: "in the path", value, make: make, layOut: layOut) {
            case .absent: break
            case .value(let text): encoded += text
            case .failed(let problem): self.problem = self.problem ?? problem
            }
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

    /// Percent-encodes a member of an array or object: only unreserved characters stay.
    static func element(_ value: String) -> String {
        PercentEncoding.encode(value, keeping: PercentEncoding.isUnreserved)
    }
}
