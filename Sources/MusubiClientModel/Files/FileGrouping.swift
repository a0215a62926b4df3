/// Puts related declarations into shared files, named after what they have in common.
///
/// A debug build compiles a module in batches of at most 25 files, and every batch parses the
/// whole module and re-checks every declaration its files use: with one file per type, the
/// GitHub client's 1,882 files made 77 compiler jobs. Grouped, the same code is 215 files and
/// 10 jobs, and its clean debug build went from 73 s to 58–59 s on two cores
/// (`Benchmarks/compile-shape-notes.md`).
///
/// The groups are meant to be browsed: types are grouped by the leading words of their names
/// (`ReleaseAsset` and `ReleaseAssetState` in `Models/Release.swift`), a group that would hold
/// more than ``limit`` types splits by one more word (`Post` → `PostCustomers`,
/// `PostInvoices`), and a tag's requests share one file (`Requests/IssuesRequests.swift`) unless they
/// are too many, when they split the same way in the tag's folder. Every file name follows
/// from the names alone, so the same spec always gives the same files.
enum FileGrouping {
    /// The most declarations a group holds before it splits by one more word of their names:
    /// small enough that a file stays a readable size and the compiler's batches stay
    /// balanced, large enough that a big API is a couple of hundred files.
    static let limit = 40
    /// The fewest declarations a split-off group takes; smaller ones stay in the group they
    /// came from.
    static let minimumSplit = 4

    /// The shared file of each one-type-per-file path in `paths` (`Models/ReleaseAsset.swift` →
    /// `Models/Release.swift`). Paths are grouped within their folder; the requests of a tag
    /// folder become one file beside it when they fit in one group. Files of requests end in
    /// `Requests` (`Requests/IssuesRequests.swift`): SwiftPM needs every file name of a module
    /// to be unique, and models are named after the same words. A file name in
    /// `reservedFileNames`, or one taken already, is a tag folder's group with the tag's name
    /// before it, or gets `Models` (or `Requests`) added again.
    static func groupedPaths(
        _ paths: [String], requestsFolder: String, requestTagFolders: Set<String>, reservedFileNames: Set<String>
    ) -> [String: String] {
        var byFolder: [String: [String]] = [:]
        for path in paths {
            byFolder[folder(of: path), default: []].append(path)
        }
        var result: [String: String] = [:]
        var taken = Set(reservedFileNames.map { $0.lowercased() })
        // Requests first, tag folders before the rest, so names do not depend on what else
        // the spec declares more than they must.
        func rank(_ folder: String) -> Int {
            requestTagFolders.contains(folder) ? 0 : folder.hasPrefix(requestsFolder) ? 1 : 2
        }
        for folder in byFolder.keys.sorted(by: { (rank($0), $0) < (rank($1), $1) }) {
            let members = byFolder[folder]!
            let suffix = folder.hasPrefix(requestsFolder) ? "Requests" : "Models"
            // A group of a tag's folder whose name another file has takes the tag's name
            // first (`Requests/Card/CardAddRequests.swift` beside `Requests/Board/AddRequests.swift`).
            let owner =
                folder.hasPrefix(requestsFolder) && folder != requestsFolder
                ? lastComponent(of: String(folder.dropLast())) : ""
            func claim(_ location: String, _ stem: String, suffixed: Bool) -> String {
                var stem = suffixed ? stem + suffix : stem
                if taken.contains(stem.lowercased() + ".swift"), !owner.isEmpty, !stem.hasPrefix(owner) {
                    stem = owner + stem
                }
                while taken.contains(stem.lowercased() + ".swift") { stem += suffix }
                taken.insert(stem.lowercased() + ".swift")
                return location + stem + ".swift"
            }
            if requestTagFolders.contains(folder), members.count <= limit {
                // `Requests/Pets/` → `Requests/PetsRequests.swift`.
                let tagFolder = String(folder.dropLast())
                let file = claim(Self.folder(of: tagFolder), lastComponent(of: tagFolder), suffixed: true)
                for path in members { result[path] = file }
                continue
            }
            let names = members.map(typeName(of:))
            let stems = groupStems(names)
            var files: [String: String] = [:]
            for stem in Set(stems.values).sorted() {
                files[stem] = claim(folder, stem, suffixed: suffix == "Requests")
            }
            for (path, name) in zip(members, names) {
                result[path] = files[stems[name]!]!
            }
        }
        return result
    }

    /// Each name's group: the shortest run of its leading words that no more than ``limit``
    /// names share. Groups whose stems differ only in case are one group, as they would be one
    /// file on the default file systems of macOS and Windows.
    static func groupStems(_ names: [String]) -> [String: String] {
        var stems: [String: String] = [:]
        assign(names.map { Entry(name: $0, ends: wordEnds(of: $0)) }, depth: 1, to: &stems)
        // One spelling per case-insensitive stem: the one that sorts first.
        var spelling: [String: String] = [:]
        for stem in stems.values {
            let key = stem.lowercased()
            if let current = spelling[key], current <= stem { continue }
            spelling[key] = stem
        }
        // A type alone in its group keeps its own name: `NewPet.swift`, not `New.swift`.
        var sizes: [String: Int] = [:]
        for stem in stems.values { sizes[stem.lowercased(), default: 0] += 1 }
        return Dictionary(
            uniqueKeysWithValues: stems.map { name, stem in
                (name, sizes[stem.lowercased()] == 1 ? name : spelling[stem.lowercased()]!)
            })
    }

    private static func assign(_ names: [Entry], depth: Int, to stems: inout [String: String]) {
        for members in Dictionary(grouping: names, by: { $0.stem(depth).lowercased() }).values {
            let stem = members.map { $0.stem(depth) }.min()!
            guard members.count > limit, members.contains(where: { $0.ends.count > depth }) else {
                for member in members { stems[member.name] = stem }
                continue
            }
            // Split by the next word; the names that have no next word, and the small groups
            // a split would make, stay in this group, so a split does not leave a trail of
            // files holding a type or two.
            for group in Dictionary(grouping: members, by: { $0.stem(depth + 1).lowercased() }).values {
                if group.count >= minimumSplit, group.contains(where: { $0.ends.count > depth }) {
                    assign(group, depth: depth + 1, to: &stems)
                } else {
                    for member in group { stems[member.name] = stem }
                }
            }
        }
    }

    /// A name and where its words end.
    private struct Entry {
        var name: String
        var ends: [String.Index]

        /// The first `depth` words, or the whole name when it has no more.
        func stem(_ depth: Int) -> String {
            ends.count > depth ? String(name[..<ends[depth - 1]]) : name
        }
    }

    /// Where each word of a type name ends (`URLSessionTask` → after `URL`, `Session`, `Task`),
    /// by the rules that made the name from the spec's words (``Naming/words(_:)``). A name
    /// that is not ASCII (only a user's override can be) is one word.
    static func wordEnds(of name: String) -> [String.Index] {
        let bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return [name.endIndex] }
        let ends = Naming.asciiWordRanges(bytes).map { name.utf8.index(name.startIndex, offsetBy: $0.upperBound) }
        return ends.isEmpty ? [name.endIndex] : ends
    }

    // Paths are cut at their last `/` byte: a search by `Character` walks grapheme clusters,
    // which for thousands of paths showed up in profiles.
    private static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[...slash])
    }

    private static func lastComponent(of path: String) -> String {
        String(path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? path[...])
    }

    private static func typeName(of path: String) -> String {
        let file = lastComponent(of: path)
        return String(file[..<file.utf8.index(file.endIndex, offsetBy: -".swift".utf8.count)])
    }
}
