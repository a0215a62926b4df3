// The rest of this module is generated at build time from openapi.yaml by the
// MusubiGenerator plugin. SwiftPM needs a target to have at least one Swift file of its
// own; this one shows that the target's code sees the generated types like any other.
extension Book {
    /// "Title by Author", or the title alone.
    public var citation: String {
        author.map { "\(title) by \($0)" } ?? title
    }
}
