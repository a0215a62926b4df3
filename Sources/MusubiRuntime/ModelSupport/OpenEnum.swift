import Foundation

/// A string (or number) enumeration whose set of values may grow on the server.
///
/// A closed Swift enum fails to decode the whole response the day the server adds a value.
/// Generated enums conform to this protocol instead and carry an `unknown(RawValue)` case, so
/// `init(rawValue:)` never fails and an unknown value survives a decode–encode round trip.
/// This extension supplies `Codable` (as the raw value), equality and hashing (by raw value,
/// so `.unknown("available")` equals `.available`) and `ParameterValue`.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable, ParameterValue
where RawValue: Codable & Hashable & Sendable & ParameterValue {
    /// Never fails: a value this client does not know becomes the `unknown` case.
    init(rawValue: RawValue)
}

/// The members are `@inlinable`, so that each enum's conformance (and a caller that names the
/// enum) gets them specialized for its raw type: comparing two values looks at their bits and,
/// only when those differ, at the raw values the enum's `rawValue` returns, with no call through
/// the protocol; a `String` or `Int` raw value is read and written with the coder's own method
/// for it, as a synthesized enum's is.
extension OpenEnum {
    @inlinable
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if RawValue.self == String.self {
            self.init(rawValue: try container.decode(String.self) as! RawValue)
        } else if RawValue.self == Int.self {
            self.init(rawValue: try container.decode(Int.self) as! RawValue)
        } else {
            self.init(rawValue: try container.decode(RawValue.self))
        }
    }

    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let rawValue = self.rawValue
        if RawValue.self == String.self {
            try container.encode(rawValue as! String)
        } else if RawValue.self == Int.self {
            try container.encode(rawValue as! Int)
        } else {
            try container.encode(rawValue)
        }
    }

    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        // Two copies of one value have the same bits: most comparisons (a model against its
        // cached copy) end here, without computing either raw value. Different bits can still
        // be equal values (`.unknown("available")` and `.available`), so the raw values decide.
        sameRepresentation(lhs, rhs) || haveEqualRawValues(lhs, rhs)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    public var parameterValue: String { rawValue.parameterValue }
}

/// An open enum of suggested values, which the API takes any other string in place of (a model
/// name, a duration): the string literal is the value it spells, `"gpt-4o"` the known case
/// `.gpt4o` and `"ft:gpt-4o:acme"` the `unknown` case holding it.
extension OpenEnum where Self: ExpressibleByStringLiteral, RawValue == String {
    @inlinable
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

/// Whether two values of an open enum have equal raw values. Out of line, and read-only to the
/// optimizer as the standard library's string comparison is: computing a raw value retains and
/// releases its text, and a caller that saw a release inline copies every model holding the
/// enum before comparing it.
@inlinable
@inline(never)
@_effects(readonly)
func haveEqualRawValues<Value: OpenEnum>(_ lhs: Value, _ rhs: Value) -> Bool {
    lhs.rawValue == rhs.rawValue
}

/// Whether two values have the same bits, which makes them the same value (the converse does
/// not hold: equal strings may live in different buffers). Values of one or two words, as
/// enums with a `String` or `Int` payload are, compare as words, in registers.
@inlinable
func sameRepresentation<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
    switch MemoryLayout<Value>.size {
    case MemoryLayout<(UInt64, UInt64)>.size:
        let lhs = unsafeBitCast(lhs, to: (UInt64, UInt64).self)
        let rhs = unsafeBitCast(rhs, to: (UInt64, UInt64).self)
        return lhs.0 == rhs.0 && lhs.1 == rhs.1
    case MemoryLayout<UInt64>.size:
        return unsafeBitCast(lhs, to: UInt64.self) == unsafeBitCast(rhs, to: UInt64.self)
    default:
        return withUnsafeBytes(of: lhs) { lhs in
            withUnsafeBytes(of: rhs) { rhs in
                guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
                return memcmp(left, right, lhs.count) == 0
            }
        }
    }
}

extension ModelDecodingContainer {
    /// An open enum of strings under `key`: its text read with the decoder's own method for a
    /// `String`, then made the enum's case, as a property of the raw type would be read. The
    /// generic method went through a nested decoder for each value (a third slower, for an
    /// object of a few enum members).
    @inlinable
    public func decode<Value: OpenEnum>(_ type: Value.Type, forKey key: String) throws -> Value
    where Value.RawValue == String {
        Value(rawValue: try decode(String.self, forKey: key))
    }

    /// An open enum of strings under `key` as an optional member, read as above: nil when the
    /// key is absent or its value is `null`.
    @inlinable
    public func decodeIfPresent<Value: OpenEnum>(_ type: Value.Type, forKey key: String) throws -> Value?
    where Value.RawValue == String {
        try decodeIfPresent(String.self, forKey: key).map(Value.init(rawValue:))
    }

    /// An open enum of strings under `key` in its three states, read as above: nil when the key
    /// is absent, ``Nullable/null`` for `null`.
    @inlinable
    public func decodeNullableIfPresent<Value: OpenEnum>(
        _ type: Value.Type, forKey key: String
    ) throws -> Nullable<Value>? where Value.RawValue == String {
        nullable(try decodeIfPresent(String.self, forKey: key).map(Value.init(rawValue:)), forKey: key)
    }
}
