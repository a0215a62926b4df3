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

    /// What the caller decides rather than the spec.
    public struct Options: Sendable {
        /// Folders whose files external `$ref`s may read besides the spec's own folder tree
        /// (`--allow-references-under`). A spec is untrusted text: without this, a reference can
        /// only reach files under the folder of the document itself, after symbolic links and
        /// `..` are resolved, so `$ref: /etc/shadow` reads nothing.
        public var referenceRoots: [String]
        /// What the spec's files may hold together (``Reader/Budget``), and what the files read
        /// before the load have used of it: ``load(_:file:options:readerWarnings:)`` charges
        /// every file its references read to it. ``load(contentsOf:options:)`` charges the
        /// document's own file first.
        public var budget: Reader.Budget

        public init(referenceRoots: [String] = [], budget: Reader.Budget = Reader.Budget()) {
            self.referenceRoots = referenceRoots
            self.budget = budget
        }
    }

    /// Loads a document already parsed from `file`; `readerWarnings` are the reader's warnings
    /// about it (``Reader/Parsed/warnings``), reported first.
    public static func load(
        _ root: Node, file: String, options: Options = Options(), readerWarnings: [Diagnostic] = []
    ) throws(DocumentLoadingError) -> Result {
        let dialect: SpecFile.Dialect = root["swagger"] != nil ? .swagger2 : .openAPI3
        let main = SpecFile(path: file, root: root, dialect: dialect)
        let reporter = LoadingReporter(file: main)
        for warning in readerWarnings { reporter.record(warning) }
        let document = DocumentAssembly(
            main: main, referenceRoots: options.referenceRoots, budget: options.budget, reporter: reporter
        )
        .document()
        guard !reporter.collector.hasErrors, let document else {
            throw DocumentLoadingError(diagnostics: reporter.collector.diagnostics)
        }
        NullabilityFold(document).apply(to: document)
        return Result(document: document, warnings: reporter.collector.diagnostics)
    }

    /// Reads and loads a file in one step.
    public static func load(
        contentsOf path: String, options: Options = Options()
    ) throws(DocumentLoadingError) -> Result {
        let parsed: Reader.Parsed
        var options = options
        do {
            parsed = try Reader.read(contentsOf: path, budget: &options.budget)
        } catch {
            throw DocumentLoadingError(diagnostics: [error])
        }
        return try load(parsed.root, file: path, options: options, readerWarnings: parsed.warnings)
    }
}
