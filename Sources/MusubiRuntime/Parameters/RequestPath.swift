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
        public mutating func appendInterpolation<Value: Encodable>(
            _ value: Value, explode: Bool = ParameterStyle.simple.explodesByDefault
        ) {
            append(value) { RequestPath.layOut($0, style: .simple, name: "", explode: explode) }
        }

        /// `label` style: `.blue`.
        public mutating func appendInterpolation<Value: Encodable>(
            label value: Value, explode: Bool = ParameterStyle.label.explodesByDefault
        ) {
            append(value) { RequestPath.layOut($0, style: .label, name: "", explode: explode) }
        }

        /// `matrix` style: `;color=blue`; `name` is the parameter's name in the spec.
        public mutating func appendInterpolation<Value: Encodable>(
            matrix value: Value, name: String, explode: Bool = ParameterStyle.matrix.explodesByDefault
        ) {
            append(value) { RequestPath.layOut($0, style: .matrix, name: name, explode: explode) }
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

    /// A value laid out in a path style; a style not defined for paths is laid out as `simple`.
    static func layOut(_ node: ParameterNode, style: ParameterStyle, name: String, explode: Bool) -> String {
        switch (style, node) {
        case (.label, .primitive(let text)):
            return "." + segment(text)
        case (.label, _):
            return "." + node.joined(separator: explode ? "." : ",", explode: explode, encode: element)
        case (.matrix, _):
            let prefix = ";" + element(name)
            switch node {
            case .primitive(let text):
                return text.isEmpty ? prefix : prefix + "=" + segment(text)
            case .array(let elements) where explode:
                return elements.map { prefix + "=" + $0.flatText(element) }.joined()
            case .object(let members) where explode:
                return members.map { ";" + element($0.name) + "=" + $0.value.flatText(element) }.joined()
            case .array, .object, .file:
                return prefix + "=" + node.joined(separator: ",", explode: false, encode: element)
            }
        case (_, .primitive(let text)):
            return segment(text)
        default:
            return node.joined(separator: ",", explode: explode, encode: element)
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
