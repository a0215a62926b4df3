import Foundation
import MusubiCLI
import MusubiTestSupport
import Testing

/// The real public specs beside the project (`../shared/specs`): every document, Swagger 2.0
/// and OpenAPI 3.x, must generate without an error, and nothing may crash. (Building the
/// output is the corpus script's job, `Scripts/corpus.sh`: it takes minutes, not seconds.)
@Suite struct SharedSpecsGenerationTests {
    static let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/specs")

    static var specs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }

    @Test func theSharedSpecsArePresentOnCI() {
        if ProcessInfo.processInfo.environment["CI"] != nil {
            #expect(!Self.specs.isEmpty, "expected the real specs at \(Self.directory.path)")
        }
    }

    @Test(arguments: specs)
    func generates(spec: String) throws {
        let path = Self.directory.appendingPathComponent(spec).path
        do {
            let output = try Pipeline.generate(specPath: path)
            #expect(output.files.count >= 1 + output.model.requests.count + output.model.models.count)
            #expect(output.files.allSatisfy { !$0.contents.isEmpty })
        } catch {
            Issue.record("\(spec) failed: \(error.diagnostics.filter { $0.severity == .error }.prefix(5))")
        }
    }
}
