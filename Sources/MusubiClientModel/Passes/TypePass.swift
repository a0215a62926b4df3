/// One step that runs once every type is declared: the declarations in, the declarations out.
///
/// A pass decides from the declarations alone (and from what it is given when made), so it
/// can be run and tested on its own; the builder runs them in order (``ClientModelBuilder``).
/// A pass changes decisions, never Swift text: writing the text is the presentation step's.
protocol TypePass {
    func apply(to types: [TypeDeclaration]) -> [TypeDeclaration]
}

extension Array where Element == TypePass {
    /// The declarations after every pass, in order.
    func apply(to types: [TypeDeclaration]) -> [TypeDeclaration] {
        reduce(types) { types, pass in pass.apply(to: types) }
    }
}

/// The declarations by name, for following a property's type to the declaration it holds.
struct DeclarationIndex {
    let types: [TypeDeclaration]
    private var offsets: [String: Int] = [:]

    init(_ types: [TypeDeclaration]) {
        self.types = types
        for (offset, declaration) in types.enumerated() { offsets[declaration.name] = offset }
    }

    /// The offset of the declaration named `name`.
    func offset(of name: String) -> Int? { offsets[name] }

    /// The offset of the declaration a property of this type holds by value (`Pet` or
    /// `Pet?`), following type aliases to their target; nil for collections, scalars and types
    /// declared elsewhere, and for an alias chain that does not end.
    func declarationStored(as type: SwiftType) -> Int? {
        var stored = type.nonOptional
        for _ in 0..<16 {
            guard let offset = stored.name.flatMap({ offsets[$0] }) else { return nil }
            guard let target = types[offset].aliasedType else { return offset }
            stored = target.nonOptional
        }
        return nil
    }
}
