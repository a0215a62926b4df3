import MusubiReader
import Testing

/// Parses text the way the pipeline does, naming the file so diagnostics can be checked.
func parse(_ text: String, fileName: String = "spec.yaml") throws -> Node {
    try Reader.parse(text, fileName: fileName)
}

/// The diagnostic parsing `text` throws, or nil (with a recorded issue) if it parses.
func diagnostic(
    parsing text: String, fileName: String = "spec.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
    do {
        let node = try Reader.parse(text, fileName: fileName)
        Issue.record(
            "expected a diagnostic, but the text parsed as \(node.kindDescription)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// A 1-based location, shorter to write in expectations.
func at(_ line: Int, _ column: Int) -> MusubiReader.SourceLocation {
    MusubiReader.SourceLocation(line: line, column: column)
}

extension Node {
    /// The node at a path of mapping keys and sequence indices, for terse expectations.
    subscript(path components: Any...) -> Node? {
        var node: Node? = self
        for component in components {
            switch component {
            case let key as String: node = node?[key]
            case let index as Int:
                guard let items = node?.sequence, items.indices.contains(index) else { return nil }
                node = items[index]
            default: return nil
            }
        }
        return node
    }

    /// The number's source text, or nil if the node is not a number.
    var numberText: String? {
        if case .number(let text) = value { return text }
        return nil
    }
}
