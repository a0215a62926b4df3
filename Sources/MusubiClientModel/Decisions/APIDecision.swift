import MusubiDocument

/// What the API file declares, as decided: the requests' base protocol, the servers and the
/// security schemes, not yet how they are written.
///
/// The presentation step (``APIPresentation``) turns it into the `API` template's context,
/// ``APIDeclaration``. `musubi dump-model` shows it.
public struct APIDecision: Codable, Sendable {
    /// Path relative to the output directory (`PetstoreAPI.swift`).
    public var fileName: String
    /// The base protocol every request conforms to (`PetstoreRequest`).
    public var protocolName: String
    /// The spec's `info`: its title, summary and description, as the spec writes them.
    public var title: String
    public var summary: String?
    public var description: String?
    /// The one static member the API declares on `Server` and on `SecurityScheme` (`petstore`),
    /// named after the API, so that two clients used in one file never declare the same member:
    /// the servers and the security schemes are the members of its values, chosen as
    /// `.petstore.production` and `.petstore.petstoreAuth`.
    public var serversMember: String
    /// The type of ``serversMember``'s value (`PetstoreServers`), whose members are the servers
    /// and the enums of their variables.
    public var serversTypeName: String
    /// The servers, each a member of ``serversTypeName``: the document's, then those only some
    /// operations use, each written once.
    public var servers: [ServerDecision]
    /// An enum per list of values of a server variable, nested in ``serversTypeName``; servers
    /// whose variables take the same values share it.
    public var serverEnums: [ServerVariableEnum]
    /// The type of the `SecurityScheme` member ``serversMember`` (`PetstoreSecuritySchemes`),
    /// whose members are the security schemes.
    public var securitySchemesTypeName: String
    /// The security schemes, each a member of ``securitySchemesTypeName``, in the spec's order.
    public var securitySchemes: [SecuritySchemeDecision]
}

/// One server as decided: a member of the API's servers type (`PetstoreServers.production`).
public struct ServerDecision: Equatable, Codable, Sendable {
    /// The member's name (`production`), backticked if needed.
    public var name: String
    /// The URL template as the spec writes it (`https://{region}.example.com`).
    public var url: String
    /// The server's description, as the spec writes it.
    public var description: String?
    /// Whether the spec gives only a path (`/v2`): the server is then on an origin the caller
    /// gives.
    public var isRelative: Bool
    /// The variables the URL uses, in the spec's order, each a parameter of the member.
    public var variables: [Variable]

    /// A variable of the URL template.
    public struct Variable: Equatable, Codable, Sendable {
        /// The parameter's name (`region`).
        public var name: String
        /// The variable's name in the URL template.
        public var specName: String
        /// The variable's description, as the spec writes it.
        public var description: String?
        public var value: Value
    }

    /// What a variable takes.
    public enum Value: Equatable, Codable, Sendable {
        /// Any text, by default the spec's.
        case text(defaultValue: String)
        /// One of the values of the enum `type` (a ``ServerVariableEnum``), by default the case
        /// `defaultCase`.
        case choice(type: String, defaultCase: String)
    }

    /// Whether the member is a function: of the origin for a relative server, else of its
    /// variables.
    public var isFunction: Bool { isRelative || !variables.isEmpty }
}

/// The values of an enumerated server variable: `enum Region: String { case eu, us }`.
public struct ServerVariableEnum: Equatable, Codable, Sendable {
    /// The enum's name (`Region`).
    public var name: String
    /// The variable it was made for, as the URL template names it.
    public var variable: String
    /// The member of the server it was made for (`regional`).
    public var server: String
    /// The variable's description, as the spec writes it.
    public var description: String?
    /// The values, in the spec's order.
    public var cases: [Case]

    public struct Case: Equatable, Codable, Sendable {
        /// The case name, backticked if needed.
        public var name: String
        /// The value as the spec writes it.
        public var value: String
    }
}

/// One security scheme as decided: a member of the API's security schemes type
/// (`PetstoreSecuritySchemes.petstoreAuth`).
public struct SecuritySchemeDecision: Codable, Sendable {
    /// The member's name (`petstoreAuth`), backticked if needed.
    public var name: String
    /// The key the spec declares it under (`petstore_auth`).
    public var specName: String
    public var kind: SecurityScheme.Kind
    /// The scheme's description, as the spec writes it.
    public var description: String?
    public var isDeprecated: Bool
}
