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

    /// Parses YAML or JSON text into a tree.
    ///
    /// The syntax is chosen by the first byte that is not whitespace or a UTF-8 byte order mark:
    /// `{` or `[` selects the JSON parser, which is several times faster than libyaml. If that
    /// parser rejects the text it is read again as YAML, which is a superset of JSON (flow style
    /// with comments or unquoted keys is valid YAML); if YAML rejects it too, the JSON diagnostic
    /// is thrown because it describes the problem in the terms the author was writing in.
    ///
    /// Only the first document of a YAML stream is read; an empty text is a `null` node at 1:1.
    public static func parse(_ bytes: [UInt8], fileName: String) throws(Diagnostic) -> Node {
        try bytes.withUnsafeBufferPointer { outcome(parsing: $0, fileName: fileName) }.get()
    }

    /// Parses YAML or JSON text into a tree; see `parse(_:fileName:)` for `[UInt8]`.
    public static func parse(_ text: String, fileName: String) throws(Diagnostic) -> Node {
        var text = text
        return try text.withUTF8 { outcome(parsing: $0, fileName: fileName) }.get()
    }

    /// Reads the file at `path` and parses it; diagnostics name the file as `path` was given.
    public static func parse(contentsOf path: String) throws(Diagnostic) -> Node {
        let bytes = try FileLoader.contents(ofFile: path)
        return try parse(bytes, fileName: path)
    }

    /// The parse as a value, so the closures that lend out the bytes need not throw. Typed-throws
    /// closures back-deploy to pre-Swift-6 Apple runtimes only where no type metadata is needed;
    /// a plain closure returning a `Result` avoids depending on that.
    private static func outcome(parsing buffer: UnsafeBufferPointer<UInt8>, fileName: String) -> Result<
        Node, Diagnostic
    > {
        do {
            return .success(try parse(buffer: buffer, fileName: fileName))
        } catch {
            return .failure(error)
        }
    }

    static func parse(buffer: UnsafeBufferPointer<UInt8>, fileName: String) throws(Diagnostic) -> Node {
        guard SyntaxDetection.looksLikeJSON(buffer) else {
            return try YAMLParser.parse(buffer, fileName: fileName)
        }
        do {
            var parser = JSONParser(text: buffer, fileName: fileName)
            return try parser.parseDocument()
        } catch {
            if let node = try? YAMLParser.parse(buffer, fileName: fileName) {
                return node
            }
            throw error
        }
    }
}
