import MusubiDocument

/// Security schemes to `SecurityScheme` members, and each operation's requirements to its
/// request's `static var security`.
extension ModelBuilder {
    /// One member per scheme, named after its key (`petstore_auth` → `petstoreAuth`). Fills
    /// ``APISurface/securitySchemeMembers`` so requests can name them.
    func securitySchemeDeclarations() -> [SecuritySchemeDeclaration] {
        // `SecurityScheme`'s own members, which a static member must not shadow.
        var names = MemberNameRegistry(reserving: ["name", "kind", "init", "Kind", "APIKeyLocation"])
        return document.securitySchemes.map { scheme in
            let name = names.claim(scheme.name)
            surface.securitySchemeMembers[scheme.name] = name
            let nameLiteral = SwiftSourceText.stringLiteral(scheme.name)
            return SecuritySchemeDeclaration(
                name: name, nameLiteral: nameLiteral, isFirst: surface.securitySchemeMembers.count == 1,
                docLines: SwiftSourceText.docLines(
                    [scheme.description] + Self.schemeDocumentation(scheme, member: name)
                        + [scheme.deprecated ? Self.deprecationNote : nil]),
                declarationLines: LineLayout.call(
                    "\(access)static let \(name) = SecurityScheme",
                    arguments: [nameLiteral, Self.kindExpression(scheme.kind)], indent: 4),
                credentialKind: Self.credentialKind(scheme.kind))
        }
    }

    private static func credentialKind(_ kind: SecurityScheme.Kind) -> String {
        switch kind {
        case .apiKey: "apiKey"
        case .http("basic", _): "basic"
        case .http("bearer", _), .oauth2, .openIDConnect: "bearer"
        case .http: "authorization"
        case .mutualTLS: "clientCertificate"
        }
    }

    /// `.apiKey(name: "X-API-Key", in: .header)`, `.http(scheme: "basic")`, `.oauth2`…
    private static func kindExpression(_ kind: SecurityScheme.Kind) -> String {
        switch kind {
        case .apiKey(let name, let location):
            return ".apiKey(name: \(SwiftSourceText.stringLiteral(name)), in: .\(location.rawValue))"
        case .http(let scheme, _):
            return ".http(scheme: \(SwiftSourceText.stringLiteral(scheme)))"
        case .oauth2:
            return ".oauth2"
        case .openIDConnect:
            return ".openIDConnect"
        case .mutualTLS:
            return ".mutualTLS"
        }
    }

    /// What the scheme is, where its endpoints are, and the credential that serves it, in
    /// paragraphs short enough to stay within the line length.
    private static func schemeDocumentation(_ scheme: SecurityScheme, member: String) -> [String] {
        let bare = member.trimmingBackticks
        switch scheme.kind {
        case .apiKey(let name, let location):
            let place =
                switch location {
                case .header: "the `\(name)` header"
                case .query: "the `\(name)` query parameter"
                case .cookie: "the `\(name)` cookie"
                }
            return ["An API key in \(place).\nCredential: `.apiKey(.\(bare), key)`"]
        case .http("basic", _):
            return ["HTTP Basic authentication.\nCredential: `.basic(.\(bare), username: user, password: password)`"]
        case .http("bearer", let format):
            let what = format.map { "A bearer token (\($0))" } ?? "A bearer token"
            return ["\(what) in the `Authorization` header.\nCredential: `.bearer(.\(bare)) { token }`"]
        case .http(let httpScheme, _):
            return [
                "HTTP `\(httpScheme)` authentication, the whole `Authorization` value given by the credential.\n"
                    + "Credential: `.authorization(.\(bare)) { value }`"
            ]
        case .oauth2(let flows):
            return [
                "OAuth 2.0, the access token sent as a bearer token.\n"
                    + "Credential: `.bearer(.\(bare)) { token } refresh: { rejected in newToken }`"
            ] + flows.map(flowDocumentation)
        case .openIDConnect(let url):
            return [
                "OpenID Connect, the access token sent as a bearer token.\n"
                    + "Credential: `.bearer(.\(bare)) { token } refresh: { rejected in newToken }`",
                url.isEmpty ? nil : "Discovery document: <\(url)>",
            ].compactMap { $0 }
        case .mutualTLS:
            return [
                "A TLS client certificate, which the client does not apply: the transport presents it\n"
                    + "(a `URLSession` whose delegate answers the client-certificate challenge).\n"
                    + "Credential: `.clientCertificate(.\(bare))`, marking the requirements that name it as met."
            ]
        }
    }

    /// The flow's endpoints and scopes as a list.
    private static func flowDocumentation(_ flow: OAuthFlow) -> String {
        let title =
            switch flow.kind {
            case .implicit: "Implicit flow:"
            case .password: "Password flow:"
            case .clientCredentials: "Client credentials flow:"
            case .authorizationCode: "Authorization code flow:"
            case .deviceAuthorization: "Device authorization flow:"
            }
        var lines = [title]
        let endpoints = [
            ("authorization", flow.authorizationURL), ("device authorization", flow.deviceAuthorizationURL),
            ("token", flow.tokenURL), ("refresh", flow.refreshURL),
        ]
        for case (let name, let url?) in endpoints {
            lines.append("- \(name) URL: <\(url)>")
        }
        if !flow.scopes.isEmpty {
            lines.append("- scopes:")
            for scope in flow.scopes {
                lines.append("  - `\(scope.name)`" + (scope.description.isEmpty ? "" : ": \(scope.description)"))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The operation's requirements as `static var security`, when it has any: each
    /// alternative a dictionary literal of scheme members and scopes, as the spec writes it.
    /// Only empty alternatives (`[{}]`) mean the same as none and are left to the default.
    func describeSecurity(of operation: APIOperation, into declaration: inout RequestDeclaration) {
        guard operation.security.contains(where: { !$0.entries.isEmpty }) else { return }
        let requirements = operation.security.map { requirement -> NestedLiteral in
            .collection(
                prefix: "",
                items: requirement.entries.compactMap { entry -> NestedLiteral? in
                    guard let member = surface.securitySchemeMembers[entry.schemeName] else { return nil }
                    return .collection(
                        prefix: ".\(member.trimmingBackticks): ",
                        items: entry.scopes.map { .text(SwiftSourceText.stringLiteral($0)) }, empty: "[]")
                },
                empty: "[:]")
        }
        let literal = NestedLiteral.collection(prefix: "", items: requirements, empty: "[]")
        let property = "\(access)static var security: [SecurityRequirement]"
        let single = "\(property) { \(literal.singleLine) }"
        declaration.securityLines =
            4 + single.count <= LineLayout.lineLength
            ? [single] : [property + " {"] + literal.lines(indent: 8).map { "    " + $0 } + ["}"]
        declaration.hasSecurity = true
    }
}
