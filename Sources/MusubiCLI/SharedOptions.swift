import ArgumentParser
import MusubiClientModel

extension ClientModelOptions.AccessLevel: ExpressibleByArgument {}

/// Options every command that builds a client model takes.
struct ModelOptions: ParsableArguments {
    @Argument(
        help: "The OpenAPI description to read (YAML or JSON). Optional when the configuration file names it (spec:).")
    var spec: String?

    @Option(help: "The Swift module the generated files belong to. Default: the API title plus 'Client'.")
    var moduleName: String?

    @Option(help: "Access level of generated declarations: public, package or internal. Default: public.")
    var accessLevel: ClientModelOptions.AccessLevel?

    @Flag(
        help: """
            One file per generated type instead of related types sharing a file. Easier to diff, \
            slower to build: a debug build of the GitHub client takes about a quarter longer.
            """)
    var filePerType = false

    @Option(
        name: .customLong("allow-references-under"),
        help: ArgumentHelp(
            "A folder whose files the spec's $refs may read besides the spec's own folder tree (repeatable).",
            valueName: "folder"))
    var allowReferencesUnder: [String] = []

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var filter: FilterOptions

    func validate() throws {
        if let moduleName, !Naming.isIdentifier(moduleName) {
            throw ValidationError("--module-name needs a Swift identifier such as PetstoreClient, not '\(moduleName)'.")
        }
    }

    /// What these options give, for ``Settings/resolve(_:)``; commands add their own.
    var commandLine: Settings.CommandLine {
        Settings.CommandLine(
            spec: spec, config: configuration.config, moduleName: moduleName, accessLevel: accessLevel,
            filePerType: filePerType ? true : nil, filter: filter.filter, referenceRoots: allowReferencesUnder)
    }

    /// Reads the configuration file and merges `commandLine` in. A configuration with errors
    /// is reported (exit status 1); no spec at all is bad usage (64).
    static func settings(_ commandLine: Settings.CommandLine, reporter: DiagnosticReporter) throws -> Settings {
        do {
            return try Settings.resolve(commandLine)
        } catch let error as ConfigurationError {
            throw reporter.fail(error.diagnostics)
        } catch let error as Settings.MissingSpec {
            throw ValidationError(error.description)
        }
    }
}
