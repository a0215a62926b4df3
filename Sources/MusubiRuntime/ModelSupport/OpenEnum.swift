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

extension OpenEnum {
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    public var parameterValue: String { rawValue.parameterValue }
}
