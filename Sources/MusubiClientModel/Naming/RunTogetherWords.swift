import Foundation

/// Splits words an operation ID runs together (OpenAI's `Getprojectspendlimit`) at the words
/// its summary (or, without one, its description) uses ("Get a project's hard spend limit."): `get`, `project`,
/// `spend`, `limit`. Only long words are split, and only when every part is a word the text
/// uses (or its stem: `creates` gives `create`, `project's` gives `project`) or a verb
/// operations start with, so an ID of ordinary words keeps them.
enum RunTogetherWords {
    /// Words shorter than this are left as they are: ordinary words are, and those that run
    /// several together are longer.
    static let minimumLength = 15
    /// Longer words are left too: splitting costs the square of the length.
    static let maximumLength = 64
    /// How much of the text gives words: a summary's first sentences, not a whole description.
    static let maximumTextLength = 400

    /// Verbs operation IDs start with, which a summary may word differently.
    static let verbs: Set<String> = ["get", "list", "create", "update", "delete", "retrieve", "set", "add", "remove"]

    /// `words` with each long one split into the words of `text`; nil when none is.
    static func split(_ words: [String], using text: String) -> [String]? {
        guard words.contains(where: { $0.count >= minimumLength && $0.count <= maximumLength }) else { return nil }
        let vocabulary = self.vocabulary(of: text)
        // The whole ID first: a run of words can be cut at a wrong case change
        // (`CreateanAPIkey…` reads as `createan`, `ap`, `ikey…`).
        let whole = words.joined()
        if whole.count <= maximumLength, let parts = segments(of: whole, in: vocabulary), parts.count > words.count {
            return parts
        }
        var result: [String] = []
        var changed = false
        for word in words {
            if word.count >= minimumLength, word.count <= maximumLength, let parts = segments(of: word, in: vocabulary)
            {
                result += parts
                changed = changed || parts.count > 1
            } else {
                result.append(word)
            }
        }
        return changed ? result : nil
    }

    /// The lowercased words of `text` and their stems, with ``verbs``, as bytes.
    static func vocabulary(of text: String) -> Set<ArraySlice<UInt8>> {
        var vocabulary = Set(verbs.map { Array($0.utf8)[...] })
        for word in Naming.words(String(text.prefix(maximumTextLength))) where word.utf8.count <= maximumPartLength {
            vocabulary.insert(Array(word.utf8)[...])
            for suffix in ["s", "es", "d", "ed"] where word.count > suffix.count + 2 && word.hasSuffix(suffix) {
                vocabulary.insert(Array(word.dropLast(suffix.count).utf8)[...])
            }
        }
        return vocabulary
    }

    /// The longest word of the text a part can be: longer ones are not looked for, so that
    /// splitting a word costs its length times this, not its length squared.
    static let maximumPartLength = 24

    /// `word` as the fewest words of `vocabulary`, in order; nil when it is not made of them.
    static func segments(of word: String, in vocabulary: Set<ArraySlice<UInt8>>) -> [String]? {
        let letters = Array(word.utf8)
        // best[i]: the fewest words making up letters[0..<i], and where the last one starts.
        var best: [(count: Int, start: Int)?] = Array(repeating: nil, count: letters.count + 1)
        best[0] = (0, 0)
        for end in 1...letters.count {
            for start in max(0, end - maximumPartLength)..<end {
                guard let before = best[start], vocabulary.contains(letters[start..<end]) else { continue }
                if best[end] == nil || before.count + 1 < best[end]!.count { best[end] = (before.count + 1, start) }
            }
        }
        guard best[letters.count] != nil else { return nil }
        var parts: [String] = []
        var end = letters.count
        while end > 0, let step = best[end] {
            parts.append(String(decoding: letters[step.start..<end], as: UTF8.self))
            end = step.start
        }
        return parts.reversed()
    }
}
