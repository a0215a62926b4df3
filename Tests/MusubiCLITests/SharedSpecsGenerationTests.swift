import Foundation
import MusubiCLI
import MusubiTestSupport
import Testing

@testable import MusubiClientModel

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
            // Every declaration is in the file the model names for it.
            let files = Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, $0.contents) })
            let declared =
                output.model.models.map { ($0.name, $0.fileName) }
                + output.model.requests.map { ($0.name, $0.fileName) }
            let missing = declared.filter { name, file in
                files[file].map {
                    !$0.contains("struct \(name)") && !$0.contains("class \(name)") && !$0.contains("enum \(name)")
                        && !$0.contains("typealias \(name)")
                } ?? true
            }
            #expect(missing.isEmpty, "not where the model says: \(missing.prefix(5))")
            // No generated type makes a platform framework's type ambiguous for a file that
            // imports both (`Label` beside SwiftUI).
            let platformNames = declared.map(\.0).filter(PlatformTypeNames.all.contains)
            #expect(platformNames.isEmpty, "named like platform types: \(platformNames.prefix(5))")
            #expect(files[output.model.api.fileName] != nil)
            #expect(output.files.allSatisfy { !$0.contents.isEmpty })
        } catch {
            Issue.record("\(spec) failed: \(error.diagnostics.filter { $0.severity == .error }.prefix(5))")
        }
    }
}
