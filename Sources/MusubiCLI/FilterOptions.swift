import ArgumentParser
import MusubiClientModel

/// `--include-tag issues --exclude-path '/repos/*/issues/*/lock'`: which operations to generate.
struct FilterOptions: ParsableArguments {
    // Names and help come from the settings' declarations (`SettingDeclaration`).
    @Option(name: SettingDeclaration.includeTags.names, help: SettingDeclaration.includeTags.argumentHelp)
    var includeTags: [String] = []

    @Option(name: SettingDeclaration.excludeTags.names, help: SettingDeclaration.excludeTags.argumentHelp)
    var excludeTags: [String] = []

    @Option(name: SettingDeclaration.includeOperations.names, help: SettingDeclaration.includeOperations.argumentHelp)
    var includeOperations: [String] = []

    @Option(name: SettingDeclaration.excludeOperations.names, help: SettingDeclaration.excludeOperations.argumentHelp)
    var excludeOperations: [String] = []

    @Option(name: SettingDeclaration.includePaths.names, help: SettingDeclaration.includePaths.argumentHelp)
    var includePaths: [String] = []

    @Option(name: SettingDeclaration.excludePaths.names, help: SettingDeclaration.excludePaths.argumentHelp)
    var excludePaths: [String] = []

    /// The patterns given, each list to replace the configuration file's for its key.
    var filter: OperationFilter {
        OperationFilter(
            include: OperationFilter.Patterns(
                tags: SettingDeclaration.includeTags.globs(includeTags),
                operations: SettingDeclaration.includeOperations.globs(includeOperations),
                paths: SettingDeclaration.includePaths.globs(includePaths)),
            exclude: OperationFilter.Patterns(
                tags: SettingDeclaration.excludeTags.globs(excludeTags),
                operations: SettingDeclaration.excludeOperations.globs(excludeOperations),
                paths: SettingDeclaration.excludePaths.globs(excludePaths)))
    }
}
