/// One query parameter of a request, serialized the way the spec's `style` and `explode` say.
///
/// A `nil` value, or an empty array, contributes nothing, so generated code can list every
/// parameter unconditionally: `QueryParameter("limit", limit)`.
public struct QueryParameter: Hashable, Sendable {
    /// How the value is laid out in the query (OpenAPI's `style`).
    ///
    /// Only `form`, the default for query parameters, exists today. The other styles
    /// (`spaceDelimited`, `pipeDelimited`, `deepObject`) become further cases here with their
    /// own serialization in `items`; nothing else changes.
    public enum Style: Hashable, Sendable {
        /// `name=value`; arrays as repeated `name=a&name=b` when exploded, `name=a,b` when not.
        case form
    }

    /// One `name=value` pair of the query string, both already percent-encoded.
    public struct Item: Hashable, Sendable {
        public let name: String
        public let value: String

        /// The pair as it appears in the query string.
        public var encoded: String { "\(name)=\(value)" }
    }

    /// The values, before encoding. Kept apart from `Style` so object values (for
    /// `deepObject`) can be added as a further case later.
    private enum Value: Hashable, Sendable {
        case scalar(String)
        case list([String])
    }

    /// The parameter name as the spec spells it (not encoded).
    public let name: String
    public let style: Style
    /// Whether an array becomes one pair per element (`true`) or a single comma-separated pair.
    public let explode: Bool
    private let value: Value?

    /// A single-valued parameter; `nil` leaves it out of the query.
    public init<V: ParameterValue>(_ name: String, _ value: V?) {
        self.name = name
        self.style = .form
        self.explode = true
        self.value = value.map { .scalar($0.parameterValue) }
    }

    /// An array parameter; `nil` or an empty array leaves it out of the query.
    ///
    /// `explode` defaults to `true`, as OpenAPI specifies for `form`: `tags=a&tags=b`.
    /// With `explode: false` the elements are joined: `tags=a,b` (a comma inside an element
    /// is percent-encoded, so the separators stay unambiguous).
    public init<V: ParameterValue>(_ name: String, _ values: [V]?, explode: Bool = true) {
        self.name = name
        self.style = .form
        self.explode = explode
        self.value = values.map { .list($0.map(\.parameterValue)) }
    }

    /// The percent-encoded pairs this parameter adds to the query string, in order.
    ///
    /// Names and values keep only RFC 3986 unreserved characters; everything else, including
    /// `+ & = ;` and space, is percent-encoded, so no value can be misread as a separator by
    /// any server (some decode `+` as a space, some split on `;`).
    public var items: [Item] {
        let encodedName = Self.encode(name)
        switch value {
        case nil:
            return []
        case .scalar(let text):
            return [Item(name: encodedName, value: Self.encode(text))]
        case .list(let texts) where texts.isEmpty:
            return []
        case .list(let texts) where explode:
            return texts.map { Item(name: encodedName, value: Self.encode($0)) }
        case .list(let texts):
            return [Item(name: encodedName, value: texts.map(Self.encode).joined(separator: ","))]
        }
    }

    /// The query string for `parameters` (without the `?`), or `nil` when none contributes.
    static func queryString(_ parameters: [QueryParameter]) -> String? {
        let pairs = parameters.flatMap(\.items).map(\.encoded)
        return pairs.isEmpty ? nil : pairs.joined(separator: "&")
    }

    private static func encode(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
    }
}
