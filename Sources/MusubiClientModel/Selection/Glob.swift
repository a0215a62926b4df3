/// A shell-style wildcard pattern: `*` matches any run of characters (`/` included, so
/// `/repos/*/issues` matches `/repos/{owner}/{repo}/issues`), `?` exactly one, anything else
/// itself. Matching is case-sensitive and covers the whole text.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let scalars: [Unicode.Scalar]

    public init(_ pattern: String) {
        self.pattern = pattern
        scalars = Array(pattern.unicodeScalars)
    }

    public var description: String { pattern }

    /// The longest pattern a configuration file may hold: matching takes time up to the
    /// pattern's length times the text's, and both may come with a spec.
    public static let maximumLength = 256

    /// Whether the whole of `text` matches. Linear backtracking to the last `*` only, so a
    /// pattern with many stars cannot take exponential time.
    public func matches(_ text: String) -> Bool {
        let text = Array(text.unicodeScalars)
        var patternIndex = 0
        var textIndex = 0
        var lastStar: Int?
        var textAtLastStar = 0
        while textIndex < text.count {
            if patternIndex < scalars.count, scalars[patternIndex] == "*" {
                lastStar = patternIndex
                textAtLastStar = textIndex
                patternIndex += 1
            } else if patternIndex < scalars.count,
                scalars[patternIndex] == "?" || scalars[patternIndex] == text[textIndex]
            {
                patternIndex += 1
                textIndex += 1
            } else if let star = lastStar {
                // Let the last star swallow one more character and try again from there.
                patternIndex = star + 1
                textAtLastStar += 1
                textIndex = textAtLastStar
            } else {
                return false
            }
        }
        while patternIndex < scalars.count, scalars[patternIndex] == "*" { patternIndex += 1 }
        return patternIndex == scalars.count
    }
}
