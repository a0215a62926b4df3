/// Inline types that several places share, named after all of them.
extension ModelBuilder {
    /// `requests` with each inline type met in more than one place (``ShapeNumbering``) named
    /// after all its places (``SharedTypeName``) rather than after the first, when that name
    /// is free. The declaration moves to the new name, every mention in the declarations and
    /// in `requests` follows it, and the first place's name stays as an alias of it, so code
    /// written against that name compiles. GitHub's `503` error body, written alike in
    /// seventeen operations, was `ActivityListPublicEventsServiceUnavailableError` in all of
    /// them; it is `ServiceUnavailableError`. A shape defined as a component's type is left to
    /// become an alias of it; one whose places give no name is left to ``IdenticalTypesPass``,
    /// which also knows the places of the types it merges with it.
    ///
    /// Types are named in the order of their first place's name, after every other name was
    /// claimed, so the same spec gets the same names.
    func namingSharedShapes(_ requests: [RequestDecision]) -> [RequestDecision] {
        var renames: [String: String] = [:]
        // A component schema's type has the spec's name.
        let components = Set(catalog.componentTypeNames.values)
        // A shape that is a component's type again becomes an alias of that type
        // (``IdenticalTypesPass``): a name of its own would only stand between the two.
        let componentDefinitions = Set(
            components.compactMap { name in
                catalog.declaration(named: name).map { IdenticalTypesPass.identity(of: $0, renaming: [:]).key }
            })
        for (name, places) in catalog.shapePlaces.sorted(by: { $0.key < $1.key }) where !components.contains(name) {
            let others = Set(places).subtracting([name]).sorted()
            guard !others.isEmpty, let declaration = catalog.declaration(named: name),
                !componentDefinitions.contains(IdenticalTypesPass.identity(of: declaration, renaming: [:]).key)
            else { continue }
            // After the places, the schema's own title (Jira's `ErrorMessage`, under 17
            // operations' errors); a union's is tried after its alternatives' names, once the
            // types are merged.
            let alternatives = declaration.definition.alternativeTypes
            let isUnion = !SharedTypeName.unionNames(of: alternatives) { [catalog] in
                catalog.declaration(named: $0) != nil
            }.isEmpty
            let names =
                SharedTypeName.placeNames(
                    sharedBy: [name] + others, alternatives: alternatives, errorName: apiName + "Error")
                + (isUnion ? [] : catalog.inlineTitles[name].map { [$0] } ?? [])
                + (SharedTypeName.envelopeName(of: declaration.definition, component: components.contains).map { [$0] }
                    ?? [])
            guard let shared = names.first(where: { $0 == name || naming.typeNames.claimExactly($0) }) else {
                // Named once the types are merged, after the places of all that merge with it.
                catalog.unnamedShapePlaces[name] = others
                continue
            }
            guard shared != name else { continue }
            renames[name] = shared
        }
        guard !renames.isEmpty else { return requests }
        catalog.rename(renames) { [files] in files.modelFile($0) }
        catalog.sharedTypeNames.formUnion(renames.values)
        return requests.map { $0.renamingTypes { renames[$0] } }
    }

    /// Whether an inline type merged into a component's type is the same thing by name too:
    /// its name ends in the component's, but for the `Item` or `Value` of an element (App Store
    /// Connect's `AppCategoriesGetCollectionFilterPlatform`, the spec's `Platform` enum; GitHub's
    /// `MilestonedIssueEventMilestone`, its `IssueEventMilestone`). The same shape under
    /// another name may mean something else (GitHub's branch protection `{url, enabled}` for
    /// required signatures and for enforced admins; OpenAI's tool call status, whose values are
    /// a `MessageStatus`'s), and keeps its own.
    static func namesAlike(_ name: String, _ component: String) -> Bool {
        let own = Naming.words(component)
        var words = Naming.words(name)
        // The word an array's items or a dictionary's values were named with.
        if let last = words.last, ["item", "value"].contains(last), own.last != last { words.removeLast() }
        return !own.isEmpty && words.suffix(own.count).elementsEqual(own)
    }

    /// `types` and `requests` with each mention of an inline type shared by shape that the
    /// passes named (or merged into another type) replaced by the type it now stands for:
    /// Okta's `CreatePolicy` takes an `AnyPolicy`, not the `ListPoliciesResponseItem` its
    /// shape was first met as. So is each mention of an inline type numbered because a schema
    /// has its name, and merged into that schema's type for being the same: Sentry's
    /// `ReplayDeletionJobCreate.data` is a `ReplayDeletionJobCreateData`, not a
    /// `ReplayDeletionJobCreateData2`; and so is each mention of an inline type merged into a
    /// component's type of a like name (``namesAlike(_:_:)``). The names stay as the aliases
    /// they became, for code written against them.
    func followingSharedNames(
        _ types: [TypeDeclaration], _ requests: [RequestDecision]
    ) -> (types: [TypeDeclaration], requests: [RequestDecision]) {
        var renames: [String: String] = [:]
        let components = Set(catalog.componentTypeNames.values)
        for declaration in types where !components.contains(declaration.name) {
            guard case .alias(.named(let target)) = declaration.definition else { continue }
            if catalog.unnamedShapePlaces[declaration.name] != nil
                || IdenticalTypesPass.numberedStem(declaration.name) == target
                || (components.contains(target) && Self.namesAlike(declaration.name, target))
            {
                renames[declaration.name] = target
            }
        }
        guard !renames.isEmpty else { return (types, requests) }
        let renamedTypes = types.map { declaration in
            var declaration = declaration
            if renames[declaration.name] == nil {
                declaration.definition = declaration.definition.renamingTypes { renames[$0] }
            }
            return declaration
        }
        return (renamedTypes, requests.map { $0.renamingTypes { renames[$0] } })
    }
}
