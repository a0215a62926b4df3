/// Decides which parser reads a text first.
///
/// A JSON document is an object or an array in practice, and a YAML spec almost never starts with
/// a flow collection, so the first significant byte is a reliable and free signal. A wrong guess
/// costs only speed: the reader falls back to YAML when the JSON parser rejects the text.
enum SyntaxDetection {
    /// Whether the first byte after an optional UTF-8 byte order mark and whitespace is `{` or `[`.
    static func looksLikeJSON(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = byteOrderMarkLength(text)
        while position < text.count {
            switch text[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return true
            default:
                return false
            }
        }
        return false
    }

    /// 3 if the text starts with a UTF-8 byte order mark (U+FEFF, which some editors write), else 0.
    static func byteOrderMarkLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard text.count >= 3 else { return 0 }
        return text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
    }
}
