import Foundation

/// Text of requests and responses with their secrets replaced, for logs and error reports.
///
/// What counts as a secret: the headers a request marks in `credentialHeaderNames`, plus
/// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` always (whoever set them),
/// and the query parameters in `credentialQueryNames` (API keys in the query).
public enum Redaction {
    /// What a secret value is printed as.
    public static let placeholder = "<redacted>"

    /// Header names redacted on every request and response, lower-cased.
    static let alwaysSecretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// The headers as `name: value` pairs, in order, secrets replaced.
    public static func headers(_ headers: HTTPHeaders, credentialNames: Set<String> = []) -> [(name: String, value: String)] {
        let secret = Set(credentialNames.map { $0.lowercased() }).union(alwaysSecretHeaders)
        return headers.map { field in
            (field.name, secret.contains(field.name.lowercased()) ? placeholder : field.value)
        }
    }

    /// The URL as text with the values of the named query parameters replaced.
    public static func url(_ url: URL, credentialQueryNames: Set<String>) -> String {
        let text = url.absoluteString
        guard !credentialQueryNames.isEmpty, let questionMark = text.firstIndex(of: "?") else { return text }
        var query = String(text[text.index(after: questionMark)...])
        var fragment = ""
        if let hash = query.firstIndex(of: "#") {
            fragment = String(query[hash...])
            query = String(query[..<hash])
        }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let decoded = name.removingPercentEncoding ?? name
            return credentialQueryNames.contains(decoded) ? "\(name)=\(placeholder)" : String(pair)
        }
        return text[...questionMark] + pairs.joined(separator: "&") + fragment
    }
}
