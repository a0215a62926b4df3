import Foundation

/// Helpers shared by the test targets that work with files: the repository's own files
/// (specs, examples, templates) and temporary output directories.

/// The repository root, found from this file's path (Tests/MusubiTestSupport/…).
public let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh temporary directory; the caller removes it.
public func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Every regular file below `directory`, as relative paths mapped to contents.
public func filesBelow(_ directory: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let base = directory.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
    for case let relative as String in enumerator {
        let path = base + "/" + relative
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            result[relative] = FileManager.default.contents(atPath: path)
        }
    }
    return result
}

/// A file of `Tests/Fixtures`, the folder of the input files that several test targets share
/// (the hostile specs, for one).
public func fixture(_ relativePath: String) -> URL {
    repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relativePath)
}
