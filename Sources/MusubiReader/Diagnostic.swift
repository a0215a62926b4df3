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
        self.message = message
        self.file = file
        self.location = location
    }

    public static func error(_ message: String, file: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.error, message, file: file, at: location)
    }

    public static func warning(_ message: String, file: String, at location: SourceLocation? = nil) -> Diagnostic {
        Diagnostic(.warning, message, file: file, at: location)
    }

    public var description: String {
        if let location {
            return "\(file):\(location.line):\(location.column): \(severity.rawValue): \(message)"
        }
        return "\(file): \(severity.rawValue): \(message)"
    }
}
