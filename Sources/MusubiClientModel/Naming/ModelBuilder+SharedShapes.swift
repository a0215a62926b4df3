/// Inline types that several places share, named after all of them.
extension ModelBuilder {
    /// `requests` with each inline type met in more than one place (``ShapeNumbering``) named
    /// after all its places (``SharedTypeName``) rather than after the first, when that name
    /// is free. The declaration moves to the new name, every mention in the declarations and
    /// in `requests` follows it, and the first place's name stays as an alias of it, so code
    /// written against that name compiles. GitHub's `503` error body, written alike in
    /// seventeen operations, was `ActivityListPublicEventsServiceUnavailableError` in all of
    /// them; it is `ServiceUnavailableError`.
    ///
    /// Types are named in the order of their first place's name, after every other name was
    /// claimed, so the same spec gets the same names.
    func namingSharedShapes(_ requests: [RequestDecision]) -> [RequestDecision] {
        var renames: [String: String] = [:]
        // A component schema's type has the spec's name.
        let components = Set(catalog.componentTypeNames.values)
        for (name, places) in catalog.shapePlaces.sorted(by: { $0.key < $1.key }) where !components.contains(name) {
            let others = Set(places).subtracting([name]).sorted()
            let alternatives = catalog.declaration(named: name)?.definition.alternativeTypes ?? []
            guard !others.isEmpty,
                let shared = SharedTypeName.candidate(sharedBy: [name] + others)
                    ?? SharedTypeName.referenceUnionName(sharedBy: [name] + others, alternatives: alternatives),
                shared != name, naming.typeNames.claimExactly(shared)
            else { continue }
            renames[name] = shared
        }
        guard !renames.isEmpty else { return requests }
        catalog.rename(renames) { [files] in files.modelFile($0) }
        return requests.map { $0.renamingTypes { renames[$0] } }
    }
}
