/// JSON strings: the common case (no escapes) becomes a `String` straight from the input bytes;
/// only strings with escapes are assembled in the reusable scratch buffer.
///
/// The bytes are validated as UTF-8 while scanning, which is also how columns learn to count
/// scalars rather than bytes.
extension JSONParser {
    /// Reads a string whose opening quote is at `position`.
    mutating func parseString() throws(Diagnostic) -> String {
        let openingQuote = location()
        position += 1
        let contentStart = position
        var isASCII = true
        while position < text.count {
            let byte = text[position]
            if byte == UInt8(ascii: "\"") {
                let content = UnsafeBufferPointer(rebasing: text[contentStart..<position])
                guard isASCII || StreamSafeText.isStreamSafe(content) else {
                    throw StreamSafeText.error(file: fileName, at: openingQuote)
                }
                position += 1
                return String(decoding: content, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                scratch.removeAll(keepingCapacity: true)
                scratch.append(contentsOf: text[contentStart..<position])
                return try parseEscapedString(openingQuote: openingQuote)
            }
            if byte < 0x20 {
                throw controlCharacterInString(byte, openingQuote: openingQuote)
            }
            if byte < 0x80 {
                position += 1
            } else {
                isASCII = false
                try skipMultiByteScalar()
            }
        }
        throw Diagnostic.error("unterminated string", file: fileName, at: openingQuote)
    }

    /// Continues a string after its first backslash, collecting the decoded bytes in `scratch`.
    private mutating func parseEscapedString(openingQuote: SourceLocation) throws(Diagnostic) -> String {
        while position < text.count {
            let byte = text[position]
            switch byte {
            case UInt8(ascii: "\""):
                let isStreamSafe = scratch.withUnsafeBufferPointer { StreamSafeText.isStreamSafe($0) }
                guard isStreamSafe else { throw StreamSafeText.error(file: fileName, at: openingQuote) }
                position += 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape()
            case 0..<0x20:
                throw controlCharacterInString(byte, openingQuote: openingQuote)
            case 0x20..<0x80:
                scratch.append(byte)
                position += 1
            default:
                let start = position
                try skipMultiByteScalar()
                scratch.append(contentsOf: text[start..<position])
            }
        }
        throw Diagnostic.error("unterminated string", file: fileName, at: openingQuote)
    }

    /// Decodes one escape sequence starting at the backslash at `position` into `scratch`.
    private mutating func parseEscape() throws(Diagnostic) {
        let backslash = location()
        guard position + 1 < text.count else {
            throw Diagnostic.error("unterminated string", file: fileName, at: backslash)
        }
        let letter = text[position + 1]
        let decoded: UInt8
        switch letter {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): decoded = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): decoded = UInt8(ascii: "\t")
        case UInt8(ascii: "u"):
            let scalar = try parseUnicodeEscape(at: backslash)
            scratch.append(contentsOf: String(Character(scalar)).utf8)
            return
        default:
            throw Diagnostic.error(
                "invalid escape sequence \(JSONParser.describeEscape(letter)) in string; "
                    + "valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                file: fileName, at: backslash)
        }
        scratch.append(decoded)
        position += 2
    }

    /// Reads `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, into one Unicode scalar.
    private mutating func parseUnicodeEscape(at backslash: SourceLocation) throws(Diagnostic) -> Unicode.Scalar {
        let first = try readUTF16Escape(at: backslash)
        switch first {
        case 0xD800...0xDBFF:
            let lowLocation = location()
            guard position + 1 < text.count,
                text[position] == UInt8(ascii: "\\"), text[position + 1] == UInt8(ascii: "u")
            else {
                throw unpairedSurrogate(first, at: backslash)
            }
            let second = try readUTF16Escape(at: lowLocation)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw unpairedSurrogate(first, at: backslash)
            }
            let value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
            return Unicode.Scalar(value)!
        case 0xDC00...0xDFFF:
            throw unpairedSurrogate(first, at: backslash)
        default:
            return Unicode.Scalar(UInt32(first))!
        }
    }

    /// Reads the four hex digits of one `\uXXXX` whose backslash is at `position`.
    private mutating func readUTF16Escape(at backslash: SourceLocation) throws(Diagnostic) -> UInt16 {
        var value: UInt16 = 0
        for offset in 2..<6 {
            guard position + offset < text.count, let digit = JSONParser.hexValue(text[position + offset]) else {
                throw Diagnostic.error(
                    "invalid \\u escape; expected four hexadecimal digits", file: fileName, at: backslash)
            }
            value = value << 4 | UInt16(digit)
        }
        position += 6
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    private func unpairedSurrogate(_ unit: UInt16, at location: SourceLocation) -> Diagnostic {
        let hex = String(unit, radix: 16, uppercase: true)
        return .error(
            "invalid \\u escape: \\u\(hex) is half of a UTF-16 surrogate pair but its other half is missing",
            file: fileName, at: location)
    }

    private func controlCharacterInString(_ byte: UInt8, openingQuote: SourceLocation) -> Diagnostic {
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            return .error(
                "unterminated string (a line break inside a string must be written as \\n)",
                file: fileName, at: openingQuote)
        }
        return .error(
            "control character \(JSONParser.describe(byte)) in string must be escaped",
            file: fileName, at: location())
    }

    /// Validates the multi-byte UTF-8 sequence at `position` and steps over it.
    ///
    /// Rejects what the Unicode standard calls ill-formed: stray continuation bytes, overlong
    /// forms, encoded surrogates and values beyond U+10FFFF.
    mutating func skipMultiByteScalar() throws(Diagnostic) {
        let lead = text[position]
        let length: Int
        let lowest: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, lowest, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, lowest, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, lowest, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: throw invalidUTF8()
        }
        guard position + length <= text.count else { throw invalidUTF8() }
        for offset in 1..<length {
            let byte = text[position + offset]
            guard byte & 0xC0 == 0x80 else { throw invalidUTF8() }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= lowest, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw invalidUTF8()
        }
        position += length
        continuationBytesOnLine += length - 1
    }

    private func invalidUTF8() -> Diagnostic {
        let hex = String(text[position], radix: 16, uppercase: true)
        return .error("invalid UTF-8 (byte 0x\(hex)); JSON text must be UTF-8", file: fileName, at: location())
    }
}
