import Foundation

/// Reads files with plain POSIX calls, as cheaply as comparing thousands of generated files
/// on every run needs.
enum FileComparison {
    enum Result: Equatable {
        case same
        case missing
        /// The file exists with other contents; its first line tells whether Musubi wrote it.
        case different(firstLine: String)
    }

    /// Whether the file at `path` holds exactly `contents`; its bytes are read only when the
    /// sizes match, and only its first line otherwise.
    static func compare(_ path: String, with contents: String) -> Result {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .missing }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .different(firstLine: "")
        }
        var contents = contents
        let isSame = contents.withUTF8 { expected in
            guard Int(status.st_size) == expected.count else { return false }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: expected.count + 1, alignment: 1)
            defer { buffer.deallocate() }
            var total = 0
            while total <= expected.count {
                let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
                guard count > 0 else { break }
                total += count
            }
            guard total == expected.count else { return false }
            return expected.isEmpty || memcmp(buffer.baseAddress!, expected.baseAddress!, expected.count) == 0
        }
        return isSame ? .same : .different(firstLine: firstLine(of: path))
    }

    /// The file's first line (at most 200 bytes of it), or empty when it cannot be read.
    static func firstLine(of path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 200)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
        guard count > 0 else { return "" }
        let head = bytes.prefix(count)
        return String(decoding: head.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// Writes a file without syncing it. Foundation's `Data.write` syncs every file to disk,
    /// which made writing Stripe's 2,300 files take seconds; generated code can always be
    /// generated again, so it is not worth a sync each.
    static func writeWithoutSync(_ text: String, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        defer { close(descriptor) }
        var offset = 0
        var text = text
        try text.withUTF8 { buffer in
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
                }
                offset += written
            }
        }
    }
}
