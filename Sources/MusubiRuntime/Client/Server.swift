import Foundation

/// A base URL an API is served from, as listed in the spec's `servers`.
///
/// Each generated client adds one static member, named after its API (`Server.petstore`), whose
/// value has a member per listed server, so choosing one reads
/// `Client(server: .petstore.production)`. Two clients in one file never clash, even when both
/// list a `production` server: `.petstore.production` and `.github.production` differ.
public struct Server: Hashable, Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// A server from a URL literal.
    ///
    /// - Precondition: `url` is a valid absolute URL. Generated code passes only literals copied
    ///   from the spec, so an invalid one is a bug to surface at once, not a runtime condition.
    public init(_ url: String) {
        guard let parsed = URL(string: url), parsed.scheme != nil else {
            preconditionFailure("Server URL \"\(url)\" is not a valid absolute URL")
        }
        self.url = parsed
    }

    /// A server the spec gives as a path only (`/v2`): the API is at that path on `origin`,
    /// which the spec leaves to the caller (`https://example.com` → `https://example.com/v2`).
    public init(path: String, on origin: URL) {
        var url = origin
        for segment in path.split(separator: "/") {
            url.appendPathComponent(String(segment))
        }
        self.url = url
    }
}
