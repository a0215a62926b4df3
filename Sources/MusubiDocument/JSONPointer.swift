import Foundation
import MusubiReader

/// A JSON Pointer (RFC 6901) as used in a `$ref` fragment: `#/components/schemas/Pet`.
struct JSONPointer: Hashable, Sendable {
    /// The unescaped reference tokens.
    var tokens: [String]

    /// Parses the fragment part of a reference (`#/a/b~1c`). Tokens are percent-decoded
    /// first, as the fragment is a URI fragment, then `~1` → `/` and `~0` → `~`, in that
    /// order so that `~01` stays `~1`.
    init?(fragment: String) {
        guard fragment.hasPrefix("#") else { return nil }
        let body = fragment.dropFirst()
        if body.isEmpty {
            tokens = []
            return
        }
        guard body.hasPrefix("/") else { return nil }
        tokens = body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { raw in
            let decoded = String(raw).removingPercentEncoding ?? String(raw)
            return decoded.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// The node the pointer designates inside `root`, or nil when a token does not match.
    func resolve(in root: Node) -> Node? {
        var current = root
        for token in tokens {
            switch current.value {
            case .mapping(let mapping):
                guard let next = mapping[token] else { return nil }
                current = next
            case .sequence(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
