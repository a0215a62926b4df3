import MusubiReader

/// The mutable state of one load: the tree, the diagnostics so far, and caches that make
/// every reference resolve once.
final class LoadingContext {
    let root: Node
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Names in `components/schemas`; a `$ref` to one of them stays a reference by name.
    let componentSchemaNames: Set<String>
    /// Schemas reached through a pointer that is not a component name, parsed once.
    var schemasByPointer: [String: Schema] = [:]
    /// Inline schemas by where they are written. A response or request body in `components`
    /// used by ten operations is one schema, not ten: later stages then make one type of it.
    var schemasByLocation: [SourceLocation: Schema] = [:]
    /// References being followed right now, to report a cycle instead of recursing forever.
    var referencesInProgress: Set<String> = []
    /// Locations already reported with one message, so a construct repeated a thousand
    /// times in a big spec warns once per place rather than flooding the output, and a
    /// component read from several places reports a problem inside it once.
    private var warnedKeys: Set<String> = []

    init(root: Node, file: String) {
        self.root = root
        self.file = file
        let schemas = root["components"]?["schemas"]?.mapping
        componentSchemaNames = Set(schemas?.keys ?? [])
    }

    func error(_ message: String, at location: SourceLocation?) {
        let key = "error:\(location?.description ?? ""):\(message)"
        guard warnedKeys.insert(key).inserted else { return }
        diagnostics.append(.error(message, file: file, at: location))
    }

    func warning(_ message: String, at location: SourceLocation?) {
        let key = "\(location?.description ?? ""):\(message)"
        guard warnedKeys.insert(key).inserted else { return }
        diagnostics.append(.warning(message, file: file, at: location))
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

    /// Follows `$ref`s until a node without one, reporting missing targets and cycles; nil
    /// after reporting.
    func dereference(_ node: Node) -> Node? {
        var current = node
        var seen: Set<String> = []
        while let reference = current["$ref"] {
            guard let text = reference.string else {
                error("'$ref' must be a string, found \(reference.kindDescription)", at: reference.location)
                return nil
            }
            guard seen.insert(text).inserted else {
                error("circular reference '\(text)'", at: reference.location)
                return nil
            }
            guard let target = resolveReference(text, at: reference.location) else { return nil }
            current = target
        }
        return current
    }

    /// The node a local reference designates, or nil after reporting why not.
    func resolveReference(_ text: String, at location: SourceLocation) -> Node? {
        guard text.hasPrefix("#") else {
            error(
                "reference '\(text)' points into another file; only references within the document are supported",
                at: location)
            return nil
        }
        guard let pointer = JSONPointer(fragment: text) else {
            error("reference '\(text)' is not a valid JSON pointer", at: location)
            return nil
        }
        guard let target = pointer.resolve(in: root) else {
            error("reference '\(text)' points to nothing in the document", at: location)
            return nil
        }
        return target
    }
}
