import Foundation

/// An exclusive lock on an output directory, held while a run plans and writes it, so two
/// runs into the same directory take turns instead of mixing their files and manifests.
///
/// The lock is `flock(2)` on `.musubi-lock` in the directory. The operating system releases
/// it when the process ends, however it ends, so a killed run never leaves the directory
/// locked; the file itself is removed when the lock is released.
public final class OutputLock: @unchecked Sendable {
    public static let fileName = ".musubi-lock"

    private let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { release() }

    /// Takes the lock of `directory`, which must exist. When another run holds it, calls
    /// `waiting` once with a message and waits up to `timeout` seconds for it.
    public static func acquire(
        _ directory: String, timeout: Double, waiting: (String) -> Void = { _ in }
    ) throws(OutputError) -> OutputLock {
        let path = directory + "/" + fileName
        let start = Date()
        var told = false
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw OutputError(path: path, "cannot open the lock file", code: errno)
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                // The run that held the lock may have removed the file in between: the lock
                // counts only if it is on the file the path names now.
                var held = stat()
                var named = stat()
                guard fstat(descriptor, &held) == 0, lstat(path, &named) == 0,
                    held.st_dev == named.st_dev, held.st_ino == named.st_ino
                else {
                    close(descriptor)
                    continue
                }
                // A hard link someone planted in the output folder (`O_NOFOLLOW` stops only
                // symbolic links) would have the note below overwrite a file elsewhere.
                guard held.st_mode & S_IFMT == S_IFREG, held.st_nlink == 1 else {
                    close(descriptor)
                    throw OutputError(
                        path: path,
                        message: "the lock file is a hard link to another file, or no regular file; remove it")
                }
                var note = "musubi \(getpid())\n"
                _ = ftruncate(descriptor, 0)
                _ = note.withUTF8 { write(descriptor, $0.baseAddress, $0.count) }
                return OutputLock(path: path, descriptor: descriptor)
            }
            let code = errno
            let holder = FileComparison.firstLine(of: path)
            close(descriptor)
            guard code == EWOULDBLOCK || code == EAGAIN else {
                throw OutputError(path: path, "cannot lock the output", code: code)
            }
            let by = holder.hasPrefix("musubi ") ? " (process \(holder.dropFirst(7)))" : ""
            guard Date().timeIntervalSince(start) < timeout else {
                throw OutputError(
                    path: directory,
                    message: "another musubi run is writing this output\(by); gave up waiting after "
                        + "\(Int(timeout)) s (the lock is \(fileName) there)")
            }
            if !told {
                waiting("waiting for another musubi run writing to \(directory)\(by)")
                told = true
            }
            usleep(50_000)
        }
    }

    /// Removes the lock file and releases the lock (in that order, so a run waiting for it
    /// sees that the file it locked is gone and takes the new one).
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }
}
