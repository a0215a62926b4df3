/// The type names handed out in one build, and the names made from the spec's words so far.
struct NameCache {
    /// Every type name of the module, taken in the builder's fixed order.
    var typeNames: TypeNameRegistry
    /// Names already made from the spec's words, by those words: see `memberName(_:)`.
    private var namedMembers: [String: String] = [:]
    private var namedTypes: [String: String] = [:]

    init(typeNames: TypeNameRegistry) {
        self.typeNames = typeNames
    }

    /// ``Naming/memberName(_:)``, remembered: naming splits text into words and joins them
    /// again, and a spec repeats the same property names (`id`, `object`, `created`) thousands
    /// of times.
    mutating func memberName(_ text: String) -> String {
        if let known = namedMembers[text] { return known }
        let name = Naming.memberName(text)
        namedMembers[text] = name
        return name
    }

    /// ``Naming/typeName(_:)``, remembered like `memberName(_:)`.
    mutating func typeName(_ text: String) -> String {
        if let known = namedTypes[text] { return known }
        let name = Naming.typeName(text)
        namedTypes[text] = name
        return name
    }
}
