import MusubiReader

/// Where the spec writes what a declaration comes from: the schema of a type, the operation of
/// a request.
///
/// Problems found after the client model is built, such as a declaration too large to render,
/// are the spec's doing, and their errors point here, so an editor or a CI log links the error
/// to the text to change.
public struct SpecPlace: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The file as diagnostics print it (the spec, or the file a `$ref` read).
    public var file: String
    public var location: SourceLocation

    public init(file: String, location: SourceLocation) {
        self.file = file
        self.location = location
    }

    /// `openapi.yaml:12:5`.
    public var description: String { "\(file):\(location)" }
}
