import Foundation
import MusubiTestSupport
import Testing

/// The `musubi` binary as users run it: exit status, diagnostics format, and the promise
/// that a failed run leaves the output directory as it was.
@Suite(.serialized, .enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct CommandLineTests {
    @Test func generateWritesTheClientAndReportsWhatItDid() throws {
        let output = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runMusubi([
            "generate", "Specs/petstore.yaml", "--output", output.path, "--module-name", "PetstoreClient",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let files = filesBelow(output)
        #expect(files["PetstoreAPI.swift"] != nil)
        // Types named alike share a file, and so do the requests of a tag.
        let pet = String(decoding: try #require(files["Models/Pet.swift"]), as: UTF8.self)
        #expect(pet.contains("public struct Pet: ") && pet.contains("public enum PetStatus: "))
        #expect(files["Models/PetStatus.swift"] == nil)
        let requests = String(decoding: try #require(files["Requests/PetsRequests.swift"]), as: UTF8.self)
        #expect(requests.contains("public final class ListPets: "))
        #expect(requests.contains("public final class ShowPetByID: "))
        #expect(files[".musubi-manifest"] != nil)
        let generatedCount = files.count - 1
        #expect(result.standardOutput.contains("Generated PetstoreClient: \(generatedCount) files"))

        // A second run changes nothing and says so.
        let again = try runMusubi([
            "generate", "Specs/petstore.yaml", "--output", output.path, "--module-name", "PetstoreClient",
        ])
        #expect(again.standardOutput.contains("(0 written, \(generatedCount) unchanged)"))
        #expect(filesBelow(output) == files)
    }

    @Test(arguments: [
        ("malformed.yaml", "openapi: 3.0.0\npaths: [\n  - a\n  b: c\n", "malformed.yaml:"),
        ("missing-ref.yaml", Self.spec(schema: "$ref: '#/components/schemas/Nope'"), "missing-ref.yaml:15:"),
        (
            "version.yaml", "openapi: 4.0.0\ninfo: {title: T, version: '1'}\npaths: {}\n",
            "version.yaml:1:10: error: unsupported OpenAPI version '4.0.0'"
        ),
        (
            "swagger.yaml", "swagger: '1.2'\ninfo: {title: T, version: '1'}\npaths: {}\n",
            "swagger.yaml:1:10: error: unsupported Swagger version '1.2'"
        ),
        (
            "paths.yaml", "openapi: 3.0.0\ninfo: {title: T, version: '1'}\npaths: [/pets]\n",
            "paths.yaml:3:8: error: 'paths' must be a mapping"
        ),
    ])
    func badSpecsFailWithALocatedErrorAndWriteNothing(name: String, text: String, expected: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: spec)
        let output = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let keep = output.appendingPathComponent("Keep.swift")
        try Data("// mine\n".utf8).write(to: keep)

        let result = try runMusubi(["generate", spec.path, "--output", output.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains(expected), "stderr was: \(result.standardError)")
        #expect(result.standardError.contains(": error: "))
        #expect(filesBelow(output) == ["Keep.swift": Data("// mine\n".utf8)], "the output directory must be as it was")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == [name, "out"],
            "no staging directory may be left behind")
    }

    @Test func validateReportsCountsAndExitsZero() throws {
        let result = try runMusubi(["validate", "Specs/identity.yaml"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Specs/identity.yaml: ok: 3 operations"))
    }

    @Test func dumpModelPrintsTheDecisionsAsJSON() throws {
        let result = try runMusubi(["dump-model", "Specs/petstore.yaml", "--module-name", "PetstoreClient"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(json?["moduleName"] as? String == "PetstoreClient")
        let requests = json?["requestDecisions"] as? [[String: Any]]
        #expect(
            requests?.map { $0["name"] as? String } == [
                "ListPets", "CreatePet", "ShowPetByID", "UpdatePet", "PatchPet", "DeletePet", "AdoptPet", "UnvotePet",
            ])
    }

    @Test func helpTeachesTheMainCommand() throws {
        let result = try runMusubi(["--help"])
        #expect(result.standardOutput.contains("musubi generate"))
        #expect(result.standardOutput.contains("dump-model"))
    }

    @Test func templatesCanBeOverriddenByFileName() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let templates = directory.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{{header}}}\n// custom typealias for {{name}} = {{aliasedType}}\n".utf8)
            .write(to: templates.appendingPathComponent("Typealias.mustache"))
        let output = directory.appendingPathComponent("out")
        let result = try runMusubi([
            "generate", "Specs/petstore.yaml", "--output", output.path, "--templates", templates.path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let pets = String(decoding: filesBelow(output)["Models/Pets.swift"] ?? Data(), as: UTF8.self)
        #expect(
            pets == "// Generated by musubi from petstore.yaml. Do not edit.\n// custom typealias for Pets = [Pet]\n")
        // Other templates stay built in.
        #expect(
            String(decoding: filesBelow(output)["Models/Pet.swift"] ?? Data(), as: UTF8.self).contains("struct Pet"))

        try Data("x".utf8).write(to: templates.appendingPathComponent("Modle.mustache"))
        let typo = try runMusubi([
            "generate", "Specs/petstore.yaml", "--output", output.path, "--templates", templates.path,
        ])
        #expect(typo.status == 1)
        #expect(typo.standardError.contains("'Modle.mustache' is not a template Musubi renders"))
    }

    static func spec(path: String = "/pets", schema: String = "type: string") -> String {
        """
        openapi: 3.0.3
        info:
          title: T
          version: '1'
        paths:
          \(path):
            get:
              operationId: listPets
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        \(schema)
        components:
          schemas:
            Pet:
              type: string
        """
    }
}
