import Dispatch

/// Declarations that would come out identical under different names become type aliases of one.
///
/// Specs repeat whole types under other names: GitHub's `nullable-repository` is `repository`
/// again, and many paginated operations each document the same `Link` response header. Each
/// copy would cost the build as much as the original, and users would meet many types for one
/// thing. The copies are found after all declarations are built; each keeps its name and its
/// own doc comment as `public typealias NullableRepository = Repository`.
///
/// Types Musubi named after where they were met (inline schemas, response headers) merge, and
/// so do named schemas that only add "or null"; other named schemas keep their own type however
/// alike they look. Two declarations are merged only when their definitions are equal
/// (``TypeDeclaration/Definition``'s own `Hashable`): everything decided about them but the
/// type's name and its own doc comment, so a decision added to a definition later takes part
/// without being listed here. A mention of the type itself is compared as a mark, and a mention
/// of an alias as its target, so merging `NullableSimpleUser` into `SimpleUser` lets the types
/// that use each of them merge in the next round. The type kept is a named schema's when there
/// is one, else the shortest name (`Repository` rather than `NullableRepository`), the first in
/// alphabetical order among equals.
///
/// When no named schema is among them, the kept type is then named after what it is
/// (``SharedTypeName``): the headers type of 150 GitHub operations is `LinkHeaders`, and
/// `OrgsListHeaders`, `IssuesListForRepoHeaders`… are aliases of it; the union of Okta's
/// policies under the list, get, replace and clone operations is `AnyPolicy`. Only when there
/// is no such name, or it is taken, does the type keep the shortest place's name.
struct IdenticalTypesPass: TypePass {
    /// The type names of the component schemas that stand for a concept of their own
    /// (``TypeCatalog/conceptTypeNames``): a schema the spec names (`Account` is not `Pet`
    /// because both have an ID and a name) keeps its type, unless it is a copy that only adds
    /// "or null" (GitHub's `nullable-repository`).
    var conceptTypeNames: Set<String>
    /// The names handed out in the build, which a shared type's new name must not take.
    var typeNames = TypeNameRegistry(reserving: [])
    /// The structs of responses' documented headers, by type name: shared ones are named after
    /// the headers they hold.
    var headerTypeNames: Set<String> = []
    /// The inline types named after all their places while they were declared
    /// (``TypeCatalog/sharedTypeNames``): such a type merged with others is named after all
    /// the places, or keeps its name, but is not named after its alternatives instead.
    var sharedTypeNames: Set<String> = []
    /// The other places of inline types shared by shape that were not named while declared
    /// (``TypeCatalog/unnamedShapePlaces``), by type name: places of the type kept for them.
    var shapePlaces: [String: [String]] = [:]
    /// The titles of inline alternatives, by type name (``TypeCatalog/titles``): alike types
    /// with different titles stay apart.
    var titles: [String: String] = [:]
    /// The titles of inline schemas, by type name (``TypeCatalog/inlineTitles``): a shared type
    /// is named after its title when its places give no name.
    var inlineTitles: [String: String] = [:]
    /// The name of the API's error (`CohereError`): of an error body its operations share
    /// whatever the status (``SharedTypeName/placeNames(sharedBy:headers:alternatives:errorName:)``).
    var errorName: String? = nil

