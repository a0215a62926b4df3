#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Real paths, for keeping external references inside the folders they may read, and the
/// command line's configuration inside its own.
public enum FileSystemPath {
    /// The absolute path with every symbolic link, `.` and `..` resolved (`realpath(3)`), or nil
    /// when the file does not exist or the path cannot be resolved (a NUL character in it).
    public static func real(_ path: String) -> String? {
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where `path` is or would be once made: the real path of its nearest existing folder,
    /// then the names below it that do not exist yet. Nil when those names step up (`..`), as
    /// where that leads depends on what is made first, or the path cannot be resolved.
    public static func planned(_ path: String) -> String? {
        var existing = path.isEmpty ? "." : path
        var rest: [Substring] = []
        while real(existing) == nil {
            let parts = existing.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count > 1, let last = parts.last else { return nil }
            if !last.isEmpty, last != "." { rest.insert(last, at: 0) }
            existing = parts.dropLast().joined(separator: "/")
            if existing.isEmpty { existing = path.hasPrefix("/") ? "/" : "." }
        }
        guard let base = real(existing), !rest.contains("..") else { return nil }
        return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
    }

    /// Whether the real path `path` is `folder` or lies below it (`/a/bc` is not below `/a/b`).
    public static func isInside(_ path: String, folder: String) -> Bool {
        if folder == "/" { return path.hasPrefix("/") }
        return path == folder || path.hasPrefix(folder + "/")
    }

    /// The operating system's reason for the last failure.
    static var lastErrorReason: String {
        String(cString: strerror(errno))
    }
}
