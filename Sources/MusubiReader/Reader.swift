/// The first stage of the pipeline: turns the text of a spec, YAML or JSON, into a `Node` tree.
///
/// Both syntaxes produce the same tree, so later stages never ask which one the author used.
/// Every node and every mapping key carries its 1-based line and column. Columns count Unicode
/// scalars in both syntaxes (libyaml counts characters, and the JSON parser does the same so a
/// location means the same thing whichever syntax the file uses); a tab counts as one column.
///
/// Malformed input throws a `Diagnostic` of severity `.error` that names the file and the place
/// of the problem, ready to print as `file:line:column: error: message`.
public enum Reader {
    /// How deeply collections may nest before the input is rejected.
    ///
    /// Real specs stay well below 50 levels. The limit keeps hostile input from exhausting the
    /// stack, both here and in every later stage that walks the tree recursively.
    public static let maximumNestingDepth = 512

    /// How many nodes YAML aliases (`*name`) may add to a document in total.
    ///
    /// Aliases are cheap to store (the copies share storage) but every later stage walks the
    /// expanded tree, so a "billion laughs" document would hang them. A real spec expands to far less.
    public static let maximumAliasExpansion = 1_000_000

    /// The largest file ``parse(contentsOf:)`` reads: 64 MiB, about fifteen times the largest
    /// public spec known (Stripe's, 4 MB).
    ///
    /// A `$ref` may name any path, so a file that never ends (`/dev/zero`) or one that grows
    /// while it is read must not take all memory; reading stops at the limit whatever size the
    /// file claims.
    public static let maximumFileSize = 64 << 20

    /// A parsed text: its tree and the warnings reading it gave.
    public struct Parsed: Sendable {
        public var root: Node
        /// Keys written twice in one mapping (the first is kept), in source order.
        public var warnings: [Diagnostic]

        public init(root: Node, warnings: [Diagnostic] = []) {
            self.root = root
            self.warnings = warnings
        }
    }

    /// Parses YAML or JSON text into a tree.
    ///
    /// The syntax is chosen by the first byte that is not whitespace or a UTF-8 byte order mark:
    /// `{` or `[` selects the JSON parser, which is several times faster than libyaml. If that
    /// parser rejects the text it is read again as YAML, which is a superset of JSON (flow style
    /// with comments or unquoted keys is valid YAML); if YAML rejects it too, the JSON diagnostic
    /// is thrown because it describes the problem in the terms the author was writing in.
    ///
    /// Only the first document of a YAML stream is read; an empty text is a `null` node at 1:1.
    ///
    /// The tree may hold at most what is left of `budget`, which is charged with what it holds
    /// when the read succeeds; a tree that would hold more is an error at the node that would
    /// pass the limit, and the budget is left as it was.
    public static func read(_ bytes: [UInt8], fileName: String, budget: inout Budget) throws(Diagnostic) -> Parsed {
        let result = bytes.withUnsafeBufferPointer { outcome(parsing: $0, fileName: fileName, budget: budget) }
        let (parsed, spent) = try result.get()
        budget = spent
        return parsed
    }

    /// Parses YAML or JSON text into a tree; see `read(_:fileName:budget:)` for `[UInt8]`.
    public static func read(_ text: String, fileName: String, budget: inout Budget) throws(Diagnostic) -> Parsed {
        var text = text
        let result = text.withUTF8 { outcome(parsing: $0, fileName: fileName, budget: budget) }
        let (parsed, spent) = try result.get()
        budget = spent
        return parsed
    }