    func apply(to declared: [TypeDeclaration]) -> [TypeDeclaration] {
        var types = declared
        let namedTypes = conceptTypeNames
        var canonicalName: [String: String] = [:]
        // The other way round: the names that stand for each kept type.
        var aliasesOf: [String: [String]] = [:]
        var keys: [Int: TypeDeclaration.Definition] = [:]
        var mentions: [Int: Set<String>] = [:]
        // Only declarations with the same members as another can be the same: comparing
        // those alone skips most of the work.
        var outlines: [[String]: [Int]] = [:]
        for offset in types.indices where types[offset].kind != .typealias {
            let definition = types[offset].definition
            outlines[[types[offset].kind.rawValue] + definition.memberNames, default: []].append(offset)
        }
        var stale = Set(outlines.values.filter { $0.count > 1 }.joined())
        // Rounds until nothing merges: each round's aliases can make users of them equal, so
        // the declarations mentioning a new alias are compared again.
        for _ in 0..<16 where !stale.isEmpty {
            for (offset, identity) in Self.identities(of: stale.sorted(), in: types, renaming: canonicalName) {
                keys[offset] = identity.key
                mentions[offset] = identity.mentioned
            }
            var groups: [TypeDeclaration.Definition: [Int]] = [:]
            for (offset, key) in keys { groups[key, default: []].append(offset) }
            var aliased = Set<String>()
            for offsets in groups.values.flatMap({ splittingByTitle($0, in: types) }) where offsets.count > 1 {
                let named = offsets.filter { namedTypes.contains(types[$0].name) }
                let kept = (named.isEmpty ? offsets : named).min {
                    Self.isPreferredName(types[$0].name, over: types[$1].name)
                }!
                let keptName = types[kept].name
                for offset in offsets where offset != kept && !namedTypes.contains(types[offset].name) {
                    let name = types[offset].name
                    // A type kept in an earlier round can become an alias in a later one: the
                    // aliases of it now stand for its target.
                    for alias in aliasesOf.removeValue(forKey: name) ?? [] {
                        canonicalName[alias] = keptName
                        aliased.insert(alias)
                        aliasesOf[keptName, default: []].append(alias)
                    }
                    canonicalName[name] = keptName
                    aliasesOf[keptName, default: []].append(name)
                    aliased.insert(name)
                    types[offset].definition = .alias(.named(keptName))
                    keys[offset] = nil
                    mentions[offset] = nil
                }
            }
            stale = Set(mentions.compactMap { offset, names in names.isDisjoint(with: aliased) ? nil : offset })
        }
        var shapePlacesOf: [String: [String]] = [:]
        for (name, places) in shapePlaces {
            shapePlacesOf[canonicalName[name] ?? name, default: []] += places
        }
        return namingSharedTypes(
            types, aliasesOf: aliasesOf.filter { !namedTypes.contains($0.key) },
            shapePlacesOf: shapePlacesOf.filter { !namedTypes.contains($0.key) })
    }

    /// The declarations with each type kept for several places named after what it is
    /// (``SharedTypeName``), when that name is free: the kept declaration moves to the new
    /// name, and its old name joins the others as an alias of it. The places are the names
    /// merged into it (`aliasesOf`), then those its shape was met under while declared and not
    /// named after (`shapePlacesOf`). Names come from the places first
    /// (``SharedTypeName/placeNames(sharedBy:headers:alternatives:)``), for a union not named
    /// after its places already from its alternatives
    /// (``SharedTypeName/unionNames(of:declared:)``); without any, a kept name that was
    /// numbered because its own was taken (GitHub's shared `status` parameter, `Status2` beside
    /// the `Status` schema) gives way to the shortest place's name without a number
    /// (`CheckRunStatus`). Types with more places are named first, then in the order of their
    /// kept names, so the same spec gets the same names.
    func namingSharedTypes(
        _ declared: [TypeDeclaration], aliasesOf: [String: [String]], shapePlacesOf: [String: [String]]
    ) -> [TypeDeclaration] {
        var types = declared
        var offsets: [String: Int] = [:]
        for (offset, declaration) in types.enumerated() { offsets[declaration.name] = offset }
        var names = typeNames
        for declaration in types { names.reserve(declaration.name) }
        func places(of kept: String) -> (aliases: [String], all: [String]) {
            let aliases = [kept] + Set(aliasesOf[kept] ?? []).subtracting([kept]).sorted()
            return (aliases, aliases + Set(shapePlacesOf[kept] ?? []).subtracting(aliases).sorted())
        }
        // The types with most places first: of two unions of the same schemas, the one used
        // everywhere is `AnyPolicy`.
        let kepts = Set(aliasesOf.keys).union(shapePlacesOf.keys).map { ($0, places(of: $0)) }
        for (kept, (aliases, places)) in kepts.sorted(by: { ($1.1.all.count, $0.0) < ($0.1.all.count, $1.0) }) {
            guard let keptOffset = offsets[kept], places.count > 1 else { continue }
            let declaredPlaces = places.filter { offsets[$0] != nil }
            let headers =
                places.allSatisfy(headerTypeNames.contains) ? Self.headerNames(of: types[keptOffset]) : nil
            let numbered = Self.numberedStem(kept).map { offsets[$0] != nil || names.isTaken($0) } == true
            let alternatives = types[keptOffset].definition.alternativeTypes
            // The declared places' names first, then with the places of the same shape too.
            var candidates = SharedTypeName.placeNames(
                sharedBy: aliases, headers: headers, alternatives: alternatives, errorName: errorName)
            if places.count > aliases.count {
                candidates += SharedTypeName.placeNames(
                    sharedBy: places, headers: headers, alternatives: alternatives, errorName: errorName)
            }
            // A type named after its places while declared keeps that name rather than one
            // from its alternatives.
            if !sharedTypeNames.contains(kept) {
                candidates += SharedTypeName.unionNames(of: alternatives) { offsets[$0] != nil }
            }
            if let title = declaredPlaces.lazy.compactMap({ inlineTitles[$0] }).first {
                candidates.append(title)
            }
            if let envelope = SharedTypeName.envelopeName(
                of: types[keptOffset].definition, component: conceptTypeNames.contains)
            {
                candidates.append(envelope)
            }
            if numbered,
                let plain = declaredPlaces.filter({ Self.numberedStem($0) == nil }).min(by: Self.isPreferredName)
            {
                candidates.append(plain)
            }
            // A declared place's own name, or one no other type has.
            guard
                let shared = candidates.first(where: {
                    declaredPlaces.contains($0) || (offsets[$0] == nil && names.claimExactly($0))
                }), shared != kept
            else { continue }
            // Every place keeps its own doc comment on its alias; the shared type keeps the one
            // they all have, if they have one.
            let docLines = declaredPlaces.map { types[offsets[$0]!].docLines }
            var declaration = types[keptOffset]
            declaration.name = shared
            declaration.docLines = docLines.allSatisfy { $0 == docLines[0] } ? docLines[0] : []
            if let sharedOffset = offsets[shared] {
                // The name of one of the places: that alias becomes the declaration.
                declaration.fileName = types[sharedOffset].fileName
                types[sharedOffset] = declaration
            } else {
                declaration.fileName = Self.fileName(declaration.fileName, renamedTo: shared)
                offsets[shared] = types.count
                types.append(declaration)
            }
            for place in declaredPlaces where place != shared {
                types[offsets[place]!].definition = .alias(.named(shared))
            }
        }
        return types
    }

