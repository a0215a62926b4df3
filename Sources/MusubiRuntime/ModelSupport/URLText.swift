import Foundation

/// A `format: uri` value as a model with a storage class keeps it: the text the API sent,
/// made a `URL` when the property is read.
///
/// APIs send many links and clients read few of them (a GitHub pull request carries about
/// forty), and parsing a link into a `URL` costs more than decoding the rest of its object.
/// So decoding only checks that the text is a URL, which for an absolute link of plain URL
/// characters (`https://api.github.com/repos/octocat/Hello-World`) is one pass over its bytes,
/// and other text is parsed, as `JSONDecoder` would, to find out. A property reads the `URL`
/// parsed from the text, or the `URL` it was set to, as it was given.
///
/// Two values are equal when their text is: the text the API sent, or the `absoluteString` of
/// the `URL` a property was set to, which is also what encoding writes.
public struct URLText: Hashable, Sendable, Encodable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The link as the JSON has it.
    public let text: String
    /// The `URL` a property was set to; nil for text from a decoder.
    @usableFromInline
    let given: URL?

    /// The text of `url`, which is kept as it is.
    @inlinable
    public init(_ url: URL) {
        text = url.absoluteString
        given = url
    }

    /// `text` as decoded, or nil when it is not a URL (`URL(string:)` makes none of it).
    @inlinable
    public init?(decoding text: String) {
        guard Self.isPlainAbsoluteLink(text) || URL(string: text) != nil else { return nil }
        self.text = text
        given = nil
    }

    /// The `URL`: the one the value was made from, or the one `URL(string:)` makes of the text,
    /// which it always does, since decoding checked that.
    @inlinable
    public var url: URL {
        if let given { return given }
        return URL(string: text)!
    }

    @inlinable
    public static func == (lhs: URLText, rhs: URLText) -> Bool {
        lhs.text == rhs.text
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }

    public var debugDescription: String { text }

    /// No children: `dump` shows the link as a line of its own, as it shows a `URL`.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: nil) }

    /// Whether `text` is an absolute URL with a host (`scheme://host[:port]…`) of characters
    /// that RFC 3986 allows unencoded, each `%` starting a valid escape, which every parser of
    /// Foundation's `URL` accepts as it is: checked byte by byte, so that the common link costs
    /// no `URL` to decode. Anything else (no host, a user, an IP literal, a space, a second
    /// `#`) is for `URL(string:)` to judge.
    @usableFromInline
    static func isPlainAbsoluteLink(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isPlainAbsoluteLink(bytes:))
    }

    private static func isPlainAbsoluteLink(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":"
        guard count > 0, isLetter(bytes[0]) else { return false }
        index = 1
        while index < count,
            isLetter(bytes[index]) || isDigit(bytes[index]) || bytes[index] == 0x2B
                || bytes[index] == 0x2D || bytes[index] == 0x2E
        {
            index += 1
        }
        // "://"
        guard index + 2 < count, bytes[index] == 0x3A, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F else {
            return false
        }
        index += 3
        // host: one or more of ALPHA / DIGIT / "-" / "." / "_" / "~"
        let hostStart = index
        while index < count, isLetter(bytes[index]) || isDigit(bytes[index]) || isUnreservedMark(bytes[index]) {
            index += 1
        }
        guard index > hostStart else { return false }
        // [ ":" port ], a port of one to five digits, at most 65535
        if index < count, bytes[index] == 0x3A {
            index += 1
            var port = 0
            let portStart = index
            while index < count, isDigit(bytes[index]), index - portStart < 5 {
                port = port * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            guard index > portStart, port <= 65_535 else { return false }
        }
        // The path, query and fragment: after the host, only "/", "?" or "#" may come.
        guard index == count || bytes[index] == 0x2F || bytes[index] == 0x3F || bytes[index] == 0x23 else {
            return false
        }
        var seenFragment = false
        while index < count {
            let byte = bytes[index]
            if isLetter(byte) || isDigit(byte) || isUnreservedMark(byte) || isSubDelimiter(byte) {
                index += 1
            } else if byte == 0x3A || byte == 0x40 || byte == 0x2F || byte == 0x3F {  // : @ / ?
                index += 1
            } else if byte == 0x23 {  // #
                guard !seenFragment else { return false }
                seenFragment = true
                index += 1
            } else if byte == 0x25 {  // %
                guard index + 2 < count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
            } else {
                return false
            }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66)
    }

    /// "-" "." "_" "~"
    private static func isUnreservedMark(_ byte: UInt8) -> Bool {
        byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    /// "!" "$" "&" "'" "(" ")" "*" "+" "," ";" "="
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: true
        default: false
        }
    }
}
