/// A set of names that hands out `base`, `base2`, `base3`… — the first not yet taken.
struct UniqueNames {
    private var taken: Set<String> = []
    /// The number ``insertUnique(_:)`` tries next for a base, once it has numbered that base.
    private var nextNumber: [String: Int] = [:]
    /// Whether `Pet` and `PET` count as the same name. Type names become file names, and the
    /// default file systems of macOS and Windows would put both types in one file.
    private let ignoringCase: Bool

    init(_ names: some Sequence<String>, ignoringCase: Bool) {
        self.ignoringCase = ignoringCase
        for name in names { taken.insert(key(name)) }
    }

    private func key(_ name: String) -> String { ignoringCase ? name.lowercased() : name }

    func contains(_ name: String) -> Bool { taken.contains(key(name)) }

    /// Takes `name` as it is; false, taking nothing, when it is taken already.
    mutating func insert(_ name: String) -> Bool { taken.insert(key(name)).inserted }

    /// `base`, or the first of `base2`, `base3`, … that is free, which it takes.
    ///
    /// The numbers a base has tried are remembered: names are never given back, so the next
    /// try starts after them, and a thousand names that sanitize alike cost a thousand tries,
    /// not half a million.
    mutating func insertUnique(_ base: String) -> String {
        var name = base
        var counter = nextNumber[key(base)] ?? 2
        if contains(name) {
            repeat {
                name = "\(base)\(counter)"
                counter += 1
            } while contains(name)
            nextNumber[key(base)] = counter
        }
        taken.insert(key(name))
        return name
    }
}

/// Hands out type names unique within the generated module.
///
/// A clash with a type of Swift, a platform framework (``PlatformTypeNames``: Foundation,
/// SwiftUI, Combine, Observation…) or the runtime gets a `Model` suffix (`Error` →
/// `ErrorModel`, `Label` → `LabelModel`): shadowing those would break the generated code, and
/// a file importing the client beside the framework would find the name ambiguous. A clash
/// with another generated type gets a number (`Pet2`), first come first served in the
/// builder's fixed order, so names are deterministic.
struct TypeNameRegistry {
    private var taken: UniqueNames
    /// Names a candidate takes the `Model` suffix for: Swift's, the platform frameworks' and the
    /// runtime's, lowercased. Letter case aside, as names are taken (`uint16` steps aside from
    /// `UInt16` as `Uint16Model`, not `Uint162`).
    private let existingTypes: Set<String>

    /// `names` are taken outright; `existingTypes` are further types that exist in or beside
    /// the module (the embedded runtime's internal ones), which a candidate steps aside from
    /// with `Model`, like from the built-in list.
    init(reserving names: [String], existingTypes: Set<String> = []) {
        let existing = SwiftKeywords.takenTypeNames.union(PlatformTypeNames.all).union(existingTypes)
        self.existingTypes = Set(existing.map { $0.lowercased() })
        taken = UniqueNames(existing.union(names), ignoringCase: true)
    }

    /// Whether `candidate` steps aside with the `Model` suffix.
    private func stepsAside(_ candidate: String) -> Bool {
        existingTypes.contains(candidate.lowercased()) || SwiftKeywords.reserved.contains(candidate)
    }

    /// `candidate`, with `suffix` when it steps aside (a request, `list`, is `ListRequest`: as
    /// `ListModel` it would read as a list of models), and a number when another type has it.
    /// A name longer than this, in UTF-8 bytes, is shortened (``fitted(_:)``). The real specs'
    /// longest are under 100 (Stripe's, GitHub's); an inline type is named after its parent and
    /// its property, so without a bound a spec nesting objects d deep under long property names
    /// wrote names of d × L characters, and d² × L bytes in all (169 KB of spec, 66 MB out).
    static let maximumLength = 120

    /// `name`, or when it is longer than ``maximumLength``, its last words within the bound and
    /// `_` with 8 hexadecimal digits of a stable hash of the whole name: `…QqqqP198Qqqq_1f0c9a2b`.
    /// The same on every run; names that still come out alike are numbered by ``claim(_:)``.
    static func fitted(_ name: String) -> String {
        guard name.utf8.count > maximumLength else { return name }
        let hash = String(FilePlacement.stableHash(name), radix: 16)
        let digest = String(repeating: "0", count: 16 - hash.count) + hash
        let budget = maximumLength - 1 - 8 - 1
        var start = name.endIndex
        var length = 0
        while start > name.startIndex {
            let previous = name.index(before: start)
            let size = name[previous].utf8.count
            guard length + size <= budget else { break }
            start = previous
            length += size
        }
        var tail = name[start...]
        // From the start of a word (a capital letter), when the kept part has one.
        if let capital = tail.firstIndex(where: \.isUppercase) { tail = tail[capital...] }
        // A part that starts inside a word keeps the name's first letter, so that it is a name.
        let head = tail.first.map { $0.isLetter && $0.isUppercase } == true ? "" : String(name.first!)
        return head + tail + "_" + digest.prefix(8)
    }

    /// `candidate`, with `suffix` when it steps aside (a request, `list`, is `ListRequest`: as
    /// `ListModel` it would read as a list of models), and a number when another type has it;
    /// shortened when it is too long (``fitted(_:)``).
    mutating func claim(_ candidate: String, steppingAsideAs suffix: String = "Model") -> String {
        taken.insertUnique(Self.fitted(stepsAside(candidate) ? candidate + suffix : candidate))
    }

    func isTaken(_ name: String) -> Bool { taken.contains(Self.fitted(name)) }

    /// Whether ``claim(_:)`` would hand out `candidate` with a number, another type having it.
    func wouldNumber(_ candidate: String) -> Bool {
        taken.contains(Self.fitted(stepsAside(candidate) ? candidate + "Model" : candidate))
    }

    /// Takes `candidate` exactly as it is, with no suffix or number: false, taking nothing,
    /// when it is taken, needs a suffix or is too long. For a name that is only worth having as
    /// it is (a shared type's, see ``SharedTypeName``), where the caller has another to fall back on.
    mutating func claimExactly(_ candidate: String) -> Bool {
        guard !stepsAside(candidate), candidate.utf8.count <= Self.maximumLength else { return false }
        return taken.insert(candidate)
    }

    /// Marks `name` as taken, when it is a name handed out before this registry knew it.
    mutating func reserve(_ name: String) {
        _ = taken.insert(name)
    }
}

/// Hands out member names unique within one type, never equal to the type's own members.
struct MemberNameRegistry {
    private var taken: UniqueNames

    init(reserving names: Set<String> = []) {
        taken = UniqueNames(names, ignoringCase: false)
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
        return SwiftKeywords.escapedMember(taken.insertUnique(base))
    }
}
