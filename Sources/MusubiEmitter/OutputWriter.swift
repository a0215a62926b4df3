import Foundation

/// Puts generated files into the output directory: all of them or, on any failure, none.
///
/// Files are first written to a staging folder inside the output (so every move is a
/// `rename(2)` on one file system), then moved into place; each file they replace or remove
/// is kept in the staging folder until every move succeeded, and put back if one fails. A
/// file whose content is unchanged is not touched, so its timestamp stays and incremental
/// builds stay incremental. Files Musubi generated before and does not generate any more are
/// removed, with the folders that removing them leaves empty; files it did not generate are
/// never touched (see ``OutputPlan`` for how it tells them apart). No symbolic link inside the
/// output is followed, written through or replaced.
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

    /// The prefix of the staging folders, each followed by a random UUID.
    static let stagingPrefix = ".musubi-staging-"
    /// The file in each staging folder that says it is Musubi's: a stale staging folder is
    /// removed only when it has one.
    static let stagingMarker = "musubi-staging"
    private static let stagingMarkerText = "A folder musubi writes files into before moving them into place.\n"

    /// How long a run waits for another run writing the same output, in seconds.
    public static let defaultLockTimeout: Double = 120

    /// Locks `directory` (creating it), plans, and writes `files` into it.
    public static func write(
        _ files: [GeneratedFile], to directory: String, lockTimeout: Double = defaultLockTimeout
    ) throws -> Summary {
        let output = try prepare(directory)
        let lock = try OutputLock.acquire(output.path, timeout: lockTimeout)
        defer { lock.release() }
        let plan = OutputPlan(files: files, directory: directory)
        guard plan.conflicts.isEmpty else {
            output.removeIfCreated()
            throw Conflict(paths: plan.conflicts)
        }
        do {
            return try apply(plan, to: directory)
        } catch {
            output.removeIfCreated()
            throw error
        }
    }

    /// The output directory, created with the folders above it that were missing.
    public struct PreparedDirectory: Sendable {
        /// Absolute, standardized.
        public var path: String
        /// The folders this created, innermost first.
        var created: [String]

        /// Removes the folders ``OutputWriter/prepare(_:)`` created, when they are still
        /// empty: a run that wrote nothing leaves no empty output behind.
        public func removeIfCreated() {
            for folder in created where rmdir(folder) != 0 { return }
        }
    }

    /// Checks that `directory` can be an output directory and creates it: an existing path
    /// must be a directory (or a link to one, which the user named); `/dev/null` or a file is
    /// an error that says so.
    public static func prepare(_ directory: String) throws(OutputError) -> PreparedDirectory {
        let path = URL(fileURLWithPath: directory).standardizedFileURL.path
        try checkIsDirectoryIfPresent(path, shown: directory)
        var missing: [String] = []
        var folder = path
        while !folder.isEmpty, folder != "/", !exists(folder) {
            missing.append(folder)
            folder = (folder as NSString).deletingLastPathComponent
        }
        for created in missing.reversed() where mkdir(created, 0o755) != 0 && errno != EEXIST {
            let code = errno
            PreparedDirectory(path: path, created: missing).removeIfCreated()
            throw OutputError(path: created, "cannot create the output folder", code: code)
        }
        return PreparedDirectory(path: path, created: missing)
    }

    /// An error when `path` exists and is not a directory (following a link the user named).
    public static func checkIsDirectoryIfPresent(_ path: String, shown: String) throws(OutputError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw OutputError(path: shown, "cannot use the output folder", code: code)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            let kind = status.st_mode & S_IFMT == S_IFREG ? "a file" : "not a folder (a device or special file)"
            throw OutputError(path: shown, message: "the output path is \(kind); give a folder to write into")
        }
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Carries out a plan made for `directory`, which the caller has locked (see
    /// ``OutputLock``). Throws ``OutputError`` when a file cannot be staged or moved into
    /// place; the output is then as it was before.
    public static func apply(_ plan: OutputPlan, to directory: String) throws -> Summary {
        let output = URL(fileURLWithPath: directory).standardizedFileURL.path
        var summary = Summary(written: [], unchanged: plan.unchanged)
        let files = plan.filesToWrite + (plan.manifest.map { [$0] } ?? [])
        removeStaleStagingFolders(in: output)
        guard !files.isEmpty || !plan.pathsToRemove.isEmpty else { return summary }
        var transaction = try Transaction(output: output)
        do throws(OutputError) {
            for file in files { try transaction.stage(file) }
            for file in plan.filesToWrite {
                try transaction.moveIntoPlace(file.path)
                summary.written.append(file.path)
            }
            for path in plan.pathsToRemove where path != OutputManifest.fileName {
                guard try transaction.remove(path) else { continue }
                summary.removed.append(path)
            }
            // The manifest goes last, so it lists what is in place.
            if let manifest = plan.manifest { try transaction.moveIntoPlace(manifest.path) }
        } catch {
            throw transaction.rollBack(after: error)
        }
        transaction.commit()
        for path in summary.removed { removeEmptyFolders(containing: path, in: output) }
        return summary
    }

    /// Writes `files` into `directory` (created if missing), all of them or none, without a
    /// manifest: for files the user asked for by name, such as exported templates. Existing
    /// files are replaced; a link or anything but a regular file in the way is an error.
    public static func writeAll(_ files: [GeneratedFile], into directory: String) throws(OutputError) {
        let prepared = try prepare(directory)
        var transaction: Transaction
        do throws(OutputError) {
            transaction = try Transaction(output: prepared.path)
        } catch {
            prepared.removeIfCreated()
            throw error
        }
        do throws(OutputError) {
            for file in files { try transaction.stage(file) }
            for file in files { try transaction.moveIntoPlace(file.path) }
        } catch {
            let failure = transaction.rollBack(after: error)
            prepared.removeIfCreated()
            throw failure
        }
        transaction.commit()
    }

    /// Removes the staging folders a run that was killed left in `output`. Only folders named
    /// like Musubi's and holding its marker file are removed, without following any link in
    /// them; the caller holds the output's lock, so no live run is using them.
    static func removeStaleStagingFolders(in output: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: output) else { return }
        for name in names where name.hasPrefix(stagingPrefix) {
            let folder = output + "/" + name
            guard isDirectory(folder), FileComparison.isRegularFile(folder + "/" + stagingMarker) else { continue }
            removeTree(folder)
        }
    }

    /// Removes `path` and, if it is a folder, everything in it, never following a link.
    static func removeTree(_ path: String) {
        if isDirectory(path) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                removeTree(path + "/" + name)
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }

    /// Whether `path` is a directory itself, not a link to one.
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
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

    /// The moves of one run, each undoable until ``commit()``.
    ///
    /// The staging folder holds `new/` (the files to move into place) and `old/` (what they
    /// replaced or what was removed). Paths are joined as strings: `URL` path arithmetic,
    /// thousands of times, was a noticeable part of generating a big spec.
    private struct Transaction {
        enum Step {
            case createdFolder(String)
            case placed(target: String, backup: String?)
            case removed(target: String, backup: String)
        }

        let output: String
        let staging: String
        var steps: [Step] = []
        var stagingFolders: Set<String> = []
        /// Folders of the output checked to be real folders (not links) or created by this run.
        var checkedFolders: Set<String> = []

        init(output: String) throws(OutputError) {
            self.output = output
            staging = output + "/" + OutputWriter.stagingPrefix + UUID().uuidString
            guard mkdir(staging, 0o700) == 0 else {
                throw OutputError(path: staging, "cannot create the staging folder", code: errno)
            }
            do {
                try FileComparison.writeWithoutSync(OutputWriter.stagingMarkerText, to: staging + "/" + stagingMarker)
            } catch {
                OutputWriter.removeTree(staging)
                throw error
            }
        }

        mutating func stage(_ file: GeneratedFile) throws(OutputError) {
            let staged = staging + "/new/" + file.path
            try createStagingFolder(containing: staged)
            try FileComparison.writeWithoutSync(file.contents, to: staged)
        }

        private mutating func createStagingFolder(containing path: String) throws(OutputError) {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
            let folder = String(path[..<slash])
            guard !stagingFolders.contains(folder) else { return }
            // Inside the staging folder, which this run created: every folder is its own.
            var missing: [String] = []
            var current = folder
            while current.utf8.count > staging.utf8.count, !stagingFolders.contains(current),
                !OutputWriter.isDirectory(current)
            {
                missing.append(current)
                current = String(current[..<current.utf8.lastIndex(of: UInt8(ascii: "/"))!])
            }
            for created in missing.reversed() {
                guard mkdir(created, 0o700) == 0 else {
                    throw OutputError(path: created, "cannot create the staging folder", code: errno)
                }
                stagingFolders.insert(created)
            }
            stagingFolders.insert(folder)
        }

        /// Creates the folders of `relative` in the output that are missing; each existing one
        /// must be a folder, not a link to one.
        private mutating func prepareFolders(of relative: String) throws(OutputError) {
            var folder = output
            for component in relative.split(separator: "/").dropLast() {
                folder += "/" + component
                guard !checkedFolders.contains(folder) else { continue }
                var status = stat()
                if lstat(folder, &status) == 0 {
                    guard status.st_mode & S_IFMT == S_IFDIR else {
                        let kind = status.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "not a folder"
                        throw OutputError(
                            path: folder, message: "is \(kind); musubi writes only into real folders of the output")
                    }
                } else if mkdir(folder, 0o755) == 0 {
                    steps.append(.createdFolder(folder))
                } else {
                    throw OutputError(path: folder, "cannot create the folder", code: errno)
                }
                checkedFolders.insert(folder)
            }
        }

        /// Moves the staged file for `relative` into place, keeping the file it replaces.
        mutating func moveIntoPlace(_ relative: String) throws(OutputError) {
            try prepareFolders(of: relative)
            let target = output + "/" + relative
            var backup: String?
            var status = stat()
            if lstat(target, &status) == 0 {
                guard status.st_mode & S_IFMT == S_IFREG else {
                    throw OutputError(path: target, message: "is not a regular file; musubi does not replace it")
                }
                let kept = staging + "/old/" + relative
                try createStagingFolder(containing: kept)
                // A hard link keeps the old file while rename(2) replaces it atomically: a
                // reader sees the old or the new file, never none.
                // A file system without hard links gets the old file moved aside instead.
                guard link(target, kept) == 0 || rename(target, kept) == 0 else {
                    throw OutputError(path: target, "cannot keep a copy of the file to replace", code: errno)
                }
                backup = kept
            }
            guard rename(staging + "/new/" + relative, target) == 0 else {
                let code = errno
                // Puts back a file moved aside; for a hard link it does nothing.
                if let backup { rename(backup, target) }
                throw OutputError(path: target, "cannot move the file into place", code: code)
            }
            steps.append(.placed(target: target, backup: backup))
        }

        /// Moves a file that is no longer generated into the staging folder; false when its
        /// folders are not real folders or it is not a regular file (the plan warned).
        mutating func remove(_ relative: String) throws(OutputError) -> Bool {
            guard OutputPlan.unsafeFolder(of: relative, in: output) == nil,
                FileComparison.isRegularFile(output + "/" + relative)
            else { return false }
            let target = output + "/" + relative
            let kept = staging + "/old/" + relative
            try createStagingFolder(containing: kept)
            guard rename(target, kept) == 0 else {
                throw OutputError(path: target, "cannot remove the file", code: errno)
            }
            steps.append(.removed(target: target, backup: kept))
            return true
        }

        /// Undoes every step, newest first, and says what failed and whether the output is as
        /// it was.
        func rollBack(after error: OutputError) -> OutputError {
            var unrestored: [String] = []
            for step in steps.reversed() {
                switch step {
                case .createdFolder(let folder):
                    rmdir(folder)
                case .placed(let target, let backup):
                    let restored = backup.map { rename($0, target) == 0 } ?? (unlink(target) == 0)
                    if !restored { unrestored.append(target) }
                case .removed(let target, let backup):
                    if rename(backup, target) != 0 { unrestored.append(target) }
                }
            }
            var error = error
            if unrestored.isEmpty {
                OutputWriter.removeTree(staging)
                error.message += "; nothing was changed"
            } else {
                // The staging folder keeps the old files that could not be put back.
                error.outputChanged = true
                error.message +=
                    "; could not restore \(unrestored.joined(separator: ", ")): their previous "
                    + "versions are in \(staging)/old"
            }
            return error
        }

        func commit() {
            OutputWriter.removeTree(staging)
        }
    }
}
