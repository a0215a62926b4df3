import Foundation
import MusubiTestSupport
import Testing

/// The Swift blocks of README.md and of the DocC articles are compiled: this target holds them,
/// extracted into `Examples/` by `Scripts/extract-doc-examples.py`, each pointing back at its
/// Markdown file and line, so a block that does not compile fails the build there. This test
/// makes sure what is compiled is the documentation as it reads now.
@Suite struct DocumentationExamplesTests {
    @Test func extractedBlocksAreTheDocumentationsOwn() async throws {
        let result = try await runProcess(
            "python3", [repositoryRoot.appendingPathComponent("Scripts/extract-doc-examples.py").path, "--check"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func everyDocumentationFileWithSwiftHasExtractedBlocks() throws {
        let examples = repositoryRoot.appendingPathComponent("Tests/DocumentationTests/Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path)
        #expect(names.contains { $0.hasPrefix("README-") }, "the README's example is compiled")
        #expect(names.contains { $0.hasPrefix("Sources-MusubiCLI-Musubi-docc-") }, "the guide's examples are compiled")
        #expect(names.contains { $0.contains("MusubiRuntime-docc-") }, "the runtime's examples are compiled")
    }
}
