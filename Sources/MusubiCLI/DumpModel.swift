import ArgumentParser
import MusubiClientModel
import MusubiDocument
import MusubiReader

struct DumpModel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-model",
        abstract: "Print the client model, the exact data templates receive, as JSON.",
        discussion: """
            Each model type is rendered with the template its `template` field names, each \
            request with `Request`, and `api` with `API`. Use this to write your own templates; \
            the template guide (Templates/README.md) describes every field.

            Example:
                musubi dump-model openapi.yaml > model.json
            """
    )

    @OptionGroup var model: ModelOptions
    @OptionGroup var diagnostics: DiagnosticOptions

    func run() throws {
        let settings = try ModelOptions.settings(
            diagnostics.adding(to: model.commandLine), reporter: diagnostics.reporter)
        let reporter = diagnostics.reporter(for: settings)
        let result: (document: Document, model: ClientModel, warnings: [Diagnostic])
        do {
            result = try Pipeline.model(
                specPath: settings.spec, options: settings.modelOptions, documentOptions: settings.documentOptions)
        } catch {
            throw reporter.fail(error.diagnostics)
        }
        try reporter.reportWarnings(result.warnings)
        print(try result.model.jsonText())
    }
}
