/// The schemes that together authenticate one request: one entry of an operation's
/// `security` list, written as the spec writes it — `[.petstore.petstoreAuth: ["read:pets"]]`.
///
/// An operation lists alternatives, `[SecurityRequirement]`: any one of them is enough, and
/// within one every scheme is needed (an API key header *and* a bearer token). An empty
/// requirement, `[:]`, means the operation may also be called without credentials.
public struct SecurityRequirement: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// One scheme of the requirement with the OAuth 2.0 scopes (or, for other schemes, the
    /// roles) the operation needs; informative, for a token provider that asks for scopes.
    public struct Entry: Hashable, Sendable {
        public var scheme: SecurityScheme
        public var scopes: [String]

        public init(scheme: SecurityScheme, scopes: [String] = []) {
            self.scheme = scheme
            self.scopes = scopes
        }
    }

    /// The schemes in the order the spec lists them.
    public var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    public init(dictionaryLiteral elements: (SecurityScheme, [String])...) {
        entries = elements.map { Entry(scheme: $0.0, scopes: $0.1) }
    }

    /// Whether the requirement names no scheme: calling without credentials is allowed.
    public var isEmpty: Bool { entries.isEmpty }
}
