import Foundation
import MusubiTestSupport
import Testing

/// A client whose names are far too long for file names (`Tests/Fixtures/long-names.yaml`;
/// `HostileOutputTests` checks the files it gets) still builds as a package.
@Suite(.enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct LongNamesBuildTests {
    @Test func aClientWithNamesTooLongForAFileSystemBuilds() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.path + "/LongKit"
        let result = try runMusubi([
            "generate", fixture("long-names.yaml").path, "--package", "LongKit", "--output", package,
            "--runtime-path", ".",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let build = try await runProcess(
            "swift", ["build", "--package-path", package, "--scratch-path", root.path + "/.build"])
        #expect(build.status == 0, "\(build.standardOutput)\n\(build.standardError)")
    }
}
