/// One header parameter of a request. A `nil` value, or an empty array or object, sends no
/// header.
///
/// Values are sent as their text, not percent-encoded, in OpenAPI's `simple` style: an array
/// as `blue,black,brown`, an object as `R,100,G,200,B,150` or, exploded, `R=100,G=200,B=150`.
/// A value containing CR or LF could smuggle extra header lines into the request, so `Client`
/// refuses to send one and reports `ClientError.encoding` instead.
public struct HeaderParameter: Hashable, Sendable {
    public let name: String
    private let content: ParameterContent<String>

    /// - Parameters:
    ///   - name: The header's field name.
    ///   - value: The value; `nil` sends no header.
    ///   - explode: Off by default, as OpenAPI specifies for `simple` style.
    public init<Value: Encodable>(
        _ name: String, _ value: Value?, explode: Bool = ParameterStyle.simple.explodesByDefault
    ) {
        self.name = name
        content = ParameterContent(
            name: name, value, make: { try ParameterNode.make($0) },
            layOut: { node in node.joined(separator: ",", explode: explode) { $0 } })
    }

    /// A header described with `content: application/json`: the value as JSON text, encoded
    /// with the request's `coding`.
    public init<Value: Encodable>(_ name: String, json value: Value?, coding: Coding) {
        self.name = name
        content = ParameterContent(
            name: name, value, make: { try ParameterNode.json($0, coding: coding) },
            layOut: { node in node.joined(separator: ",", explode: false) { $0 } })
    }

    /// The field value, or `nil` when the header is not sent.
    public var value: String? {
        if case .value(let text) = content { return text }
        return nil
    }

    /// Why the value could not be encoded, or `nil`.
    var problem: String? { content.problem }
}
