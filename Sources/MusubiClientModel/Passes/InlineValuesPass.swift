/// Structs keep their values in their own stored properties, as a hand-written model does,
/// unless a storage class is needed or costs the compiler less.
///
/// A struct keeps its values in a copy-on-write storage class (one reference wherever the
/// struct is stored) when:
/// - it lies on a cycle of types held by value (`Folder` holding `Folder?`, or `Issue` holding a
///   `oneOf` one of whose alternatives holds `Issue`): such a type has no finite size unless
///   something on the cycle is one reference;
/// - a value is stored in another form than its property's: a link kept as its text
///   (`URLText`, which the storage class holds for the same code as any value, where a struct
///   would need a private stored property beside each link), the members beside the
///   properties, an embedded composition; or a property is deprecated (`visitValues` would
///   warn reading it);
/// - it holds more than ``valueLimit`` values by value, counting the values of the inline
///   structs and compositions it holds as its own: the compiler emits code that copies and
///   destroys every one of them for each type holding them, so large nests of inline structs
///   cost more to build than one reference each.
///
/// A value kept in three states needs no storage: its companion (`nullableMilestone`) is the
/// stored property and the plain optional is computed from it. Arrays and dictionaries hold
/// their elements out of line, and a composition's boxed members (see ``RecursionPass``) are
/// one reference, so neither continues a cycle or counts toward the limit.
struct InlineValuesPass: TypePass {
    /// The most values a struct holds by value, its inline structs' and compositions' included,
    /// and still stores them itself.
    static let valueLimit = 16

    func apply(to types: [TypeDeclaration]) -> [TypeDeclaration] {
        let index = DeclarationIndex(types)
        var candidates: [Int: TypeDeclaration.Structure] = [:]
        for offset in types.indices {
            guard case .structure(let structure) = types[offset].definition, !structure.properties.isEmpty,
                structure.properties.allSatisfy({
                    guard case .key = $0.coding else { return false }
                    return !$0.isDeprecated && !$0.keepsURLText
                })
            else { continue }
            candidates[offset] = structure
        }

        /// The types of the values a type stores itself: a candidate struct's properties, a
        /// composition's unboxed alternatives. A struct that keeps its storage is one reference
        /// and stores none.
        func storedTypes(_ offset: Int) -> [SwiftType] {
            switch types[offset].definition {
            case .structure: return candidates[offset]?.properties.map(\.type) ?? []
            case .oneOf(let oneOf): return oneOf.alternatives.filter { !$0.isBoxed }.map(\.type)
            case .anyOf(let anyOf): return anyOf.alternatives.filter { !$0.isBoxed }.map(\.type)
            case .enumeration, .alias: return []
            }
        }

        /// What a type holds by value that could lead back to it: the candidate structs and
        /// compositions its stored values are, following type aliases.
        func heldByValue(_ offset: Int) -> [Int] {
            storedTypes(offset).flatMap(Self.typesHeldByValue).compactMap { index.declarationStored(as: $0) }.filter {
                switch types[$0].kind {
                case .oneOf, .anyOf: return true
                case .struct: return candidates[$0] != nil
                case .enum, .typealias: return false
                }
            }
        }

        let onCycles = TypeGraph(nodeCount: types.count, edges: heldByValue).nodesOnCycles()

        // How many values each type holds by value, counting what an inline struct or a
        // composition holds as its own; a struct on a cycle, or too large, is one reference.
        // Worked out children first, with a stack of our own: the types off the cycles hold
        // each other as a tree or a DAG, but a chain of them may be as long as the spec makes it.
        var counts: [Int: Int] = [:]
        func count(of offset: Int) -> Int {
            guard let count = counts[offset] else { return 1 }
            if types[offset].kind == .struct, count > Self.valueLimit { return 1 }
            return count
        }
        func ownCount(_ offset: Int) -> Int {
            let weights = storedTypes(offset).map { type in
                let held = Self.typesHeldByValue(type).compactMap { index.declarationStored(as: $0) }
                return max(1, held.reduce(0) { $0 + count(of: $1) })
            }
            // A `oneOf` holds one alternative at a time, the largest; a struct all of its values.
            switch types[offset].kind {
            case .oneOf: return weights.max() ?? 1
            case .struct, .anyOf: return weights.reduce(0, +)
            case .enum, .typealias: return 1
            }
        }
        func followed(_ offset: Int) -> [Int] {
            heldByValue(offset).filter { !onCycles.contains($0) || types[$0].kind != .struct }
        }
        var inProgress = Set<Int>()
        for root in candidates.keys.sorted() where !onCycles.contains(root) && counts[root] == nil {
            var stack: [(offset: Int, targets: [Int], next: Int)] = [(root, followed(root), 0)]
            inProgress.insert(root)
            while let top = stack.last {
                if top.next < top.targets.count {
                    let target = top.targets[top.next]
                    stack[stack.count - 1].next += 1
                    if counts[target] == nil, !inProgress.contains(target) {
                        inProgress.insert(target)
                        stack.append((target, followed(target), 0))
                    }
                    continue
                }
                stack.removeLast()
                inProgress.remove(top.offset)
                counts[top.offset] = ownCount(top.offset)
            }
        }

        var result = types
        for (offset, structure) in candidates
        where !onCycles.contains(offset) && (counts[offset] ?? 0) <= Self.valueLimit {
            var inline = structure
            inline.storesValuesInline = true
            result[offset].definition = .structure(inline)
        }
        return result
    }

    /// The types whose values a value of this type contains: itself, or what an optional or a
    /// generic wrapper (`Nullable<T>`, `OrEmpty<T>`) wraps. Arrays, dictionaries and
    /// `Indirect` keep their contents out of line and contain none.
    static func typesHeldByValue(_ type: SwiftType) -> [SwiftType] {
        switch type {
        case .named: return [type]
        case .optional(let wrapped): return typesHeldByValue(wrapped)
        case .array, .dictionary: return []
        case .generic("Indirect", _): return []
        case .generic(_, let arguments): return arguments.flatMap(typesHeldByValue)
        }
    }
}
