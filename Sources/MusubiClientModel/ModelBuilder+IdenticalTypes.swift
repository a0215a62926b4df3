import Dispatch

/// Declarations that would come out identical under different names become type aliases of one.
///
/// Specs repeat whole types under other names: GitHub's `nullable-repository` is `repository`
/// again, and 151 of its paginated operations each document the same `Link` response header,
/// so a third of its model declarations were copies. Each copy cost the build as much as the
/// original (a fifth of the model code), and users met many types for one thing. The copies
/// are found after all declarations are built, by comparing what they would generate; each
/// keeps its name and its own doc comment as `public typealias NullableRepository = Repository`.
///
/// Types Musubi named after where they were met (inline schemas, response headers) merge, and
/// so do named schemas that only add "or null"; other named schemas keep their own type however
/// alike they look. Two declarations are merged only when everything the template renders is
/// the same except the type's name and its own doc comment: properties with their doc comments,
/// keys, defaults and attributes, enum cases, and the types they mention. A mention of an alias
/// counts as its target, so merging `NullableSimpleUser` into `SimpleUser` lets the types that
/// use each of them merge in the next round. The type kept is a named schema's when there is
/// one, else the shortest name (`Repository` rather than `NullableRepository`), the first in
/// alphabetical order among equals.
extension ModelBuilder {
    func mergeIdenticalDeclarations() {
        // A schema the spec names stands for a concept of its own (`Account` is not `Pet` because
        // both have an ID and a name) and keeps its type, unless it is a copy that only adds
        // "or null" (GitHub's `nullable-repository`).
        var namedTypes = Set<String>()
        for (schemaName, typeName) in componentTypeNames where componentSchemas[schemaName]?.nullable != true {
            namedTypes.insert(typeName)
        }
        var canonicalName: [String: String] = [:]
        // The other way round: the names that stand for each kept type.
        var aliasesOf: [String: [String]] = [:]
        var keys: [Int: ShapeKey] = [:]
        var mentions: [Int: Set<String>] = [:]
        // Only declarations with the same members as another can be the same: comparing
        // those alone skips most of the work.
        var outlines: [String: [Int]] = [:]
        for offset in models.indices where models[offset].kind != .typealias {
            outlines[Self.outline(of: models[offset]), default: []].append(offset)
        }
        var stale = Set(outlines.values.filter { $0.count > 1 }.joined())
        // Rounds until nothing merges: each round's aliases can make users of them equal, so
        // the declarations mentioning a new alias are compared again.
        for _ in 0..<16 where !stale.isEmpty {
            for (offset, shape) in Self.shapes(of: stale.sorted(), in: models, renaming: canonicalName) {
                keys[offset] = shape.key
                mentions[offset] = shape.mentioned
            }
            var groups: [ShapeKey: [Int]] = [:]
            for (offset, key) in keys { groups[key, default: []].append(offset) }
            var aliased = Set<String>()
            for offsets in groups.values where offsets.count > 1 {
                let named = offsets.filter { namedTypes.contains(models[$0].name) }
                let kept = (named.isEmpty ? offsets : named).min {
                    Self.isPreferredName(models[$0].name, over: models[$1].name)
                }!
                let keptName = models[kept].name
                for offset in offsets where offset != kept && !namedTypes.contains(models[offset].name) {
                    let name = models[offset].name
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
                    updateModel(at: offset) { $0.becomeAlias(of: keptName) }
                    keys[offset] = nil
                    mentions[offset] = nil
                }
            }
            stale = Set(mentions.compactMap { offset, names in names.isDisjoint(with: aliased) ? nil : offset })
        }
    }

    /// The shape texts of the declarations at `offsets`, with the names each mentions,
    /// computed on all cores (each iteration writes only its own slot).
    static func shapes(
        of offsets: [Int], in models: [ModelDeclaration], renaming: [String: String]
    ) -> [(offset: Int, shape: (key: ShapeKey, mentioned: Set<String>))] {
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<(key: ShapeKey, mentioned: Set<String>)>
            .allocate(capacity: offsets.count)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        DispatchQueue.concurrentPerform(iterations: offsets.count) { index in
            var mentioned = Set<String>()
            let key = ShapeKey(
                bytes: shapeText(of: models[offsets[index]], renaming: renaming, mentioned: &mentioned))
            (results.baseAddress! + index).initialize(to: (key, mentioned))
        }
        return offsets.indices.map { (offsets[$0], results[$0]) }
    }

