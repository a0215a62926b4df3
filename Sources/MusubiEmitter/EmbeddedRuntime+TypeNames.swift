extension EmbeddedRuntime {
    /// Every type the embedded runtime declares at the top level of a file, public or not.
    ///
    /// With the runtime's sources in the client's own module (`--embed-runtime` without
    /// `--package`), a generated type with one of these names would be a redeclaration, so the
    /// client model must not hand them out. Read from the sources, so it cannot drift from them.
    public static let topLevelTypeNames: Set<String> = {
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        var names: Set<String> = []
        for source in sources.values {
            for line in source.split(separator: "\n") where line.first.map({ !$0.isWhitespace }) ?? false {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
                guard let index = words.firstIndex(where: keywords.contains), index + 1 < words.count else {
                    continue
                }
                // Only attributes and modifiers may come before the keyword.
                let modifiers: Set<Substring> = [
                    "public", "package", "internal", "fileprivate", "private", "final", "indirect",
                ]
                guard words[..<index].allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) }) else { continue }
                names.insert(String(words[index + 1]))
            }
        }
        return names
    }()

    /// The last path component of every embedded source (`Client.swift`), whatever its folder.
    public static let fileNames: Set<String> = Set(
        sources.keys.map { path in path.split(separator: "/").last.map(String.init) ?? path })
}
