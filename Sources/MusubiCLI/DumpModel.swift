import ArgumentParser
import MusubiClientModel
import MusubiDocument
import MusubiReader

struct DumpModel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-model",
        abstract: "Print the client model's decisions as JSON.",
        discussion: """
            Shows what was decided for each model type (`types`), each request \
            (`requestDecisions`: parameters, body, responses, server, security, events) and the \
            API file (`apiDecision`: servers and security schemes). The templates receive these \
            laid out as source lines; the template guide (Templates/README.md) describes every \
            variable they receive.

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