    /// The kind and member names of a declaration: equal for any two that can be merged.
    static func outline(of model: ModelDeclaration) -> String {
        var text = model.kind.rawValue
        for property in model.properties { text += "\u{0}" + property.name }
        for enumCase in model.cases { text += "\u{0}" + enumCase.name }
        for alternative in model.alternatives { text += "\u{0}" + alternative.name }
        return text
    }

    /// Shorter names say less about where the type was first met; among names of one length,
    /// the alphabetical order makes the choice stable.
    static func isPreferredName(_ name: String, over other: String) -> Bool {
        name.count != other.count ? name.count < other.count : name < other
    }

    /// Everything the template renders for the declaration, apart from its name and doc
    /// comment, with the declaration's own name replaced by a mark and each alias as its target.
    static func shapeText(
        of model: ModelDeclaration, renaming: [String: String], mentioned: inout Set<String>
    ) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(4096)
        // Each value ends with a byte no generated text contains, so no value can run into the
        // next.
        func verbatim(_ value: String) {
            text.append(contentsOf: value.utf8)
            text.append(0)
        }
        func code(_ value: String) {
            SwiftSourceText.appendRenamingIdentifiers(
                in: value, to: &text, renaming, ownName: model.name, ownNameMark: "\u{1}", mentioned: &mentioned)
            text.append(0)
        }
        func lines(_ values: [String], _ add: (String) -> Void) {
            verbatim(String(values.count))
            values.forEach(add)
        }

        verbatim(model.kind.rawValue)
        lines(model.attributes, verbatim)
        verbatim(model.conformances)
        verbatim(model.rawType)
        verbatim(model.storageProperty)
        verbatim(model.storageClass)
        for property in model.properties {
            verbatim(property.name)
            code(property.type.swiftText)
            verbatim(property.originalName)
            lines(property.docLines, verbatim)
            lines(property.attributes, verbatim)
            verbatim("\(property.isComputed) \(property.isReadOnly) \(property.encodesNil)")
            verbatim(property.storageName)
            code(property.storageType.swiftText)
            code(property.initAssignment)
            code(property.getter)
            code(property.setter)
            lines(property.decodeLines, code)
            verbatim(property.member)
        }
        for parameter in model.initParameters {
            code(parameter.declaration)
            code(parameter.assignment)
        }
        lines(model.initDeclarationLines, code)
        lines(model.storageInitCallLines, code)
        lines(model.storageInitDeclarationLines, code)
        for enumCase in model.cases {
            verbatim(enumCase.name)
            verbatim(enumCase.rawValueLiteral)
            lines(enumCase.docLines, verbatim)
            lines(enumCase.initCaseLines, code)
            lines(enumCase.rawValueCaseLines, code)
        }
        for alternative in model.alternatives {
            verbatim(alternative.name)
            code(alternative.type.swiftText)
            lines(alternative.docLines, verbatim)
            verbatim(alternative.indirectKeyword)
            lines(alternative.decodeBranchLines, code)
            lines(alternative.discriminatorCaseLines, code)
            lines(alternative.encodeCaseLines, code)
            code(alternative.decodeStatement)
            code(alternative.encodeBranch)
            lines(alternative.parameterValueCaseLines, code)
        }
        verbatim("\(model.hasDiscriminator) \(model.encodesEveryAlternative) \(model.isParameterValue)")
        verbatim(model.discriminatorLiteral)
        verbatim(model.discriminatorProperty)
        verbatim(model.discriminatorCall)
        lines(model.initCallLines, code)
        return text
    }
}

/// A declaration's shape text as a dictionary key, hashed as one run of bytes (an array's own
/// hashing feeds the hasher a byte at a time).
struct ShapeKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}

extension ModelDeclaration {
    /// Turns the declaration into `typealias Name = target`, keeping its name, file, doc
    /// comment and attributes.
    mutating func becomeAlias(of target: String) {
        kind = .typealias
        template = "Typealias"
        aliasedType = .named(target)
        properties = []
        initParameters = []
        hasInitParameters = false
        initDeclarationLines = []
        storageInitCallLines = []
        storageInitDeclarationLines = []
        storesValuesInline = false
        rawType = ""
        cases = []
        alternatives = []
        hasDiscriminator = false
        discriminatorLiteral = ""
        discriminatorProperty = ""
        discriminatorCall = ""
        initCallLines = []
        encodesEveryAlternative = false
        isParameterValue = false
    }
}
