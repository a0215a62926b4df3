import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiTestSupport
import Testing

/// The clients in `Examples/` (and the end-to-end test clients in `Tests/EndToEnd/`) are committed output of `musubi generate`; they must be
/// exactly what the generator produces now, or the examples (and the end-to-end tests that
/// compile them) would be testing an older generator.
@Suite struct ExampleClientsTests {
    @Test(arguments: [
        ("Specs/petstore.yaml", "Examples/PetstoreClient"),
        ("Specs/identity.yaml", "Examples/IdentityClient"),
        ("Specs/parameters.yaml", "Tests/EndToEnd/ParametersClient"),
        ("Specs/uploads.yaml", "Examples/UploadsClient"),
        ("Specs/streaming.yaml", "Examples/StreamsClient"),
        ("Specs/security.yaml", "Examples/SecurityClient"),
    ])
    func committedExampleMatchesGeneratedOutput(spec: String, directory: String) throws {
        let module = String(directory.split(separator: "/").last ?? "")
        let output = try Pipeline.generate(
            specPath: repositoryRoot.appendingPathComponent(spec).path,
            options: Pipeline.Options(modelOptions: ClientModelOptions(moduleName: module)))
        let committed = filesBelow(repositoryRoot.appendingPathComponent(directory))
        let generated = Dictionary(uniqueKeysWithValues: output.files.map { ($0.path, Data($0.contents.utf8)) })

        let stale = committed.keys.filter { generated[$0] == nil }.sorted()
        let missing = generated.keys.filter { committed[$0] == nil }.sorted()
        let different = generated.keys.filter { committed[$0] != nil && committed[$0] != generated[$0] }.sorted()
        #expect(stale.isEmpty, "files no longer generated: \(stale); run Scripts/regenerate-examples.sh")
        #expect(missing.isEmpty, "files not committed: \(missing); run Scripts/regenerate-examples.sh")
        #expect(different.isEmpty, "files that differ: \(different); run Scripts/regenerate-examples.sh")
        #expect(output.warnings.isEmpty, "our own specs should generate without warnings: \(output.warnings)")
    }
}
