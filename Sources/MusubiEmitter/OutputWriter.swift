import Foundation

/// Puts generated files into the output directory without ever leaving it half-written.
///
/// Files are first written to a temporary directory beside the output, then moved into
/// place; a failure before the move leaves the output as it was. A file whose content is
/// unchanged is not touched, so its timestamp stays and incremental builds stay incremental.
/// Files Musubi generated before and does not generate any more are removed, with the folders
/// that removing them leaves empty; files it did not generate are never touched (see
/// ``OutputPlan`` for how it tells them apart).
public enum OutputWriter {
    public struct Summary: Sendable, Equatable {
        public var written: [String]
        public var unchanged: [String]
        public var removed: [String] = []
    }

    /// Generated files would overwrite files Musubi did not write; nothing was written.
    public struct Conflict: Error, Sendable, Equatable {
        /// Relative to the output directory.
        public var paths: [String]

        public init(paths: [String]) { self.paths = paths }
    }

    public static func write(_ files: [GeneratedFile], to directory: String) throws -> Summary {
        let plan = OutputPlan(files: files, directory: directory)
        guard plan.conflicts.isEmpty else { throw Conflict(paths: plan.conflicts) }
        return try apply(plan, to: directory)
    }

    /// Carries out a plan made for `directory`.
    public static func apply(_ plan: OutputPlan, to directory: String) throws -> Summary {
        let fileManager = FileManager.default
        let outputURL = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = outputURL.deletingLastPathComponent().path
        let output = outputURL.path
        var summary = Summary(written: [], unchanged: plan.unchanged)
        let files = plan.filesToWrite + (plan.manifest.map { [$0] } ?? [])
        guard !files.isEmpty || !plan.pathsToRemove.isEmpty else { return summary }
        try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        let staging = parent + "/.musubi-staging-\(UUID().uuidString)"
        try fileManager.createDirectory(atPath: staging, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(atPath: staging) }

        // Paths are joined as strings: `URL` path arithmetic, thousands of times, was a
        // noticeable part of generating a big spec.
        var createdDirectories: Set<String> = []
        func createDirectory(containing path: String) throws {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
            let directory = String(path[..<slash])
            if createdDirectories.insert(directory).inserted {
                try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        }
        func moveIntoPlace(_ file: GeneratedFile) throws {
            let target = output + "/" + file.path
            try createDirectory(containing: target)
            // rename(2) replaces an existing file atomically: a reader sees the old or the
            // new file, never a partial one.
            guard rename(staging + "/" + file.path, target) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
            }
        }

        for file in files {
            let staged = staging + "/" + file.path
            try createDirectory(containing: staged)
            try FileComparison.writeWithoutSync(file.contents, to: staged)
        }
        for file in plan.filesToWrite {
            try moveIntoPlace(file)
            summary.written.append(file.path)
        }
        for path in plan.pathsToRemove where path != OutputManifest.fileName {
            guard unlink(output + "/" + path) == 0 else { continue }
            summary.removed.append(path)
            removeEmptyFolders(containing: path, in: output)
        }
        // The manifest goes last: should the run stop halfway, the old manifest still lists
        // the files to remove, and new files are recognised by their header.
        if let manifest = plan.manifest { try moveIntoPlace(manifest) }
        return summary
    }

    /// Removes the folders of `path` that are now empty, innermost first, up to but not
    /// including the output directory. `rmdir(2)` only removes an empty folder, so a folder
    /// holding anything else, the user's files included, stays.
    private static func removeEmptyFolders(containing path: String, in output: String) {
        var components = path.split(separator: "/").dropLast()
        while !components.isEmpty {
            guard rmdir(output + "/" + components.joined(separator: "/")) == 0 else { return }
            components.removeLast()
        }
    }
}
