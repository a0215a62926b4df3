/// Percent-encoding (RFC 3986 §2.1) with an explicit set of bytes left alone.
///
/// Hand-written over UTF-8 bytes rather than `addingPercentEncoding(withAllowedCharacters:)`
/// because which characters may stay is exactly the security-relevant decision here, and a
/// byte predicate states it plainly and behaves the same on every platform.
enum PercentEncoding {
    /// - Parameter keepingEscapes: Leaves `%` followed by two hex digits alone (what
    ///   OpenAPI's `allowReserved` asks for); otherwise every `%` becomes `%25`.
    static func encode(_ string: String, keeping isKept: (UInt8) -> Bool, keepingEscapes: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        let utf8 = Array(string.utf8)
        for (index, byte) in utf8.enumerated() {
            if isKept(byte) || keepingEscapes && isEscape(utf8, at: index) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986 unreserved characters: `ALPHA DIGIT - . _ ~`. These mean the same encoded or
    /// not, so they are the only ones left alone in query names and values.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Characters left alone inside one path segment: the unreserved ones plus the RFC 3986
    /// `pchar` delimiters that cannot end or split a segment: `! $ & ' ( ) * , = : @`.
    ///
    /// `/`, `?`, `#` and `%` are encoded because they would end the segment or the path or
    /// start an escape. `+` and `;` are encoded too although RFC 3986 allows them: some
    /// servers decode `+` as a space, and Java servlet containers cut `;…` off as a path
    /// parameter.
    static func isPathSegmentSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
            true
        default:
            isUnreserved(byte)
        }
    }

    /// Characters `allowReserved` keeps in a query value: the unreserved ones and RFC 3986's
    /// reserved characters except those that would change how the query string reads —
    /// `&` (separates parameters), `+` (a space to form decoders), `#` (ends the query) and
    /// `[ ]` (not allowed in a query at all), as OpenAPI 3.1.1 itself points out.
    static func isAllowedReservedInQuery(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default:
            isUnreserved(byte)
        }
    }

    /// Whether `bytes[index]` starts a percent-escape: `%` and two hex digits.
    private static func isEscape(_ bytes: [UInt8], at index: Int) -> Bool {
        guard bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count else { return false }
        return bytes[index + 1...index + 2].allSatisfy { $0 < 0x80 && Character(UnicodeScalar($0)).isHexDigit }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
