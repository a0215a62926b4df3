import Foundation

/// Why writing the output failed: what was being done, to which path, and the operating
/// system's reason, so no failure is reported without saying what and where.
public struct OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file or folder the failure is about (absolute, or as the user gave it).
    public var path: String
    /// What failed and why (`cannot create the folder: Permission denied`).
    public var message: String
    /// Whether the output was left changed: a failed run is rolled back, and this is true
    /// only when putting a file back failed too.
    public var outputChanged = false

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `message: reason` for a POSIX call that failed with `code` (an `errno` value).
    init(path: String, _ action: String, code: Int32) {
        self.init(path: path, message: "\(action): \(Self.reason(code))")
    }

    public var description: String { "\(path): \(message)" }

    /// The operating system's words for `code`, with what it means here when that is not
    /// obvious from them.
    static func reason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        switch code {
        case EXDEV: return text + " (the folder is on another file system)"
        case ENOTDIR: return text + " (a part of the path is a file)"
        case ELOOP: return text + " (a symbolic link, which musubi does not follow)"
        default: return text
        }
    }
}
