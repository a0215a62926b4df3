import MusubiDocument

/// A schema as the key of a table that outlives the build step that made it: equal only to
/// itself (identity, as `ObjectIdentifier`), and holding the schema so that its identity is
/// not handed to another schema while the table has it.
///
/// The builder makes schemas of its own (the object alternative of a scalar-or-object union,
/// the rest of a value-or-empty-string union, merged `allOf`s). A table keyed by a bare
/// `ObjectIdentifier` keeps no such schema alive: once it is freed, a schema made later may
/// get the same address, and with it the answer recorded for the first one (a property typed
/// as an unrelated struct).
struct SchemaKey: Hashable {
    let schema: Schema

    init(_ schema: Schema) {
        self.schema = schema
    }

    static func == (lhs: SchemaKey, rhs: SchemaKey) -> Bool {
        lhs.schema === rhs.schema
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(schema))
    }
}
