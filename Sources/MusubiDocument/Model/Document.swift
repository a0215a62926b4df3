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
    /// The file the server is written in (a path item may be `$ref`'d from another file): what
    /// a diagnostic about it names beside its ``location``; nil for one made by the loader.
    public var file: String? = nil
    /// Which server written in the spec this is: one server of a `servers` list has the same
    /// identity in every operation that holds the list (a `$ref`'d path item's), so that what
    /// is made of it can be made once; 0 for one the spec does not write (Swagger 2.0's).
    public internal(set) var identity = 0

    /// An operation's or path's `servers` as they mean to be read beside the API's: a server
    /// that repeats an API server's URL without declaring its variables has that server's
    /// (Sentry's `https://{region}.sentry.io` under one operation), and a list that is the
    /// API's servers again, variables and all, is no servers of its own, so the request goes
    /// to the client's. (Datadog's log intake repeats the API's URLs with another default
    /// `subdomain`: its own servers.)
    ///
    /// The API's servers are read once, into the function returned, which each operation's
    /// and path's list then goes through: a spec of many operations with servers of their own
    /// beside many API servers costs the sum of the two, not the product.
    static func settling(api: [ServerDescription]) -> ([ServerDescription]) -> [ServerDescription] {
        let apiByURL = Dictionary(api.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        let apiMeaning = api.map(\.meaning)
        // A list that many operations hold (a `$ref`'d path item's) is settled once.
        var settled: [[Int]: [ServerDescription]] = [:]
        return { servers in
            let identities = servers.map(\.identity)
            let isShared = !identities.contains(0)
            if isShared, let known = settled[identities] { return known }
            let filled = servers.map { server -> ServerDescription in
                guard let declaring = apiByURL[server.url] else { return server }
                var server = server
                let declared = Set(server.variables.map(\.name))
                server.variables += declaring.variables.filter { !declared.contains($0.name) }
                return server
            }
            let result = filled.count == apiMeaning.count && filled.map(\.meaning) == apiMeaning ? [] : filled
            if isShared { settled[identities] = result }
            return result
        }
    }

    /// What the server is, apart from its description and place: the URL and each variable's
    /// name, default and values, in name order.
    private var meaning: [String] {
        [url] + variables.sorted { $0.name < $1.name }.map { "\($0.name)=\($0.defaultValue)|\($0.allowedValues)" }
    }
}

public struct NamedSchema: Sendable {
    public var name: String
    public var schema: Schema
    public var location: SourceLocation
}
