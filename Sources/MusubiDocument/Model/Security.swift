import MusubiReader

/// One way the API authenticates requests: an entry of `components/securitySchemes`
/// (Swagger 2.0: `securityDefinitions`), normalised to OpenAPI 3's kinds.
public struct SecurityScheme: Sendable {
    public enum APIKeyLocation: String, Codable, Sendable {
        case header, query, cookie
    }

    public enum Kind: Codable, Sendable {
        /// A key in the header, query parameter or cookie called `name`.
        case apiKey(name: String, location: APIKeyLocation)
        /// An HTTP authentication scheme, lower-cased (`basic`, `bearer`, `digest`…), with the
        /// spec's hint of what a bearer token looks like (`JWT`).
        case http(scheme: String, bearerFormat: String?)
        case oauth2(flows: [OAuthFlow])
        /// OpenID Connect, configured by the discovery document at `url`.
        case openIDConnect(url: String)
        /// A TLS client certificate (OpenAPI 3.1).
        case mutualTLS
    }

    /// The key the spec declares it under (`petstore_auth`).
    public var name: String
    public var kind: Kind
    public var description: String?
    public var deprecated: Bool
    public var location: SourceLocation
}

/// One OAuth 2.0 flow of a scheme, with its endpoints and the scopes it offers.
public struct OAuthFlow: Codable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case implicit, password, clientCredentials, authorizationCode, deviceAuthorization
    }

    public struct Scope: Codable, Sendable {
        public var name: String
        public var description: String
    }

    public var kind: Kind
    public var authorizationURL: String?
    public var tokenURL: String?
    public var refreshURL: String?
    public var deviceAuthorizationURL: String?
    public var scopes: [Scope]
}

/// One alternative of an operation's `security`: every scheme in it is needed, with the
/// scopes listed for it. An empty requirement (`{}`) lets the operation be called without
/// credentials.
public struct SecurityRequirement: Sendable {
    public struct Entry: Sendable {
        /// The name of a scheme of ``Document/securitySchemes``.
        public var schemeName: String
        public var scopes: [String]
    }

    public var entries: [Entry]
    public var location: SourceLocation
}
