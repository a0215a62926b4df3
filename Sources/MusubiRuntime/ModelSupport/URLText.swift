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

    /// `text` as decoded, or nil when it is not a URL (`URL(string:)` makes none of it). The
    /// empty string is the empty URL, as for a required `URL` property.
    @inlinable
    public init?(decoding text: String) {
        guard Self.isPlainAbsoluteLink(text) || URL(string: text) != nil || text.isEmpty && EmptyLink.url != nil
        else { return nil }
        self.text = text
        given = nil
    }

    /// The `URL`: the one the value was made from, or the one `URL(string:)` makes of the text,
    /// which it always does, since decoding checked that; the empty URL for empty text.
    @inlinable
    public var url: URL {
        if let given { return given }
        return text.isEmpty ? EmptyLink.url! : URL(string: text)!
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
        characterClasses.withUnsafeBufferPointer { classes in
            var index = 0
            let count = bytes.count
            func next(_ kind: UInt8) -> Bool { index < count && classes[Int(bytes[index])] & kind != 0 }
            // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) "://"
            guard count > 0, classes[Int(bytes[0])] & letter != 0 else { return false }
            index = 1
            while next(schemeCharacter) { index += 1 }
            guard index + 2 < count, bytes[index] == 0x3A, bytes[index + 1] == 0x2F, bytes[index + 2] == 0x2F else {
                return false
            }
            index += 3
            // host: one or more of ALPHA / DIGIT / "-" / "." / "_" / "~"
            let hostStart = index
            while next(hostCharacter) { index += 1 }
            guard index > hostStart else { return false }
            // [ ":" port ], a port of one to five digits, at most 65535
            if index < count, bytes[index] == 0x3A {
                index += 1
                var port = 0
                let portStart = index
                while next(digit), index - portStart < 5 {
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
                while next(pathCharacter) { index += 1 }
                guard index < count else { break }
                if bytes[index] == 0x23 {  // "#", once
                    guard !seenFragment else { return false }
                    seenFragment = true
                    index += 1
                } else if bytes[index] == 0x25 {  // "%" HEXDIG HEXDIG
                    guard index + 2 < count, classes[Int(bytes[index + 1])] & hexDigit != 0,
                        classes[Int(bytes[index + 2])] & hexDigit != 0
                    else { return false }
                    index += 3
                } else {
                    return false
                }
            }
            return true
        }
    }

    private static let letter: UInt8 = 1
    private static let digit: UInt8 = 2
    private static let hexDigit: UInt8 = 4
    /// ALPHA / DIGIT / "+" / "-" / "."
    private static let schemeCharacter: UInt8 = 8
    /// ALPHA / DIGIT / "-" / "." / "_" / "~"
    private static let hostCharacter: UInt8 = 16
    /// What a path, query or fragment may hold unencoded: ALPHA / DIGIT / "-" / "." / "_" / "~",
    /// the sub-delimiters "!" "$" "&" "'" "(" ")" "*" "+" "," ";" "=", and ":" "@" "/" "?".
    private static let pathCharacter: UInt8 = 32

    /// The classes above of each byte, looked up once per byte.
    private static let characterClasses: [UInt8] = (0...255).map { value in
        let byte = UInt8(value)
        var classes: UInt8 = 0
        let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        let isDigit = (0x30...0x39).contains(byte)
        if isLetter { classes |= letter }
        if isDigit { classes |= digit }
        if isDigit || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) { classes |= hexDigit }
        if isLetter || isDigit || "+-.".utf8.contains(byte) { classes |= schemeCharacter }
        if isLetter || isDigit || "-._~".utf8.contains(byte) { classes |= hostCharacter }
        if isLetter || isDigit || "-._~!$&'()*+,;=:@/?".utf8.contains(byte) { classes |= pathCharacter }
        return classes
    }
}
