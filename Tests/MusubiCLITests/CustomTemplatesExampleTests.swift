import CustomTemplatesClient
import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiEmitter
import MusubiTestSupport
import Testing

/// `Examples/CustomTemplates`: a template set replacing two built-in templates, and the client
/// generated with it, which is a target of the package and so compiles with every build.
@Suite struct CustomTemplatesExampleTests {
    static let templates = "Examples/CustomTemplates/templates"
    static let output = "Examples/CustomTemplates/CustomTemplatesClient"

    @Test func committedClientIsWhatTheTemplatesGenerate() throws {
        let generated = try Pipeline.generate(
            specPath: repositoryRoot.appendingPathComponent("Specs/petstore.yaml").path,
            options: Pipeline.Options(
                modelOptions: ClientModelOptions(moduleName: "CustomTemplatesClient"),
                templatesDirectory: repositoryRoot.appendingPathComponent(Self.templates).path))
        // Exactly what `musubi generate --check` does: the directory must need no change.
        let plan = OutputPlan(
            files: generated.files, directory: repositoryRoot.appendingPathComponent(Self.output).path)
        let differences = plan.changes.map { "\($0.path) (\($0.change))" } + plan.conflicts
        #expect(plan.isUpToDate, "out of date: \(differences); run Scripts/regenerate-examples.sh")
    }

    /// The overridden templates were used, and only those.
    @Test func overriddenTemplatesShapeTheirFilesOnly() throws {
        let files = filesBelow(repositoryRoot.appendingPathComponent(Self.output))
            .mapValues { String(decoding: $0, as: UTF8.self) }
        let banner = "// Owned by the Pets team"
        #expect(files["Requests/PetsRequests.swift"]?.contains(banner) == true)
        #expect(
            files["Requests/PetsRequests.swift"]?.contains(
                "final class ShowPetByID: CustomTemplatesRequest, CustomStringConvertible") == true)
        #expect(files["Models/Pets.swift"]?.contains(banner) == true, "Pets is a typealias")
        #expect(files["Models/Pet.swift"]?.contains(banner) == false, "Struct stays built in")
        #expect(files["CustomTemplatesAPI.swift"]?.contains(banner) == false, "API stays built in")
    }

    /// What the custom `Request` template adds works in the compiled client.
    @Test func requestsDescribeThemselves() {
        #expect(String(describing: ShowPetByID(petID: "42")) == "GET /pets/42")
        #expect(String(describing: ShowPetByID(petID: "a b")) == "GET /pets/a%20b")
        #expect("\(ListPets())" == "GET /pets")
    }
}
