/// The encodings a spec may be written in besides UTF-8.
///
/// libyaml also reads UTF-16, when the text starts with its byte order mark, and decodes it
/// itself. Every check the reader makes of the bytes (characters YAML 1.1 reads as line breaks,
/// runs of combining marks) looks for UTF-8, so UTF-16 text is made UTF-8 first, and both
/// parsers and every check read the same characters, whatever the file's encoding.
enum TextEncoding {
    /// The text as UTF-8 when it starts with a UTF-16 byte order mark (either byte order),
    /// without the mark; nil for any other text, which is read as UTF-8. UTF-16 that does not
    /// decode (an odd number of bytes, half of a surrogate pair) is an error at the first
    /// character it cannot decode.
    static func utf8(fromUTF16 text: UnsafeBufferPointer<UInt8>, fileName: String) throws(Diagnostic) -> [UInt8]? {
        guard text.count >= 2 else { return nil }
        let bigEndian: Bool
        switch (text[0], text[1]) {
        case (0xFE, 0xFF): bigEndian = true
        case (0xFF, 0xFE): bigEndian = false
        default: return nil
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(text.count / 2)
        var decoder = UTF16()
        var units = UnitIterator(text: text, offset: 2, bigEndian: bigEndian)
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&units) {
            case .scalarValue(let scalar):
                UTF8.encode(scalar) { utf8.append($0) }
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                guard units.isWhole else {
                    throw Diagnostic.error(
                        "the text is UTF-16 (it starts with its byte order mark) but ends in half a character",
                        file: fileName, at: SourceLocation(line: line, column: column))
                }
                return utf8
            case .error:
                throw Diagnostic.error(
                    "the text is UTF-16 (it starts with its byte order mark) but has half of a surrogate pair here",
                    file: fileName, at: SourceLocation(line: line, column: column))
            }
        }
    }

    /// The 16-bit units of UTF-16 bytes in one byte order.
    private struct UnitIterator: IteratorProtocol {
        let text: UnsafeBufferPointer<UInt8>
        var offset: Int
        let bigEndian: Bool

        /// Whether the bytes held whole units (an even number of them).
        var isWhole: Bool { offset == text.count }

        mutating func next() -> UInt16? {
            guard offset + 1 < text.count else { return nil }
            let (first, second) = (UInt16(text[offset]), UInt16(text[offset + 1]))
            offset += 2
            return bigEndian ? first << 8 | second : second << 8 | first
        }
    }
}
