import MusubiClientModel
import MusubiReader

/// The contents of a `musubi.yaml`: every `generate` option, plus name and type overrides.
///
/// Every field is optional or empty when the file does not set it, so the command line can
/// tell "not set" from a default; ``Settings`` merges the two. Paths are already resolved
/// against the file's folder.
public struct Configuration: Sendable {
    /// The file the configuration was read from, as given or found.
    public var file: String
    public var spec: String?
    public var output: String?
    public var moduleName: String?
    public var accessLevel: ClientModelOptions.AccessLevel?
    /// `--file-per-type`: one file per generated type instead of shared files.
    public var filePerType: Bool?
    public var templates: String?
    /// `--package NAME`: write a complete SwiftPM package.
    public var package: String?
    public var embedRuntime: Bool?
    /// `runtime: {path: …}` or `runtime: {url: …, from: …}`: where a package finds
    /// `MusubiRuntime` (`--runtime-path`, `--runtime-url`, `--runtime-from`).
    public var runtimePath: String?
    public var runtimeURL: String?
    public var runtimeFrom: String?
    public var quiet: Bool?
    public var warningsAsErrors: Bool?
    public var filter: OperationFilter
    /// `allow-references-under`: folders besides the spec's own whose files `$ref`s may read.
    public var referenceRoots: [String] = []
    public var names: NameOverrides
    public var types: TypeOverrides

    public init(file: String) {
        self.file = file
        filter = OperationFilter()
        names = NameOverrides()
        types = TypeOverrides()
    }

    /// The file names looked for beside the spec when no `--config` is given, in order.
    public static let fileNames = ["musubi.yaml", "musubi.yml"]
}

/// Why a configuration could not be used: every problem found, each at its place.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
