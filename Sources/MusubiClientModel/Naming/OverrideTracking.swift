/// What the build needs to apply the user's member overrides and to report those that named
/// nothing.
struct OverrideTracking {
    /// Swift type name → the spec's name, for component schemas, so user overrides of members
    /// can name a type either way.
    var specSchemaNames: [String: String] = [:]
    /// Keys of user overrides applied so far (`properties:Pet.id`), so the rest can be reported.
    var appliedOverrides: Set<String> = []
}
