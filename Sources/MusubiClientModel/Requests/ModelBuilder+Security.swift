import MusubiDocument

/// Security schemes to members of the API's security schemes type, and each operation's requirements to its
/// request's `static var security`.
extension ModelBuilder {
    /// One member per scheme, named after its key (`petstore_auth` → `petstoreAuth`). Fills
    /// ``APISurface/securitySchemeMembers`` so requests can name them.
    func securitySchemeDecisions() -> [SecuritySchemeDecision] {
        // `SecurityScheme`'s own members, which a static member must not shadow.
        var names = MemberNameRegistry(reserving: ["name", "kind", "init", "Kind", "APIKeyLocation"])
        return document.securitySchemes.map { scheme in
            let name = names.claim(scheme.name)
            surface.securitySchemeMembers[scheme.name] = name
            return SecuritySchemeDecision(
                name: name, specName: scheme.name, kind: scheme.kind, description: scheme.description,
                isDeprecated: scheme.deprecated)
        }
    }

    /// `operation` without the parameters its own authentication supplies: the one place that
    /// decides it. A query, header or cookie parameter is supplied when an API key scheme of
    /// the operation's requirements is sent in the same place under the same name (a header's
    /// compared without case) and no way of authenticating the request leaves it out:
    ///
    /// - every alternative of the requirements names such a scheme; or
    /// - the parameter is required and some alternative names one. A required parameter is sent
    ///   whichever alternative authenticates the request, and now only the scheme can send it,
    ///   so the scheme joins each alternative that lacks it. Trello lists its `key` and `token`
    ///   schemes as alternatives (`[{api_key: []}, {api_token: []}]`) and both parameters as
    ///   required on every operation: the request needs both schemes.
    ///
    /// The parameter is then left out of the request, with a warning at it (once per scheme and
    /// parameter, however many operations take it): the call site does not repeat the credential
    /// the client's `.authentication` interceptor adds, and a request never carries it twice.
    /// Kept: the parameters of an operation whose authentication is optional (`{}` among its
    /// alternatives) or absent, since a caller without credentials still sends them, and an
    /// optional parameter that only some alternatives supply. The interceptor does not add a key
    /// the request already carries, so a kept parameter is not sent twice either. Past
    /// ``suppliedCredentialAlternativeLimit`` alternatives the operation is left as written.
    func leavingOutSuppliedCredentials(_ operation: APIOperation) -> APIOperation {
        guard !operation.security.isEmpty, operation.security.count <= Self.suppliedCredentialAlternativeLimit,
            !operation.security.contains(where: \.entries.isEmpty),
            operation.parameters.contains(where: { $0.location != .path })
        else { return operation }
        var security = operation.security
        // Each alternative's API keys by where they go, read once: a parameter is then looked
        // up, not compared with every scheme.
        func place(_ location: SecurityScheme.APIKeyLocation, _ name: String) -> String {
            location.rawValue + "\u{0}" + (location == .header ? name.lowercased() : name)
        }
        let keys = security.map { requirement in
            var keys: [String: SecurityRequirement.Entry] = [:]
            for entry in requirement.entries {
                guard case .apiKey(let name, let location)? = securitySchemesByName[entry.schemeName]?.kind else {
                    continue
                }
                if keys[place(location, name)] == nil { keys[place(location, name)] = entry }
            }
            return keys
        }
        let kept = operation.parameters.filter { parameter in
            guard let location = SecurityScheme.APIKeyLocation(rawValue: parameter.location.rawValue) else {
                return true
            }
            let supplying = keys.map { $0[place(location, parameter.name)] }
            let inEvery = supplying.allSatisfy { $0 != nil }
            guard let entry = supplying.lazy.compactMap({ $0 }).first, inEvery || parameter.required else {
                return true
            }
            for index in security.indices where supplying[index] == nil {
                security[index].entries.append(entry)
            }
            let described = "\(parameter.location.rawValue) parameter '\(parameter.name)'"
            if reportedSuppliedCredentials.insert("\(entry.schemeName)\u{0}\(described)\u{0}\(inEvery)").inserted {
                warning(
                    "\(described) is supplied by security scheme '\(entry.schemeName)', which the operation's security requires: it is left out of the request's initializer (here and in every operation that takes it with that scheme) and sent by the client's authentication"
                        + (inEvery
                            ? ""
                            : "; as the parameter is required, the scheme is required with each of the operation's security alternatives"),
                    at: parameter.sourceLocation, of: operation)
            }
            return false
        }
        guard kept.count < operation.parameters.count else { return operation }
        // Alternatives that became the same set of schemes are one.
        var seen: Set<[String]> = []
        var result = operation
        result.parameters = kept
        result.security = security.filter { seen.insert($0.entries.map(\.schemeName).sorted()).inserted }
        return result
    }

    /// The most security alternatives an operation's parameters are compared with: real specs
    /// list a few; each parameter is compared with every scheme of every alternative.
    static let suppliedCredentialAlternativeLimit = 64

    /// The most scheme and scope names the requests' `security` lists may hold together. An
    /// operation without requirements of its own gets the document's, so one long list of
    /// scopes in the document's `security` is copied into every request: 100 000 scopes and
    /// 200 operations made 660 MB of code. Real specs name a few scopes per operation.
    static let securityNameLimit = 200_000

    /// The operation's requirements, when it has any: each alternative the scheme members and
    /// scopes it names, as the spec writes it. Only empty alternatives (`[{}]`) mean the same as
    /// none and are left to the default. Past ``securityNameLimit`` names in all, none, with an
    /// error at the operation (reported once).
    func securityRequirements(of operation: APIOperation) -> [RequestDecision.SecurityRequirement] {
        guard operation.security.contains(where: { !$0.entries.isEmpty }) else { return [] }
        guard securityNameCount <= Self.securityNameLimit else { return [] }
        securityNameCount += operation.security.reduce(0) { total, requirement in
            requirement.entries.reduce(total) { $0 + 1 + $1.scopes.count }
        }
        if securityNameCount > Self.securityNameLimit {
            record(
                .error(
                    "the security requirements of this spec's operations name more than \(Self.securityNameLimit) schemes and scopes in all; a spec this size is refused",
                    file: operation.file ?? document.file, at: operation.location))
            return []
        }
        return operation.security.map { requirement in
            RequestDecision.SecurityRequirement(
                schemes: requirement.entries.compactMap { entry in
                    surface.securitySchemeMembers[entry.schemeName].map {
                        RequestDecision.SchemeUse(apiMember: serversMember, member: $0, scopes: entry.scopes)
                    }
                })
        }
    }
}
