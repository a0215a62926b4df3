/// Where chains of type aliases end.
///
/// A spec can make any number of schemas that only refer to the next one, so a chain of
/// aliases is as long as the spec likes and may come back on itself. Questions about the
/// finished declarations are answered here, by walking each chain once and without recursion: a
/// long chain costs its length, not its length squared, and never the call stack. While types
/// are still being declared, `TypeCatalog.end(ofAliases:)` answers the same way for one type at
/// a time, remembering each chain's end as it grows.
enum AliasChains {
    /// For each alias of `aliases` (a name and the name it stands for), the name its chain ends
    /// at: the first name on it that `isEnd` accepts or that is no alias. An alias whose chain
    /// comes back on itself before such a name has no entry.
    static func ends(of aliases: [String: String], where isEnd: (String) -> Bool) -> [String: String] {
        var ends: [String: String] = [:]
        var walked: Set<String> = []
        for alias in aliases.keys.sorted() where !walked.contains(alias) {
            var path: [String] = []
            var onPath: Set<String> = []
            var name = alias
            var end: String?
            while true {
                if walked.contains(name) {
                    end = ends[name]
                    break
                }
                guard !isEnd(name), let next = aliases[name] else {
                    end = name
                    break
                }
                guard onPath.insert(name).inserted else { break }
                path.append(name)
                name = next
            }
            for step in path {
                walked.insert(step)
                ends[step] = end
            }
        }
        return ends
    }
}
