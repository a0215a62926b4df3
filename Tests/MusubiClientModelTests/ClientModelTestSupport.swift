import MusubiDocument
import MusubiReader
import Testing

@testable import MusubiClientModel

/// Parses, loads and builds `yaml`; records an issue and returns nil if any stage fails.
func build(
    _ yaml: String, file: String = "spec.yaml", options: ClientModelOptions = ClientModelOptions(filePerType: true),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> ClientModelBuilder.Result? {
    do {
        let root = try Reader.parse(yaml, fileName: file)
        let loaded = try DocumentLoader.load(root, file: file)
        return ClientModelBuilder.build(loaded.document, options: options)
    } catch {
        Issue.record("expected the document to load, got: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Parses and loads `yaml` into a document.
func document(_ yaml: String, file: String = "spec.yaml") throws -> Document {
    let root = try Reader.parse(yaml, fileName: file)
    return try DocumentLoader.load(root, file: file).document
}

/// A document with the given `components/schemas` block (indented by 4 spaces already).
func specWithSchemas(_ schemas: String, version: String = "3.0.3") -> String {
    """
    openapi: \(version)
    info: {title: Test, version: '1'}
    paths: {}
    components:
      schemas:
    \(schemas)
    """
}

extension ClientModel {
    func model(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ModelDeclaration? {
        let found = models.first { $0.name == name }
        if found == nil {
            Issue.record(
                "no model '\(name)'; models are \(models.map(\.name))", sourceLocation: sourceLocation)
        }
        return found
    }

    func request(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> RequestDeclaration? {
        let found = requests.first { $0.name == name }
        if found == nil {
            Issue.record(
                "no request '\(name)'; requests are \(requests.map(\.name))", sourceLocation: sourceLocation)
        }
        return found
    }
}

extension ModelDeclaration {
    /// `name: type` of each property, in declaration order.
    var propertySignatures: [String] { properties.map { "\($0.name): \($0.type)" } }
}

extension RequestDeclaration {
    var propertySignatures: [String] { properties.map { "\($0.name): \($0.type)" } }
}

/// Lets a test state an expected type as Swift spells it (`"[Pet]?"`): the text is read into
/// its structure, so the comparison is of types, not of spellings.
extension SwiftType: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(userSpelling: value)
    }
}
