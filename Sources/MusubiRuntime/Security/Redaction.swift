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
    static let alwaysSecretHeaders = Set(
        (HTTPRequest.standardCredentialHeaderNames + ["Set-Cookie"]).map { $0.lowercased() })

    /// The headers as `name: value` pairs, in order, secrets replaced.
    public static func headers(_ headers: HTTPHeaders, credentialNames: Set<String> = []) -> [(
        name: String, value: String
    )] {
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
            let name =
                pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let decoded = name.removingPercentEncoding ?? name
            return credentialQueryNames.contains(decoded) ? "\(name)=\(placeholder)" : String(pair)
        }
        return text[...questionMark] + pairs.joined(separator: "&") + fragment
    }

    /// `text` with every secret the request carries replaced: for text made elsewhere that may
    /// quote the request, such as a `URLError`'s description, which holds the whole URL.
    ///
    /// The secrets are the values of the redacted headers and query parameters, as sent and
    /// percent-decoded, and the parts of composite values (the token of `Bearer <token>`, each
    /// cookie's value).
    public static func scrub(_ text: String, secretsOf request: HTTPRequest) -> String {
        var secrets: Set<String> = []
        let secretHeaders = Set(request.credentialHeaderNames.map { $0.lowercased() }).union(alwaysSecretHeaders)
        for field in request.headers where secretHeaders.contains(field.name.lowercased()) {
            secrets.insert(field.value)
            let separators: Set<Character> = [" ", ";", ",", "="]
            for part in field.value.split(whereSeparator: { separators.contains($0) }) where part.count >= 8 {
                secrets.insert(String(part))
            }
        }
        if !request.credentialQueryNames.isEmpty, let query = request.url.query {
            for pair in query.split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, request.credentialQueryNames.contains(parts[0].removingPercentEncoding ?? "")
                else { continue }
                secrets.insert(String(parts[1]))
                if let decoded = parts[1].removingPercentEncoding { secrets.insert(decoded) }
            }
        }
        var result = text
        // Longest first, so a value is replaced whole before a part of it.
        for secret in secrets.filter({ !$0.isEmpty }).sorted(by: { $0.count > $1.count }) {
            result = result.replacingOccurrences(of: secret, with: placeholder)
        }
        return result
    }
}
