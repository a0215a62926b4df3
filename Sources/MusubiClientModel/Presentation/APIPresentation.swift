import MusubiDocument

/// The last step for the API file: its decisions (``APIDecision``) to what the `API` template
/// receives (``APIDeclaration``), every member laid out to fit the line length.
struct APIPresentation {
    let header: String
    /// The access modifier with its trailing space (`public `), or empty.
    let access: String
    let imports: [String]

    /// The columns at which the `API` template places the laid-out lines.
    enum Column {
        /// A member of the servers type or of the security schemes type.
        static let member = 4
    }

    func present(_ decision: APIDecision) -> APIDeclaration {
        let servers = decision.servers.enumerated().map { index, server in
            present(server, isFirst: index == 0)
        }
        let example = decision.servers.first.map { Self.reference(to: $0, in: decision.serversMember) } ?? ""
        let schemes = decision.securitySchemes.enumerated().map { index, scheme in
            present(scheme, in: decision.serversMember, isFirst: index == 0)
        }
        let schemeExample = decision.securitySchemes.first.map {
            "." + decision.serversMember + "." + $0.name.trimmingBackticks
        }
        return APIDeclaration(
            header: header, access: access, imports: imports,
            fileName: decision.fileName,
            protocolName: decision.protocolName,
            docLines: SwiftSourceText.docLines([
                decision.title, decision.summary, decision.description,
                "The requests of this API conform to ``\(decision.protocolName)``, whose extension supplies what they share.",
            ]),
            serversMember: decision.serversMember,
            serversMemberDocLines: SwiftSourceText.docLines([
                "The servers of this API: `Client(server: \(example))`."
            ]),
            serversTypeName: decision.serversTypeName,
            serversTypeDocLines: SwiftSourceText.docLines([
                "The servers of this API, the members of its one value, `Server.\(decision.serversMember)`:\n"
                    + "they never clash with another client's servers of the same name."
            ]),
            servers: servers,
            hasServers: !servers.isEmpty,
            serverEnums: decision.serverEnums.map(present),
            securitySchemesMember: decision.serversMember,
            securitySchemesMemberDocLines: SwiftSourceText.docLines([
                "The security schemes of this API, which credentials name: `\(schemeExample ?? "")`."
            ]),
            securitySchemesTypeName: decision.securitySchemesTypeName,
            securitySchemesTypeDocLines: SwiftSourceText.docLines([
                "The security schemes of this API, the members of its one value, `SecurityScheme.\(decision.serversMember)`:\n"
                    + "they never clash with another client's schemes of the same name."
            ]),
            securitySchemes: schemes,
            hasSecuritySchemes: !schemes.isEmpty)
    }

    // MARK: Servers

    /// A server's member: a constant for an absolute URL, a function of the variables for one
    /// with variables, a function of the origin for a server the spec gives as a path only.
    private func present(_ server: ServerDecision, isFirst: Bool) -> ServerDeclaration {
        var parameters: [String] = []
        var parameterDocs: [String] = []
        var interpolated: [String: String] = [:]
        for variable in server.variables {
            switch variable.value {
            case .text(let defaultValue):
                parameters.append("\(variable.name): String = \(SwiftSourceText.stringLiteral(defaultValue))")
                interpolated[variable.specName] = variable.name
            case .choice(let type, let defaultCase):
                parameters.append("\(variable.name): \(type) = .\(defaultCase)")
                interpolated[variable.specName] = variable.name + ".rawValue"
            }
            parameterDocs.append(
                "- \(variable.name): \(variable.description ?? "The `\(variable.specName)` variable.")")
        }
        let literal = Self.interpolatedLiteral(server.url, values: interpolated)
        let declarationLines: [String]
        if server.isRelative {
            declarationLines = function(
                server.name, parameters: ["on origin: URL"] + parameters,
                body: "Server(path: \(literal), on: origin)")
        } else if parameters.isEmpty {
            declarationLines = ["\(access)let \(server.name) = Server(\(literal))"]
        } else {
            declarationLines = function(server.name, parameters: parameters, body: "Server(\(literal))")
        }
        let location =
            server.isRelative ? "`\(server.url)` on the given origin (`https://example.com`)." : "`\(server.url)`"
        let parameterParagraph =
            parameterDocs.isEmpty
            ? nil : "- Parameters:\n" + parameterDocs.map { "  " + $0 }.joined(separator: "\n")
        return ServerDeclaration(
            name: server.name, urlLiteral: literal,
            docLines: SwiftSourceText.docLines([server.description, location, parameterParagraph]),
            declarationLines: declarationLines,
            hasBlankLineBefore: !isFirst)
    }

