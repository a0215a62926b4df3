/// Recursive types: a struct or enum that contains itself, directly or through other types,
/// has no finite size. A struct on such a cycle keeps its properties in a copy-on-write storage
/// class (see ``InlineValuesPass``), so it is one reference wherever it is stored; arrays and
/// dictionaries store their elements out of line too. What remains are the compositions: a
/// `oneOf` enum or an `anyOf` struct holding another `oneOf` or `anyOf` by value. Those members
/// are always boxed, on a cycle or not (an enum's case becomes `indirect`, an `anyOf`'s property
/// goes into an `Indirect`), which breaks every cycle of compositions alone and keeps nested
/// compositions from making types kilobytes large.
struct RecursionPass: TypePass {
    func apply(to types: [TypeDeclaration]) -> [TypeDeclaration] {
        let index = DeclarationIndex(types)

        /// Whether a member of this type stores a `oneOf` enum or an `anyOf` struct inline,
        /// following type aliases; false for structs, collections, scalars and open enums.
        func storesCompositionInline(_ type: SwiftType) -> Bool {
            guard let offset = index.declarationStored(as: type) else { return false }
            return [.oneOf, .anyOf].contains(types[offset].kind)
        }
        func boxed(_ alternatives: [TypeDeclaration.Alternative]) -> [TypeDeclaration.Alternative]? {
            guard alternatives.contains(where: { storesCompositionInline($0.type) }) else { return nil }
            return alternatives.map { alternative in
                var alternative = alternative
                alternative.isBoxed = storesCompositionInline(alternative.type)
                return alternative
            }
        }

        var result = types
        for offset in types.indices {
            switch types[offset].definition {
            case .oneOf(var oneOf):
                guard let alternatives = boxed(oneOf.alternatives) else { continue }
                oneOf.alternatives = alternatives
                result[offset].definition = .oneOf(oneOf)
            case .anyOf(var anyOf):
                guard let alternatives = boxed(anyOf.alternatives) else { continue }
                anyOf.alternatives = alternatives
                result[offset].definition = .anyOf(anyOf)
            case .structure, .enumeration, .alias:
                continue
            }
        }
        return result
    }
}
