import Foundation

/// A decimal number sent as a JSON string (`"12.50"`), as APIs that handle money do so that
/// no digit is lost to binary floating point.
///
/// It keeps the text exactly as received, so a value decoded and encoded again is the same
/// string (`"12.50"` stays `"12.50"`, not `"12.5"`), and offers it as a `Decimal` for
/// arithmetic. Decoding fails for text that is not a decimal number.
public struct DecimalString: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The number as written.
    public let text: String
    /// The number.
    public let value: Decimal

    /// Nil when `text` is not a decimal number (`12`, `-0.5`, `1e3`).
    public init?(_ text: String) {
        guard let value = Self.parse(text) else { return nil }
        self.text = text
        self.value = value
    }

    public init(_ value: Decimal) {
        self.value = value
        text = value.description
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a decimal number in a string, found \"\(text)\"")
        }
        self.text = text
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }
}

/// A literal is written as the number it is: `amount: "12.50"` keeps its two places, `amount:
/// 12` is twelve. A string literal that is not a decimal number is a programming error, and
/// stops the program as a malformed literal would.
extension DecimalString: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral text: String) {
        guard let value = Self(text) else { preconditionFailure("\"\(text)\" is not a decimal number") }
        self = value
    }

    public init(integerLiteral value: Int) {
        self.init(Decimal(value))
    }
}

extension DecimalString {
    /// Two values are equal when they are the same number, however written (`1.50` and `1.5`).
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

    public func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// `Decimal(string:)` accepts a leading number and ignores what follows (`12abc` is 12);
    /// a body with such a value is malformed, so only whole numbers in JSON's syntax pass.
    private static func parse(_ text: String) -> Decimal? {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let integerDigits = bytes.prefix(while: isDigit)
        bytes = bytes.dropFirst(integerDigits.count)
        var fractionDigits = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fractionDigits = bytes.prefix(while: isDigit).count
            bytes = bytes.dropFirst(fractionDigits)
        }
        guard integerDigits.count + fractionDigits > 0 else { return nil }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            let exponentDigits = bytes.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return nil }
            bytes = bytes.dropFirst(exponentDigits)
        }
        guard bytes.isEmpty else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
