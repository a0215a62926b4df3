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
                    file: document.file, at: operation.location))
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
