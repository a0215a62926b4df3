import MusubiReader

/// Reads security schemes, both versions: OpenAPI 3's `components/securitySchemes` and
/// Swagger 2.0's `securityDefinitions` become the same ``SecurityScheme``s (2.0's `basic` is
/// HTTP `basic`, its OAuth `flow` one of 3.x's `flows`).
///
/// It needs the document's file (its dialect says where the schemes are and how they are
/// spelt), the resolver for schemes written as `$ref`s, and the reporter. It returns the
/// schemes (``schemes()``); what operations require of them is read by a
/// ``SecurityRequirementsReader`` made from their names.
struct SecurityLoader: SpecReading {
    let reporter: LoadingReporter
    let resolver: ReferenceResolver
    /// The document's own file.
    var main: SpecFile { resolver.main }

    private static let schemeFields: Set<String> = [
        "type", "description", "name", "in", "scheme", "bearerFormat", "flows", "openIdConnectUrl",
        "oauth2MetadataUrl", "deprecated",
    ]
    private static let swagger2SchemeFields: Set<String> = [
        "type", "description", "name", "in", "flow", "authorizationUrl", "tokenUrl", "scopes",
    ]
    private static let flowFields: Set<String> = [
        "authorizationUrl", "tokenUrl", "refreshUrl", "deviceAuthorizationUrl", "scopes",
    ]

    /// The document's schemes in source order; a scheme that cannot be used (no `type`, an
    /// API key without `name`) is left out with a warning.
    func schemes() -> [SecurityScheme] {
        let container: Node?
        switch main.dialect {
        case .swagger2: container = main.root["securityDefinitions"]
        case .openAPI3: container = main.root["components"]?["securitySchemes"]
        }
        guard let container else { return [] }
        guard let mapping = container.mapping else {
            warning("security schemes should be a mapping of names to schemes", at: container.location)
            return []
        }
        return mapping.compactMap { entry -> SecurityScheme? in
            guard !entry.key.hasPrefix("x-") || main.dialect == .openAPI3 else { return nil }
            return resolver.withDereferenced(entry.value) { node in
                main.dialect == .swagger2
                    ? swagger2SecurityScheme(named: entry.key, node)
                    : securityScheme(named: entry.key, node)
            }
        }
    }

    private func securityScheme(named name: String, _ node: Node) -> SecurityScheme? {
        checkKeys(of: node, known: Self.schemeFields, in: "security scheme '\(name)'")
        guard let type = string(node, "type") else {
            warning("security scheme '\(name)' has no 'type'; it is ignored", at: node.location)
            return nil
        }
        let kind: SecurityScheme.Kind
        switch type {
        case "apiKey":
            guard let key = apiKey(named: name, node, allowed: [.header, .query, .cookie]) else { return nil }
            kind = key
        case "http":
            guard let scheme = string(node, "scheme"), !scheme.isEmpty else {
                warning("HTTP security scheme '\(name)' has no 'scheme'; it is ignored", at: node.location)
                return nil
            }
            kind = .http(scheme: scheme.lowercased(), bearerFormat: string(node, "bearerFormat"))
        case "oauth2":
            kind = .oauth2(flows: oauthFlows(of: name, node["flows"]))
        case "openIdConnect":
            kind = .openIDConnect(url: string(node, "openIdConnectUrl") ?? "")
        case "mutualTLS":
            kind = .mutualTLS
        case "basic":
            // 2.0's spelling, found in documents converted by hand.
            warning(
                "security scheme type 'basic' is Swagger 2.0; read as 'http' with scheme 'basic'",
                at: node["type"]?.location)
            kind = .http(scheme: "basic", bearerFormat: nil)
        default:
            warning("security scheme '\(name)' has unknown type '\(type)'; it is ignored", at: node["type"]?.location)
            return nil
        }
        return SecurityScheme(
            name: name, kind: kind, description: string(node, "description"),
            deprecated: bool(node, "deprecated") ?? false, location: node.location)
    }

