/// The file shared by all requests of the API: its base protocol, its servers and its security
/// schemes.
public struct APIDeclaration: Codable, Sendable {
    /// The first line of the file (also on ``ClientModel``, repeated so each template
    /// receives everything it renders in one object).
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    /// The import lines, as on ``ClientModel``.
    public var imports: [String] = []
    /// Path relative to the output directory (`PetstoreAPI.swift`).
    public var fileName: String
    /// `PetstoreRequest`: every request of the API conforms to it.
    public var protocolName: String
    /// The protocol's doc comment from the spec's `info`, as `///` lines.
    public var docLines: [String]
    /// The one static member the API declares on `Server` (`petstore`), whose value holds the
    /// servers, so a caller writes `.petstore.production`.
    public var serversMember: String = ""
    /// The doc comment of ``serversMember``, as `///` lines.
    public var serversMemberDocLines: [String] = []
    /// The type of ``serversMember`` (`PetstoreServers`), declaring the servers as its members.
    public var serversTypeName: String = ""
    /// The doc comment of ``serversTypeName``, as `///` lines.
    public var serversTypeDocLines: [String] = []
    /// The spec's servers, each a member of ``serversTypeName``.
    public var servers: [ServerDeclaration]
    /// Whether ``servers`` is not empty, for the `Server` member and the servers type.
    public var hasServers: Bool
    /// An enum per enumerated server variable, nested in ``serversTypeName``.
    public var serverEnums: [ServerEnumDeclaration]
    /// The one static member the API declares on `SecurityScheme` (`petstore`, the same name as
    /// ``serversMember``), whose value holds the security schemes, so a caller writes
    /// `.bearer(.petstore.petstoreAuth)`.
    public var securitySchemesMember: String = ""
    /// The doc comment of ``securitySchemesMember``, as `///` lines.
    public var securitySchemesMemberDocLines: [String] = []
    /// The type of ``securitySchemesMember`` (`PetstoreSecuritySchemes`), declaring the security
    /// schemes as its members.
    public var securitySchemesTypeName: String = ""
    /// The doc comment of ``securitySchemesTypeName``, as `///` lines.
    public var securitySchemesTypeDocLines: [String] = []
    /// The API's security schemes, each a member of ``securitySchemesTypeName``, in source order.
    public var securitySchemes: [SecuritySchemeDeclaration] = []
    /// Whether ``securitySchemes`` is not empty, for the `SecurityScheme` member and the
    /// security schemes type.
    public var hasSecuritySchemes = false
}

public struct SecuritySchemeDeclaration: Codable, Sendable {
    /// The member name (`petstoreAuth`), backticked if needed.
    public var name: String
    /// The scheme's key in the spec as a string literal (`"petstore_auth"`).
    public var nameLiteral: String
    /// Whether it is the first member; the others follow a blank line, as their doc
    /// comments run over several lines.
    public var isFirst: Bool
    /// The member's doc comment (the scheme's kind and description), as `///` lines.
    public var docLines: [String]
    /// `let petstoreAuth = SecurityScheme("petstore_auth", .oauth2, flows: […])`, laid out to
    /// fit; an OAuth 2.0 scheme's flows with their token URLs and scopes.
    public var declarationLines: [String]
    /// The runtime `Credential` that serves the scheme: `apiKey`, `basic`, `bearer` (HTTP
    /// bearer, OAuth 2.0, OpenID Connect), `authorization` (other HTTP schemes) or
    /// `clientCertificate`.
    public var credentialKind: String
}

public struct ServerDeclaration: Codable, Sendable {
    /// The member name (`production`), backticked if needed.
    public var name: String
    /// The URL as a string literal, server variables filled with their defaults.
    public var urlLiteral: String
    /// The server's description and variables, as `///` lines.
    public var docLines: [String]
    /// The member: a constant for an absolute URL, a function of the variables for one with
    /// variables, a function of the origin for a server the spec gives as a path only.
    public var declarationLines: [String]
    /// Whether an empty line separates it from the server before.
    public var hasBlankLineBefore: Bool
}

/// The values of an enumerated server variable: `enum Region: String { case eu, us }`.
public struct ServerEnumDeclaration: Codable, Sendable {
    /// The enum's name, from the variable's (`Region`).
    public var name: String
    /// The variable's description, as `///` lines.
    public var docLines: [String]
    /// `case eu`, `case euWest1 = "eu-west-1"`.
    public var caseLines: [String]
}
