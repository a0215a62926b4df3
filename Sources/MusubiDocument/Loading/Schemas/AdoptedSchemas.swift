import MusubiReader

/// Schemas that become named schemas of the document although they are not among its own
/// components: another file's `components/schemas` or `definitions`, a `$defs` entry, a
/// whole schema file. Later stages generate one type per named schema, so a schema that many
/// references share must be named, whichever file it is written in; a recursive one must be,
/// or it could not refer to itself.
struct AdoptedSchemas {
    struct Entry {
        var name: String
        /// Nil while the schema is being parsed (it may refer to itself meanwhile).
        var schema: Schema?
        var location: SourceLocation
    }

    /// Target identity (`/abs/common.yaml#/components/schemas/Pet`) → the name given.
    var namesByIdentity: [String: String] = [:]
    /// In the order they were first referenced, which is deterministic.
    var entries: [Entry] = []
    /// Every name in use, the document's own components included.
    var takenNames: Set<String> = []
    /// The number to try next after a proposed name that was taken: names are never given
    /// back, so numbering many schemas of one name tries each number once.
    var nextNumbers: [String: Int] = [:]
}
