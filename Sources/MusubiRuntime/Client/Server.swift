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

    /// A server from a URL literal, or one a generated server function made from its
    /// variables' values.
    ///
    /// Characters a URL cannot hold (spaces, quotes, braces, letters outside ASCII: a spec's
    /// server URL or a variable's value may have any) are percent-encoded, as a browser would,
    /// rather than making the server unusable.
    ///
    /// - Precondition: `url` starts with a scheme (`https:`). Generated code passes only URLs
    ///   the spec gives with one.
    public init(_ url: String) {
        let parsed = URL(string: url) ?? URL(string: Self.percentEncodingWhatURLsCannotHold(url))
        guard let parsed, parsed.scheme != nil else {
            preconditionFailure("Server URL \"\(url)\" is not a valid absolute URL")
        }
        self.url = parsed
    }

    /// Characters a URL may hold as they are (RFC 3986's unreserved and reserved ones) and `%`.
    private static let urlCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")

    private static func percentEncodingWhatURLsCannotHold(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: urlCharacters) ?? url
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
