import Foundation

/// A value that can stand in a path, query or header parameter.
///
/// Parameters travel as text, so each type says once how it is written, and every place that
/// takes a parameter accepts any `ParameterValue`. Generated code needs no per-type
/// formatting, and a type missing a conformance fails at compile time rather than being sent
/// as Swift's debug description.
///
/// `Encodable` because parameters take any `Encodable` value (arrays and objects go through
/// their `Encodable` conformance); for a `ParameterValue` its text wins over what its
/// `encode(to:)` writes (a `Date` is RFC 3339 text here, not a number).
public protocol ParameterValue: Encodable, Sendable {
    /// The value as text, before any percent-encoding.
    var parameterValue: String { get }
}

extension ParameterValue where Self: FixedWidthInteger {
    public var parameterValue: String { String(self) }
}

extension String: ParameterValue {
    public var parameterValue: String { self }
}

extension Int: ParameterValue {}
extension Int8: ParameterValue {}
extension Int16: ParameterValue {}
extension Int32: ParameterValue {}
extension Int64: ParameterValue {}
extension UInt: ParameterValue {}
extension UInt8: ParameterValue {}
extension UInt16: ParameterValue {}
extension UInt32: ParameterValue {}
extension UInt64: ParameterValue {}

extension Double: ParameterValue {
    /// The shortest text that reads back as the same `Double`, e.g. `0.1`, `2.5`, `1e-07`; a
    /// whole number without a fraction (`1700000000`, not `1700000000.0`), as JSON writes it,
    /// since a server that expects an integer (a Unix time) may refuse the fraction.
    public var parameterValue: String {
        if self == rounded(), Swift.abs(self) < 1e15 { return String(Int64(self)) }
        return description
    }
}

extension Float: ParameterValue {
    /// As a `Double`'s: the shortest text that reads back as the same `Float`, a whole number
    /// without a fraction.
    public var parameterValue: String {
        if self == rounded(), Swift.abs(self) < 1e7 { return String(Int64(self)) }
        return description
    }
}

extension Bool: ParameterValue {
    /// `true` or `false`, as JSON and OpenAPI examples write booleans.
    public var parameterValue: String { self ? "true" : "false" }
}

extension Decimal: ParameterValue {
    /// Plain decimal notation with a `.`, whatever the device's locale.
    public var parameterValue: String { description }
}

extension UUID: ParameterValue {
    /// ``lowercasedText``, as in JSON bodies.
    public var parameterValue: String { lowercasedText }
}

extension UUID {
    /// The UUID in lowercase, as parameters and models send it: the form RFC 9562 asks for on
    /// output and that servers compare against. `uuidString`, which Foundation's own `Codable`
    /// conformance writes, is uppercase, which a server matching the text literally rejects.
    @inlinable
    public var lowercasedText: String { uuidString.lowercased() }
}

extension Date: ParameterValue {
    /// RFC 3339 in UTC, e.g. `2024-01-02T03:04:05Z` — the same text a JSON body would carry.
    public var parameterValue: String { RFC3339.format(self) }
}

extension URL: ParameterValue {
    /// The URL as written; percent-encoding for its place in the request comes after.
    public var parameterValue: String { absoluteString }
}

extension DecimalString: ParameterValue {
    /// The number exactly as it was received or given.
    public var parameterValue: String { text }
}

extension IntOrString: ParameterValue {
    /// The number or the string, as written.
    public var parameterValue: String { description }
}

extension Data: ParameterValue {
    /// Base64, as a JSON body carries `format: byte`.
    public var parameterValue: String { base64EncodedString() }
}
