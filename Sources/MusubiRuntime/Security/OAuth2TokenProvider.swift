import Foundation

/// Obtains the access tokens of an OAuth 2.0 scheme from its token endpoint, keeps each until
/// shortly before it expires, and gets a new one when the server rejects it.
///
/// Two grants are built in: client credentials, for a service calling an API as itself
/// (``clientCredentials(_:clientID:clientSecret:scopes:authentication:tokenURL:transport:clock:expiryMargin:)``),
/// and the refresh token an app obtained when its user signed in
/// (``refreshToken(_:refreshToken:clientID:clientSecret:scopes:authentication:tokenURL:transport:clock:expiryMargin:onRefreshTokenChange:)``).
/// Either is configured as a credential, `.authentication([.oauth2(provider)])`, which puts the
/// token in `Authorization: Bearer …` and, on `401 Unauthorized`, asks the provider once for a
/// new token and sends the request again.
///
/// The token endpoint is the one the spec declares for the scheme's flow
/// (``SecurityScheme/oauth2Flows``) unless `tokenURL` says otherwise; a relative URL is resolved
/// against the server of the request that needs the token. An actor, so that any number of
/// concurrent requests needing a token cause one request to the token endpoint, whose token
/// they all share. Secrets and tokens never appear in its description, its mirror, or the errors
/// it throws; the token request does not pass through the client's interceptors, so nothing logs it.
public actor OAuth2TokenProvider: CustomStringConvertible, CustomReflectable {
    /// How the client identifies itself to the token endpoint (RFC 6749 §2.3.1).
    public enum ClientAuthentication: Hashable, Sendable {
        /// `Authorization: Basic` with the form-encoded client ID and secret, which every
        /// authorization server must support.
        case basic
        /// `client_id` and `client_secret` as fields of the request body.
        case requestBody
    }

    private enum Grant: Sendable {
        case clientCredentials
        case refreshToken
    }

    /// An access token and when to stop using it.
    private struct Token: Sendable {
        var accessToken: Secret
        /// `nil` when the server gave no lifetime: the token is kept until rejected.
        var renewAt: Date?
    }

    /// The scheme whose requests the tokens authenticate.
    public nonisolated let scheme: SecurityScheme
    private nonisolated let grant: Grant
    private let clientID: String?
    private let clientSecret: Secret?
    private let authentication: ClientAuthentication
    private let scopes: [String]
    /// As the spec or the caller wrote it: resolved against a request's server when relative.
    private nonisolated let tokenURL: String?
    private let transport: any Transport
    private let clock: ClientClock
    private let expiryMargin: Duration
    private let onRefreshTokenChange: (@Sendable (String) async -> Void)?

    private var current: Token?
    private var refreshToken: Secret?
    /// The request to the token endpoint under way, which every caller needing a token awaits.
    private var pending: Task<Token, any Error>?

    private init(
        scheme: SecurityScheme, grant: Grant, clientID: String?, clientSecret: String?,
        authentication: ClientAuthentication, scopes: [String], tokenURL: String?, transport: any Transport,
        clock: ClientClock, expiryMargin: Duration, refreshToken: String?,
        onRefreshTokenChange: (@Sendable (String) async -> Void)?
    ) {
        self.scheme = scheme
        self.grant = grant
        self.clientID = clientID
        self.clientSecret = clientSecret.map(Secret.init)
        self.authentication = authentication
        self.scopes = scopes
        self.tokenURL = tokenURL
        self.transport = transport
        self.clock = clock
        self.expiryMargin = expiryMargin
        self.refreshToken = refreshToken.map(Secret.init)
        self.onRefreshTokenChange = onRefreshTokenChange
    }

    /// Tokens of the client credentials grant (RFC 6749 §4.4): the client authenticates as
    /// itself with its ID and secret.
    ///
    /// - Parameters:
    ///   - scheme: The generated `oauth2` scheme member (`.petstore.oauth`), whose
    ///     `clientCredentials` flow names the token URL.
    ///   - clientID: The client's ID at the authorization server.
    ///   - clientSecret: The client's secret, which only the token endpoint ever receives.
    ///   - scopes: The `scope` asked for; none leaves it to the server's default.
    ///   - authentication: How the ID and secret are sent: HTTP Basic unless the server wants
    ///     them in the body.
    ///   - tokenURL: Replaces the spec's token URL; a relative URL is resolved against the server.
    ///   - transport: What sends the token requests.
    ///   - clock: The current date, which expiry is judged by.
    ///   - expiryMargin: How long before its expiry a token is replaced, so that a request does
    ///     not reach the server with a token that expires on the way (at most half the token's
    ///     lifetime).
    public static func clientCredentials(
        _ scheme: SecurityScheme, clientID: String, clientSecret: String, scopes: [String] = [],
        authentication: ClientAuthentication = .basic, tokenURL: String? = nil,
        transport: any Transport = URLSessionTransport(), clock: ClientClock = .system,
        expiryMargin: Duration = .seconds(30)
    ) -> OAuth2TokenProvider {
        OAuth2TokenProvider(
            scheme: scheme, grant: .clientCredentials, clientID: clientID, clientSecret: clientSecret,
            authentication: authentication, scopes: scopes,
            tokenURL: tokenURL ?? scheme.oauth2Flows.first { $0.kind == .clientCredentials }?.tokenURL,
            transport: transport, clock: clock, expiryMargin: expiryMargin, refreshToken: nil,
            onRefreshTokenChange: nil)
    }

    /// Tokens of the refresh token grant (RFC 6749 §6), for a user who signed in once: each
    /// access token is obtained with the refresh token, the first when the first request needs one.
    ///
    /// - Parameters:
    ///   - scheme: The generated `oauth2` scheme member; the token URL is its flow's refresh URL,
    ///     else its token URL (the authorization code flow's first).
    ///   - refreshToken: The refresh token the sign-in returned.
    ///   - clientID: The client's ID, sent as the grant requires; `nil` for none.
    ///   - clientSecret: The client's secret, for a confidential client; `nil` for a public one,
    ///     whose ID goes in the body.
    ///   - scopes: The `scope` asked for; none keeps the scopes the user granted.
    ///   - authentication: How a confidential client's ID and secret are sent.
    ///   - tokenURL: Replaces the spec's URL; a relative URL is resolved against the server.
    ///   - transport: What sends the token requests.
    ///   - clock: The current date, which expiry is judged by.
    ///   - expiryMargin: How long before its expiry a token is replaced (at most half its lifetime).
    ///   - onRefreshTokenChange: Called with the new refresh token when the server replaces it
    ///     (rotation), for the app to store: the old one may not be accepted again.
    public static func refreshToken(
        _ scheme: SecurityScheme, refreshToken: String, clientID: String? = nil, clientSecret: String? = nil,
        scopes: [String] = [], authentication: ClientAuthentication = .basic, tokenURL: String? = nil,
        transport: any Transport = URLSessionTransport(), clock: ClientClock = .system,
        expiryMargin: Duration = .seconds(30),
        onRefreshTokenChange: (@Sendable (_ newRefreshToken: String) async -> Void)? = nil
    ) -> OAuth2TokenProvider {
        let preferred: [OAuth2Flow.Kind] = [.authorizationCode, .deviceAuthorization, .password, .clientCredentials]
        let flow = preferred.lazy.compactMap { kind in
            scheme.oauth2Flows.first { $0.kind == kind && ($0.refreshURL ?? $0.tokenURL) != nil }
        }.first
        return OAuth2TokenProvider(
            scheme: scheme, grant: .refreshToken, clientID: clientID, clientSecret: clientSecret,
            authentication: authentication, scopes: scopes,
            tokenURL: tokenURL ?? flow.flatMap { $0.refreshURL ?? $0.tokenURL },
            transport: transport, clock: clock, expiryMargin: expiryMargin, refreshToken: refreshToken,
            onRefreshTokenChange: onRefreshTokenChange)
    }

    /// A valid access token: the cached one, or a new one from the token endpoint.
    ///
    /// - Parameter serverURL: The server of the request needing it, against which a relative
    ///   token URL is resolved.
    public func accessToken(serverURL: URL?) async throws -> String {
        if let current, isFresh(current) { return current.accessToken.value }
        return try await obtain(serverURL: serverURL).accessToken.value
    }

    /// A new access token after the server rejected `rejected`; the token another request
    /// already obtained in its place, when there is one, so that requests rejected together
    /// cause one refresh.
    public func refresh(rejecting rejected: String, serverURL: URL?) async throws -> String {
        if let pending { return try await pending.value.accessToken.value }
        if let current, current.accessToken.value != rejected, isFresh(current) {
            return current.accessToken.value
        }
        current = nil
        return try await obtain(serverURL: serverURL).accessToken.value
    }

    public nonisolated var description: String {
        let grantName = grant == .clientCredentials ? "client credentials" : "refresh token"
        return "OAuth2TokenProvider(\(grantName) for '\(scheme.name)', token URL \(tokenURL ?? "none"))"
    }

    /// Only the scheme: the stored secrets and tokens stay out of `dump` and debuggers' summaries.
    public nonisolated var customMirror: Mirror {
        Mirror(self, children: ["scheme": scheme.name], displayStyle: .class)
    }

    private func isFresh(_ token: Token) -> Bool {
        token.renewAt.map { clock.now() < $0 } ?? true
    }

    /// The token of the request under way, or of a new one.
    private func obtain(serverURL: URL?) async throws -> Token {
        if let pending { return try await pending.value }
        let task = Task { try await self.requestToken(serverURL: serverURL) }
        pending = task
        defer { pending = nil }
        let token = try await task.value
        current = token
        return token
    }

    /// One request to the token endpoint (RFC 6749 §4.4.2, §6) and its answer (§5.1, §5.2).
    private func requestToken(serverURL: URL?) async throws -> Token {
        let url = try endpoint(serverURL: serverURL)
        var form: [(String, String)]
        switch grant {
        case .clientCredentials:
            form = [("grant_type", "client_credentials")]
        case .refreshToken:
            guard let refreshToken else { throw OAuth2Error(detail: "no refresh token to obtain an access token with") }
            form = [("grant_type", "refresh_token"), ("refresh_token", refreshToken.value)]
        }
        if !scopes.isEmpty {
            form.append(("scope", scopes.joined(separator: " ")))
        }
        var headers: HTTPHeaders = ["Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"]
        if let clientID {
            if let clientSecret, authentication == .basic {
                let pair = Self.formEncode(clientID) + ":" + Self.formEncode(clientSecret.value)
                headers.add("Authorization", "Basic " + Data(pair.utf8).base64EncodedString())
            } else {
                form.append(("client_id", clientID))
                if let clientSecret { form.append(("client_secret", clientSecret.value)) }
            }
        }
        let body = form.map { Self.formEncode($0.0) + "=" + Self.formEncode($0.1) }.joined(separator: "&")
        let request = HTTPRequest(
            method: .post, url: url, headers: headers, body: .data(Data(body.utf8)),
            credentialHeaderNames: ["Authorization"])

        let sent = clock.now()
        let response = try await transport.send(request)
        let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any]
        guard (200..<300).contains(response.statusCode), let object,
            let accessToken = object["access_token"] as? String, !accessToken.isEmpty
        else {
            throw OAuth2Error(
                statusCode: response.statusCode, code: object?["error"] as? String,
                detail: object?["error_description"] as? String ?? "the token endpoint answered without an access token"
            )
        }
        if grant == .refreshToken, let rotated = object["refresh_token"] as? String, !rotated.isEmpty,
            rotated != refreshToken?.value
        {
            refreshToken = Secret(rotated)
            await onRefreshTokenChange?(rotated)
        }
        return Token(accessToken: Secret(accessToken), renewAt: renewalDate(object["expires_in"], sent: sent))
    }

    /// When a token issued at `sent` for `expiresIn` seconds is replaced: `expiryMargin` before
    /// it expires, but not before half its lifetime.
    private func renewalDate(_ expiresIn: Any?, sent: Date) -> Date? {
        let seconds: Double? =
            switch expiresIn {
            case let number as NSNumber: number.doubleValue
            case let text as String: Double(text)
            default: nil
            }
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        let (marginSeconds, attoseconds) = expiryMargin.components
        let margin = Double(marginSeconds) + Double(attoseconds) / 1e18
        return sent.addingTimeInterval(max(seconds - margin, seconds / 2))
    }

    /// The token URL as an absolute `http` or `https` URL.
    private func endpoint(serverURL: URL?) throws -> URL {
        guard let tokenURL else {
            throw OAuth2Error(detail: "scheme '\(scheme.name)' declares no token URL for this grant; pass tokenURL")
        }
        guard let url = URL(string: tokenURL, relativeTo: serverURL)?.absoluteURL,
            let urlScheme = url.scheme?.lowercased(), urlScheme == "https" || urlScheme == "http", url.host != nil
        else {
            throw OAuth2Error(detail: "the token URL \"\(tokenURL)\" of scheme '\(scheme.name)' is not an HTTP URL")
        }
        return url
    }

    /// `application/x-www-form-urlencoded`, as RFC 6749 Appendix B asks for the body and the
    /// Basic credentials alike.
    private static func formEncode(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: PercentEncoding.isUnreserved)
    }
}

/// The token endpoint refused to issue a token, or could not be asked: its `error` code
/// (`invalid_client`, `invalid_grant`) and description when it gave them. Never holds a token
/// or secret.
public struct OAuth2Error: Error, CustomStringConvertible {
    /// The token endpoint's status, `nil` when no request was made.
    public var statusCode: Int?
    /// The OAuth 2.0 error code (RFC 6749 §5.2).
    public var code: String?
    /// The server's `error_description`, or what went wrong.
    public var detail: String

    public init(statusCode: Int? = nil, code: String? = nil, detail: String) {
        self.statusCode = statusCode
        self.code = code
        self.detail = detail
    }

    public var description: String {
        var text = "OAuth 2.0 token request failed"
        if let statusCode { text += " with HTTP \(statusCode)" }
        if let code { text += " (\(code))" }
        return text + ": " + detail
    }
}

/// A secret value that prints, dumps and mirrors as `<redacted>`.
struct Secret: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    let value: String

    init(_ value: String) {
        self.value = value
    }

    var description: String { Redaction.placeholder }
    var debugDescription: String { Redaction.placeholder }
    var customMirror: Mirror { Mirror(self, children: []) }
}