    /// The headers a response's headers struct holds, as the response names them; nil when a
    /// property is not one header.
    static func headerNames(of declaration: TypeDeclaration) -> [String]? {
        guard case .structure(let structure) = declaration.definition else { return nil }
        var headers: [String] = []
        for property in structure.properties {
            guard case .key(let header) = property.coding else { return nil }
            headers.append(header)
        }
        return headers
    }

    /// `Models/OrgsListHeaders.swift` → `Models/LinkHeaders.swift`: the file of a type named
    /// anew, in the folder of the type it was.
    static func fileName(_ fileName: String, renamedTo name: String) -> String {
        let folder = fileName.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        return (folder + ["\(name).swift"]).joined(separator: "/")
    }

    /// What identifies each declaration at `offsets`: its definition with its own name as a
    /// mark and each alias as its target, and the names it mentions; computed on all cores (each
    /// iteration writes only its own slot).
    static func identities(
        of offsets: [Int], in types: [TypeDeclaration], renaming: [String: String]
    ) -> [(offset: Int, identity: (key: TypeDeclaration.Definition, mentioned: Set<String>))] {
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<
            (key: TypeDeclaration.Definition, mentioned: Set<String>)
        >.allocate(capacity: offsets.count)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: offsets.count) { index in
            let declaration = types[offsets[index]]
            (results.baseAddress! + index).initialize(to: identity(of: declaration, renaming: renaming))
        }
        return offsets.indices.map { (offsets[$0], results[$0]) }
    }

    /// The declaration's definition with its own name replaced by a mark no type name has, and
    /// each alias by its target; and every name it mentions.
    static func identity(
        of declaration: TypeDeclaration, renaming: [String: String]
    ) -> (key: TypeDeclaration.Definition, mentioned: Set<String>) {
        let ownName = declaration.name
        let key = declaration.definition.renamingTypes { name in
            name == ownName ? ownNameMark : renaming[name]
        }
        return (key, Set(declaration.definition.mentionedNames))
    }

    /// `offsets`, declarations alike, as the groups that become one type each: all of them,
    /// unless they have different titles (``TypeCatalog/titles``): then one group per title,
    /// those without a title joining the first title's.
    func splittingByTitle(_ offsets: [Int], in types: [TypeDeclaration]) -> [[Int]] {
        let distinct = Set(offsets.compactMap { titles[types[$0].name] })
        guard distinct.count > 1, let first = distinct.min() else { return [offsets] }
        return Dictionary(grouping: offsets) { titles[types[$0].name] ?? first }.values.map { $0 }
    }

    /// What a declaration's mention of itself is compared as.
    static let ownNameMark = "\u{1}"

    /// Shorter names say less about where the type was first met; among names of one length,
    /// the alphabetical order makes the choice stable.
    /// `Status` for `Status2`: the name a numbered name was numbered from; nil for a name
    /// without a number at its end.
    static func numberedStem(_ name: String) -> String? {
        let stem = name.reversed().drop { $0.isASCII && $0.isNumber }.reversed()
        return stem.count < name.count && !stem.isEmpty ? String(stem) : nil
    }

    static func isPreferredName(_ name: String, over other: String) -> Bool {
        name.count != other.count ? name.count < other.count : name < other
    }
}