    private func swagger2SecurityScheme(named name: String, _ node: Node) -> SecurityScheme? {
        checkKeys(of: node, known: Self.swagger2SchemeFields, in: "security definition '\(name)'")
        guard let type = string(node, "type") else {
            warning("security definition '\(name)' has no 'type'; it is ignored", at: node.location)
            return nil
        }
        let kind: SecurityScheme.Kind
        switch type {
        case "basic":
            kind = .http(scheme: "basic", bearerFormat: nil)
        case "apiKey":
            guard let key = apiKey(named: name, node, allowed: [.header, .query]) else { return nil }
            kind = key
        case "oauth2":
            let flowNames: [String: OAuthFlow.Kind] = [
                "implicit": .implicit, "password": .password, "application": .clientCredentials,
                "accessCode": .authorizationCode,
            ]
            guard let flowName = string(node, "flow"), let flowKind = flowNames[flowName] else {
                warning(
                    "OAuth 2.0 definition '\(name)' needs a 'flow' of implicit, password, application or accessCode; its flow is unknown",
                    at: node["flow"]?.location ?? node.location)
                kind = .oauth2(flows: [])
                break
            }
            kind = .oauth2(flows: [
                OAuthFlow(
                    kind: flowKind, authorizationURL: string(node, "authorizationUrl"),
                    tokenURL: string(node, "tokenUrl"), refreshURL: nil, deviceAuthorizationURL: nil,
                    scopes: scopes(node["scopes"]))
            ])
        default:
            warning(
                "security definition '\(name)' has unknown type '\(type)'; it is ignored", at: node["type"]?.location)
            return nil
        }
        return SecurityScheme(
            name: name, kind: kind, description: string(node, "description"), deprecated: false,
            location: node.location)
    }

    private func apiKey(
        named name: String, _ node: Node, allowed: [SecurityScheme.APIKeyLocation]
    ) -> SecurityScheme.Kind? {
        guard let keyName = string(node, "name"), !keyName.isEmpty else {
            warning("API key scheme '\(name)' has no 'name'; it is ignored", at: node.location)
            return nil
        }
        guard let place = string(node, "in"), let location = SecurityScheme.APIKeyLocation(rawValue: place),
            allowed.contains(location)
        else {
            let places = allowed.map(\.rawValue).joined(separator: ", ")
            warning(
                "API key scheme '\(name)' needs 'in' of \(places); it is ignored",
                at: node["in"]?.location ?? node.location)
            return nil
        }
        if location != .query, !HTTPSyntax.isToken(keyName) {
            warning(
                "API key scheme '\(name)' names '\(keyName)', not a valid \(place) name (an HTTP token); it is ignored",
                at: node["name"]?.location ?? node.location)
            return nil
        }
        return .apiKey(name: keyName, location: location)
    }

    private func oauthFlows(of name: String, _ node: Node?) -> [OAuthFlow] {
        guard let mapping = node?.mapping else {
            warning("OAuth 2.0 scheme '\(name)' has no 'flows'", at: node?.location ?? main.root.location)
            return []
        }
        let quotedName = Diagnostic.excerpt(name)
        return mapping.compactMap { entry -> OAuthFlow? in
            guard !entry.key.hasPrefix("x-") else { return nil }
            guard let kind = OAuthFlow.Kind(rawValue: entry.key) else {
                warning(
                    "unknown OAuth 2.0 flow '\(Diagnostic.excerpt(entry.key))' in scheme '\(quotedName)' is ignored",
                    at: entry.keyLocation)
                return nil
            }
            checkKeys(of: entry.value, known: Self.flowFields, in: "OAuth 2.0 flow '\(entry.key)'")
            return OAuthFlow(
                kind: kind, authorizationURL: string(entry.value, "authorizationUrl"),
                tokenURL: string(entry.value, "tokenUrl"), refreshURL: string(entry.value, "refreshUrl"),
                deviceAuthorizationURL: string(entry.value, "deviceAuthorizationUrl"),
                scopes: scopes(entry.value["scopes"]))
        }
    }

    private func scopes(_ node: Node?) -> [OAuthFlow.Scope] {
        node?.mapping?.compactMap { entry in
            entry.key.hasPrefix("x-")
                ? nil : OAuthFlow.Scope(name: entry.key, description: entry.value.scalarText ?? "")
        } ?? []
    }
}
