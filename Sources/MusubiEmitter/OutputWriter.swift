import Foundation

/// Puts generated files into the output directory without ever leaving it half-written.
///
/// Files are first written to a temporary directory beside the output, then moved into
/// place; a failure before the move leaves the output as it was. A file whose content is
/// unchanged is not touched, so its timestamp stays and incremental builds stay incremental.
public enum OutputWriter {
    public struct Summary: Sendable, Equatable {
        public var written: [String]
        public var unchanged: [String]
    }

    public static func write(_ files: [GeneratedFile], to directory: String) throws -> Summary {
        let fileManager = FileManager.default
        let outputURL = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = outputURL.deletingLastPathComponent().path
        let output = outputURL.path
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

        var summary = Summary(written: [], unchanged: [])
        var changed: [GeneratedFile] = []
        for file in files {
            if hasContents(output + "/" + file.path, file.contents) {
                summary.unchanged.append(file.path)
                continue
            }
            let staged = staging + "/" + file.path
            try createDirectory(containing: staged)
            try writeWithoutSync(file.contents, to: staged)
            changed.append(file)
        }

        for file in changed {
            let staged = staging + "/" + file.path
            let target = output + "/" + file.path
            try createDirectory(containing: target)
            // rename(2) replaces an existing file atomically: a reader sees the old or the
            // new file, never a partial one.
            guard rename(staged, target) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target])
            }
            summary.written.append(file.path)
        }
        return summary
    }
}

/// Whether the file at `path` exists and holds exactly `contents`; its bytes are read only
/// when the sizes match.
private func hasContents(_ path: String, _ contents: String) -> Bool {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var status = stat()
    var contents = contents
    return contents.withUTF8 { expected in
        guard fstat(descriptor, &status) == 0, Int(status.st_size) == expected.count else { return false }
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
}

/// Writes a file with plain POSIX calls. Foundation's `Data.write` syncs every file to
/// disk, which made writing Stripe's 2,300 files take seconds; generated code can always
/// be generated again, so it is not worth a sync each.
private func writeWithoutSync(_ text: String, to path: String) throws {
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
