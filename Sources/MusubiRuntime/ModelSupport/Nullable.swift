import Foundation

/// A JSON value that may be `null`: what an optional property the spec lets be null holds when
/// it is sent.
///
/// Such a property has three states in a request body, and servers treat each differently:
/// GitHub removes an issue's milestone only when the update sends `"milestone": null`, and
/// leaves it as it is when the key is absent. A generated model keeps the property as a
/// `Nullable<Wrapped>?`: `nil` leaves the key out, ``null`` sends `null` and
/// ``value(_:)`` sends the value.
///
/// ```swift
/// let update = IssueUpdate(title: "Fixed", milestone: .null)  // "milestone": null
/// let moved = IssueUpdate(milestone: 3)                       // "milestone": 3
/// let renamed = IssueUpdate(title: "Renamed")                 // no "milestone" key
/// ```
///
/// A literal becomes ``value(_:)`` by itself; any other value is wrapped with
/// ``value(_:)``, or with ``init(_:)`` when `nil` should become `null`. Reading the model's
/// property gives the plain optional, `nil` for both `null` and an absent key; its
/// `nullable…` companion gives the three states.
public enum Nullable<Wrapped> {
    /// `null`.
    case null
    /// A value.
    case value(Wrapped)

    /// The value, or ``null`` for `nil`.
    @inlinable
    public init(_ optional: Wrapped?) {
        self = optional.map(Nullable.value) ?? .null
    }

    /// The value, or `nil` for ``null``.
    @inlinable
    public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }
}

/// Written out rather than synthesized so that they are `@inlinable`: a model's `==` and
/// `hash(into:)` then compare and hash a nullable value by its type's own code, where the
/// synthesized ones, compiled in this module for any `Wrapped`, would take the value's type at
/// run time.
extension Nullable: Equatable where Wrapped: Equatable {
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch lhs {
        case .null:
            if case .null = rhs { return true }
            return false
        case .value(let value):
            if case .value(let other) = rhs { return value == other }
            return false
        }
    }
}

extension Nullable: Hashable where Wrapped: Hashable {
    @inlinable
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(false)
        case .value(let value):
            hasher.combine(true)
            hasher.combine(value)
        }
    }
}
extension Nullable: Sendable where Wrapped: Sendable {}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Encodes `null`, or the value as a single value (so that the encoder's date and data
    /// strategies apply to it); a `URL` as its `absoluteString` and a `UUID` in lowercase, as a
    /// model writes plain ones for any encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let value as URL): try container.encode(value.absoluteString)
        case .value(let value as UUID): try container.encode(value.lowercasedText)
        case .value(let value): try container.encode(value)
        }
    }
}

extension Nullable: Decodable where Wrapped: Decodable {
    /// Decodes `null` as ``null``, anything else as the value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }
}

extension Nullable: CustomStringConvertible, CustomDebugStringConvertible {
    /// `null`, or the value's description.
    public var description: String {
        switch self {
        case .null: return "null"
        case .value(let value): return String(describing: value)
        }
    }

    /// `null`, or the value's debug description: what `print` shows for a model's value
    /// (`Optional(null)`, `Optional("Kana")`).
    public var debugDescription: String {
        switch self {
        case .null: return "null"
        case .value(let value): return String(reflecting: value)
        }
    }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    @inlinable
    public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    @inlinable
    public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .value(Wrapped(floatLiteral: value))
    }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    @inlinable
    public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .value(Wrapped(booleanLiteral: value))
    }
}

extension Nullable: ExpressibleByUnicodeScalarLiteral where Wrapped: ExpressibleByUnicodeScalarLiteral {
    @inlinable
    public init(unicodeScalarLiteral value: Wrapped.UnicodeScalarLiteralType) {
        self = .value(Wrapped(unicodeScalarLiteral: value))
    }
}

