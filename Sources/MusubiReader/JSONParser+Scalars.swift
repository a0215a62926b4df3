/// JSON numbers and the literals `true`, `false`, `null`, and the wording of syntax errors.
extension JSONParser {
    /// Reads a number and returns it exactly as written; `Node` keeps numbers as source text so
    /// that `3.10` and 20-digit integers survive and each consumer decides how to read them.
    mutating func parseNumber() throws(Diagnostic) -> String {
        let start = position
        if peek() == UInt8(ascii: "-") {
            position += 1
        }
        guard let first = peek(), isDigit(first) else {
            throw unexpected(expected: "a digit after '-'")
        }
        position += 1
        if first == UInt8(ascii: "0") {
            if let next = peek(), isDigit(next) {
                throw Diagnostic.error(
                    "invalid number: leading zeros are not allowed in JSON", file: fileName, at: location())
            }
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek(), isDigit(digit) else {
                throw unexpected(expected: "a digit after the decimal point")
            }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
                position += 1
            }
            guard let digit = peek(), isDigit(digit) else {
                throw unexpected(expected: "a digit in the exponent")
            }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: text[start..<position]), as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    private mutating func skipDigits() {
        while position < text.count, isDigit(text[position]) {
            position += 1
        }
    }

    /// Steps over `literal` (`true`, `false` or `null`), which must follow at `position`.
    mutating func expectLiteral(_ literal: StaticString) throws(Diagnostic) {
        let length = literal.utf8CodeUnitCount
        let matches =
            position + length <= text.count
            && literal.withUTF8Buffer { expected in
                (0..<length).allSatisfy { text[position + $0] == expected[$0] }
            }
        guard matches else {
            throw Diagnostic.error(
                "invalid literal; expected '\(literal)'",
                file: fileName, at: location())
        }
        position += length
    }

    /// "expected X, found Y" at `position`, naming what is there or the end of the input.
    func unexpected(expected: String) -> Diagnostic {
        guard position < text.count else {
            return .error("unexpected end of input; expected \(expected)", file: fileName, at: location())
        }
        return .error(
            "expected \(expected), found \(JSONParser.describe(characterAt: position, in: text))",
            file: fileName, at: location())
    }

    /// A byte as a reader would name it: `'x'` when printable ASCII, else its code.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return byte < 0x80 ? unicodeName(UInt32(byte)) : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// An escape sequence as written, `'\q'`, or the byte's code if it is not printable.
    static func describeEscape(_ letter: UInt8) -> String {
        letter >= 0x20 && letter < 0x7F
            ? "'\\\(Character(Unicode.Scalar(letter)))'" : "'\\' followed by \(describe(letter))"
    }

    /// The character starting at `offset`, decoding multi-byte UTF-8 so users see `'é'`, not a byte.
    static func describe(characterAt offset: Int, in text: UnsafeBufferPointer<UInt8>) -> String {
        let byte = text[offset]
        guard byte >= 0x80 else { return describe(byte) }
        let end = min(offset + 4, text.count)
        let decoded = String(decoding: UnsafeBufferPointer(rebasing: text[offset..<end]), as: UTF8.self)
        guard let scalar = decoded.unicodeScalars.first, scalar != "\u{FFFD}" else { return describe(byte) }
        return "'\(scalar)' (\(unicodeName(scalar.value)))"
    }

    private static func unicodeName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
