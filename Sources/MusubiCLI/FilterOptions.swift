import ArgumentParser
import MusubiClientModel

/// `--include-tag issues --exclude-path '/repos/*/issues/*/lock'`: which operations to generate.
struct FilterOptions: ParsableArguments {
    @Option(
        name: .customLong("include-tag"),
        help: ArgumentHelp("Generate operations with a tag matching this glob (repeatable).", valueName: "glob"))
    var includeTags: [String] = []

    @Option(
        name: .customLong("exclude-tag"),
        help: ArgumentHelp("Leave out operations with a tag matching this glob (repeatable).", valueName: "glob"))
    var excludeTags: [String] = []

    @Option(
        name: .customLong("include-operation"),
        help: ArgumentHelp("Generate operations whose operationId matches this glob (repeatable).", valueName: "glob")
    )
    var includeOperations: [String] = []

    @Option(
        name: .customLong("exclude-operation"),
        help: ArgumentHelp("Leave out operations whose operationId matches this glob (repeatable).", valueName: "glob")
    )
    var excludeOperations: [String] = []

    @Option(
        name: .customLong("include-path"),
        help: ArgumentHelp(
            "Generate operations whose path matches this glob, e.g. '/repos/*/issues*' (repeatable).", valueName: "glob"
        ))
    var includePaths: [String] = []

    @Option(
        name: .customLong("exclude-path"),
        help: ArgumentHelp("Leave out operations whose path matches this glob (repeatable).", valueName: "glob"))
    var excludePaths: [String] = []

    /// The patterns given, each list to replace the configuration file's for its key.
    var filter: OperationFilter {
        func globs(_ values: [String], _ option: String) -> [Configured<Glob>] {
            values.map { Configured(Glob($0), origin: .commandLine(option)) }
        }
        return OperationFilter(
            include: OperationFilter.Patterns(
                tags: globs(includeTags, "--include-tag"), operations: globs(includeOperations, "--include-operation"),
                paths: globs(includePaths, "--include-path")),
            exclude: OperationFilter.Patterns(
                tags: globs(excludeTags, "--exclude-tag"), operations: globs(excludeOperations, "--exclude-operation"),
                paths: globs(excludePaths, "--exclude-path")))
    }
}
