import ArgumentParser
import MusubiClientModel
import MusubiReader

/// The values of the settings that both the command line and `musubi.yaml` can give, as one
/// of the two gave them: nil, or an empty list, when it did not.
///
/// ``Configuration`` holds the file's, ``Settings/CommandLine`` the command line's, and
/// ``Settings`` what merging them gave. Each field is declared as a setting in
/// `SettingDeclaration`, which says how it is spelled in both places and how they merge.
public struct SettingValues: Sendable {
    public var spec: String?
    public var output: String?
    public var moduleName: String?
    public var accessLevel: ClientModelOptions.AccessLevel?
    public var filePerType: Bool?
    public var skipWebhooks: Bool?
    public var templates: String?
    public var package: String?
    public var embedRuntime: Bool?
    public var runtimePath: String?
    public var runtimeURL: String?
    public var runtimeFrom: String?
    public var quiet: Bool?
    public var warningsAsErrors: Bool?
    public var referenceRoots: [String] = []
    public var filter = OperationFilter()

    public init() {}
}

/// One setting, declared once: its command-line option, its `musubi.yaml` key, its help, how
/// the file's value is read and how the two merge. The options' help, the file's keys and
/// their reading, and ``Settings/merge(_:over:)`` all come from ``all``.
///
/// The command line wins over the file. A list given on the command line replaces the file's
/// list for that key only. The settings of a group (`runtime:`) come all from the command
/// line when it gives any of them, since they describe one thing together.
struct SettingDeclaration {
    /// The key in `musubi.yaml`, with a dot between a section and its key (`runtime.path`).
    let key: String
    /// The command-line option's long name (`module-name` for `--module-name`); nil for the
    /// spec, which is an argument.
    let option: String?
    /// The option's one-letter name, if it has one (`-o`).
    let short: Character?
    /// The help the command line shows.
    let help: String
    /// The value's name in the help (`<PATH>`); nil for ArgumentParser's default.
    let valueName: String?
    /// Whether the setting belongs to a group that merges as a whole (see the type's note).
    let mergesAsGroup: Bool
    /// Reads the file's value from `node` into the values.
    let read: (inout ConfigurationNodeReader, Node, inout SettingValues) -> Void
    /// Copies the setting's value from the source (second) into the target (first) values.
    let copy: (inout SettingValues, SettingValues) -> Void
    /// Whether the values set it.
    let isSet: (SettingValues) -> Bool

    /// The section of a grouped key (`runtime` for `runtime.path`), or the key itself.
    var topLevelKey: String { key.split(separator: ".").first.map(String.init) ?? key }

    /// The option's names for ArgumentParser.
    var names: NameSpecification {
        var names: [NameSpecification.Element] = []
        if let short { names.append(.customShort(short)) }
        if let option { names.append(.customLong(option)) }
        return NameSpecification(names)
    }

    /// The option's help for ArgumentParser, naming the setting's key in `musubi.yaml`.
    var argumentHelp: ArgumentHelp {
        ArgumentHelp("\(help) In musubi.yaml: \(key).", valueName: valueName)
    }

    /// A setting of one value.
    static func value<Value>(
        _ key: String, option: String?, short: Character? = nil, help: String, valueName: String? = nil,
        mergesAsGroup: Bool = false, _ field: WritableKeyPath<SettingValues, Value?>,
        read: @escaping (inout ConfigurationNodeReader, Node) -> Value?
    ) -> SettingDeclaration {
        SettingDeclaration(
            key: key, option: option, short: short, help: help, valueName: valueName, mergesAsGroup: mergesAsGroup,
            read: { reader, node, values in values[keyPath: field] = read(&reader, node) },
            copy: { target, source in target[keyPath: field] = source[keyPath: field] },
            isSet: { $0[keyPath: field] != nil })
    }

