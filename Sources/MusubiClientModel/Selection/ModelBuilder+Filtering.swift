import MusubiDocument

/// The user's filter: which operations, and so which schemas, are generated.
extension ModelBuilder {
    /// What the filter keeps: the operations, in source order, and the named schemas to
    /// generate with them.
    struct Selection {
        var operations: [APIOperation]
        var schemas: [NamedSchema]
    }

    /// The first step: the operations and schemas to generate. The operations are also the
    /// API ``surface``'s, which later steps read.
    func select() -> Selection {
        surface.operations = selectedOperations()
        // The webhooks' payloads are generated whatever the filter keeps, so their schemas are too.
        let events = options.generatesWebhooks ? document.webhooks.map(\.operation) : []
        return Selection(
            operations: surface.operations, schemas: selectedSchemas(reachedBy: surface.operations + events))
    }

    /// The operations the filter keeps, in source order. A pattern that matches no operation of
    /// the spec is a warning where it was given (a misspelt tag would otherwise silently
    /// generate less); a filter that keeps nothing is an error, as an empty client is never
    /// what was meant.
    private func selectedOperations() -> [APIOperation] {
        let filter = options.filter
        guard !filter.isEmpty else { return document.operations }
        for (list, verb) in [(filter.include, "include"), (filter.exclude, "exclude")] {
            for (pattern, subject) in list.all
            where !document.operations.contains(where: { subject.matches(pattern.value, $0) }) {
                report(
                    .warning,
                    "\(pattern.origin.setting): '\(pattern.value)' matches no \(subject.noun) in the spec, so it does not \(verb) anything",
                    about: pattern.origin)
            }
        }
        let kept = document.operations.filter(filter.keeps)
        if kept.isEmpty, !document.operations.isEmpty {
            record(
                .error(
                    "the filter leaves none of the spec's \(document.operations.count) operations; nothing to generate",
                    file: document.file))
        }
        return kept
    }

    /// The named schemas to generate: every one without a filter (a spec of schemas only is a
    /// valid input), else those the kept operations reach.
    private func selectedSchemas(reachedBy operations: [APIOperation]) -> [NamedSchema] {
        guard !options.filter.isEmpty else { return document.schemas }
        let reached = SchemaReachability.names(
            reachedBy: operations, in: document.schemas, opaque: Set(options.types.schemas.keys))
        return document.schemas.filter { reached.contains($0.name) }
    }
}
