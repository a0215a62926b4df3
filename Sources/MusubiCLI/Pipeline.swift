import MusubiClientModel
import MusubiDocument
import MusubiEmitter
import MusubiReader

/// The stages run in order: read, load the document, build the client model, render.
///
/// Each stage only consumes what the one before produced. Warnings accumulate along the way;
/// the first stage that finds errors stops the run, before anything is written.
public enum Pipeline {
    public struct Options: Sendable {
        public var modelOptions: ClientModelOptions
        /// A directory whose `NAME.mustache` files replace built-in templates.
        public var templatesDirectory: String?
        /// How the spec is loaded: which folders its `$ref`s may read.
        public var documentOptions: DocumentLoader.Options

        public init(
            modelOptions: ClientModelOptions = ClientModelOptions(), templatesDirectory: String? = nil,
            documentOptions: DocumentLoader.Options = DocumentLoader.Options()
        ) {
            self.modelOptions = modelOptions
            self.templatesDirectory = templatesDirectory
            self.documentOptions = documentOptions
        }
    }

    public struct Output: Sendable {
        public var document: Document
        public var model: ClientModel
        public var files: [GeneratedFile]
        public var warnings: [Diagnostic]
    }

    /// Why a run stopped: every diagnostic so far, errors among them.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var diagnostics: [Diagnostic]

        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    /// Reads and loads the spec and builds the client model.
    public static func model(
        specPath: String, options: ClientModelOptions,
        documentOptions: DocumentLoader.Options = DocumentLoader.Options()
    ) throws(Failure) -> (document: Document, model: ClientModel, warnings: [Diagnostic]) {
        let loaded: DocumentLoader.Result
        do {
            loaded = try DocumentLoader.load(contentsOf: specPath, options: documentOptions)
        } catch {
            throw Failure(diagnostics: error.diagnostics)
        }
        // One collector for the run: each stage's diagnostics, already once per place, in the
        // order the stages ran.
        var diagnostics = DiagnosticCollector(loaded.warnings)
        let built = ClientModelBuilder.build(loaded.document, options: options)
        diagnostics.append(contentsOf: built.warnings)
        // The user's settings can make a client impossible (a filter that keeps nothing).
        if diagnostics.hasErrors {
            throw Failure(diagnostics: diagnostics.diagnostics)
        }
        return (loaded.document, built.model, diagnostics.diagnostics)
    }

    /// Every stage, up to the rendered files (not written).
    public static func generate(specPath: String, options: Options = Options()) throws(Failure) -> Output {
        let templates: TemplateSet
        do {
            if let directory = options.templatesDirectory {
                templates = try TemplateSet.overriding(withDirectory: directory)
            } else {
                templates = try TemplateSet.builtIn()
            }
        } catch {
            throw Failure(diagnostics: [error.diagnostic])
        }
        var modelOptions = options.modelOptions
        if modelOptions.embedsRuntime && modelOptions.package == nil {
            // The runtime's sources go into the client's module: its types and its file names
            // (SwiftPM wants each file name once in a module, whatever its folder) are taken there.
            modelOptions.reservedTypeNames.formUnion(EmbeddedRuntime.topLevelTypeNames)
            modelOptions.reservedFileNames.formUnion(EmbeddedRuntime.fileNames)
        }
        let (document, model, warnings) = try model(
            specPath: specPath, options: modelOptions, documentOptions: options.documentOptions)
        do {
            let files = try Emitter.render(model, templates: templates)
            return Output(document: document, model: model, files: files, warnings: warnings)
        } catch {
            throw Failure(diagnostics: warnings + [error.diagnostic])
        }
    }
}

extension TemplateError {
    var diagnostic: Diagnostic {
        .error(message, file: file, at: line.map { SourceLocation(line: $0, column: column ?? 1) })
    }
}
