import Foundation

extension HTTPRequest {
    /// Headers that carry credentials on every request, whatever the API: dropped on a
    /// redirect to another origin together with `credentialHeaderNames`.
    public static let standardCredentialHeaderNames: [String] = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// The headers a transport must remove before following a redirect to `target`: none when
    /// `target` has the same origin as this request's URL, else every credential header.
    ///
    /// A server may redirect anywhere, and a token meant for `api.example.com` must not be
    /// handed to the host it points at. Origins compare scheme, host and port (a missing port
    /// is the scheme's default), as browsers do since the Fetch standard.
    public func headersToRemove(forRedirectTo target: URL) -> [String] {
        guard !Self.haveSameOrigin(url, target) else { return [] }
        return Self.standardCredentialHeaderNames + credentialHeaderNames.sorted()
    }

    static func haveSameOrigin(_ a: URL, _ b: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int?) {
            let scheme = url.scheme?.lowercased() ?? ""
            let defaultPort: Int? = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
            return (scheme, url.host?.lowercased() ?? "", url.port ?? defaultPort)
        }
        return origin(a) == origin(b)
    }
}
