import ArgumentParser
import Foundation
import MusubiClientModel
import MusubiDocument
import MusubiReader

/// What one run uses: the command line's settings over the configuration file's, by the rules
/// `SettingDeclaration` gives, with the defaults for what neither set.
///
/// An option given on the command line wins; a repeatable option replaces the file's list for
/// that key only (`--include-tag pets` keeps the file's `exclude` patterns).
public struct Settings: Sendable {
    /// The configuration file read, if any.
    public var configurationFile: String?
    /// Whether ``configurationFile`` was found beside a spec named on the command line, rather
    /// than given with `--config` or found in the current folder: it may have come with the
    /// spec, so it reads only in its own folder (``checkFoundConfiguration(_:under:)``) and a
    /// run says it read it, and where it sends the output.
    public var configurationWasFound = false
    public var spec: String
    /// The merged settings, before defaults.
    public var values: SettingValues
    /// Module name, access level, filter, name and type overrides.
    public var modelOptions: ClientModelOptions

    public var output: String? { values.output }
    public var templates: String? { values.templates }
    public var package: String? { values.package }
    public var embedRuntime: Bool { values.embedRuntime ?? false }
    /// Where a package finds `MusubiRuntime`: all three from the command line if it gives any
    /// of them, else from the file.
    public var runtimePath: String? { values.runtimePath }
    public var runtimeURL: String? { values.runtimeURL }
    public var runtimeFrom: String? { values.runtimeFrom }
    public var quiet: Bool { values.quiet ?? false }
    public var warningsAsErrors: Bool { values.warningsAsErrors ?? false }
    /// Folders besides the spec's own whose files `$ref`s may read (`--allow-references-under`).
    public var referenceRoots: [String] { values.referenceRoots }

    /// How the document is loaded: the reference roots.
    public var documentOptions: DocumentLoader.Options {
        DocumentLoader.Options(referenceRoots: referenceRoots)
    }

    /// What the command line gave: the settings' values (nil, or an empty list, when not
    /// given) and the configuration file to read.
    @dynamicMemberLookup
    public struct CommandLine: Sendable {
        public var config: String?
        public var values = SettingValues()

        public subscript<Value>(dynamicMember field: WritableKeyPath<SettingValues, Value>) -> Value {
            get { values[keyPath: field] }
            set { values[keyPath: field] = newValue }
        }

        public init(
            spec: String? = nil, config: String? = nil, output: String? = nil, moduleName: String? = nil,
            accessLevel: ClientModelOptions.AccessLevel? = nil, filePerType: Bool? = nil, skipWebhooks: Bool? = nil,
            templates: String? = nil,
            package: String? = nil,
            embedRuntime: Bool? = nil, quiet: Bool? = nil, warningsAsErrors: Bool? = nil,
            filter: OperationFilter = OperationFilter(), referenceRoots: [String] = []
        ) {
            self.config = config
            values.spec = spec
            values.output = output
            values.moduleName = moduleName
            values.accessLevel = accessLevel
            values.filePerType = filePerType
            values.skipWebhooks = skipWebhooks
            values.templates = templates
            values.package = package
            values.embedRuntime = embedRuntime
            values.quiet = quiet
            values.warningsAsErrors = warningsAsErrors
            values.filter = filter
            values.referenceRoots = referenceRoots
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
        // Found beside a spec named on the command line, rather than given or found in the
        // folder the user runs in.
        let wasFound = commandLine.config == nil && commandLine.spec != nil && file != nil
        if wasFound, let file {
            try checkFoundConfiguration(file, under: commandLine)
        }
        var settings = try merge(commandLine, over: file)
        settings.configurationWasFound = wasFound
        return settings
    }

