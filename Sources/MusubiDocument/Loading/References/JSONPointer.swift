import Foundation
import MusubiReader

/// A JSON Pointer (RFC 6901) as used in a `$ref` fragment: `#/components/schemas/Pet`.
struct JSONPointer: Hashable, Sendable {
    /// The unescaped reference tokens.
    var tokens: [String]

    init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses the fragment part of a reference (`#/a/b~1c`). The fragment is percent-decoded
    /// first, as it is a URI fragment (RFC 6901 §6), which gives the pointer; the pointer is
    /// split at `/` and each token unescaped, `~1` → `/` then `~0` → `~`, in that order so
    /// that `~01` stays `~1`. A slash inside a key is therefore `~1`, never `%2F`.
    init?(fragment: String) {
        guard fragment.hasPrefix("#") else { return nil }
        let encoded = String(fragment.dropFirst())
        // Most pointers have nothing to decode or unescape; Foundation's string searches
        // are then skipped, which matters for the thousands of `$ref`s of a big spec.
        let body = encoded.utf8.contains(UInt8(ascii: "%")) ? encoded.removingPercentEncoding ?? encoded : encoded
        // Escapes decode to text no reader checked: a long run of combining marks costs time
        // quadratic in its length to compare and hash, as a key would (see `StreamSafeText`).
        guard StreamSafeText.isStreamSafe(body) else { return nil }
        if body.isEmpty {
            tokens = []
            return
        }
        guard body.hasPrefix("/") else { return nil }
        tokens = body.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { raw in
            guard raw.utf8.contains(UInt8(ascii: "~")) else { return String(raw) }
            return raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
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

    /// The pointer a slip in escaping meant, when the pointer itself designates nothing: a key
    /// with a `/` written as is (`#/paths//pets/get`, `#/components/schemas/a%2Fb` for the key
    /// `a/b`, which should be `~1`) is found by joining a token with the next ones, up to
    /// ``maximumJoinedTokens``; nil when that finds nothing either.
    func joiningSlashedKeys(in root: Node) -> (pointer: JSONPointer, node: Node)? {
        var current = root
        var meant: [String] = []
        var index = 0
        while index < tokens.count {
            switch current.value {
            case .mapping(let mapping):
                var joined = tokens[index]
                var taken = 1
                while mapping[joined] == nil, taken < Self.maximumJoinedTokens, index + taken < tokens.count {
                    joined += "/" + tokens[index + taken]
                    taken += 1
                }
                guard let next = mapping[joined] else { return nil }
                meant.append(joined)
                current = next
                index += taken
            case .sequence(let items):
                guard let position = Int(tokens[index]), items.indices.contains(position) else { return nil }
                meant.append(tokens[index])
                current = items[position]
                index += 1
            default:
                return nil
            }
        }
        return meant == tokens ? nil : (JSONPointer(tokens: meant), current)
    }

    /// Tokens joined into one key at most by ``joiningSlashedKeys(in:)``.
    static let maximumJoinedTokens = 8

    /// The pointer as a fragment (`#/a/b~1c`), escaped so that it parses back to the same
    /// tokens; two spellings of one pointer give one text, which makes it a cache key.
    var fragment: String {
        "#"
            + tokens.map { token in
                "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
            }.joined()
    }

    /// Whether the pointer starts with `prefix`.
    func hasPrefix(_ prefix: [String]) -> Bool {
        tokens.count >= prefix.count && Array(tokens[..<prefix.count]) == prefix
    }
}

extension JSONPointer {
    /// The last token of the pointer a `$ref` node names (`NotFound` of
    /// `#/components/responses/NotFound`): the shared component's name; nil when the node
    /// is no reference.
    static func componentName(referencedBy node: Node) -> String? {
        guard let text = node["$ref"]?.string, let hash = text.firstIndex(of: "#") else { return nil }
        return JSONPointer(fragment: String(text[hash...]))?.tokens.last
    }
}