    /// How a caller names a server (`.petstore.production`, `.petstore.regional()`,
    /// `.petstore.default(on: origin)`): an implicit member chain from `Server`.
    static func reference(to server: ServerDecision, in apiMember: String) -> String {
        let arguments = server.isRelative ? "(on: origin)" : server.isFunction ? "()" : ""
        return "." + apiMember + "." + server.name.trimmingBackticks + arguments
    }

    /// `func name(parameters) -> Server { body }`, the parameters one per line when the
    /// signature does not fit.
    private func function(_ name: String, parameters: [String], body: String) -> [String] {
        let signature = "\(access)func \(name)(\(parameters.joined(separator: ", "))) -> Server"
        if LineLayout.fits(signature, indent: Column.member) {
            return LineLayout.computedProperty(signature, expression: body, indent: Column.member)
        }
        return LineLayout.list(
            open: "\(access)func \(name)(", items: parameters, close: ") -> Server {",
            indent: Column.member, trailingComma: false)
            + ["    " + body, "}"]
    }

    /// `"https://\\(region.rawValue).example.com"`: the URL template as a string literal with
    /// each declared variable interpolated (an undeclared `{name}` stays as text).
    static func interpolatedLiteral(_ template: String, values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = values[name] else {
                result += SwiftSourceText.literalContent(String(rest[...close]))
                rest = rest[rest.index(after: close)...]
                continue
            }
            result += SwiftSourceText.literalContent(String(rest[..<open])) + "\\(\(value))"
            rest = rest[rest.index(after: close)...]
        }
        return "\"" + result + SwiftSourceText.literalContent(String(rest)) + "\""
    }

    private func present(_ variableEnum: ServerVariableEnum) -> ServerEnumDeclaration {
        ServerEnumDeclaration(
            name: variableEnum.name,
            docLines: SwiftSourceText.docLines([
                variableEnum.description,
                "The values of the `\(variableEnum.variable)` variable of `\(variableEnum.server)`.",
            ]),
            caseLines: variableEnum.cases.map { item in
                item.name.trimmingBackticks == item.value
                    ? "case \(item.name)" : "case \(item.name) = \(SwiftSourceText.stringLiteral(item.value))"
            })
    }

    // MARK: Security schemes

    /// The scheme as a member of the API's security schemes type, its doc comment naming it as
    /// a caller does, through ``apiMember`` (`.petstore.petstoreAuth`).
    private func present(
        _ scheme: SecuritySchemeDecision, in apiMember: String, isFirst: Bool
    ) -> SecuritySchemeDeclaration {
        let nameLiteral = SwiftSourceText.stringLiteral(scheme.specName)
        let reference = "." + apiMember + "." + scheme.name.trimmingBackticks
        return SecuritySchemeDeclaration(
            name: scheme.name, nameLiteral: nameLiteral, isFirst: isFirst,
            docLines: SwiftSourceText.docLines(
                [scheme.description] + Self.schemeDocumentation(scheme.kind, reference: reference)
                    + [scheme.isDeprecated ? ModelBuilder.deprecationNote : nil]),
            declarationLines: Self.declarationLines(
                "\(access)let \(scheme.name) = SecurityScheme", name: nameLiteral, kind: scheme.kind),
            credentialKind: Self.credentialKind(scheme.kind))
    }

    /// `SecurityScheme("name", kind)`, and for an OAuth 2.0 scheme its flows that have a token
    /// URL, whose URLs and scopes the runtime's `OAuth2TokenProvider` uses:
    /// `flows: [OAuth2Flow(…), …]`, one flow a line when the whole does not fit, each flow's
    /// arguments one a line when it does not. An implicit flow, which has no token URL, gives
    /// the runtime nothing to use and stays in the doc comment only. Every URL and scope is a
    /// string literal: spec text is data here, never code.
    private static func declarationLines(_ declaration: String, name: String, kind: SecurityScheme.Kind) -> [String] {
        let flows: [OAuthFlow]
        if case .oauth2(let declared) = kind {
            flows = declared.filter { $0.tokenURL != nil || $0.refreshURL != nil }
        } else {
            flows = []
        }
        guard !flows.isEmpty else {
            return LineLayout.call(declaration, arguments: [name, kindExpression(kind)], indent: Column.member)
        }
        let flowArguments = flows.map { flow in
            ["." + flow.kind.rawValue]
                + [("tokenURL", flow.tokenURL), ("refreshURL", flow.refreshURL)].compactMap { label, url in
                    url.map { "\(label): \(SwiftSourceText.stringLiteral($0))" }
                }
        }
        let scopeLiterals = flows.map { $0.scopes.map { SwiftSourceText.stringLiteral($0.name) } }
        let flowCalls = zip(flowArguments, scopeLiterals).map { arguments, scopes in
            "OAuth2Flow("
                + (arguments + (scopes.isEmpty ? [] : ["scopes: [" + scopes.joined(separator: ", ") + "]"]))
                .joined(separator: ", ") + ")"
        }
        let single = declaration + "(\(name), .oauth2, flows: [" + flowCalls.joined(separator: ", ") + "])"
        if LineLayout.fits(single, indent: Column.member) { return [single] }

        let flowColumn = Column.member + 8
        // swift-format puts a trailing comma after the elements of a collection of several only.
        let separator = flows.count > 1 ? "," : ""
        var lines = [declaration + "(", "    \(name), .oauth2,", "    flows: ["]
        for ((arguments, scopes), call) in zip(zip(flowArguments, scopeLiterals), flowCalls) {
            if LineLayout.fits(call + separator, indent: flowColumn) {
                lines.append("        " + call + separator)
                continue
            }
            lines.append("        OAuth2Flow(")
            let scopesArgument =
                scopes.isEmpty
                ? []
                : NestedLiteral.collection(prefix: "scopes: ", items: scopes.map(NestedLiteral.text), empty: "[]")
                    .lines(indent: flowColumn + 4, suffix: ")" + separator)
            for (index, argument) in arguments.enumerated() {
                let isLast = index == arguments.count - 1 && scopesArgument.isEmpty
                lines.append("            " + argument + (isLast ? ")" + separator : ","))
            }
            lines += scopesArgument.map { "            " + $0 }
        }
        lines.append("    ])")
        return lines
    }

    /// The runtime `Credential` that serves a scheme of this kind.
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

    /// What the scheme is, where its endpoints are, and the credential that serves it (naming
    /// the scheme as ``reference``, `.petstore.petstoreAuth`), in paragraphs short enough to
    /// stay within the line length.
    private static func schemeDocumentation(_ kind: SecurityScheme.Kind, reference: String) -> [String] {
        switch kind {
        case .apiKey(let name, let location):
            let place =
                switch location {
                case .header: "the `\(name)` header"
                case .query: "the `\(name)` query parameter"
                case .cookie: "the `\(name)` cookie"
                }
            return ["An API key in \(place).\nCredential: `.apiKey(\(reference), key)`"]
        case .http("basic", _):
            return [
                "HTTP Basic authentication.\nCredential: `.basic(\(reference), username: user, password: password)`"
            ]
        case .http("bearer", let format):
            let what = format.map { "A bearer token (\($0))" } ?? "A bearer token"
            return ["\(what) in the `Authorization` header.\nCredential: `.bearer(\(reference)) { token }`"]
        case .http(let httpScheme, _):
            return [
                "HTTP `\(httpScheme)` authentication, the whole `Authorization` value given by the credential.\n"
                    + "Credential: `.authorization(\(reference)) { value }`"
            ]
        case .oauth2(let flows):
            let provided =
                if flows.contains(where: { $0.kind == .clientCredentials && $0.tokenURL != nil }) {
                    "\nor, with tokens from the token URL:\n"
                        + "`.oauth2(.clientCredentials(\(reference), clientID: id, clientSecret: secret))`"
                } else if flows.contains(where: { ($0.refreshURL ?? $0.tokenURL) != nil }) {
                    "\nor, with tokens from the token URL:\n`.oauth2(.refreshToken(\(reference), refreshToken: token))`"
                } else {
                    ""
                }
            return [
                "OAuth 2.0, the access token sent as a bearer token.\n"
                    + "Credential: `.bearer(\(reference)) { token } refresh: { rejected in newToken }`" + provided
            ] + flows.map(flowDocumentation)
        case .openIDConnect(let url):
            return [
                "OpenID Connect, the access token sent as a bearer token.\n"
                    + "Credential: `.bearer(\(reference)) { token } refresh: { rejected in newToken }`",
                url.isEmpty ? nil : "Discovery document: <\(url)>",
            ].compactMap { $0 }
        case .mutualTLS:
            return [
                "A TLS client certificate, which the client does not apply: the transport presents it\n"
                    + "(a `URLSession` whose delegate answers the client-certificate challenge).\n"
                    + "Credential: `.clientCertificate(\(reference))`, marking the requirements that name it as met."
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
}

extension RequestDecision.ServerChoice {
    /// The expression naming the server (`.uploads.default`, `.stripe.files()`): an implicit
    /// member chain from `Server`. A keyword needs no backticks after a dot, and the members
    /// that would (`self`, `init`, `Type`) are never server names.
    var reference: String { "." + apiMember + "." + member.trimmingBackticks + (isFunction ? "()" : "") }
}
