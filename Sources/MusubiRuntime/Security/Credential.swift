/// What the client presents for one security scheme, configured once:
/// `.authentication([.bearer(.petstore.petstoreAuth) { try await tokens.current() }])`.
///
/// A credential names its scheme by the typed member generated for it, and is sent only to
/// operations whose requirements name that scheme (see `Interceptor.authentication`). Values
/// come from closures where they can change (tokens expire), so a client built once keeps
/// working; a closure is asked every time a request needs it, and may cache.
public struct Credential: Sendable {
    enum Value: Sendable {
        case apiKey(@Sendable () async throws -> String)
        case basic(username: String, password: String)
        case bearer(
            token: @Sendable () async throws -> String,
            refresh: (@Sendable (_ rejected: String) async throws -> String)?)
        case authorization(@Sendable () async throws -> String)
        case oauth2(OAuth2TokenProvider)
        case clientCertificate
    }

    public let scheme: SecurityScheme
    let value: Value

    /// An API key that does not change, sent where the scheme says: header, query or cookie.
    public static func apiKey(_ scheme: SecurityScheme, _ key: String) -> Credential {
        Credential(scheme: scheme, value: .apiKey { key })
    }

    /// An API key read each time a request needs it (from a keychain, say).
    public static func apiKey(_ scheme: SecurityScheme, key: @escaping @Sendable () async throws -> String)
        -> Credential
    {
        Credential(scheme: scheme, value: .apiKey(key))
    }

    /// HTTP Basic: `Authorization: Basic base64(username:password)`, the pair as UTF-8
    /// (RFC 7617's `charset="UTF-8"`, what servers expect today).
    public static func basic(_ scheme: SecurityScheme, username: String, password: String) -> Credential {
        Credential(scheme: scheme, value: .basic(username: username, password: password))
    }

    /// A bearer token, `Authorization: Bearer <token>`: for HTTP `bearer` schemes and for the
    /// access tokens of OAuth 2.0 and OpenID Connect, however the app obtained them.
    ///
    /// - Parameters:
    ///   - scheme: The generated scheme member (`.petstoreAuth`) the token is for.
    ///   - token: The current token, asked for each request that needs it.
    ///   - refresh: Asked once when the server answers `401 Unauthorized` to a request sent
    ///     with `rejected`; the request is then sent again with the token it returns. Several
    ///     requests may be rejected at the same moment, so a provider should refresh once per
    ///     rejected token and hand the new one to every caller. Without it, the `401` is
    ///     returned as it is.
    public static func bearer(
        _ scheme: SecurityScheme,
        token: @escaping @Sendable () async throws -> String,
        refresh: (@Sendable (_ rejected: String) async throws -> String)? = nil
    ) -> Credential {
        Credential(scheme: scheme, value: .bearer(token: token, refresh: refresh))
    }

    /// The access tokens of an OAuth 2.0 scheme, obtained from its token endpoint by
    /// `provider` (client credentials or a refresh token), cached until they expire and
    /// refreshed once when the server answers `401`:
    /// `.oauth2(.clientCredentials(.petstore.oauth, clientID: id, clientSecret: secret))`.
    public static func oauth2(_ provider: OAuth2TokenProvider) -> Credential {
        Credential(scheme: provider.scheme, value: .oauth2(provider))
    }

    /// The whole `Authorization` value for an HTTP scheme the runtime does not build itself
    /// (`Digest …`, `HOBA …`, a signature scheme), asked for each request that needs it.
    public static func authorization(
        _ scheme: SecurityScheme, value: @escaping @Sendable () async throws -> String
    ) -> Credential {
        Credential(scheme: scheme, value: .authorization(value))
    }

    /// Says that the transport presents the TLS client certificate of a `mutualTLS` scheme
    /// (configured on its `URLSession`); nothing is added to the request, but requirements
    /// that name the scheme count as met.
    public static func clientCertificate(_ scheme: SecurityScheme) -> Credential {
        Credential(scheme: scheme, value: .clientCertificate)
    }
}
