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
/// `OrgsListHeaders`, `IssuesListForRepoHeaders`… are aliases of it. Only when there is no
/// such name, or it is taken, does the type keep the shortest place's name.
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
            for offsets in groups.values where offsets.count > 1 {
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
        return namingSharedTypes(types, aliasesOf: aliasesOf.filter { !namedTypes.contains($0.key) })
    }

    /// The declarations with each type kept for several places named after what it is
    /// (``SharedTypeName``), when that name is free: the kept declaration moves to the new
    /// name, and its old name joins the others as an alias of it. Without such a name, a kept
    /// name that was numbered because its own was taken (GitHub's shared `status` parameter,
    /// `Status2` beside the `Status` schema) gives way to the shortest place's name without a
    /// number (`CheckRunStatus`); a shared union of a string and a schema, that schema's
    /// `…OrID` (``SharedTypeName/referenceUnionName(sharedBy:alternatives:)``). Types are
    /// named in the order of their kept names, so the same spec gets the same names.
    func namingSharedTypes(_ declared: [TypeDeclaration], aliasesOf: [String: [String]]) -> [TypeDeclaration] {
        var types = declared
        var offsets: [String: Int] = [:]
        for (offset, declaration) in types.enumerated() { offsets[declaration.name] = offset }
        var names = typeNames
        for declaration in types { names.reserve(declaration.name) }
        for kept in aliasesOf.keys.sorted() {
            guard let keptOffset = offsets[kept], let aliases = aliasesOf[kept], !aliases.isEmpty else { continue }
            let places = [kept] + aliases.sorted()
            let headers =
                places.allSatisfy(headerTypeNames.contains) ? Self.headerNames(of: types[keptOffset]) : nil
            let numbered = Self.numberedStem(kept).map { offsets[$0] != nil || names.isTaken($0) } == true
            guard
                let shared = SharedTypeName.candidate(sharedBy: places, headers: headers)
                    ?? SharedTypeName.referenceUnionName(
                        sharedBy: places, alternatives: types[keptOffset].definition.alternativeTypes)
                    ?? (numbered
                        ? places.filter { Self.numberedStem($0) == nil }.min(by: Self.isPreferredName) : nil),
                let sharedOffset = offsets[shared] ?? (names.claimExactly(shared) ? types.count : nil)
            else { continue }
            if shared == kept { continue }
            // Every place keeps its own doc comment on its alias; the shared type keeps the one
            // they all have, if they have one.
            let docLines = places.map { types[offsets[$0]!].docLines }
            var declaration = types[keptOffset]
            declaration.name = shared
            declaration.docLines = docLines.allSatisfy { $0 == docLines[0] } ? docLines[0] : []
            if sharedOffset == types.count {
                declaration.fileName = Self.fileName(declaration.fileName, renamedTo: shared)
                offsets[shared] = sharedOffset
                types.append(declaration)
            } else {
                // The name of one of the places: that alias becomes the declaration.
                guard places.contains(shared) else { continue }
                declaration.fileName = types[sharedOffset].fileName
                types[sharedOffset] = declaration
            }
            for place in places where place != shared {
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
