/// A value, or the empty string `""` in its place.
///
/// Some APIs take `""` where a value is expected to mean "clear this field": Stripe's form
/// bodies send `metadata=` to remove every metadata key, `dob=` to forget a date of birth,
/// `cancel_at=` to stop a scheduled cancellation. Their specs write this as a union of the
/// value and a string that can only be empty (`anyOf: [{type: object, …}, {enum: [""]}]`), and
/// generated code gives such a property the value's own type wrapped in `OrEmpty`:
///
/// ```swift
/// var individual = PostAccountsBodyIndividual(metadata: ["order": "6735"])   // a value
/// individual = PostAccountsBodyIndividual(metadata: .empty)                  // sends `metadata=`
/// ```
///
/// Literals of the wrapped type (numbers, booleans, arrays, dictionaries) are values; other
/// values are wrapped with ``value(_:)``. A string that may be empty needs no wrapper: `""`
/// is a string, so such a property is a plain `String`.
///
/// Encoding writes the wrapped value as it would be written alone, and `""` for ``empty``;
/// decoding reads `""` as ``empty`` and anything else as the wrapped type.
public enum OrEmpty<Wrapped> {
    /// A value.
    case value(Wrapped)
    /// The empty string, sent in place of a value.
    case empty

    /// The value; nil when it is ``empty``.
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether this is ``empty``.
    public var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }
}

extension OrEmpty: Equatable where Wrapped: Equatable {}
extension OrEmpty: Hashable where Wrapped: Hashable {}
extension OrEmpty: Sendable where Wrapped: Sendable {}

extension OrEmpty: Decodable where Wrapped: Decodable {
    /// `""` is ``empty``, checked first so that a wrapped type that would take any string
    /// (an open enum among the alternatives) still reads it as the empty value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self), text.isEmpty {
            self = .empty
        } else {
            self = .value(try decoder.decodeAlternative(Wrapped.self))
        }
    }
}

extension OrEmpty: Encodable where Wrapped: Encodable {
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .value(let value):
            try encoder.encodeAlternative(value)
        case .empty:
            var container = encoder.singleValueContainer()
            try container.encode("")
        }
    }
}

extension OrEmpty: ParameterValue where Wrapped: ParameterValue {
    /// The value's text, or the empty text.
    public var parameterValue: String {
        switch self {
        case .value(let value): value.parameterValue
        case .empty: ""
        }
    }
}

extension OrEmpty: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension OrEmpty: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .value(Wrapped(floatLiteral: value))
    }
}

extension OrEmpty: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .value(Wrapped(booleanLiteral: value))
    }
}

extension OrEmpty: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// An array literal is a value: `taxRates: ["txr_1"]`.
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .value(Wrapped(elements))
    }
}

extension OrEmpty: ExpressibleByDictionaryLiteral where Wrapped: DictionaryLiteralValue {
    /// A dictionary literal is a value: `metadata: ["order": "6735"]`.
    public init(dictionaryLiteral elements: (Wrapped.Key, Wrapped.Value)...) {
        self = .value(Wrapped(keysAndValues: elements))
    }
}

/// A dictionary an ``OrEmpty`` value can be written as a literal of: Swift cannot pass a
/// literal's elements on to another type's literal initializer, so this one builds it.
public protocol DictionaryLiteralValue {
    associatedtype Key: Hashable
    associatedtype Value
    /// The dictionary of these pairs; a key given twice keeps its last value.
    init(keysAndValues: [(Key, Value)])
}

extension Dictionary: DictionaryLiteralValue {
    public init(keysAndValues: [(Key, Value)]) {
        self.init(keysAndValues, uniquingKeysWith: { _, last in last })
    }
}
