import MusubiReader

/// A JSON Schema, as far as a client generator needs one.
///
/// A class, because schemas form graphs (a property may refer back to its owner) and later
/// stages name an inline schema once and find it again by identity.
public final class Schema: Sendable {
    public struct Property: Sendable {
        public var name: String
        public var schema: Schema
        public var location: SourceLocation

        public init(name: String, schema: Schema, location: SourceLocation) {
            self.name = name
            self.schema = schema
            self.location = location
        }
    }

    public enum AdditionalProperties: Sendable {
        case allowed(Bool)
        case schema(Schema)
    }

    public struct Discriminator: Sendable {
        public var propertyName: String
        /// Discriminator values to schema references, in source order.
        public var mapping: [(value: String, reference: String)]
    }

    /// Set when the schema is a reference to a named schema of the document (see
    /// ``Document/schemas``); the name is that schema's. Other fields are those written
    /// beside the `$ref`.
    public let referencedName: String?
    /// `type`, normalised to a list: 3.0's single type, 3.1's type arrays. `null` is removed
    /// and shows up in `nullable`.
    public let types: [String]
    public let format: String?
    public let title: String?
    public let description: String?
    /// `null` written on this schema itself: 3.0's `nullable: true`, Swagger 2.0's
    /// `x-nullable`, a `null` among 3.1's types or among the `enum` values, or the boolean
    /// schema `false`.
    public let nullable: Bool
    /// Whether `null` is a valid value, however the spec says so: ``nullable``, or `null`
    /// through the named schema this one refers to, a `oneOf`/`anyOf` alternative, or an
    /// `allOf` that annotates one schema. The loader settles it once every named schema is
    /// known (see `NullabilityFold`) and nothing changes it after the document is returned;
    /// later stages only read it.
    public nonisolated(unsafe) internal(set) var acceptsNull: Bool
    public let properties: [Property]
    public let required: [String]
    public let additionalProperties: AdditionalProperties?
    public let items: Schema?
    /// `enum` values as written (strings, numbers, booleans), each once. A `null` among them
    /// is not kept here: it makes the schema ``nullable``, whichever way the spec spells a
    /// nullable enum, so later stages find `null` in one place. `[]` for `enum: [null]`.
    public let enumValues: [DocumentValue.Located]?
    public let constValue: DocumentValue.Located?
    /// Case names for the `enum` values, in the same order, from `x-enum-varnames` (or
    /// `x-enumNames`): how specs name integer values, which make poor names on their own.
    public let enumVariableNames: [String]
    public let allOf: [Schema]
    public let oneOf: [Schema]
    public let anyOf: [Schema]
    public let discriminator: Discriminator?
    public let defaultValue: DocumentValue?
    /// Example values: 3.1's `examples` list, or 3.0's and Swagger 2.0's single `example`.
    public let examples: [DocumentValue]
    public let readOnly: Bool
    public let writeOnly: Bool
    public let deprecated: Bool
    public let location: SourceLocation
    /// The file the schema is written in, as diagnostics print it; nil for one made by the
    /// loader rather than read. A multi-file spec's schemas come from many files, and a
    /// warning about one must name its own.
    public let file: String?

    public init(
        referencedName: String? = nil, types: [String] = [], format: String? = nil,
        title: String? = nil, description: String? = nil, nullable: Bool = false,
        properties: [Property] = [], required: [String] = [],
        additionalProperties: AdditionalProperties? = nil, items: Schema? = nil,
        enumValues: [DocumentValue.Located]? = nil, constValue: DocumentValue.Located? = nil,
        enumVariableNames: [String] = [], allOf: [Schema] = [],
        oneOf: [Schema] = [], anyOf: [Schema] = [], discriminator: Discriminator? = nil,
        defaultValue: DocumentValue? = nil, examples: [DocumentValue] = [], readOnly: Bool = false,
        writeOnly: Bool = false,
        deprecated: Bool = false, location: SourceLocation, file: String? = nil, acceptsNull: Bool? = nil
    ) {
        self.referencedName = referencedName
        self.types = types
        self.format = format
        self.title = title
        self.description = description
        self.nullable = nullable
        self.acceptsNull = acceptsNull ?? nullable
        self.properties = properties
        self.required = required
        self.additionalProperties = additionalProperties
        self.items = items
        self.enumValues = enumValues
        self.constValue = constValue
        self.enumVariableNames = enumVariableNames
        self.allOf = allOf
        self.oneOf = oneOf
        self.anyOf = anyOf
        self.discriminator = discriminator
        self.defaultValue = defaultValue
        self.examples = examples
        self.readOnly = readOnly
        self.writeOnly = writeOnly
        self.deprecated = deprecated
        self.location = location
        self.file = file
    }

    /// The single non-null type, when there is exactly one.
    public var singleType: String? { types.count == 1 ? types[0] : nil }
}
