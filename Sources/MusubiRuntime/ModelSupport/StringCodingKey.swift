/// A coding key that is just its name, written as a string literal.
///
/// Generated models implement `init(from:)` and `encode(to:)` with these keys
/// (`forKey: "created_at"`) rather than declaring a `CodingKeys` enum each: an enum per
/// type brings its own raw-value, hashing and `CodingKey` code, and with thousands of
/// models that was a fifth of the time to compile a generated client.
public struct StringCodingKey: CodingKey, ExpressibleByStringLiteral, Hashable, Sendable {
    public let stringValue: String

    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    public init(stringLiteral value: String) {
        stringValue = value
    }

    /// Always nil: JSON object keys are names.
    public var intValue: Int? { nil }

    /// Always nil: JSON object keys are names.
    public init?(intValue: Int) {
        nil
    }
}