    /// A setting of a list, repeatable on the command line; a single value in the file is a
    /// list of one.
    static func list<Element>(
        _ key: String, option: String, help: String, valueName: String? = nil,
        _ field: WritableKeyPath<SettingValues, [Element]>,
        read: @escaping (inout ConfigurationNodeReader, Node) -> [Element]
    ) -> SettingDeclaration {
        SettingDeclaration(
            key: key, option: option, short: nil, help: help, valueName: valueName, mergesAsGroup: false,
            read: { reader, node, values in values[keyPath: field] = read(&reader, node) },
            copy: { target, source in target[keyPath: field] = source[keyPath: field] },
            isSet: { !$0[keyPath: field].isEmpty })
    }
}

extension SettingDeclaration {
    /// Every setting, in the order the configuration reference lists the file's keys (the
    /// help lists the options in the order the commands declare them).
    static var all: [SettingDeclaration] {
        [
            spec, output, moduleName, accessLevel, filePerType, skipWebhooks, templates, package, embedRuntime,
            runtimePath, runtimeURL, runtimeFrom, quiet, warningsAsErrors, referenceRoots,
            includeTags, includeOperations, includePaths, excludeTags, excludeOperations, excludePaths,
        ]
    }

    static var spec: SettingDeclaration {
        .value(
            "spec", option: nil,
            help: "The OpenAPI description to read (YAML or JSON). Optional when the configuration file names it.",
            \.spec, read: { $0.path($1) })
    }

    static var output: SettingDeclaration {
        .value(
            "output", option: "output", short: "o", help: "The directory to write the generated Swift files into.",
            \.output, read: { $0.path($1) })
    }

    static var moduleName: SettingDeclaration {
        .value(
            "module-name", option: "module-name",
            help: "The Swift module the generated files belong to. Default: the API title plus 'Client'.",
            \.moduleName, read: { $0.identifier($1, for: "module-name") })
    }

    static var accessLevel: SettingDeclaration {
        .value(
            "access-level", option: "access-level",
            help: "Access level of generated declarations: public, package or internal. Default: public.",
            \.accessLevel, read: { $0.accessLevel($1) })
    }

    static var filePerType: SettingDeclaration {
        .value(
            "file-per-type", option: "file-per-type",
            help: """
                One file per generated type instead of related types sharing a file. Easier to diff, \
                slower to build: a debug build of the GitHub client takes about a quarter longer.
                """,
            \.filePerType, read: { $0.bool($1) })
    }

    static var skipWebhooks: SettingDeclaration {
        .value(
            "skip-webhooks", option: "skip-webhooks",
            help: """
                Leave out the spec's webhooks and callbacks. By default they become an enum of the \
                events a received request is decoded into, with their payloads' types.
                """,
            \.skipWebhooks, read: { $0.bool($1) })
    }

    static var templates: SettingDeclaration {
        .value(
            "templates", option: "templates",
            help: "A directory of NAME.mustache files replacing built-in templates of the same name.",
            \.templates, read: { $0.path($1) })
    }

    static var package: SettingDeclaration {
        .value(
            "package", option: "package",
            help: """
                Write a complete SwiftPM package named NAME (Package.swift, Sources/NAME, README.md) into the output \
                directory. Without --runtime-path or --runtime-url, the runtime is embedded as a target of the package.
                """,
            valueName: "NAME", \.package, read: { $0.identifier($1, for: "package") })
    }

    static var embedRuntime: SettingDeclaration {
        .value(
            "embed-runtime", option: "embed-runtime",
            help: """
                Copy MusubiRuntime's sources into the output so it depends on nothing: into Runtime/ \
                of the generated module, or with --package as a MusubiRuntime target of the package. \
                The logging interceptor, which needs swift-log, is left out.
                """,
            \.embedRuntime, read: { $0.bool($1) })
    }

    static var runtimePath: SettingDeclaration {
        .value(
            "runtime.path", option: "runtime-path",
            help: "With --package: depend on the MusubiRuntime of the Musubi checkout at PATH.", valueName: "PATH",
            mergesAsGroup: true, \.runtimePath, read: { $0.path($1) })
    }

