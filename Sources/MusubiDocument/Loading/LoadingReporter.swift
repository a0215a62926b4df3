import MusubiReader

/// What every part of one load shares: the file being read and the diagnostics found so far.
///
/// Nodes carry only line and column, so a diagnostic about a node needs the file it came
/// from. The parts read nodes of whichever file a `$ref` led them to and switch the current
/// file with ``inFile(_:_:)`` while they do; every report names the current file. The load's
/// one ``DiagnosticCollector`` lives here: ``DocumentLoader`` makes the reporter, hands it to
/// each part, and reads ``collector`` when the load is done.
final class LoadingReporter {
    /// The file whose nodes are being read right now; diagnostics name it and relative
    /// references resolve against it.
    private(set) var current: SpecFile
    /// What the load found, each problem once per place and file (see ``DiagnosticCollector``).
    private(set) var collector: DiagnosticCollector

    /// A reporter reading `file` first, adding to `collector`.
    init(file: SpecFile, collector: DiagnosticCollector = DiagnosticCollector()) {
        current = file
        self.collector = collector
    }

    /// Runs `body` with `file` as the current file, so what it reads is reported and
    /// resolved against that file.
    func inFile<T>(_ file: SpecFile, _ body: () -> T) -> T {
        let saved = current
        current = file
        defer { current = saved }
        return body()
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

    /// The kinds of ``warningOnce(_:kind:at:)`` reported so far.
    private var reportedKinds: Set<String> = []

    /// Reports a warning about a slip a spec makes the same way in many places, at the first
    /// place only: one note that says what was done everywhere, rather than hundreds of lines.
    func warningOnce(_ message: String, kind: String, at location: SourceLocation?) {
        guard reportedKinds.insert(kind).inserted else { return }
        warning(message, at: location)
    }

    /// Records a diagnostic made elsewhere (a syntax error in a referenced file) as it is,
    /// once. Kept apart from the loader's own reports of the same place.
    func record(_ diagnostic: Diagnostic) {
        collector.report(diagnostic, scope: "record:" + diagnostic.file)
    }
}

/// A node's place across files: line and column alone are not unique once several files are
/// read. What caches of parsed nodes are keyed by.
struct NodeKey: Hashable {
    var file: String
    var location: SourceLocation
}

/// A part of the load that reads spec fields and reports what is wrong with them, in the
/// current file of its ``reporter``. The conformance gives every part the same lenient field
/// access: a wrong-typed field is a warning and reads as absent, never a failure.
protocol SpecReading {
    /// Where the part reports, shared by all parts of one load.
    var reporter: LoadingReporter { get }
}

extension SpecReading {
    /// The file being read (see ``LoadingReporter/current``).
    var current: SpecFile { reporter.current }

    /// Runs `body` with `file` as the current file (see ``LoadingReporter/inFile(_:_:)``).
    func inFile<T>(_ file: SpecFile, _ body: () -> T) -> T {
        reporter.inFile(file, body)
    }

    /// The key of a node of the current file.
    func key(_ node: Node) -> NodeKey {
        NodeKey(file: reporter.current.identity, location: node.location)
    }

    func error(_ message: String, at location: SourceLocation?) {
        reporter.error(message, at: location)
    }

    func warning(_ message: String, at location: SourceLocation?) {
        reporter.warning(message, at: location)
    }

    /// Warns about keys of `node` that the given object does not define. Extensions (`x-…`)
    /// are always allowed; a typo such as `parameter:` for `parameters:` is worth a warning
    /// because the generated client would silently lack what the author meant.
    func checkKeys(of node: Node, known: Set<String>, in objectName: String) {
        guard let mapping = node.mapping else { return }
        // The object's name may quote a long path, once for each unknown key: cut once.
        var quotedObject: String?
        for entry in mapping where !entry.key.hasPrefix("x-") && !known.contains(entry.key) {
            if quotedObject == nil { quotedObject = Diagnostic.excerpt(objectName, limit: 400) }
            warning(
                "unknown field '\(Diagnostic.excerpt(entry.key))' in \(quotedObject!) is ignored", at: entry.keyLocation
            )
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
