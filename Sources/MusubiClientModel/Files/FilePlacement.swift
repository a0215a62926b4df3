import MusubiDocument

/// Where each generated file goes, relative to the output directory.
///
/// Requests are grouped by their operation's first tag (`Requests/Pets/ListPets.swift`), as
/// a big API is browsed by tag; operations without a tag stay in `Requests/` itself. Models are
/// in `Models/`, the API file at the top. Unless the user asks for a file per type, related
/// declarations then share a file (``FileGrouping``), which builds faster. Every path depends
/// only on names, never on the order in which declarations are made, so the same spec always
/// gives the same file set. In package mode all of it sits under `Sources/<module>/`.
struct FilePlacement {
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

    /// The files step: the types and requests with the files they go in. Unless every type
    /// gets a file of its own (`filePerType`), related ones share a file (``FileGrouping``);
    /// then names too long for a file system are shortened (``fittedPath(_:)``). Type names
    /// stay as they are: only the files are named after them.
    ///
    /// - Parameter reservedFileNames: File names no generated file may take (SwiftPM needs the
    ///   file names of a module to differ): the API file's and, when the runtime's sources are
    ///   copied in, theirs.
    func place(
        _ types: [TypeDeclaration], _ requests: [RequestDecision], filePerType: Bool,
        reservedFileNames: Set<String>
    ) -> (types: [TypeDeclaration], requests: [RequestDecision]) {
        var types = types
        var requests = requests
        if !filePerType {
            let grouped = groupedFiles(
                types.map(\.fileName) + requests.map(\.fileName), reservedFileNames: reservedFileNames)
            for index in types.indices { types[index].fileName = grouped[types[index].fileName]! }
            for index in requests.indices { requests[index].fileName = grouped[requests[index].fileName]! }
        }
        for index in types.indices { types[index].fileName = Self.fittedPath(types[index].fileName) }
        for index in requests.indices { requests[index].fileName = Self.fittedPath(requests[index].fileName) }
        return (types, requests)
    }

    /// The longest file or folder name written, in UTF-8 bytes. File systems allow 255; the
    /// rest is left for the names the build derives from a source file's (`Pet.swift.o`,
    /// `Pet.swiftdeps`) and for tools that add a suffix.
    static let maximumNameLength = 200

    /// `path` with each file or folder name longer than ``maximumNameLength`` shortened by
    /// ``fittedName(_:)``, and each that Windows keeps for a device given a `_`
    /// (``portableName(_:)``).
    static func fittedPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false)
            .map { portableName(fittedName(String($0))) }.joined(separator: "/")
    }

    /// The names Windows keeps for devices, in upper case: a file or folder named so, in any
    /// case and with any extension (`Con.swift`, `Requests/Aux/`), cannot be created there, and
    /// Git for Windows refuses to check one out. Schemas and tags may be named anything.
    static let deviceNames: Set<String> = {
        var names: Set<String> = ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
        for digit in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"] {
            names.insert("COM" + digit)
            names.insert("LPT" + digit)
        }
        return names
    }()

    /// `name`, or with `_` after its stem when the stem is a Windows device name
    /// (``deviceNames``): `Con.swift` → `Con_.swift`, `Aux` → `Aux_`. Only file names change;
    /// the types keep their names.
    static func portableName(_ name: String) -> String {
        let stem = name.prefix { $0 != "." }
        guard deviceNames.contains(stem.uppercased()) else { return name }
        return stem + "_" + name.dropFirst(stem.count)
    }

    /// A name too long for a file system (a schema name, tag or operation ID of hundreds of
    /// characters, or deep inline nesting) as its first words, `_` and a hash of the whole
    /// name, keeping its `.swift`: the same name always gives the same file, and two long names
    /// that start alike still differ. The hash is hexadecimal in lower case, so names that
    /// differed in case only after the cut still differ on a file system that ignores case.
    static func fittedName(_ name: String) -> String {
        guard name.utf8.count > maximumNameLength else { return name }
        let fileExtension = name.hasSuffix(".swift") ? ".swift" : ""
        let hash = String(stableHash(name), radix: 16)
        let digest = String(repeating: "0", count: 16 - hash.count) + hash
        let budget = maximumNameLength - fileExtension.utf8.count - 1 - digest.utf8.count
        var prefix = ""
        var length = 0
        for character in name.dropLast(fileExtension.count) {
            let size = character.utf8.count
            guard length + size <= budget else { break }
            prefix.append(character)
            length += size
        }
        return prefix + "_" + digest + fileExtension
    }

    /// 64-bit FNV-1a of the name's UTF-8 bytes: the same on every machine and every run,
    /// which Swift's `Hasher` is not.
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
