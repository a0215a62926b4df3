import Foundation
import MusubiTestSupport
import Testing

/// `musubi generate --merge-into`, as the MusubiGenerator plugin runs it.
@Suite(.enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct MergeIntoCommandTests {
    @Test func writesExactlyTheNamedFiles() throws {
        let output = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runMusubi([
            "generate", "Specs/petstore.yaml", "--output", output.path, "--module-name", "PetstoreClient",
            "--merge-into", "Client1.swift", "--merge-into", "Client2.swift",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        var files = filesBelow(output)
        // The manifest (what to remove when the next run generates fewer files) is not a
        // Swift source, so it is no output the plugin has to declare.
        let manifest = String(decoding: files.removeValue(forKey: ".musubi-manifest") ?? Data(), as: UTF8.self)
        #expect(manifest.hasSuffix("\nClient1.swift\nClient2.swift\n"))
        #expect(Set(files.keys) == ["Client1.swift", "Client2.swift"])
        let text = files.values.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(text.contains("public final class ShowPetByID: PetstoreRequest"))
        #expect(text.contains("public struct Pet: ModelValue, Identifiable {"))
        #expect(result.standardOutput.contains("Generated PetstoreClient: 2 files"))
    }

    @Test(arguments: [
        (["--merge-into", "Client.txt"], "expected a relative path ending in .swift"),
        (["--merge-into", "A.swift", "--merge-into", "A.swift"], "names a file more than once"),
    ])
    func refusesNamesThatAreNotDistinctSwiftFiles(arguments: [String], message: String) throws {
        let output = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runMusubi(["generate", "Specs/petstore.yaml", "--output", output.path] + arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(filesBelow(output).isEmpty)
    }
}
