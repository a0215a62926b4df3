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

/// Renders a ``ClientModel`` into files: each model type and request into the file the model
/// names for it (its own, or one it shares with related declarations), and one for the API's
/// shared parts.
///
/// The emitter decides nothing about the code: the model says which template renders what
/// and into which file. Files come out sorted by path, so output is byte-for-byte the same
/// for the same input, however the rendering was spread over the processor's cores.
public enum Emitter {
    public static func render(_ model: ClientModel, templates: TemplateSet) throws(TemplateError) -> [GeneratedFile] {
        for declaration in model.models where !templates.contains(declaration.template) {
            throw TemplateError(file: declaration.template + ".mustache", message: "no such template")
        }
        // The declarations of each file, in name order (the API's shared parts first).
        var declarationsByFile: [String: [(name: String, declaration: Declaration)]] = [:]
        declarationsByFile[model.api.fileName, default: []].append(("", .api))
        for (index, declaration) in model.models.enumerated() {
            declarationsByFile[declaration.fileName, default: []].append((declaration.name, .model(index)))
        }
        for (index, request) in model.requests.enumerated() {
            declarationsByFile[request.fileName, default: []].append((request.name, .request(index)))
        }
        if let webhooks = model.webhooks {
            declarationsByFile[webhooks.fileName, default: []].append((webhooks.enumName, .webhooks))
        }
        let files = Array(declarationsByFile)
        let budget = RenderingBudget(limits: templates.limits)
        // Each file is rendered and put together on its own, so files are made on all cores;
        // every iteration writes only its own slot: the file, its error, or nil when it was not
        // rendered because another had already failed.
        nonisolated(unsafe) let rendered = UnsafeMutableBufferPointer<Result<GeneratedFile, TemplateError>?>
            .allocate(capacity: files.count)
        defer { rendered.deallocate() }
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let (path, declarations) = files[index]
            guard !budget.isStopped else {
                (rendered.baseAddress! + index).initialize(to: nil)
                return
            }
            let result = Result { () throws(TemplateError) -> GeneratedFile in
                let contents = try declarations.sorted { $0.name < $1.name }.map { named throws(TemplateError) in
                    do throws(TemplateError) {
                        return switch named.declaration {
                        case .api:
                            try templates.render(TemplateValue(model.api), with: "API", budget: budget)
                        case .model(let offset):
                            try templates.render(
                                TemplateValue(model.models[offset]), with: model.models[offset].template,
                                budget: budget)
                        case .request(let offset):
                            try templates.render(TemplateValue(model.requests[offset]), with: "Request", budget: budget)
                        case .webhooks:
                            try templates.render(TemplateValue(model.webhooks!), with: "Webhooks", budget: budget)
                        }
                    } catch {
                        // What was being rendered: a limit passed by one huge declaration of the
                        // spec's is the spec's doing, not the built-in templates', so the error
                        // points at the schema or operation it comes from. An error in a
                        // template's text (it has a line), or with templates of the user's, stays
                        // the template's, and names the spec's place.
                        var located = error
                        let what = named.name.isEmpty ? "the API's shared declarations" : "`\(named.name)`"
                        let place: SpecPlace? =
                            switch named.declaration {
                            case .model(let offset): model.models[offset].place
                            case .request(let offset): model.requests[offset].place
                            case .api, .webhooks: nil
                            }
                        if let place, error.line == nil, !templates.hasUserTemplates {
                            located.message += " (rendering \(what), declared here, for \(path) with \(error.file))"
                            located.file = place.file
                            located.line = place.location.line
                            located.column = place.location.column
                        } else {
                            located.message +=
                                " (rendering \(what)\(place.map { " declared at \($0)" } ?? "") for \(path))"
                        }
                        throw located
                    }
                }
                // Declarations sharing a file follow each other under one header and one set of
                // imports.
                let file =
                    contents.count == 1
                    ? GeneratedFile(path: path, contents: contents[0])
                    : GeneratedFile(
                        path: path,
                        contents: SplitFile.join(
                            contents.map { SplitFile(GeneratedFile(path: path, contents: $0)) }, marks: false))
                return normalized(file)
            }
            if case .failure = result { budget.stop() }
            (rendered.baseAddress! + index).initialize(to: result)
        }
        defer { _ = rendered.baseAddress!.deinitialize(count: files.count) }
        // Of the files that failed, the first by path, so the same templates fail alike.
        var made: [GeneratedFile] = []
        var failure: (path: String, error: TemplateError)?
        for (index, slot) in rendered.enumerated() {
            switch slot {
            case .success(let file)?:
                made.append(file)
            case .failure(let error)? where failure.map({ files[index].key < $0.path }) ?? true:
                failure = (files[index].key, error)
            default:
                break
            }
        }
        if let failure { throw failure.error }
        return (made + (try packageFiles(model, templates: templates, budget: budget)) + runtimeFiles(model))
            .sorted { $0.path < $1.path }
    }

    /// `Package.swift`, the README and `.gitignore` of a package, in package mode.
    private static func packageFiles(
        _ model: ClientModel, templates: TemplateSet, budget: RenderingBudget
    ) throws(TemplateError) -> [GeneratedFile] {
        guard model.isPackage else { return [] }
        let package = TemplateValue(model.package)
        var files: [GeneratedFile] = []
        for (path, template) in [
            (model.package.manifestFileName, "Package"), (model.package.readmeFileName, "PackageReadme"),
            (model.package.gitignoreFileName, "GitIgnore"),
        ] {
            let contents = try templates.render(package, with: template, budget: budget)
            files.append(normalized(GeneratedFile(path: path, contents: contents)))
        }
        return files
    }

    /// The runtime's sources, when the model says to embed them, in the runtime's own folders
    /// (`Runtime/Client/Client.swift`), each under a first line that says where it comes from
    /// (and marks it as Musubi's, like every generated file).
    private static func runtimeFiles(_ model: ClientModel) -> [GeneratedFile] {
        guard model.embedsRuntime else { return [] }
        return EmbeddedRuntime.sources.map { path, source in
            let header = "// Generated by musubi: a copy of MusubiRuntime's \(path). Do not edit.\n"
            return normalized(GeneratedFile(path: model.runtimeDirectory + path, contents: header + source))
        }
    }

    /// Exactly one trailing newline, whatever a template ends with.
    private static func normalized(_ file: GeneratedFile) -> GeneratedFile {
        var file = file
        while file.contents.utf8.last == UInt8(ascii: "\n") { file.contents.removeLast() }
        file.contents += "\n"
        return file
    }
}

/// A declaration of the model, by its place in the model's lists.
private enum Declaration {
    case api
    case model(Int)
    case request(Int)
    case webhooks
}
