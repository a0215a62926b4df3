/// A cursor over the UTF-8 bytes of a string, for the small hand-written parsers of wire
/// formats (dates). Everything these formats allow is ASCII, so working on bytes is exact.
struct ByteReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ string: String) {
        bytes = Array(string.utf8)
    }

    var isAtEnd: Bool { index == bytes.count }

    var next: UInt8? { isAtEnd ? nil : bytes[index] }

    /// Consumes `byte` if it comes next.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard next == byte else { return false }
        index += 1
        return true
    }

    /// Consumes the next byte if it is any of `choices`, returning it.
    mutating func skip(anyOf choices: [UInt8]) -> UInt8? {
        guard let byte = next, choices.contains(byte) else { return nil }
        index += 1
        return byte
    }

    /// Consumes exactly `count` ASCII digits and returns their value.
    mutating func number(digits count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            guard let digit = Self.digit(bytes[index + offset]) else { return nil }
            value = value * 10 + digit
        }
        index += count
        return value
    }

    /// Consumes one or more digits as a fraction of a second, returning nanoseconds.
    /// Digits past the ninth are read but cannot change the value (they are below a nanosecond).
    mutating func fractionInNanoseconds() -> Int? {
        var nanoseconds = 0
        var scale = 100_000_000
        var count = 0
        while let byte = next, let digit = Self.digit(byte) {
            nanoseconds += digit * scale
            scale /= 10
            count += 1
            index += 1
        }
        return count > 0 ? nanoseconds : nil
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
