/// Recursive types: a struct or enum that contains itself, directly or through other types,
/// has no finite size. A struct with properties keeps them in a class instance (see
/// ``ModelDeclaration/storageProperty``), so it is one reference wherever it is stored and
/// never lies on such a cycle; arrays and dictionaries store their elements out of line too.
/// What remains are the compositions: a `oneOf` enum or an `anyOf` struct holding another
/// `oneOf` or `anyOf` by value. Those members are always boxed, on a cycle or not (an enum's
/// case becomes `indirect`, an `anyOf`'s property goes into an `Indirect`), which breaks every
/// cycle and keeps nested compositions from making types kilobytes large.
extension ModelBuilder {
    func boxRecursiveProperties() {
        let index = modelIndex()

        /// Whether a member of this type stores a `oneOf` enum or an `anyOf` struct inline,
        /// following type aliases; false for structs, collections, scalars and open enums.
        func storesCompositionInline(_ type: SwiftType) -> Bool {
            guard let offset = declarationStored(as: type, index: index) else { return false }
            return [.oneOf, .anyOf].contains(models[offset].kind)
        }

        for offset in models.indices {
            switch models[offset].kind {
            case .oneOf:
                let boxed = models[offset].alternatives.indices.filter {
                    storesCompositionInline(models[offset].alternatives[$0].type)
                }
                guard !boxed.isEmpty else { continue }
                updateModel(at: offset) { model in
                    for alternative in boxed { model.alternatives[alternative].indirectKeyword = "indirect " }
                }
            case .anyOf:
                let boxed = models[offset].properties.indices.filter {
                    storesCompositionInline(models[offset].properties[$0].type)
                }
                guard !boxed.isEmpty else { continue }
                updateModel(at: offset) { model in
                    for property in boxed {
                        model.properties[property].makeIndirect()
                        model.initParameters[property].assignment = model.properties[property].initAssignment
                    }
                }
            case .struct, .enum, .typealias:
                continue
            }
        }
    }

    /// Each declared model's offset in ``models``, by name.
    func modelIndex() -> [String: Int] {
        var index: [String: Int] = [:]
        for (offset, model) in models.enumerated() { index[model.name] = offset }
        return index
    }

    /// The declaration a property of this type holds by value (`Pet` or `Pet?`), following type
    /// aliases to their target; nil for collections, scalars and types declared elsewhere, and
    /// for an alias chain that does not end.
    func declarationStored(as type: SwiftType, index: [String: Int]) -> Int? {
        var stored = type.nonOptional
        for _ in 0..<16 {
            guard let offset = stored.name.flatMap({ index[$0] }) else { return nil }
            guard models[offset].kind == .typealias else { return offset }
            stored = models[offset].aliasedType.nonOptional
        }
        return nil
    }
}
