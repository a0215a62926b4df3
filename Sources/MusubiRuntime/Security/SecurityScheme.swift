/// One way an API authenticates requests, as its spec declares it under
/// `components/securitySchemes` (Swagger 2.0: `securityDefinitions`).
///
/// Generated code declares one static member per API (`SecurityScheme.petstore`) whose value
/// has a member per scheme, so requests state their requirements and clients configure
/// credentials by the same typed name, `.bearer(.petstore.petstoreAuth) { … }`, and two clients
/// whose specs name a scheme alike are used in one file. Schemes are told apart by ``name``, the key the spec gives.
public struct SecurityScheme: Hashable, Sendable {
    /// Where an API key travels.
    public enum APIKeyLocation: String, Hashable, Sendable {
        case header, query, cookie
    }

    public enum Kind: Hashable, Sendable {
        /// A key sent as the header, query parameter or cookie called `name`.
        case apiKey(name: String, in: APIKeyLocation)
        /// An HTTP authentication scheme in the `Authorization` header: `basic`, `bearer`, or
        /// another registered one (`digest`…), lower-cased as RFC 9110 compares them.
        case http(scheme: String)
        /// OAuth 2.0: the access token, however it was obtained, is sent as a bearer token.
        case oauth2
        /// OpenID Connect: the access token is sent as a bearer token.
        case openIDConnect
        /// A TLS client certificate. Nothing in the request carries it: the transport presents
        /// it (a `URLSession` delegate answering the client-certificate challenge), so the
        /// client only notes that the requirement is met.
        case mutualTLS
    }

    /// The scheme's key in the spec (`petstore_auth`).
    public let name: String
    public let kind: Kind
    /// The OAuth 2.0 flows the spec declares for an `oauth2` scheme, with their token URLs and
    /// scopes, which ``OAuth2TokenProvider`` obtains tokens from. Empty for other schemes.
    public let oauth2Flows: [OAuth2Flow]

    public init(_ name: String, _ kind: Kind, flows: [OAuth2Flow] = []) {
        self.name = name
        self.kind = kind
        self.oauth2Flows = flows
    }
}
