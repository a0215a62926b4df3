import ArgumentParser
import Foundation
import MusubiEmitter
import MusubiReader

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate a Swift client from an OpenAPI description.",
        discussion: """
            Writes one file per model type (Models/) and per operation (Requests/), plus \
            the API's base protocol and servers. The output is the same byte for byte for \
            the same input, so it can be committed and diffed.

            If the spec has errors nothing is written: files are generated in memory and \
            moved into place only when every stage succeeded. Unchanged files are not \
            rewritten, so incremental builds stay incremental.

            Example:
                musubi generate Specs/petstore.yaml --output Sources/PetstoreClient \\
                    --module-name PetstoreClient
            """
    )

    @OptionGroup var model: ModelOptions
    @OptionGroup var diagnostics: DiagnosticOptions

    @Option(name: .shortAndLong, help: "The directory to write the generated Swift files into.")
    var output: String

    @Option(help: "A directory of NAME.mustache files replacing built-in templates of the same name.")
    var templates: String?

    @OptionGroup var merge: MergeOptions

    func run() throws {
        let reporter = diagnostics.reporter
        let result: Pipeline.Output
        do {
            result = try Pipeline.generate(
                specPath: model.spec,
                options: Pipeline.Options(modelOptions: model.clientModelOptions, templatesDirectory: templates))
        } catch {
            throw reporter.fail(error.diagnostics)
        }
        try reporter.reportWarnings(result.warnings)
        let files = merge.arrange(result.files)
        let summary: OutputWriter.Summary
        do {
            summary = try OutputWriter.write(files, to: output)
        } catch {
            throw reporter.fail([
                .error("cannot write the output: \(error.localizedDescription)", file: output)
            ])
        }
        reporter.succeed(
            "Generated \(result.model.moduleName): \(DiagnosticPrinter.count(files.count, "file")) in \(output) "
                + "(\(summary.written.count) written, \(summary.unchanged.count) unchanged), "
                + DiagnosticPrinter.count(result.warnings.count, "warning") + ".")
    }
}