    /// A configuration found beside the spec may have come with it, from whoever wrote the
    /// spec: what it makes the run read stays in its own folder, and it brings no code.
    /// `allow-references-under` naming another folder is an error there, and so are
    /// `templates` and `runtime.path` or `runtime.url` wherever they point (where the command
    /// line does not set them instead); the same file given with `--config`, or found in the
    /// current folder when no spec is named, is the user's choice.
    static func checkFoundConfiguration(_ file: Configuration, under commandLine: CommandLine)
        throws(ConfigurationError)
    {
        let folder = ConfigurationLoader.directory(of: file.file)
        var read: [(key: String, path: String)] = []
        if commandLine.values.referenceRoots.isEmpty {
            read += file.values.referenceRoots.map { ("allow-references-under", $0) }
        }
        // A folder that does not exist reads nothing; the loader of each setting says so.
        let realFolder = FileSystemPath.real(folder.isEmpty ? "." : folder)
        // Where it writes, too: a run removes the files of its earlier output, so a spec must
        // not choose a folder of the user's.
        if commandLine.values.output == nil, let output = file.values.output,
            realFolder.map({ folder in
                FileSystemPath.planned(output).map { !FileSystemPath.isInside($0, folder: folder) } ?? true
            }) ?? true
        {
            throw ConfigurationError(diagnostics: [
                .error(
                    "'output' names '\(output)', outside the folder of this configuration, which was found beside the spec and may have come with it; give the file with --config, or the folder with --output, to write there",
                    file: file.file, at: file.locations["output"])
            ])
        }
        var diagnostics: [Diagnostic] = read.filter { entry in
            guard let real = FileSystemPath.real(entry.path) else { return false }
            return realFolder.map { !FileSystemPath.isInside(real, folder: $0) } ?? true
        }.map { key, path in
            .error(
                "'\(key)' names '\(path)', outside the folder of this configuration, which was found beside the spec and may have come with it; give the file with --config, or the folder with --\(key), to read there",
                file: file.file, at: file.locations[key])
        }
        // Templates are the generated code, and the runtime is code the client builds with:
        // neither may come with a spec, wherever it says they are.
        var code: [(key: String, option: String)] = []
        if commandLine.values.templates == nil, file.values.templates != nil {
            code.append(("templates", "--templates"))
        }
        let commandLineNamesRuntime =
            commandLine.values.runtimePath != nil || commandLine.values.runtimeURL != nil
            || commandLine.values.runtimeFrom != nil
        if !commandLineNamesRuntime {
            if file.values.runtimePath != nil { code.append(("runtime.path", "--runtime-path")) }
            if file.values.runtimeURL != nil { code.append(("runtime.url", "--runtime-url")) }
        }
        diagnostics += code.map { key, option in
            .error(
                "'\(key)' is code the client is made of, and this configuration was found beside the spec and may have come with it; give the file with --config, or \(option), to use it",
                file: file.file, at: file.locations[key])
        }
        guard !diagnostics.isEmpty else { return }
        throw ConfigurationError(diagnostics: diagnostics)
    }

    /// The command line over a configuration already read.
    public static func merge(_ commandLine: CommandLine, over file: Configuration?) throws(MissingSpec) -> Settings {
        var values = SettingDeclaration.merge(commandLine.values, over: file?.values ?? SettingValues())
        guard let spec = values.spec else { throw MissingSpec() }
        // A package names its module: only a module name on the command line as well is a
        // contradiction (reported later); one from the file gives way.
        if values.package != nil, commandLine.moduleName == nil { values.moduleName = nil }
        let modelOptions = ClientModelOptions(
            moduleName: values.moduleName,
            accessLevel: values.accessLevel ?? .public,
            filter: values.filter,
            names: file?.names ?? NameOverrides(),
            types: file?.types ?? TypeOverrides(),
            filePerType: values.filePerType ?? false,
            generatesWebhooks: !(values.skipWebhooks ?? false),
            pagination: file?.pagination ?? [:])
        return Settings(configurationFile: file?.file, spec: spec, values: values, modelOptions: modelOptions)
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
