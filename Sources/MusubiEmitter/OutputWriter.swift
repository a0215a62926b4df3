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
        let output = URL(fileURLWithPath: directory).standardizedFileURL
        let parent = output.deletingLastPathComponent()
        try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".musubi-staging-\(UUID().uuidString)")
        try fileManager.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: staging) }

        var summary = Summary(written: [], unchanged: [])
        var changed: [GeneratedFile] = []
        for file in files {
            let data = Data(file.contents.utf8)
            let existing = output.appendingPathComponent(file.path)
            if fileManager.contents(atPath: existing.path) == data {
                summary.unchanged.append(file.path)
                continue
            }
            let staged = staging.appendingPathComponent(file.path)
            try fileManager.createDirectory(at: staged.deletingLastPathComponent(), withIntermediateDirectories: true)
            try writeWithoutSync(data, to: staged.path)
            changed.append(file)
        }

        for file in changed {
            let staged = staging.appendingPathComponent(file.path)
            let target = output.appendingPathComponent(file.path)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            // rename(2) replaces an existing file atomically: a reader sees the old or the
            // new file, never a partial one.
            guard rename(staged.path, target.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path])
            }
            summary.written.append(file.path)
        }
        return summary
    }
}

/// Writes a file with plain POSIX calls. Foundation's `Data.write` syncs every file to
/// disk, which made writing Stripe's 2,300 files take seconds; generated code can always
/// be generated again, so it is not worth a sync each.
private func writeWithoutSync(_ data: Data, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
    defer { close(descriptor) }
    var offset = 0
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            guard written > 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
            offset += written
        }
    }
}
