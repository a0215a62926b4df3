import MusubiDocument

/// Where each generated file goes, relative to the output directory.
///
/// Requests are grouped by their operation's first tag (`Requests/Pets/ListPets.swift`), as
/// a big API is browsed by tag; operations without a tag stay in `Requests/` itself. Models are
/// in `Models/`, the API file at the top. Unless the user asks for a file per type, related
/// declarations then share a file (``FileGrouping``), which builds faster. Every path depends
/// only on names, never on the order in which declarations are made, so the same spec always
/// gives the same file set. In package mode all of it sits under `Sources/<module>/`.
struct OutputLayout {
    /// `Sources/PetstoreClient/` in package mode, else empty.
    let sourcesDirectory: String
    /// The folder of each tag that names one (`pets` → `Pets`).
    private let tagFolders: [String: String]

    init(operations: [APIOperation], sourcesDirectory: String) {
        self.sourcesDirectory = sourcesDirectory
        // Tags whose folder names differ only in case (`pets`, `Pets`, `PETS` → `Pets`,
        // `PETS`) would be one folder on the default file systems of macOS and Windows but two
        // on Linux; they share the spelling that sorts first, whatever order the spec lists them.
        var spellings: [String: String] = [:]
        var folders: [String: String] = [:]
        for tag in Set(operations.compactMap(\.tags.first)) {
            let folder = Self.folderName(forTag: tag)
            guard !folder.isEmpty else { continue }
            folders[tag] = folder
            let key = folder.lowercased()
            if let current = spellings[key], current <= folder { continue }
            spellings[key] = folder
        }
        tagFolders = folders.mapValues { spellings[$0.lowercased()] ?? $0 }
    }

    /// The tag's words as a type name (`pet store` → `PetStore`); empty when it has none.
    static func folderName(forTag tag: String) -> String {
        Naming.words(tag).map(Naming.capitalized).joined()
    }

    var apiFolder: String { sourcesDirectory }

    func modelFile(_ name: String) -> String { "\(sourcesDirectory)Models/\(name).swift" }

    func requestFile(_ name: String, for operation: APIOperation) -> String {
        guard let tag = operation.tags.first, let folder = tagFolders[tag] else {
            return "\(sourcesDirectory)Requests/\(name).swift"
        }
        return "\(sourcesDirectory)Requests/\(folder)/\(name).swift"
    }

    /// The shared file of each one-type-per-file path of a request or model.
    func groupedFiles(_ paths: [String], reservedFileNames: Set<String>) -> [String: String] {
        let tagFolders = Set(tagFolders.values.map { "\(sourcesDirectory)Requests/\($0)/" })
        return FileGrouping.groupedPaths(
            paths, requestsFolder: "\(sourcesDirectory)Requests/", requestTagFolders: tagFolders,
            reservedFileNames: reservedFileNames)
    }
}
