import ArgumentParser
import Foundation
import MusubiClientModel
import MusubiDocument

/// What one run uses: the command line's options over the configuration file's.
///
/// An option given on the command line wins; a repeatable filter option replaces the file's
/// list for that key only (`--include-tag pets` keeps the file's `exclude` patterns).
public struct Settings: Sendable {
    /// The configuration file read, if any.
    public var configurationFile: String?
    public var spec: String
    public var output: String?
    public var templates: String?
    public var package: String?
    public var embedRuntime: Bool
    /// Where a package finds `MusubiRuntime`: all three from the command line if it gives any
    /// of them, else from the file.
    public var runtimePath: String?
    public var runtimeURL: String?
    public var runtimeFrom: String?
    public var quiet: Bool
    public var warningsAsErrors: Bool
    /// Module name, access level, filter, name and type overrides.
    public var modelOptions: ClientModelOptions
    /// Folders besides the spec's own whose files `$ref`s may read (`--allow-references-under`).
    public var referenceRoots: [String] = []

    /// How the document is loaded: the reference roots.
    public var documentOptions: DocumentLoader.Options {
        DocumentLoader.Options(referenceRoots: referenceRoots)
    }

    /// What the command line gave; nil (or an empty filter list) means not given.
    public struct CommandLine: Sendable {
        public var spec: String?
        public var config: String?
        public var output: String?
        public var moduleName: String?
        public var accessLevel: ClientModelOptions.AccessLevel?
        public var filePerType: Bool?
        public var templates: String?
        public var package: String?
        public var embedRuntime: Bool?
        public var runtimePath: String?
        public var runtimeURL: String?
        public var runtimeFrom: String?
        public var quiet: Bool?
        public var warningsAsErrors: Bool?
        /// Patterns given as options; each non-empty list replaces the file's.
        public var filter: OperationFilter
        /// `--allow-references-under`; a non-empty list replaces the file's.
        public var referenceRoots: [String]

        public init(
            spec: String? = nil, config: String? = nil, output: String? = nil, moduleName: String? = nil,
            accessLevel: ClientModelOptions.AccessLevel? = nil, filePerType: Bool? = nil, templates: String? = nil,
            package: String? = nil,
            embedRuntime: Bool? = nil, quiet: Bool? = nil, warningsAsErrors: Bool? = nil,
            filter: OperationFilter = OperationFilter(), referenceRoots: [String] = []
        ) {
            self.spec = spec
            self.config = config
            self.output = output
            self.moduleName = moduleName
            self.accessLevel = accessLevel
            self.filePerType = filePerType
            self.templates = templates
            self.package = package
            self.embedRuntime = embedRuntime
            self.quiet = quiet
            self.warningsAsErrors = warningsAsErrors
            self.filter = filter
            self.referenceRoots = referenceRoots
        }
    }

    /// No spec on the command line nor in a configuration file.
    public struct MissingSpec: Error, Sendable, CustomStringConvertible {
        public var description: String {
            "missing SPEC: give the OpenAPI description's path, or a configuration file that names it (spec:)"
        }
    }

    /// Reads the configuration file (`--config`, else `musubi.yaml` or `musubi.yml` beside the
    /// spec, or in the current directory when no spec is given) and merges the command line in.
    public static func resolve(_ commandLine: CommandLine) throws -> Settings {
        let configurationPath = commandLine.config ?? findConfiguration(besideSpec: commandLine.spec)
        let file = try configurationPath.map { path throws(ConfigurationError) in
            try ConfigurationLoader.load(contentsOf: path)
        }
        return try merge(commandLine, over: file)
    }

    /// The command line over a configuration already read.
    public static func merge(_ commandLine: CommandLine, over file: Configuration?) throws(MissingSpec) -> Settings {
        guard let spec = commandLine.spec ?? file?.spec else { throw MissingSpec() }
        let package = commandLine.package ?? file?.package
        // A package names its module: only a module name on the command line as well is a
        // contradiction (reported later); one from the file gives way.
        let moduleName = commandLine.moduleName ?? (package == nil ? file?.moduleName : nil)
        let modelOptions = ClientModelOptions(
            moduleName: moduleName,
            accessLevel: commandLine.accessLevel ?? file?.accessLevel ?? .public,
            filter: (file?.filter ?? OperationFilter()).replacingLists(with: commandLine.filter),
            names: file?.names ?? NameOverrides(),
            types: file?.types ?? TypeOverrides(),
            filePerType: commandLine.filePerType ?? file?.filePerType ?? false)
        let runtimeFromCommandLine =
            commandLine.runtimePath != nil || commandLine.runtimeURL != nil || commandLine.runtimeFrom != nil
        return Settings(
            configurationFile: file?.file,
            spec: spec,
            output: commandLine.output ?? file?.output,
            templates: commandLine.templates ?? file?.templates,
            package: package,
            embedRuntime: commandLine.embedRuntime ?? file?.embedRuntime ?? false,
            runtimePath: runtimeFromCommandLine ? commandLine.runtimePath : file?.runtimePath,
            runtimeURL: runtimeFromCommandLine ? commandLine.runtimeURL : file?.runtimeURL,
            runtimeFrom: runtimeFromCommandLine ? commandLine.runtimeFrom : file?.runtimeFrom,
            quiet: commandLine.quiet ?? file?.quiet ?? false,
            warningsAsErrors: commandLine.warningsAsErrors ?? file?.warningsAsErrors ?? false,
            modelOptions: modelOptions,
            referenceRoots: commandLine.referenceRoots.isEmpty
                ? file?.referenceRoots ?? [] : commandLine.referenceRoots)
    }

    /// The first of ``Configuration/fileNames`` in the spec's folder (the current directory
    /// when there is no spec) that exists.
    static func findConfiguration(besideSpec spec: String?) -> String? {
        let folder = spec.map(ConfigurationLoader.directory(of:)) ?? ""
        return Configuration.fileNames.lazy
            .map { ConfigurationLoader.resolve($0, against: folder) }
            .first { FileManager.default.fileExists(atPath: $0) }
    }
}

extension OperationFilter {
    /// This filter with each list `other` gives in its place.
    func replacingLists(with other: OperationFilter) -> OperationFilter {
        var result = self
        func replace(_ keyPath: WritableKeyPath<OperationFilter, [Configured<Glob>]>) {
            if !other[keyPath: keyPath].isEmpty { result[keyPath: keyPath] = other[keyPath: keyPath] }
        }
        replace(\.include.tags)
        replace(\.include.operations)
        replace(\.include.paths)
        replace(\.exclude.tags)
        replace(\.exclude.operations)
        replace(\.exclude.paths)
        return result
    }
}
