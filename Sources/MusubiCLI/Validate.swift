import ArgumentParser

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that a spec can be generated, printing every warning and error.",
        discussion: """
            Runs every stage except writing files. Exits with status 1 when the spec has errors \
            (or warnings, with --warnings-as-errors).

            Example:
                musubi validate openapi.yaml
            """
    )

    @OptionGroup var model: ModelOptions
    @OptionGroup var diagnostics: DiagnosticOptions

    func run() throws {
        let settings = try ModelOptions.settings(
            diagnostics.adding(to: model.commandLine), reporter: diagnostics.reporter)
        let reporter = diagnostics.reporter(for: settings)
        let result: Pipeline.Output
        do {
            result = try Pipeline.generate(
                specPath: settings.spec,
                options: Pipeline.Options(
                    modelOptions: settings.modelOptions, documentOptions: settings.documentOptions))
        } catch {
            throw reporter.fail(error.diagnostics)
        }
        try reporter.reportWarnings(result.warnings)
        reporter.succeed(
            "\(settings.spec): ok: \(DiagnosticPrinter.count(result.model.requests.count, "operation")), "
                + "\(DiagnosticPrinter.count(result.model.models.count, "model type")), "
                + DiagnosticPrinter.count(result.warnings.count, "warning") + ".")
    }
}
