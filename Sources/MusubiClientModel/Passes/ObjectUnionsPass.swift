/// An `anyOf` of two or more objects encodes every object alternative that is set, so that
/// their members make one object again (Stripe's expandable fields decode a deleted discount as
/// both `discount` and `deletedDiscount`, and only the second has `deleted`); a scalar or
/// array alternative that is set is encoded alone, and so is the first set of any other. An
/// ID-or-object union reads its `id` from its objects only when each is a struct.
///
/// Decided once every type is declared: the alternatives of a union are often declared after
/// it (a component further down the spec, or one still being built on a cycle, as Mistral's
/// recursive `FilterGroup`), and a union deciding as it is built would see no struct behind
/// their names and write only its first alternative, losing the others' members (Stripe's
/// `anyOf: [payment_method_options_card, …_client]`, a payment intent's `capture_method`).
struct ObjectUnionsPass: TypePass {
    func apply(to declared: [TypeDeclaration]) -> [TypeDeclaration] {
        let index = DeclarationIndex(declared)
        var types = declared
        for offset in types.indices {
            guard case .anyOf(var anyOf) = types[offset].definition else { continue }
            let objects = anyOf.alternatives.filter { index.isObject($0.type) }.map(\.name)
            anyOf.mergedAlternatives = objects.count > 1 ? objects : []
            if let identifier = anyOf.identifier {
                let structs = anyOf.alternatives.filter { index.isStruct($0.type) }.map(\.name)
                if !identifier.objects.allSatisfy(structs.contains) { anyOf.identifier = nil }
            }
            types[offset].definition = .anyOf(anyOf)
        }
        return types
    }
}

extension DeclarationIndex {
    /// Whether a value of this type is a JSON object: a struct, or a dictionary, directly or
    /// through type aliases.
    func isObject(_ type: SwiftType) -> Bool {
        let (end, definition) = aliasEnd(of: type)
        if end.objectValue != nil { return true }
        if case .structure = definition { return true }
        return false
    }

    /// Whether the type is a generated struct, directly or through type aliases.
    func isStruct(_ type: SwiftType) -> Bool {
        if case .structure = aliasEnd(of: type).definition { return true }
        return false
    }

    /// The type `type`'s aliases end at (16 at most), without its optionality, and that type's
    /// declaration when it is a generated one.
    private func aliasEnd(of type: SwiftType) -> (type: SwiftType, definition: TypeDeclaration.Definition?) {
        var current = type.nonOptional
        for _ in 0..<16 {
            guard let offset = current.name.flatMap({ offset(of: $0) }) else { return (current, nil) }
            guard case .alias(let target) = types[offset].definition else { return (current, types[offset].definition) }
            current = target.nonOptional
        }
        return (current, nil)
    }
}
