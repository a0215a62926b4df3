/// Hands out type names unique within the generated module.
///
/// A clash with a Swift, Foundation or runtime type gets a `Model` suffix (`Error` →
/// `ErrorModel`), since shadowing those would break the generated code or confuse users;
/// a clash with another generated type gets a number (`Pet2`), first come first served in
/// the builder's fixed order, so names are deterministic.
struct TypeNameRegistry {
    private var taken: Set<String>

    init(reserving names: [String]) {
        taken = SwiftKeywords.takenTypeNames.union(names)
    }

    mutating func claim(_ candidate: String) -> String {
        var base = candidate
        if SwiftKeywords.takenTypeNames.contains(base) || SwiftKeywords.reserved.contains(base) {
            base += "Model"
        }
        var name = base
        var counter = 2
        while taken.contains(name) {
            name = "\(base)\(counter)"
            counter += 1
        }
        taken.insert(name)
        return name
    }

    func isTaken(_ name: String) -> Bool { taken.contains(name) }
}

/// Hands out member names unique within one type, never equal to the type's own members.
struct MemberNameRegistry {
    private var taken: Set<String>

    init(reserving names: Set<String> = []) {
        taken = names
    }

    /// A unique Swift name for `original`, backticked when it is a keyword.
    mutating func claim(_ original: String) -> String {
        claimRaw(Naming.memberName(original))
    }

    mutating func claimRaw(_ candidate: String, suffix: String = "") -> String {
        var base = candidate
        // `self` and `init` cannot be members even with backticks: in an initializer a
        // parameter `self` hides the instance, and `.self`/`.init` mean something else.
        if SwiftKeywords.unusableMembers.contains(base) { base += "Value" }
        if taken.contains(base), !suffix.isEmpty { base += suffix }
        var name = base
        var counter = 2
        while taken.contains(name) {
            name = "\(base)\(counter)"
            counter += 1
        }
        taken.insert(name)
        return SwiftKeywords.escapedMember(name)
    }
}
