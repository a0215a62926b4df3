import ArgumentParser
import MusubiClientModel

extension ClientModelOptions.AccessLevel: ExpressibleByArgument {}

/// Options every command that builds a client model takes.
struct ModelOptions: ParsableArguments {
    // Names and help come from the settings' declarations (`SettingDeclaration`).
    @Argument(help: SettingDeclaration.spec.argumentHelp)
    var spec: String?

    @Option(name: SettingDeclaration.moduleName.names, help: SettingDeclaration.moduleName.argumentHelp)
    var moduleName: String?

    @Option(name: SettingDeclaration.accessLevel.names, help: SettingDeclaration.accessLevel.argumentHelp)
    var accessLevel: ClientModelOptions.AccessLevel?

    @Flag(name: SettingDeclaration.filePerType.names, help: SettingDeclaration.filePerType.argumentHelp)
    var filePerType = false

    @Flag(name: SettingDeclaration.skipWebhooks.names, help: SettingDeclaration.skipWebhooks.argumentHelp)
    var skipWebhooks = false

    @Option(name: SettingDeclaration.referenceRoots.names, help: SettingDeclaration.referenceRoots.argumentHelp)
    var allowReferencesUnder: [String] = []

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var filter: FilterOptions

    func validate() throws {
        if let moduleName, let problem = Naming.moduleNameProblem(moduleName) {
            throw ValidationError("--module-name \(problem).")
        }
    }

    /// What these options give, for ``Settings/resolve(_:)``; commands add their own.
    var commandLine: Settings.CommandLine {
        Settings.CommandLine(
            spec: spec, config: configuration.config, moduleName: moduleName, accessLevel: accessLevel,
            filePerType: filePerType ? true : nil, skipWebhooks: skipWebhooks ? true : nil, filter: filter.filter,
            referenceRoots: allowReferencesUnder)
    }

    /// Reads the configuration file and merges `commandLine` in. A configuration with errors
    /// is reported (exit status 1); no spec at all is bad usage (64).
    static func settings(_ commandLine: Settings.CommandLine, reporter: DiagnosticReporter) throws -> Settings {
        do {
            let settings = try Settings.resolve(commandLine)
            // Said unless the command line asks for quiet: a file that came with the spec
            // cannot silence the line that says it was read, nor where it sends the output.
            if settings.configurationWasFound, let file = settings.configurationFile {
                var reporter = reporter
                reporter.quiet = commandLine.quiet ?? false
                let output = commandLine.output == nil ? settings.output.map { "; output goes to \($0)" } ?? "" : ""
                reporter.note("settings read from \(file), found beside the spec\(output)")
            }
            return settings
        } catch let error as ConfigurationError {
            throw reporter.fail(error.diagnostics)
        } catch let error as Settings.MissingSpec {
            throw ValidationError(error.description)
        }
    }
}
