/// Unicode's stream-safe text (UAX #15): at most 30 combining marks in a row.
///
/// Swift compares and hashes strings by canonical equivalence, which puts each run of
/// combining marks in canonical order first, in time quadratic in the run's length. Every key
/// of a spec is hashed (duplicate keys, `$ref` names, schema and property names), so a name of
/// 40 000 marks in alternating order took 18 s to read. No language needs more than a few
/// marks on one letter; a longer run is refused where it stands.
public enum StreamSafeText {
    /// The most combining marks (scalars of a canonical combining class other than 0) in a row.
    public static let maximumNonStarters = 30

    /// Whether `text` (valid UTF-8) has no more than ``maximumNonStarters`` combining marks in a
    /// row. ASCII text is passed over a byte at a time; only other scalars are looked up.
    static func isStreamSafe(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var run = 0
        var index = 0
        let count = text.count
        while index < count {
            let lead = text[index]
            if lead < 0x80 {
                run = 0
                index += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard index + length <= count else { return true }
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length {
                value = value << 6 | UInt32(text[index + offset] & 0x3F)
            }
            index += length
            // Combining marks start at U+0300; everything below is a starter.
            if value >= 0x300, let scalar = Unicode.Scalar(value),
                scalar.properties.canonicalCombiningClass != .notReordered
            {
                run += 1
                if run > maximumNonStarters { return false }
            } else {
                run = 0
            }
        }
        return true
    }

    /// Whether `text` is stream-safe: for text decoded after reading (a `$ref`'s
    /// percent-escapes, a YAML tag), which the readers' own checks never saw.
    public static func isStreamSafe(_ text: String) -> Bool {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return true }
        var copy = text
        return copy.withUTF8 { isStreamSafe($0) }
    }

    /// The error for a text that is not stream-safe, at `location`.
    static func error(file: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic.error(
            "more than \(maximumNonStarters) combining marks in a row; Unicode's stream-safe text has at most \(maximumNonStarters)",
            file: file, at: location)
    }
}
