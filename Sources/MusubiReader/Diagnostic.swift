/// A message about the input, printed the way compilers print theirs so editors and CI
/// logs link it to the place: `file:line:column: error: message`.
public struct Diagnostic: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable, Codable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var message: String
    public var file: String
    public var location: SourceLocation?

    public init(_ severity: Severity, _ message: String, file: String, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = Self.excerpt(message, limit: Self.maximumMessageLength)
        self.file = file
        self.location = location
    }

    /// The longest message kept whole, in characters. Messages quote spec text, which may be
    /// as long as the spec: a longer one keeps its start and end, so that thousands of
    /// messages about one long path or name cannot take gigabytes.
    public static let maximumMessageLength = 1_000

    /// `text` as a message quotes it: whole when it has at most `limit` characters, else its
    /// start and its end around an ellipsis that says how much was left out.
    ///
    /// The cost is bounded by `limit`, not by the text: counting a text's characters takes
    /// its length, and a shared name or path is quoted again for each of its uses, so a text
    /// of more than 16 times `limit` in UTF-8 says in bytes how much was left out.
    public static func excerpt(_ text: String, limit: Int = 160) -> String {
        let bytes = text.utf8.count
        guard bytes > limit else { return text }
        let tail = max(limit / 4, 1)
        let head = max(limit - tail - 1, 1)
        if bytes > 16 * limit {
            // Cut by Unicode scalars: one character may be the whole text (a letter followed by
            // a million marks), which a cut by characters would keep whole.
            let start = String(String.UnicodeScalarView(text.unicodeScalars.prefix(head)))
            let end = String(String.UnicodeScalarView(text.unicodeScalars.suffix(tail)))
            return "\(start)…(\(bytes - start.utf8.count - end.utf8.count) bytes)…\(end)"
        }
        let length = text.count
        guard length > limit else { return text }
        let omitted = length - head - tail
        return "\(text.prefix(head))…(\(omitted) characters)…\(text.suffix(tail))"
    }

    public static func error(_ message: String, file: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, message, file: file, at: location)
    }

    public static func warning(_ message: String, file: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, file: file, at: location)
    }

    /// The diagnostic on one line. Spec text quoted in the message or the file name cannot
    /// add a line (a forged `file:1:1: error:` an editor would pick up), a terminal escape
    /// sequence or a bidirectional control: those characters are printed as `\u{…}`.
    public var description: String {
        let file = Self.printable(file)
        let message = Self.printable(message)
        if let location {
            return "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        }
        return "\(file): \(severity.rawValue): \(message)"
    }

    /// `text` with every unprintable character written `\u{…}`.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnprintable(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Control and format characters (line breaks, escape, bidirectional controls) and the
    /// line and paragraph separators.
    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }
}
