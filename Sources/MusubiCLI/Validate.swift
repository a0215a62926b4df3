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
        do {
            let result = try Pipeline.generate(
                specPath: model.spec, options: Pipeline.Options(modelOptions: model.clientModelOptions))
            DiagnosticPrinter.print(result.warnings)
            print(
                "\(model.spec): ok: \(DiagnosticPrinter.count(result.model.requests.count, "operation")), "
                    + "\(DiagnosticPrinter.count(result.model.models.count, "model type")), "
                    + DiagnosticPrinter.count(result.warnings.count, "warning") + ".")
        } catch {
            DiagnosticPrinter.print(error.diagnostics)
            let errors = error.diagnostics.filter { $0.severity == .error }.count
            DiagnosticPrinter.printError("\(model.spec): failed with \(DiagnosticPrinter.count(errors, "error")).")
            throw ExitCode.failure
        }
    }
}
