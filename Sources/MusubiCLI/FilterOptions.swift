import ArgumentParser
import MusubiClientModel

/// `--include-tag issues --exclude-path '/repos/*/issues/*/lock'`: which operations to generate.
struct FilterOptions: ParsableArguments {
    @Option(name: .customLong("include-tag"), help: "Generate operations with a tag matching this glob (repeatable).")
    var includeTags: [String] = []

    @Option(name: .customLong("exclude-tag"), help: "Leave out operations with a tag matching this glob (repeatable).")
    var excludeTags: [String] = []

    @Option(
        name: .customLong("include-operation"),
        help: "Generate operations whose operationId matches this glob (repeatable)."
    )
    var includeOperations: [String] = []

    @Option(
        name: .customLong("exclude-operation"),
        help: "Leave out operations whose operationId matches this glob (repeatable)."
    )
    var excludeOperations: [String] = []

    @Option(
        name: .customLong("include-path"),
        help: "Generate operations whose path matches this glob, e.g. '/repos/*/issues*' (repeatable).")
    var includePaths: [String] = []

    @Option(name: .customLong("exclude-path"), help: "Leave out operations whose path matches this glob (repeatable).")
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
