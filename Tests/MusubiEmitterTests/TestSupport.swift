import Foundation

/// The repository root, found from this file's path (Tests/MusubiEmitterTests/…).
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("musubi-emitter-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Every regular file below `directory`, as relative paths mapped to contents.
func filesBelow(_ directory: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    let base = directory.standardizedFileURL.path
    guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
    for case let relative as String in enumerator {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory),
            !isDirectory.boolValue
        {
            result[relative] = FileManager.default.contents(atPath: base + "/" + relative)
        }
    }
    return result
}
