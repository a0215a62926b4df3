/// Small structs keep their values in their own stored properties.
///
/// A struct's storage costs the compiler a fixed amount per model (the storage class, its
/// initializers, and accessors for each of its values besides the struct's own),
/// which for a struct of one to four properties is most of the struct's code. Half of a
/// big client's models are that small (GitHub's `Link`, most request bodies), and storing their
/// values inline makes such a client faster to build. What the storage is
/// for still holds: an inline struct holds no other inline struct and no `oneOf` or `anyOf` by
/// value (those go through collections or storage-backed structs, which are one reference), so
/// it never lies on a cycle of types and copying it copies at most four values.
struct InlineValuesPass: TypePass {
    /// The most properties a struct may have and still store its values inline.
    static let inlineValueLimit = 4

    func apply(to types: [TypeDeclaration]) -> [TypeDeclaration] {
        let index = DeclarationIndex(types)
        var candidates: [Int: TypeDeclaration.Structure] = [:]
        for offset in types.indices {
            guard case .structure(let structure) = types[offset].definition, !structure.properties.isEmpty,
                structure.properties.count <= Self.inlineValueLimit,
                // Properties coded under keys of their own only; the members of an object
                // beside its properties and embedded compositions keep the storage. So
                // does a deprecated property: `visitValues` reads it, which would warn. And so
                // does one kept in three states, which is read through the storage.
                structure.properties.allSatisfy({
                    guard case .key = $0.coding, !$0.isDeprecated else { return false }
                    if case .optional = $0.nullability { return false }
                    return true
                })
            else { continue }
            candidates[offset] = structure
        }

        /// Whether a property of this type may sit in an inline struct: anything but a
        /// candidate struct, a `oneOf` or an `anyOf` held by value, following type aliases.
        func isAllowedInline(_ type: SwiftType) -> Bool {
            guard let offset = index.declarationStored(as: type) else { return true }
            switch types[offset].kind {
            case .oneOf, .anyOf: return false
            case .struct: return candidates[offset] == nil
            case .enum, .typealias: return true
            }
        }

        var result = types
        for (offset, structure) in candidates where structure.properties.allSatisfy({ isAllowedInline($0.type) }) {
            var inline = structure
            inline.storesValuesInline = true
            result[offset].definition = .structure(inline)
        }
        return result
    }
}
