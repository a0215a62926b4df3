/// One OAuth 2.0 flow of an `oauth2` security scheme, as the spec declares it: where tokens are
/// obtained and which scopes exist.
///
/// URLs are kept as the spec writes them: a relative one (`/oauth/token`) is resolved against
/// the server a request goes to when a token is needed.
public struct OAuth2Flow: Hashable, Sendable {
    /// The OAuth 2.0 grant a flow describes.
    public enum Kind: String, Hashable, Sendable {
        case authorizationCode, clientCredentials, password, implicit, deviceAuthorization
    }

    public var kind: Kind
    /// Where access tokens are requested; `nil` for the implicit flow, which has none.
    public var tokenURL: String?
    /// Where tokens are refreshed, when the spec names a URL other than ``tokenURL``.
    public var refreshURL: String?
    /// The scopes the spec lists for this flow.
    public var scopes: [String]

    public init(_ kind: Kind, tokenURL: String? = nil, refreshURL: String? = nil, scopes: [String] = []) {
        self.kind = kind
        self.tokenURL = tokenURL
        self.refreshURL = refreshURL
        self.scopes = scopes
    }
}
