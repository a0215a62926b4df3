/// One cookie parameter of a request; `Client` sends all of a request's cookies in one
/// `Cookie` header, `name=value` pairs separated by `; `.
///
/// OpenAPI's `form` style, the only one for cookies: `color=blue`; an array
/// `color=blue,black,brown`, or exploded (the default) one pair per element
/// `color=blue; color=black; color=brown`; an object `color=R,100,G,200,B,150`, or exploded
/// `R=100; G=200; B=150`. Names and values are percent-encoded but for RFC 3986 unreserved
/// characters, so no value can end the pair or the header. A `nil` value sends nothing.
public struct CookieParameter: Hashable, Sendable {
    public let name: String
    private let content: ParameterContent<[String]>

    /// - Parameters:
    ///   - name: The cookie's name as the spec spells it; it is percent-encoded when sent.
    ///   - value: The value; `nil` sends nothing.
    ///   - explode: On by default, as OpenAPI specifies for `form` style.
    public init<Value: Encodable>(
        _ name: String, _ value: Value?, explode: Bool = ParameterStyle.form.explodesByDefault
    ) {
        self.name = name
        content = ParameterContent(
            name: name, value, make: { try ParameterNode.make($0) },
            layOut: { node in Self.pairs(name: name, node: node, explode: explode) })
    }

    /// A cookie described with `content` (JSON): the value as JSON text, encoded with the
    /// request's `coding`, then percent-encoded like any other value.
    public init<Value: Encodable>(_ name: String, json value: Value?, coding: Coding) {
        self.name = name
        content = ParameterContent(
            name: name, value, make: { try ParameterNode.json($0, coding: coding) },
            layOut: { node in Self.pairs(name: name, node: node, explode: false) })
    }

    /// The `name=value` pairs this parameter adds to the `Cookie` header, encoded.
    public var pairs: [String] {
        if case .value(let pairs) = content { return pairs }
        return []
    }

    /// Why the value could not be encoded, or `nil`.
    var problem: String? { content.problem }

    /// The `Cookie` header's value for `parameters`, or `nil` when none contributes.
    static func headerValue(_ parameters: [CookieParameter]) -> String? {
        let pairs = parameters.flatMap(\.pairs)
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }

    private static func pairs(name: String, node: ParameterNode, explode: Bool) -> [String] {
        let encodedName = encode(name)
        switch node {
        case .array(let elements) where explode:
            return elements.map { encodedName + "=" + $0.flatText(encode) }
        case .object(let members) where explode:
            return members.map { encode($0.name) + "=" + $0.value.flatText(encode) }
        default:
            return [encodedName + "=" + node.joined(separator: ",", explode: false, encode: encode)]
        }
    }

    private static func encode(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
    }
}