    /// Parses YAML or JSON text into a tree, with a budget of its own.
    public static func read(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> Parsed {
        var budget = Budget()
        return try read(bytes, fileName: fileName, budget: &budget)
    }

    /// Parses YAML or JSON text into a tree, with a budget of its own.
    public static func read(_ text: String, fileName: String) throws(Diagnostic) -> Parsed {
        var budget = Budget()
        return try read(text, fileName: fileName, budget: &budget)
    }

    /// Reads the file at `path` and parses it; diagnostics name the file `fileName`, by default
    /// `path` as it was given. The tree is charged to `budget` as in `read(_:fileName:budget:)`.
    ///
    /// Only a regular file of at most ``maximumFileSize`` bytes is read; anything else (a
    /// directory, a device, a FIFO) is an error without a location, saying what the path is.
    public static func read(
        contentsOf path: String, fileName: String? = nil, budget: inout Budget
    ) throws(Diagnostic) -> Parsed {
        do {
            let bytes = try FileLoader.contents(ofFile: path)
            return try read(bytes, fileName: fileName ?? path, budget: &budget)
        } catch {
            var error = error
            if let fileName, error.location == nil { error.file = fileName }
            throw error
        }
    }

    /// Reads the file at `path` and parses it, with a budget of its own; see
    /// `read(contentsOf:fileName:budget:)`.
    public static func read(contentsOf path: String, fileName: String? = nil) throws(Diagnostic) -> Parsed {
        var budget = Budget()
        return try read(contentsOf: path, fileName: fileName, budget: &budget)
    }

    /// The tree of `read(_:fileName:)`, its warnings left out.
    public static func parse(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> Node {
        try read(bytes, fileName: fileName).root
    }

    /// The tree of `read(_:fileName:)`, its warnings left out.
    public static func parse(_ text: String, fileName: String) throws(Diagnostic) -> Node {
        try read(text, fileName: fileName).root
    }

    /// The tree of `read(contentsOf:)`, its warnings left out.
    public static func parse(contentsOf path: String) throws(Diagnostic) -> Node {
        try read(contentsOf: path).root
    }

    /// The parse as a value, with the budget it leaves, so the closures that lend out the
    /// bytes need not throw. Typed-throws closures back-deploy to pre-Swift-6 Apple runtimes
    /// only where no type metadata is needed; a plain closure returning a `Result` avoids
    /// depending on that.
    private static func outcome(
        parsing buffer: UnsafeBufferPointer<UInt8>, fileName: String, budget: Budget
    ) -> Result<(Parsed, Budget), Diagnostic> {
        do {
            var budget = budget
            let parsed = try parse(buffer: buffer, fileName: fileName, budget: &budget)
            return .success((parsed, budget))
        } catch {
            return .failure(error)
        }
    }

    static func parse(
        buffer: UnsafeBufferPointer<UInt8>, fileName: String, budget: inout Budget
    ) throws(Diagnostic) -> Parsed {
        if let utf8 = try TextEncoding.utf8(fromUTF16: buffer, fileName: fileName) {
            let (parsed, spent) = try utf8.withUnsafeBufferPointer {
                outcome(parsing: $0, fileName: fileName, budget: budget)
            }.get()
            budget = spent
            return parsed
        }
        func parsed(_ root: Node, _ duplicates: [MappingAssembly.DuplicateKey]) -> Parsed {
            let ordered = duplicates.sorted { $0.repeated < $1.repeated }
            return Parsed(root: root, warnings: ordered.map { $0.diagnostic(file: fileName) })
        }
        guard SyntaxDetection.looksLikeJSON(buffer) else {
            let (root, duplicates) = try YAMLParser.parse(buffer, fileName: fileName, budget: &budget)
            return parsed(root, duplicates)
        }
        var parser = JSONParser(text: buffer, fileName: fileName, budget: budget)
        do {
            let root = try parser.parseDocument()
            budget = parser.budget
            return parsed(root, parser.duplicateKeys)
        } catch {
            // Text past the budget as JSON is past it as YAML too, and reading it again
            // would only double the time it takes to refuse.
            if !parser.budget.isExceeded,
                let (root, duplicates) = try? YAMLParser.parse(buffer, fileName: fileName, budget: &budget)
            {
                return parsed(root, duplicates)
            }
            throw error
        }
    }
}
