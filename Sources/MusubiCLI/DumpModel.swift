import ArgumentParser

struct DumpModel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump-model",
        abstract: "Print the client model, the exact data templates receive, as JSON.",
        discussion: """
            Each model type is rendered with the template its `template` field names, each \
            request with `Request`, and `api` with `API`. Use this to write your own templates.

            Example:
                musubi dump-model openapi.yaml > model.json
            """
    )

    @OptionGroup var model: ModelOptions

    func run() throws {
        let settings = try ModelOptions.settings(model.commandLine)
        do {
            let result = try Pipeline.model(specPath: settings.spec, options: settings.modelOptions)
            DiagnosticPrinter.print(result.warnings)
            print(try result.model.jsonText())
        } catch let failure as Pipeline.Failure {
            DiagnosticPrinter.print(failure.diagnostics)
            throw ExitCode.failure
        }
    }
}
