import MusubiReader

/// The mutable state of one load: the files, the diagnostics so far, and caches that make
/// every reference resolve once.
final class LoadingContext {
    /// The document's own file.
    let main: SpecFile
    /// The file whose nodes are being read right now; diagnostics name it and relative
    /// references resolve against it. See ``inFile(_:_:)``.
    private(set) var current: SpecFile
    /// The root of the document's own file.
    var root: Node { main.root }
    /// The document's file as given by the caller.
    var file: String { main.path }
    /// What the load found, each problem once per place and file (see ``DiagnosticCollector``).
    private(set) var collector = DiagnosticCollector()
    var diagnostics: [Diagnostic] { collector.diagnostics }
    /// Names of the document's own named schemas (`components/schemas`, or `definitions` in
    /// Swagger 2.0); a `$ref` to one of them stays a reference by name.
    let componentSchemaNames: Set<String>
    /// Every file read so far by identity, the document's own included; nil for a file that
    /// could not be read, so it is reported once per reference rather than read again.
    var filesByIdentity: [String: SpecFile?] = [:]
    /// Schemas reached through a pointer that is not a named schema, by the pointer's
    /// identity (`/abs/file.yaml#/a/b`), parsed once.
    var schemasByPointer: [String: Schema] = [:]
    /// Inline schemas by where they are written. A response or request body in `components`
    /// used by ten operations is one schema, not ten: later stages then make one type of it.
    var schemasByLocation: [NodeKey: Schema] = [:]
    /// References being followed right now, by identity, to report a cycle instead of
    /// recursing forever.
    var referencesInProgress: Set<String> = []
    /// Schemas that become named schemas of the document although they are not among its own
    /// components: another file's components, `$defs`, whole schema files. See
    /// `LoadingContext+NamedSchemas.swift`.
    var adoptedSchemas = AdoptedSchemas()
    /// The named schemas being parsed, innermost last, as the places a lenient `#/$defs/X`
    /// may mean.
    var schemaResources: [ResolvedReference] = []
    /// Names of the document's security schemes, set by `loadSecuritySchemes()` before
    /// operations are read, so requirements naming others are reported.
    var securitySchemeNames: Set<String> = []
    /// The document's `security`, read once for all operations that do not have their own.
    var documentSecurity: [SecurityRequirement]?
    /// A node's place across files: line and column alone are not unique once several files
    /// are read.
    struct NodeKey: Hashable {
        var file: String
        var location: SourceLocation
    }

    /// The folders, symbolic links resolved, whose files external references may read: the
    /// main file's folder (as written and as resolved, when the file is a link) and the
    /// caller's ``DocumentLoader/Options/referenceRoots``.
    let referenceRoots: [String]

    init(root: Node, file: String, referenceRoots extraRoots: [String] = []) {
        let dialect: SpecFile.Dialect = root["swagger"] != nil ? .swagger2 : .openAPI3
        main = SpecFile(path: file, root: root, dialect: dialect)
        let folder = SpecFile.folder(of: main.identity)
        let ownRoots = [FileSystemPath.real(folder), FileSystemPath.real(main.identity).map(SpecFile.folder(of:))]
        referenceRoots = (ownRoots + extraRoots.map(FileSystemPath.real)).compactMap { $0 }
        current = main
        filesByIdentity[main.identity] = main
        let schemas = JSONPointer(tokens: main.schemaComponentTokens).resolve(in: root)?.mapping
        componentSchemaNames = Set(schemas?.keys ?? [])
        adoptedSchemas.takenNames = componentSchemaNames
    }

    /// Runs `body` with `file` as the current file, so what it reads is reported and
    /// resolved against that file.
    func inFile<T>(_ file: SpecFile, _ body: () -> T) -> T {
        let saved = current
        current = file
        defer { current = saved }
        return body()
    }

    /// The key of a node of the current file.
    func key(_ node: Node) -> NodeKey {
        NodeKey(file: current.identity, location: node.location)
    }

    /// Reports an error in the current file, once per place: compared by the file's identity,
    /// as the name it prints may be relative.
    func error(_ message: String, at location: SourceLocation?) {
        collector.report(.error(message, file: current.path, at: location), scope: current.identity)
    }

    /// Reports a warning in the current file, once per place (see ``error(_:at:)``).
    func warning(_ message: String, at location: SourceLocation?) {
        collector.report(.warning(message, file: current.path, at: location), scope: current.identity)
    }

    /// Records a diagnostic made elsewhere (a syntax error in a referenced file) as it is,
    /// once. Kept apart from the loader's own reports of the same place.
    func record(_ diagnostic: Diagnostic) {
        collector.report(diagnostic, scope: "record:" + diagnostic.file)
    }

    /// Warns about keys of `node` that the given object does not define. Extensions (`x-…`)
    /// are always allowed; a typo such as `parameter:` for `parameters:` is worth a warning
    /// because the generated client would silently lack what the author meant.
    func checkKeys(of node: Node, known: Set<String>, in objectName: String) {
        guard let mapping = node.mapping else { return }
        for entry in mapping where !entry.key.hasPrefix("x-") && !known.contains(entry.key) {
            warning("unknown field '\(entry.key)' in \(objectName) is ignored", at: entry.keyLocation)
        }
    }

    // MARK: Typed field access that warns instead of failing

    func string(_ node: Node, _ key: String) -> String? {
        guard let value = node[key] else { return nil }
        if let text = value.scalarText { return text }
        if !value.isNull {
            warning("'\(key)' should be a string, found \(value.kindDescription)", at: value.location)
        }
        return nil
    }

    func bool(_ node: Node, _ key: String) -> Bool? {
        guard let value = node[key] else { return nil }
        if let flag = value.bool { return flag }
        if let text = value.string?.lowercased(), text == "true" || text == "false" {
            warning("'\(key)' should be a boolean, found the string \"\(text)\"", at: value.location)
            return text == "true"
        }
        if !value.isNull {
            warning("'\(key)' should be a boolean, found \(value.kindDescription)", at: value.location)
        }
        return nil
    }

    /// A list of strings (`consumes`, `schemes`); other items are warned about and skipped.
    func strings(_ node: Node, _ key: String) -> [String]? {
        guard let value = node[key] else { return nil }
        guard let list = value.sequence else {
            warning("'\(key)' should be a list of strings, found \(value.kindDescription)", at: value.location)
            return nil
        }
        return list.compactMap { item in
            if let text = item.scalarText { return text }
            warning("'\(key)' should hold strings, found \(item.kindDescription)", at: item.location)
            return nil
        }
    }
}
