/// One query parameter of a request, serialized the way the spec's `style` and `explode` say.
///
/// A `nil` value, or an empty array or object, contributes nothing, so generated code can list
/// every parameter unconditionally: `QueryParameter("limit", limit)`. Any `Encodable` value
/// works: scalars, arrays, and model structs or dictionaries as objects. The value is
/// serialized when the parameter is made; the serializations are those of the OpenAPI
/// specification's style examples (`color` = `blue`, `[blue, black, brown]`,
/// `{R: 100, G: 200, B: 150}`):
///
/// | style | explode | array | object |
/// |---|---|---|---|
/// | `form` | `true` (default) | `color=blue&color=black&color=brown` | `R=100&G=200&B=150` |
/// | `form` | `false` | `color=blue,black,brown` | `color=R,100,G,200,B,150` |
/// | `spaceDelimited` | `false` | `color=blue%20black%20brown` | `color=R%20100%20G%20200%20B%20150` |
/// | `pipeDelimited` | `false` | `color=blue%7Cblack%7Cbrown` | `color=R%7C100%7CG%7C200%7CB%7C150` |
/// | `deepObject` | any | `color%5B0%5D=blue&…` | `color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150` |
///
/// A primitive is `color=blue` in every style. Combinations OpenAPI leaves undefined are sent
/// the way servers commonly read them: `spaceDelimited` and `pipeDelimited` with `explode` like
/// `form`; arrays in `deepObject` with indices (`expand[0]=customer`, as Stripe reads them),
/// and objects or arrays nested in an object with further brackets (`card[address][city]`).
public struct QueryParameter: Hashable, Sendable {
    /// How the value is laid out in the query (OpenAPI's `style`): the one `ParameterStyle`.
    public typealias Style = ParameterStyle

    /// One `name=value` pair of the query string, both already percent-encoded.
    public struct Item: Hashable, Sendable {
        public let name: String
        public let value: String

        /// The pair as it appears in the query string.
        public var encoded: String { "\(name)=\(value)" }
    }

    /// The parameter name as the spec spells it (not encoded).
    public let name: String
    private let content: ParameterContent<[Item]>

    /// - Parameters:
    ///   - name: The parameter name as the spec spells it; it is percent-encoded when sent.
    ///   - value: The value; `nil` sends nothing, so an optional parameter left out is absent.
    ///   - style: How an array or object value is laid out (OpenAPI's `style`); a style not
    ///     defined for queries (`simple`, `label`, `matrix`) is laid out like `form`.
    ///   - explode: Defaults to what OpenAPI specifies (`ParameterStyle.explodesByDefault`):
    ///     `true` for `form`, `false` otherwise.
    ///   - allowReserved: Keeps RFC 3986 reserved characters (`/ ? : @ ! $ ' ( ) * , ; =`)
    ///     and existing percent-escapes in values as they are, as OpenAPI's `allowReserved`
    ///     says; `& + # [ ]`, which would change how the query string reads, are still encoded.
    public init<Value: Encodable>(
        _ name: String, _ value: Value?, style: ParameterStyle = .form, explode: Bool? = nil,
        allowReserved: Bool = false
    ) {
        self.name = name
        let layout = Layout(
            name: name, style: style, explode: explode ?? style.explodesByDefault, allowReserved: allowReserved)
        content = ParameterContent(name: name, value, make: { try ParameterNode.make($0) }, layOut: layout.items)
    }

    /// A parameter described with `content: application/json`: the value as JSON text,
    /// encoded with the request's `coding`, sent as one percent-encoded value.
    public init<Value: Encodable>(_ name: String, json value: Value?, coding: Coding) {
        self.name = name
        let layout = Layout(name: name, style: .form, explode: true, allowReserved: false)
        content = ParameterContent(
            name: name, value, make: { try ParameterNode.json($0, coding: coding) }, layOut: layout.items)
    }

    /// The percent-encoded pairs this parameter adds to the query string, in order.
    ///
    /// Names and values keep only RFC 3986 unreserved characters (unless `allowReserved`);
    /// everything else, including `+ & = ;` and space, is percent-encoded, so no value can be
    /// misread as a separator by any server (some decode `+` as a space, some split on `;`).
    public var items: [Item] {
        if case .value(let items) = content { return items }
        return []
    }

    /// Why the value could not be encoded, or `nil`; `Client` reports it as
    /// `ClientError.encoding` instead of sending the request without the parameter.
    var problem: String? { content.problem }

    /// The query string for `parameters` (without the `?`), or `nil` when none contributes.
    static func queryString(_ parameters: [QueryParameter]) -> String? {
        let pairs = parameters.flatMap(\.items).map(\.encoded)
        return pairs.isEmpty ? nil : pairs.joined(separator: "&")
    }

    /// The style rules, applied to a value's `ParameterNode`.
    private struct Layout {
        let name: String
        let style: ParameterStyle
        let explode: Bool
        let allowReserved: Bool

        func items(_ node: ParameterNode) -> [Item] {
            let encodedName = QueryParameter.encode(name)
            let separator =
                switch style {
                case .spaceDelimited: "%20"
                case .pipeDelimited: "%7C"
                case .form, .deepObject, .simple, .label, .matrix: ","
                }
            switch (style, node) {
            case (.deepObject, .array), (.deepObject, .object):
                return deepObjectItems(node, name: name)
            case (_, .array(let elements)) where explode:
                return elements.map { Item(name: encodedName, value: $0.flatText(encodeValue)) }
            case (_, .object(let members)) where explode:
                return members.map { Item(name: QueryParameter.encode($0.name), value: $0.value.flatText(encodeValue)) }
            default:
                return [
                    Item(
                        name: encodedName, value: node.joined(separator: separator, explode: false, encode: encodeValue)
                    )
                ]
            }
        }

        /// `name[key]=value`, nesting further brackets for nested values.
        private func deepObjectItems(_ node: ParameterNode, name: String) -> [Item] {
            switch node {
            case .primitive, .file:
                return [Item(name: QueryParameter.encode(name), value: node.flatText(encodeValue))]
            case .array(let elements):
                return elements.enumerated().flatMap { index, element in
                    deepObjectItems(element, name: "\(name)[\(index)]")
                }
            case .object(let members):
                return members.flatMap { deepObjectItems($0.value, name: "\(name)[\($0.name)]") }
            }
        }

        private func encodeValue(_ text: String) -> String {
            allowReserved
                ? PercentEncoding.encode(text, keeping: PercentEncoding.isAllowedReservedInQuery, keepingEscapes: true)
                : QueryParameter.encode(text)
        }
    }

    private static func encode(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
    }
}
