import Foundation

/// What writing a set of generated files into a directory would change, worked out without
/// writing anything: what `musubi generate --check` reports and what ``OutputWriter`` does.
public struct OutputPlan: Sendable, Equatable {
    public enum Change: String, Sendable, Equatable {
        case create, change, remove
    }

    /// A path relative to the output directory and what would happen to it.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var change: Change

        public init(path: String, change: Change) {
            self.path = path
            self.change = change
        }
    }

    /// Every file that would be created, changed or removed, the manifest included, by path.
    public private(set) var changes: [Entry]
    /// Generated files already on disk with the same content.
    public private(set) var unchanged: [String]
    /// Paths Musubi would have to overwrite although it did not generate what is there: a
    /// user's file with the name of a generated one. Writing stops on them.
    public private(set) var conflicts: [String]

    /// Whether the directory already holds exactly this output.
    public var isUpToDate: Bool { changes.isEmpty && conflicts.isEmpty }

    /// The generated files to write (new or changed), and the manifest when it changes.
    let filesToWrite: [GeneratedFile]
    let manifest: GeneratedFile?
    var pathsToRemove: [String] { changes.filter { $0.change == .remove }.map(\.path) }

    /// Compares `files` with what `directory` holds.
    ///
    /// A file on disk is Musubi's if the directory's manifest lists it or, without a manifest,
    /// if it starts with Musubi's header. Musubi's files that are not generated any more would
    /// be removed; other files are left alone, and a generated file whose path holds one of
    /// them is a conflict.
    public init(files: [GeneratedFile], directory: String) {
        let output = URL(fileURLWithPath: directory).standardizedFileURL.path
        let manifestPath = output + "/" + OutputManifest.fileName
        let previous: Set<String>
        let hasManifest: Bool
        if let data = FileManager.default.contents(atPath: manifestPath) {
            previous = Set(OutputManifest.paths(in: String(decoding: data, as: UTF8.self)))
            hasManifest = true
        } else {
            previous = Self.filesWithGeneratedHeader(below: output)
            hasManifest = false
        }

        var changes: [Entry] = []
        var unchanged: [String] = []
        var conflicts: [String] = []
        var filesToWrite: [GeneratedFile] = []
        for file in files {
            let path = output + "/" + file.path
            switch FileComparison.compare(path, with: file.contents) {
            case .same:
                unchanged.append(file.path)
            case .missing:
                changes.append(Entry(path: file.path, change: .create))
                filesToWrite.append(file)
            case .different(let firstLine):
                let isMusubis =
                    previous.contains(file.path) || firstLine.hasPrefix(OutputManifest.generatedHeaderPrefix)
                if isMusubis {
                    changes.append(Entry(path: file.path, change: .change))
                    filesToWrite.append(file)
                } else {
                    conflicts.append(file.path)
                }
            }
        }
        let generated = Set(files.map(\.path))
        for path in previous.subtracting(generated).sorted()
        where FileComparison.isRegularFile(output + "/" + path) {
            changes.append(Entry(path: path, change: .remove))
        }

        let manifestContents = OutputManifest.contents(listing: files.map(\.path))
        switch FileComparison.compare(manifestPath, with: manifestContents) {
        case .same:
            manifest = nil
        case .missing, .different:
            manifest = GeneratedFile(path: OutputManifest.fileName, contents: manifestContents)
            changes.append(Entry(path: OutputManifest.fileName, change: hasManifest ? .change : .create))
        }
        self.changes = changes.sorted { $0.path < $1.path }
        self.unchanged = unchanged
        self.conflicts = conflicts
        self.filesToWrite = filesToWrite
    }

    /// Swift files below `directory` that start with Musubi's header, relative to it: what an
    /// older Musubi, which wrote no manifest, generated there.
    private static func filesWithGeneratedHeader(below directory: String) -> Set<String> {
        // Hidden folders (`.build`, `.git`) are skipped: they can hold copies of generated
        // clients that are not this output's. So is a folder with a manifest of its own: it is
        // another output (a second client generated into a subfolder).
        let base = URL(fileURLWithPath: directory)
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return [] }
        let prefix = base.standardizedFileURL.resolvingSymlinksInPath().path + "/"
        var found: Set<String> = []
        for case let url as URL in enumerator {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true {
                let manifest = url.appendingPathComponent(OutputManifest.fileName).path
                if FileManager.default.fileExists(atPath: manifest) { enumerator.skipDescendants() }
                continue
            }
            guard url.pathExtension == "swift" else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            guard path.hasPrefix(prefix),
                FileComparison.firstLine(of: path).hasPrefix(OutputManifest.generatedHeaderPrefix)
            else { continue }
            found.insert(String(path.dropFirst(prefix.count)))
        }
        return found
    }
}
