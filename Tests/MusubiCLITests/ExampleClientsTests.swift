import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiEmitter
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
        ("Specs/pagination.yaml", "Tests/EndToEnd/PaginationClient"),
        ("Specs/uploads.yaml", "Examples/UploadsClient"),
        ("Specs/streaming.yaml", "Examples/StreamsClient"),
        ("Specs/security.yaml", "Examples/SecurityClient"),
    ])
    func committedExampleMatchesGeneratedOutput(spec: String, directory: String) throws {
        let module = String(directory.split(separator: "/").last ?? "")
        let output = try Pipeline.generate(
            specPath: repositoryRoot.appendingPathComponent(spec).path,
            options: Pipeline.Options(modelOptions: ClientModelOptions(moduleName: module)))
        // Exactly what `musubi generate --check` does: the directory must need no change.
        let plan = OutputPlan(files: output.files, directory: repositoryRoot.appendingPathComponent(directory).path)
        let differences = plan.changes.map { "\($0.path) (\($0.change))" } + plan.conflicts
        #expect(plan.isUpToDate, "out of date: \(differences); run Scripts/regenerate-examples.sh")
        #expect(output.warnings.isEmpty, "our own specs should generate without warnings: \(output.warnings)")
    }
}
