import MusubiClientModel
import MusubiReader

/// The contents of a `musubi.yaml`: every `generate` setting, plus name and type overrides.
///
/// A setting the file does not set is nil (or an empty list), so the command line can tell
/// "not set" from a default; ``Settings`` merges the two. Paths are already resolved against
/// the file's folder. The settings are read through ``values`` (`configuration.output`).
@dynamicMemberLookup
public struct Configuration: Sendable {
    /// The file the configuration was read from, as given or found.
    public var file: String
    /// The settings the file sets (`SettingDeclaration` lists them with their keys).
    public var values = SettingValues()
    public var names: NameOverrides
    public var types: TypeOverrides
    /// Pagination rules by `operationId`, each as an operation's `x-musubi-pagination` states it.
    public var pagination: [String: Configured<PaginationRule>] = [:]
    /// Where the value of each setting the file sets is, by key (`allow-references-under`).
    public var locations: [String: SourceLocation] = [:]

    public subscript<Value>(dynamicMember field: WritableKeyPath<SettingValues, Value>) -> Value {
        get { values[keyPath: field] }
        set { values[keyPath: field] = newValue }
    }

    public init(file: String) {
        self.file = file
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
