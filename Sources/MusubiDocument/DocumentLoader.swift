import MusubiReader

/// The errors that stopped a document from loading, with every warning found before them.
public struct DocumentLoadingError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Turns a value tree into a ``Document``.
///
/// Real specs are often slightly invalid, so the loader reports what it does not understand
/// as warnings and goes on; only what makes a client impossible to generate correctly (a
/// reference to nothing, an unsupported version, a path parameter with no definition) is an
/// error. All errors are collected before failing, so one run shows every problem.
public enum DocumentLoader {
    public struct Result: Sendable {
        public var document: Document
        public var warnings: [Diagnostic]
    }

    public static func load(_ root: Node, file: String) throws(DocumentLoadingError) -> Result {
        let context = LoadingContext(root: root, file: file)
        let document = context.loadDocument()
        let errors = context.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let document else {
            throw DocumentLoadingError(diagnostics: context.diagnostics)
        }
        return Result(document: document, warnings: context.diagnostics)
    }

    /// Reads and loads a file in one step.
    public static func load(contentsOf path: String) throws(DocumentLoadingError) -> Result {
        let root: Node
        do {
            root = try Reader.parse(contentsOf: path)
        } catch {
            throw DocumentLoadingError(diagnostics: [error])
        }
        return try load(root, file: path)
    }
}
