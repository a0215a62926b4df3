import ArgumentParser

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check that a spec can be generated, printing every warning and error.",
        discussion: """
            Runs every stage except writing files. Exits with status 1 when the spec has errors.

            Example:
                musubi validate openapi.yaml
            """
    )

    @OptionGroup var model: ModelOptions

    func run() throws {
        let settings = try ModelOptions.settings(model.commandLine)
        do {
            let result = try Pipeline.generate(
                specPath: settings.spec, options: Pipeline.Options(modelOptions: settings.modelOptions))
            DiagnosticPrinter.print(result.warnings)
            print(
                "\(settings.spec): ok: \(DiagnosticPrinter.count(result.model.requests.count, "operation")), "
                    + "\(DiagnosticPrinter.count(result.model.models.count, "model type")), "
                    + DiagnosticPrinter.count(result.warnings.count, "warning") + ".")
        } catch {
            DiagnosticPrinter.print(error.diagnostics)
            let errors = error.diagnostics.filter { $0.severity == .error }.count
            DiagnosticPrinter.printError("\(settings.spec): failed with \(DiagnosticPrinter.count(errors, "error")).")
            throw ExitCode.failure
        }
    }
}
