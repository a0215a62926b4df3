import ArgumentParser
import Foundation
import MusubiEmitter
import MusubiReader

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate a Swift client from an OpenAPI description.",
        discussion: """
            Writes the model types (Models/, types named alike sharing a file) and the \
            operations (Requests/, a file per tag), plus the API's base protocol and servers; \
            --file-per-type writes a file per type. The output is the same byte for byte for \
            the same input, so it can be committed and diffed.

            If the spec has errors nothing is written: files are generated in memory and \
            moved into place only when every stage succeeded. Unchanged files are not \
            rewritten, so incremental builds stay incremental. Files musubi generated before \
            (listed in .musubi-manifest) and no longer generates are removed; other files in \
            the output directory are never touched, and one where a generated file would go \
            is an error.

            Options can also come from a musubi.yaml beside the spec (or given with --config), \
            which adds name and type overrides; options given here win. The filter options \
            generate part of the API: the operations they keep and the schemas those reach.

            Examples:
                musubi generate Specs/petstore.yaml --output Sources/PetstoreClient \\
                    --module-name PetstoreClient
                musubi generate --config musubi.yaml
                musubi generate github.json -o Sources/Issues --include-tag issues
            """
    )

    @OptionGroup var model: ModelOptions
    @OptionGroup var diagnostics: DiagnosticOptions

    @Option(name: SettingDeclaration.output.names, help: SettingDeclaration.output.argumentHelp)
    var output: String?

    @Option(name: SettingDeclaration.templates.names, help: SettingDeclaration.templates.argumentHelp)
    var templates: String?

    @OptionGroup var merge: MergeOptions

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        var commandLine = diagnostics.adding(to: model.commandLine)
        commandLine.output = output
        commandLine.templates = templates
        commandLine.package = outputOptions.packageName
        commandLine.embedRuntime = outputOptions.embedRuntime ? true : nil
        commandLine.runtimePath = outputOptions.runtimePath
        commandLine.runtimeURL = outputOptions.runtimeURL
        commandLine.runtimeFrom = outputOptions.runtimeFrom
        let settings = try ModelOptions.settings(commandLine, reporter: diagnostics.reporter)
        let reporter = diagnostics.reporter(for: settings)
        guard let output = settings.output else {
            throw ValidationError("missing --output: give the directory to write into, or output: in the configuration")
        }
        try OutputOptions.checkOutputPath(output)
        // Package mode and the runtime's location may come from the configuration file.
        var outputOptions = self.outputOptions
        outputOptions.packageName = settings.package
        outputOptions.embedRuntime = settings.embedRuntime
        outputOptions.runtimePath = settings.runtimePath
        outputOptions.runtimeURL = settings.runtimeURL
        outputOptions.runtimeFrom = settings.runtimeFrom
        try outputOptions.validate()
        var modelOptions = settings.modelOptions
        try outputOptions.apply(to: &modelOptions, output: output)
        let result: Pipeline.Output
        do {
            result = try Pipeline.generate(
                specPath: settings.spec,
                options: Pipeline.Options(
                    modelOptions: modelOptions, templatesDirectory: settings.templates,
                    documentOptions: settings.documentOptions))
        } catch {
            throw reporter.fail(error.diagnostics)
        }
        try reporter.reportWarnings(result.warnings)
        try outputOptions.write(
            merge.arrange(result.files), moduleName: result.model.moduleName, warningCount: result.warnings.count,
            to: output,
            reporter: reporter)
        keepUntilExit(result)
    }

    /// Leaves the document, the model and the files for the operating system to reclaim when
    /// the process ends. Freeing them one object at a time when `run()` returns is a visible
    /// share of a big spec's run, spent on memory about to be handed back at once.
    private func keepUntilExit(_ result: Pipeline.Output) {
        _ = Unmanaged.passRetained(KeptValue(result))
    }
}

private final class KeptValue<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}
