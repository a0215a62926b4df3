#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// Reads a whole spec file into memory with the C library.
///
/// A spec names the files its `$ref`s read, so the path is untrusted: only a regular file is
/// read, and only up to ``Reader/maximumFileSize``. The file is opened without blocking (a
/// FIFO or a terminal would otherwise wait forever for a writer) and the checks are made on
/// the opened descriptor, so nothing can be swapped in between a check and the read. The C
/// library keeps the module free of Foundation and gives the operating system's own reason on
/// failure ("No such file or directory"), which is what a user needs to see.
enum FileLoader {
    private static let chunkSize = 1 << 20

    static func contents(ofFile path: String, limit: Int = Reader.maximumFileSize) throws(Diagnostic) -> [UInt8] {
        // A C string ends at the first NUL: `a.yaml\0.png` would quietly open `a.yaml`.
        if path.utf8.contains(0) {
            throw Diagnostic.error("cannot open file: the path contains a NUL character", file: shown(path))
        }
        if path.isEmpty {
            throw Diagnostic.error("cannot open file: the path is empty", file: path)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw failure("cannot open file", path: path)
        }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw failure("cannot read file", path: path)
        }
        if let kind = kindIfNotRegular(status.st_mode) {
            throw Diagnostic.error("cannot read file: it is \(kind), not a regular file", file: path)
        }

        // The size is only a hint: a file may grow while it is read, so the loop itself stops
        // one byte past the limit.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(max(Int(status.st_size), 0), limit) + 1)
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while bytes.count <= limit {
            let wanted = min(chunkSize, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read file", path: path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        if bytes.count > limit {
            throw Diagnostic.error(
                "cannot read file: it is larger than the limit of \(describe(limit)) for a spec file", file: path)
        }
        return bytes
    }

    /// What a file that is not a regular file is, in words; nil for a regular file.
    private static func kindIfNotRegular(_ mode: mode_t) -> String? {
        switch Int(mode) & Int(S_IFMT) {
        case Int(S_IFREG): return nil
        case Int(S_IFDIR): return "a directory"
        case Int(S_IFIFO): return "a named pipe (FIFO)"
        case Int(S_IFCHR): return "a character device"
        case Int(S_IFBLK): return "a block device"
        case Int(S_IFSOCK): return "a socket"
        default: return "a special file"
        }
    }

    /// `64 MiB`, or bytes when the limit is not a whole number of mebibytes.
    static func describe(_ limit: Int) -> String {
        limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
    }

    /// The path with NUL shown as `\0`, so a diagnostic prints it whole.
    private static func shown(_ path: String) -> String {
        path.replacingNUL()
    }

    private static func failure(_ what: String, path: String) -> Diagnostic {
        let reason = String(cString: strerror(errno))
        return .error("\(what): \(reason)", file: path)
    }
}

extension String {
    /// The text with every NUL written as `\0`.
    fileprivate func replacingNUL() -> String {
        guard utf8.contains(0) else { return self }
        return String(unicodeScalars.map { $0 == "\0" ? "\\0" : String($0) }.joined())
    }
}
