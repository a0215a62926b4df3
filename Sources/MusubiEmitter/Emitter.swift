import MusubiClientModel

/// One file of generated output.
public struct GeneratedFile: Hashable, Sendable {
    /// Path relative to the output directory, with `/` separators.
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// Renders a ``ClientModel`` into files: one per model type, one per request, one for the
/// API's shared parts.
///
/// The emitter decides nothing about the code: the model says which template renders what
/// and into which file. Files come out sorted by path, so output is byte-for-byte the same
/// for the same input.
public enum Emitter {
    public static func render(_ model: ClientModel, templates: TemplateSet) throws(TemplateError) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        files.append(GeneratedFile(path: model.api.fileName, contents: normalized(try templates.render(TemplateContext.make(model.api), with: "API"))))
        for declaration in model.models {
            let text = try templates.render(TemplateContext.make(declaration), with: declaration.template)
            files.append(GeneratedFile(path: declaration.fileName, contents: normalized(text)))
        }
        for request in model.requests {
            let text = try templates.render(TemplateContext.make(request), with: "Request")
            files.append(GeneratedFile(path: request.fileName, contents: normalized(text)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Exactly one trailing newline, whatever a template ends with.
    private static func normalized(_ text: String) -> String {
        var result = text
        while result.hasSuffix("\n") { result.removeLast() }
        return result + "\n"
    }
}