    static var runtimeURL: SettingDeclaration {
        .value(
            "runtime.url", option: "runtime-url",
            help: "With --package: depend on the MusubiRuntime of the Musubi repository at URL (with --runtime-from).",
            valueName: "URL", mergesAsGroup: true, \.runtimeURL, read: { $0.string($1) })
    }

    static var runtimeFrom: SettingDeclaration {
        .value(
            "runtime.from", option: "runtime-from", help: "With --runtime-url: the lowest version of Musubi accepted.",
            valueName: "VERSION", mergesAsGroup: true, \.runtimeFrom, read: { $0.string($1) })
    }

    static var quiet: SettingDeclaration {
        .value(
            "quiet", option: "quiet", help: "Print errors only: no warnings and no summary of a successful run.",
            \.quiet, read: { $0.bool($1) })
    }

    static var warningsAsErrors: SettingDeclaration {
        .value(
            "warnings-as-errors", option: "warnings-as-errors",
            help: "Treat warnings as errors: print them as errors, write nothing and exit with status 1.",
            \.warningsAsErrors, read: { $0.bool($1) })
    }

    static var referenceRoots: SettingDeclaration {
        .list(
            "allow-references-under", option: "allow-references-under",
            help: "A folder whose files the spec's $refs may read besides the spec's own folder tree (repeatable).",
            valueName: "folder", \.referenceRoots,
            read: { reader, node in reader.strings(node).map { reader.resolve($0.0) } }
        )
    }

    static var includeTags: SettingDeclaration {
        filter(
            "include.tags", option: "include-tag",
            help: "Generate operations with a tag matching this glob (repeatable).", \.include.tags)
    }

    static var excludeTags: SettingDeclaration {
        filter(
            "exclude.tags", option: "exclude-tag",
            help: "Leave out operations with a tag matching this glob (repeatable).", \.exclude.tags)
    }

    static var includeOperations: SettingDeclaration {
        filter(
            "include.operations", option: "include-operation",
            help: "Generate operations whose operationId matches this glob (repeatable).", \.include.operations)
    }

    static var excludeOperations: SettingDeclaration {
        filter(
            "exclude.operations", option: "exclude-operation",
            help: "Leave out operations whose operationId matches this glob (repeatable).", \.exclude.operations)
    }

    static var includePaths: SettingDeclaration {
        filter(
            "include.paths", option: "include-path",
            help: "Generate operations whose path matches this glob, e.g. '/repos/*/issues*' (repeatable).",
            \.include.paths)
    }

    static var excludePaths: SettingDeclaration {
        filter(
            "exclude.paths", option: "exclude-path",
            help: "Leave out operations whose path matches this glob (repeatable).", \.exclude.paths)
    }

    /// A filter list: `filter.include.tags` in the file, each pattern located.
    private static func filter(
        _ key: String, option: String, help: String, _ field: WritableKeyPath<OperationFilter, [Configured<Glob>]>
    ) -> SettingDeclaration {
        let filter: WritableKeyPath<SettingValues, OperationFilter> = \.filter
        return .list(
            "filter.\(key)", option: option, help: help, valueName: "glob", filter.appending(path: field),
            read: { reader, node in reader.globs(node, setting: "filter.\(key)") })
    }

    /// The globs given with a filter option, each with the option as its origin.
    func globs(_ patterns: [String]) -> [Configured<Glob>] {
        patterns.map { Configured(Glob($0), origin: .commandLine("--\(option ?? key)")) }
    }

    /// Every setting the `source` values set, copied into `target` by the merge rules.
    static func merge(_ source: SettingValues, over target: SettingValues) -> SettingValues {
        var result = target
        let declarations = all
        let groupGiven = Set(declarations.filter { $0.mergesAsGroup && $0.isSet(source) }.map(\.topLevelKey))
        for declaration in declarations
        where declaration.isSet(source) || (declaration.mergesAsGroup && groupGiven.contains(declaration.topLevelKey)) {
            declaration.copy(&result, source)
        }
        return result
    }
}
