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

    /// The operation's requirements, when it has any: each alternative the scheme members and
    /// scopes it names, as the spec writes it. Only empty alternatives (`[{}]`) mean the same as
    /// none and are left to the default.
    func securityRequirements(of operation: APIOperation) -> [RequestDecision.SecurityRequirement] {
        guard operation.security.contains(where: { !$0.entries.isEmpty }) else { return [] }
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
