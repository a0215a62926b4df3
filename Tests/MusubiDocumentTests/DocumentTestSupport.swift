import MusubiReader
import Testing

@testable import MusubiDocument

/// Parses and loads `yaml`, recording an issue (and returning nil) if either step fails.
func load(
    _ yaml: String, file: String = "spec.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> DocumentLoader.Result? {
    do {
        let parsed = try Reader.read(yaml, fileName: file)
        return try DocumentLoader.load(parsed.root, file: file, readerWarnings: parsed.warnings)
    } catch {
        Issue.record("expected the document to load, got: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The diagnostics of a load that must fail, or an empty list (with a recorded issue) if it succeeds.
func loadFailure(
    _ yaml: String, file: String = "spec.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> [Diagnostic] {
    let root: Node
    do {
        root = try Reader.parse(yaml, fileName: file)
    } catch {
        Issue.record("the text does not parse: \(error)", sourceLocation: sourceLocation)
        return []
    }
    do {
        let result = try DocumentLoader.load(root, file: file)
        Issue.record(
            "expected loading to fail, but it succeeded with \(result.document.operations.count) operations",
            sourceLocation: sourceLocation)
        return []
    } catch {
        return error.diagnostics
    }
}

/// A 1-based location, shorter to write in expectations.
func at(_ line: Int, _ column: Int) -> MusubiReader.SourceLocation {
    MusubiReader.SourceLocation(line: line, column: column)
}

extension Document {
    /// The operation with this ID; fails the test when there is none.
    func operation(_ id: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> APIOperation? {
        let found = operations.first { $0.operationID == id }
        if found == nil { Issue.record("no operation '\(id)'", sourceLocation: sourceLocation) }
        return found
    }

    /// The component schema with this name.
    func schema(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Schema? {
        let found = schemas.first { $0.name == name }?.schema
        if found == nil { Issue.record("no component schema '\(name)'", sourceLocation: sourceLocation) }
        return found
    }
}

extension Schema {
    /// The schema of the property with this name.
    func property(_ name: String) -> Schema? {
        properties.first { $0.name == name }?.schema
    }
}

extension Array where Element == Diagnostic {
    var errors: [Diagnostic] { filter { $0.severity == .error } }
    var warnings: [Diagnostic] { filter { $0.severity == .warning } }

    /// The diagnostics whose message contains `text`.
    func containing(_ text: String) -> [Diagnostic] { filter { $0.message.contains(text) } }
}
