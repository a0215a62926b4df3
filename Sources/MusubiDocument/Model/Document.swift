import MusubiReader

/// An OpenAPI description, normalised to one shape whatever version it was written in.
///
/// Stages after this one never look at the source tree again: everything they need is here,
/// with the source location of each part so they can still point at the spec in a warning.
public struct Document: Sendable {
    /// The `openapi` (or `swagger`) version string as written (`3.0.3`, `2.0`). Informative
    /// only: the rest of the model has the same shape whatever the version.
    public var specVersion: String
    /// The file the document was read from, as given on the command line.
    public var file: String
    public var info: Info
    public var servers: [ServerDescription]
    public var operations: [APIOperation]
    /// Named schemas: those of `components/schemas` (Swagger 2.0: `definitions`) in source
    /// order, then those taken in from other files and `$defs` in the order first referenced.
    /// Names are unique.
    public var schemas: [NamedSchema]
    public var tags: [Tag]
    /// The ways the API authenticates, in source order; operations name them in
    /// ``APIOperation/security``.
    public var securitySchemes: [SecurityScheme]
    /// The requests the API sends to its user's server: the document's `webhooks` in source
    /// order, then the operations' `callbacks` in the order of their operations, one per
    /// method of each path item.
    public var webhooks: [WebhookEvent] = []

    public init(
        specVersion: String, file: String, info: Info, servers: [ServerDescription],
        operations: [APIOperation], schemas: [NamedSchema], tags: [Tag], securitySchemes: [SecurityScheme] = []
    ) {
        self.specVersion = specVersion
        self.file = file
        self.info = info
        self.servers = servers
        self.operations = operations
        self.schemas = schemas
        self.tags = tags
        self.securitySchemes = securitySchemes
    }
}

public struct Info: Sendable {
    public var title: String
    public var version: String
    public var summary: String?
    public var description: String?
}

public struct Tag: Sendable {
    public var name: String
    public var description: String?
}

public struct ServerDescription: Sendable {
    public struct Variable: Sendable {
        public var name: String
        public var defaultValue: String
        public var allowedValues: [String]
        public var description: String?
    }

    /// The URL template, possibly with `{variable}`s.
    public var url: String
    public var description: String?
    public var variables: [Variable]
    public var location: SourceLocation
}

public struct NamedSchema: Sendable {
    public var name: String
    public var schema: Schema
    public var location: SourceLocation
}
