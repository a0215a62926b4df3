import Foundation

extension Interceptor {
    /// Authenticates each request the way its operation asks, with credentials configured once.
    ///
    /// For every request it:
    /// - sends nothing unless the request goes to the server the client addressed it to: its
    ///   URL's scheme, host and port must be those of `HTTPRequest.serverURL` (the base URL, or
    ///   the operation's own server from the spec), so a request an interceptor or a
    ///   per-request hook points elsewhere carries no secret;
    /// - picks the first of the operation's `security` alternatives whose every scheme has a
    ///   credential here, and applies those: API keys as header, query parameter or cookie,
    ///   `Authorization` for HTTP and OAuth 2.0 / OpenID Connect schemes. An operation without
    ///   requirements gets nothing; when no alternative can be met the request goes out without
    ///   credentials and the server's `401` reaches the caller. An empty alternative (optional
    ///   authentication) is used only when no other can be met;
    /// - never sends an API key twice: a request that already carries the key's header, query
    ///   parameter or cookie (a spec that also lists the key as an operation parameter, which the
    ///   caller passed) keeps its own value, which is marked as the credential;
    /// - marks what it set as credentials (`credentialHeaderNames`, `credentialQueryNames`), so
    ///   transports drop them on a redirect to another origin and logging redacts them;
    /// - on `401 Unauthorized`, when a bearer credential it used can refresh (one with a
    ///   `refresh` closure, or an ``OAuth2TokenProvider``), asks it once for a new token and sends
    ///   the request again (a `401` means the server did not act on it).
    ///
    /// Place it after `.retry()` in the client's list to have each retry authenticated anew,
    /// and before `.logging()` to log requests as they are sent (secrets redacted).
    ///
    /// A credential whose kind cannot serve its scheme (`.basic` for an API key) fails the
    /// request with an ``AuthenticationError``, reported as `ClientError.transport`.
    public static func authentication(_ credentials: [Credential]) -> Interceptor {
        var byName: [String: Credential] = [:]
        for credential in credentials where byName[credential.scheme.name] == nil {
            byName[credential.scheme.name] = credential
        }
        let configured = byName
        return Interceptor { request, next in
            guard let serverURL = request.serverURL, HTTPRequest.haveSameOrigin(request.url, serverURL),
                let chosen = Authentication.choose(request.security, from: configured)
            else { return try await next(request) }

            var applied = try await Authentication.apply(chosen, to: request, tokens: [:])
            let response = try await next(applied.request)
            guard response.statusCode == 401 else { return response }

            // Refresh every bearer token that can be refreshed, each once, then send again.
            var refreshed = applied.bearerTokens
            var didRefresh = false
            for entry in chosen {
                let name = entry.credential.scheme.name
                guard let rejected = applied.bearerTokens[name] else { continue }
                switch entry.credential.value {
                case .bearer(_, let refresh?):
                    refreshed[name] = try await refresh(rejected)
                case .oauth2(let provider):
                    refreshed[name] = try await provider.refresh(rejecting: rejected, serverURL: request.serverURL)
                default:
                    continue
                }
                didRefresh = true
            }
            guard didRefresh else { return response }
            applied = try await Authentication.apply(chosen, to: request, tokens: refreshed)
            return try await next(applied.request)
        }
    }
}

/// A credential that cannot be applied: the wrong kind for its scheme, or a value that would
/// break out of the header or cookie it goes into.
public struct AuthenticationError: Error, CustomStringConvertible {
    public var description: String
}

/// The steps of `Interceptor.authentication`, kept apart from the closure so each reads alone.
enum Authentication {
    /// One scheme of the chosen requirement with the credential that serves it.
    struct Use {
        var credential: Credential
    }

    /// The request with credentials applied, and the bearer tokens sent, by scheme name, to
    /// hand to a refresh.
    struct Applied {
        var request: HTTPRequest
        var bearerTokens: [String: String]
    }

    /// The first non-empty alternative with a credential for each of its schemes; `nil` when
    /// there is none (then an empty alternative, if any, is what happens anyway).
    static func choose(_ requirements: [SecurityRequirement], from credentials: [String: Credential]) -> [Use]? {
        for requirement in requirements where !requirement.isEmpty {
            let uses = requirement.entries.compactMap { entry in
                credentials[entry.scheme.name].map { Use(credential: $0) }
            }
            if uses.count == requirement.entries.count { return uses }
        }
        return nil
    }

