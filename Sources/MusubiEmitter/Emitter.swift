import Dispatch
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
/// for the same input, however the rendering was spread over the processor's cores.
public enum Emitter {
    public static func render(_ model: ClientModel, templates: TemplateSet) throws(TemplateError) -> [GeneratedFile] {
        for declaration in model.models where !templates.contains(declaration.template) {
            throw TemplateError(file: declaration.template + ".mustache", message: "no such template")
        }
        let modelCount = model.models.count
        let count = 1 + modelCount + model.requests.count
        // Each file is rendered on its own, so they are rendered on all cores; every
        // iteration writes only its own slot.
        nonisolated(unsafe) let files = UnsafeMutableBufferPointer<GeneratedFile>.allocate(capacity: count)
        defer { files.deallocate() }
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let file: GeneratedFile
            if index == 0 {
                file = GeneratedFile(
                    path: model.api.fileName, contents: templates.render(TemplateValue(model.api), with: "API"))
            } else if index <= modelCount {
                let declaration = model.models[index - 1]
                file = GeneratedFile(
                    path: declaration.fileName,
                    contents: templates.render(TemplateValue(declaration), with: declaration.template))
            } else {
                let request = model.requests[index - 1 - modelCount]
                file = GeneratedFile(
                    path: request.fileName, contents: templates.render(TemplateValue(request), with: "Request"))
            }
            (files.baseAddress! + index).initialize(to: normalized(file))
        }
        defer { _ = files.baseAddress!.deinitialize(count: count) }
        return files.sorted { $0.path < $1.path }
    }

    /// Exactly one trailing newline, whatever a template ends with.
    private static func normalized(_ file: GeneratedFile) -> GeneratedFile {
        var file = file
        while file.contents.utf8.last == UInt8(ascii: "\n") { file.contents.removeLast() }
        file.contents += "\n"
        return file
    }
}