extension Nullable: ExpressibleByExtendedGraphemeClusterLiteral
where Wrapped: ExpressibleByExtendedGraphemeClusterLiteral {
    @inlinable
    public init(extendedGraphemeClusterLiteral value: Wrapped.ExtendedGraphemeClusterLiteralType) {
        self = .value(Wrapped(extendedGraphemeClusterLiteral: value))
    }
}

extension Nullable: ExpressibleByStringLiteral where Wrapped: ExpressibleByStringLiteral {
    @inlinable
    public init(stringLiteral value: Wrapped.StringLiteralType) {
        self = .value(Wrapped(stringLiteral: value))
    }
}

extension Nullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    @inlinable
    public init(arrayLiteral elements: Wrapped.Element...) {
        self = .value(Wrapped(elements))
    }
}

extension ModelDecodingContainer {
    /// An optional value that may be `null`, in its three states: nil when the key is absent,
    /// ``Nullable/null`` for `null`, the value otherwise.
    ///
    /// The value is read as an optional one, which the decoder answers with one lookup; only a
    /// missing value takes a second, to tell `null` from an absent key. `String`, `Bool` and
    /// the number types have methods of their own, which read the value with the decoder's own
    /// method for its type, as `decodeIfPresent(_:forKey:)` does for them.
    @inlinable
    public func decodeNullableIfPresent<Value: Decodable>(
        _ type: Value.Type, forKey key: String
    ) throws -> Nullable<Value>? {
        nullable(try decodeIfPresent(type, forKey: key), forKey: key)
    }

    @inlinable
    public func decodeNullableIfPresent(_ type: String.Type, forKey key: String) throws -> Nullable<String>? {
        nullable(try decodeIfPresent(type, forKey: key), forKey: key)
    }

    @inlinable
    public func decodeNullableIfPresent(_ type: Bool.Type, forKey key: String) throws -> Nullable<Bool>? {
        nullable(try decodeIfPresent(type, forKey: key), forKey: key)
    }

    @inlinable
    public func decodeNullableIfPresent(_ type: Int.Type, forKey key: String) throws -> Nullable<Int>? {
        nullable(try decodeIfPresent(type, forKey: key), forKey: key)
    }

    @inlinable
    public func decodeNullableIfPresent(_ type: Int32.Type, forKey key: String) throws -> Nullable<Int32>? {
        nullable(try decodeIfPresent(type, forKey: key), forKey: key)
    }

    @inlinable
    public func decodeNullableIfPresent(_ type: Int64.Type, forKey key: String) throws -> Nullable<Int64>? {
        nullable(try decodeIfPresent(type, forKey: key), forKey: key)
    }

    @inlinable
    public func decodeNullableIfPresent(_ type: Double.Type, forKey key: String) throws -> Nullable<Double>? {
        nullable(try decodeIfPresent(type, forKey: key), forKey: key)
    }

    @inlinable
    public func decodeNullableIfPresent(_ type: Float.Type, forKey key: String) throws -> Nullable<Float>? {
        nullable(try decodeIfPresent(type, forKey: key), forKey: key)
    }

    /// `value` as a three-state one: a missing value is ``Nullable/null`` when the key is there.
    @inlinable
    func nullable<Value>(_ value: Value?, forKey key: String) -> Nullable<Value>? {
        if let value { return .value(value) }
        return container.contains(StringCodingKey(stringValue: key)) ? .null : nil
    }

    /// An optional `format: uri` value that may be `null`: as
    /// `decodeNullableIfPresent(_:forKey:)` of any value, except that an empty string is no link and reads
    /// as an absent key (see `KeyedDecodingContainer.decodeURLIfPresent(forKey:)`).
    public func decodeNullableURLIfPresent(forKey key: String) throws -> Nullable<URL>? {
        let codingKey = StringCodingKey(stringValue: key)
        guard container.contains(codingKey) else { return nil }
        if try container.decodeNil(forKey: codingKey) { return .null }
        return try container.decodeURLIfPresent(forKey: codingKey).map(Nullable.value)
    }
}
