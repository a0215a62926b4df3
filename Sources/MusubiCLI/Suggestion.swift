/// "Did you mean …?" for a misspelt name: the closest candidate by edit distance, when it is
/// close enough to be the likely intent.
enum Suggestion {
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        // At most a third of the word wrong: `outptu` → `output`, but `x` is no `spec`.
        return best.distance <= max(1, word.count / 3) ? best.candidate : nil
    }

    /// Levenshtein distance, with a transposition counting as one edit (`outptu`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            let beforePrevious = previousRow
            previousRow = row
            row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    row[j] = min(row[j], beforePrevious[j - 2] + 1)
                }
            }
        }
        return row[b.count]
    }
}
