import Foundation
import MusubiCLI
import MusubiReader
import MusubiTestSupport
import Testing

/// The real public specs beside the project (`../shared/specs`): every OpenAPI 3 document must
/// generate without an error, and nothing may crash. (Building the output is the corpus
/// script's job, `Scripts/corpus.sh`: it takes minutes, not seconds.)
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
        let root = try Reader.parse(contentsOf: path)
        let isOpenAPI3 = root["openapi"]?.scalarText?.hasPrefix("3.") == true
        do {
            let output = try Pipeline.generate(specPath: path)
            #expect(isOpenAPI3, "\(spec) is not OpenAPI 3 and should have been refused")
            #expect(output.files.count >= 1 + output.model.requests.count + output.model.models.count)
            #expect(output.files.allSatisfy { !$0.contents.isEmpty })
        } catch {
            // Swagger 2.0 is refused with a located error until it is supported; nothing else may fail.
            #expect(!isOpenAPI3, "\(spec) failed: \(error.diagnostics.filter { $0.severity == .error }.prefix(5))")
            #expect(error.diagnostics.contains { $0.severity == .error && $0.location != nil })
        }
    }
}