    /// Applies each credential; a bearer credential uses the token in `tokens` when there is one
    /// (a refreshed token), else asks its provider.
    static func apply(_ uses: [Use], to original: HTTPRequest, tokens: [String: String]) async throws -> Applied {
        var request = original
        var bearerTokens: [String: String] = [:]
        for use in uses {
            let scheme = use.credential.scheme
            switch (use.credential.value, scheme.kind) {
            case (.apiKey(let key), .apiKey(let name, let location)):
                try add(apiKey: try await key(), named: name, in: location, to: &request, scheme: scheme)
            case (.basic(let username, let password), .http(let httpScheme)) where httpScheme == "basic":
                let encoded = Data("\(username):\(password)".utf8).base64EncodedString()
                try setAuthorization("Basic \(encoded)", on: &request, scheme: scheme)
            case (.bearer(let provider, _), .http("bearer")), (.bearer(let provider, _), .oauth2),
                (.bearer(let provider, _), .openIDConnect):
                var token = tokens[scheme.name] ?? ""
                if tokens[scheme.name] == nil { token = try await provider() }
                bearerTokens[scheme.name] = token
                try setAuthorization("Bearer \(token)", on: &request, scheme: scheme)
            case (.oauth2(let provider), .oauth2), (.oauth2(let provider), .openIDConnect):
                var token = tokens[scheme.name] ?? ""
                if tokens[scheme.name] == nil { token = try await provider.accessToken(serverURL: original.serverURL) }
                bearerTokens[scheme.name] = token
                try setAuthorization("Bearer \(token)", on: &request, scheme: scheme)
            case (.authorization(let value), .http), (.authorization(let value), .oauth2),
                (.authorization(let value), .openIDConnect):
                try setAuthorization(try await value(), on: &request, scheme: scheme)
            case (.clientCertificate, .mutualTLS):
                break
            default:
                throw AuthenticationError(
                    description:
                        "the credential configured for security scheme '\(scheme.name)' is not of its kind (\(scheme.kind))"
                )
            }
        }
        return Applied(request: request, bearerTokens: bearerTokens)
    }

    private static func setAuthorization(_ value: String, on request: inout HTTPRequest, scheme: SecurityScheme) throws
    {
        try checkFieldValue(value, scheme: scheme)
        request.headers.set("Authorization", value)
        request.credentialHeaderNames.insert("Authorization")
    }

    private static func add(
        apiKey key: String, named name: String, in location: SecurityScheme.APIKeyLocation,
        to request: inout HTTPRequest, scheme: SecurityScheme
    ) throws {
        switch location {
        case .header:
            if !request.headers.contains(name) {
                try checkFieldValue(key, scheme: scheme)
                request.headers.set(name, key)
            }
            request.credentialHeaderNames.insert(name)
        case .query:
            if !hasQueryItem(named: name, in: request.url) {
                let item =
                    PercentEncoding.encode(name, keeping: PercentEncoding.isUnreserved) + "="
                    + PercentEncoding.encode(key, keeping: PercentEncoding.isUnreserved)
                request.url = try appending(queryItem: item, to: request.url)
            }
            request.credentialQueryNames.insert(name)
        case .cookie:
            // RFC 6265 cookie-octets only: a `;` or `,` would start another cookie, CR/LF a header.
            let isCookieOctet: (UInt8) -> Bool = { byte in
                byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte)
                    || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
            }
            guard key.utf8.allSatisfy(isCookieOctet), !name.isEmpty, name.utf8.allSatisfy(isCookieOctet),
                !name.contains("=")
            else {
                throw AuthenticationError(
                    description:
                        "the API key of security scheme '\(scheme.name)' cannot be sent as a cookie: it has characters a cookie cannot hold"
                )
            }
            let existing = request.headers.values(for: "Cookie")
            let hasCookie = existing.contains { header in
                header.split(separator: ";").contains { $0.drop(while: { $0 == " " }).hasPrefix(name + "=") }
            }
            if !hasCookie {
                let pair = "\(name)=\(key)"
                request.headers.set("Cookie", request.headers["Cookie"].map { "\($0); \(pair)" } ?? pair)
            }
            request.credentialHeaderNames.insert("Cookie")
        }
    }

    /// Refuses CR, LF and NUL, which would end the header line and let a credential inject
    /// headers of its own.
    private static func checkFieldValue(_ value: String, scheme: SecurityScheme) throws {
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) {
            throw AuthenticationError(
                description: "the credential of security scheme '\(scheme.name)' contains a line break or NUL")
        }
    }

    /// Whether the query of `url` has an item called `name` (compared decoded, as servers read it).
    private static func hasQueryItem(named name: String, in url: URL) -> Bool {
        var text = Substring(url.absoluteString)
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        guard let question = text.firstIndex(of: "?") else { return false }
        return text[text.index(after: question)...].split(separator: "&").contains { item in
            let encoded = item.prefix { $0 != "=" }
            return (encoded.removingPercentEncoding ?? String(encoded)) == name
        }
    }

    /// `url` with `item` (already encoded) added to its query, before any fragment.
    private static func appending(queryItem item: String, to url: URL) throws -> URL {
        var text = url.absoluteString
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = String(text[..<hash])
        }
        let separator = text.contains("?") ? (text.hasSuffix("?") || text.hasSuffix("&") ? "" : "&") : "?"
        guard let result = URL(string: text + separator + item + fragment) else {
            throw AuthenticationError(description: "could not add a query parameter to \(url)")
        }
        return result
    }
}
