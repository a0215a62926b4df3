import MusubiReader

/// Where a user setting was given, so a warning about it points there: a key of the
/// configuration file (`musubi.yaml:12:5`) or a command-line option.
public struct SettingOrigin: Hashable, Sendable {
    /// The configuration file, or `musubi` for the command line (compilers name themselves
    /// the same way for problems with their arguments).
    public var file: String
    /// Where in ``file`` the setting is written; nil on the command line.
    public var location: SourceLocation?
    /// How the user wrote the setting, for messages: `names.schemas`, `--include-tag`.
    public var setting: String

    public init(file: String, location: SourceLocation?, setting: String) {
        self.file = file
        self.location = location
        self.setting = setting
    }

    /// A command-line option such as `--include-tag`.
    public static func commandLine(_ option: String) -> SettingOrigin {
        SettingOrigin(file: "musubi", location: nil, setting: option)
    }
}

/// A user-given value with the place it was given.
public struct Configured<Value: Sendable>: Sendable {
    public var value: Value
    public var origin: SettingOrigin

    public init(_ value: Value, origin: SettingOrigin) {
        self.value = value
        self.origin = origin
    }
}

extension Configured: Equatable where Value: Equatable {}

/// Names the user chose instead of the derived ones.
///
/// Each is still made a valid, unique Swift name (a keyword is backticked or suffixed, a
/// clash gets a number, with a warning), and every reference uses it. A key naming nothing
/// in the spec is a warning at the key.
public struct NameOverrides: Sendable {
    /// A schema's name in the spec (`pet_owner`) → its Swift type name (`Owner`).
    public var schemas: [String: Configured<String>]
    /// `Type.jsonKey` → the property's Swift name. `Type` is the schema's name in the spec, or
    /// the generated Swift type name, which is how inline schemas (`ListPetsResponse`) are named.
    public var properties: [String: Configured<String>]
    /// An `operationId` → the request type's name.
    public var operations: [String: Configured<String>]
    /// `Type.value` → the enum case's name, with `Type` as for ``properties`` and the raw value
    /// as written in the spec (`Status.in_progress`, `Priority.2`).
    public var enumCases: [String: Configured<String>]

    public init(
        schemas: [String: Configured<String>] = [:], properties: [String: Configured<String>] = [:],
        operations: [String: Configured<String>] = [:], enumCases: [String: Configured<String>] = [:]
    ) {
        self.schemas = schemas
        self.properties = properties
        self.operations = operations
        self.enumCases = enumCases
    }

    public var isEmpty: Bool { schemas.isEmpty && properties.isEmpty && operations.isEmpty && enumCases.isEmpty }
}

/// Swift types the user chose for values of the spec.
///
/// The generated code spells the given type as written, so it must be visible in the
/// generated module (a Swift, Foundation or `MusubiRuntime` type, or one declared in a file
/// of your own in the same target) and be `Codable & Hashable & Sendable`, as every model
/// property is; a type used as a path, query or header parameter is sent through its
/// `Encodable` conformance.
public struct TypeOverrides: Sendable {
    /// A `format` (`decimal`, `uuid`) → the Swift type of every scalar schema with that format,
    /// whatever its `type`.
    public var formats: [String: Configured<String>]
    /// A schema's name in the spec → an existing Swift type used wherever the schema is
    /// referenced; no type is generated for the schema.
    public var schemas: [String: Configured<String>]

    public init(formats: [String: Configured<String>] = [:], schemas: [String: Configured<String>] = [:]) {
        self.formats = formats
        self.schemas = schemas
    }

    public var isEmpty: Bool { formats.isEmpty && schemas.isEmpty }
}
