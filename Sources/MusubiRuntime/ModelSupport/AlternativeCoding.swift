import Foundation

/// How a union codes the value of one alternative (a `oneOf` case, an `anyOf` member, the value
/// of an ``OrEmpty``): through a single-value container for the types a coder reads and writes
/// its own way, by the type's own `init(from:)` and `encode(to:)` for every other.
///
/// `JSONDecoder` and `JSONEncoder` apply their date, data and URL handling (``Coding``'s RFC
/// 3339 dates, base64 data) only to a value asked of a container. `Date(from: decoder)` reads
/// seconds since 2001 instead, so as `oneOf: [date-time, integer]` an RFC 3339 text would not
/// decode and `5` would be a date in 2001; `URL(from:)` expects an object, and `Data(from:)` an
/// array of bytes.
@usableFromInline
enum AlternativeCoding {
    /// Whether a value of `type` is coded through a single-value container.
    @inlinable
    static func isCoderOwned<Value>(_ type: Value.Type) -> Bool {
        type == Date.self || type == Data.self || type == URL.self || type == Decimal.self || type == UUID.self
    }
}

extension Decoder {
    /// The value of an alternative of type `type`, decoded as ``AlternativeCoding`` says.
    @inlinable
    public func decodeAlternative<Value: Decodable>(_ type: Value.Type) throws -> Value {
        guard AlternativeCoding.isCoderOwned(Value.self) else { return try Value(from: self) }
        return try singleValueContainer().decode(Value.self)
    }
}

extension Encoder {
    /// Encodes the value of an alternative as ``AlternativeCoding`` says: a `URL` as its text
    /// and a `UUID` in lowercase, as a model's properties are; an object by its own
    /// `encode(to:)`, so that the object alternatives of an `anyOf` write one object together.
    @inlinable
    public func encodeAlternative<Value: Encodable>(_ value: Value) throws {
        guard AlternativeCoding.isCoderOwned(Value.self) else { return try value.encode(to: self) }
        var container = singleValueContainer()
        if Value.self == URL.self {
            try container.encode((value as! URL).absoluteString)
        } else if Value.self == UUID.self {
            try container.encode((value as! UUID).lowercasedText)
        } else {
            try container.encode(value)
        }
    }
}
