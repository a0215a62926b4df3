/// The HTTP grammar (RFC 9110) of the spec text that goes on the wire as it is: header and
/// cookie names, and media types. Text outside it cannot be sent as written, and a header name
/// with a line break in it would split the request; the loader drops such names and media
/// types with a warning at their location.
public enum HTTPSyntax {
    /// Whether `text` is a `token` (a header, cookie or parameter name): one or more of the
    /// visible ASCII characters other than separators (`"(),/:;<=>?@[\]{}` and space).
    public static func isToken(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    public static func isToken(_ text: String) -> Bool { isToken(text[...]) }

    /// Whether `text` is a media type or range: `type/subtype` (`*` allowed, as OpenAPI's
    /// `text/*` and `*/*` keys are) with `; name=value` parameters, each value a token or a
    /// quoted string; spaces and tabs may surround the `;`.
    public static func isMediaType(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func token() -> Bool {
            let start = index
            while index < bytes.count, isTokenByte(bytes[index]) { index += 1 }
            return index > start
        }
        func skipWhitespace() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }
        func quotedString() -> Bool {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return true
                }
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    guard index < bytes.count, isQuotedPairByte(bytes[index]) else { return false }
                } else if !isQuotedTextByte(byte) {
                    return false
                }
                index += 1
            }
            return false
        }
        guard token(), index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return false }
        index += 1
        guard token() else { return false }
        while true {
            skipWhitespace()
            if index == bytes.count { return true }
            guard bytes[index] == UInt8(ascii: ";") else { return false }
            index += 1
            skipWhitespace()
            // An empty parameter (`text/plain;`) is allowed, as the grammar allows it.
            if index == bytes.count { return true }
            if bytes[index] == UInt8(ascii: ";") { continue }
            guard token(), index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return false }
            index += 1
            guard token() || quotedString() else { return false }
        }
    }

    /// Whether `text` is a comma-separated list of media types, as an Encoding Object's
    /// `contentType` may be (`image/png, image/jpeg`).
    public static func isMediaTypeList(_ text: String) -> Bool {
        text.split(separator: ",", omittingEmptySubsequences: false).allSatisfy {
            isMediaType(String($0).trimmingSpaces)
        }
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// A character of a quoted string: tab, space and visible ASCII except `"` and `\`.
    private static func isQuotedTextByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || byte == 0x20 || byte == 0x21 || (0x23...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
    }

    /// A character after `\` in a quoted string: tab, space or visible ASCII.
    private static func isQuotedPairByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x7E).contains(byte)
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return String(text)
    }
}
