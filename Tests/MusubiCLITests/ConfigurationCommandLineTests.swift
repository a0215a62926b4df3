import Foundation
import MusubiTestSupport
import Testing

/// The `musubi` binary reading a `musubi.yaml`, as a build script or CI would run it.
@Suite(.serialized, .enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct ConfigurationCommandLineTests {
    /// A folder with the petstore spec and the given `musubi.yaml`.
    func project(configuration: String) throws -> URL {
        let directory = try makeTemporaryDirectory()
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent("Specs/petstore.yaml"),
            to: directory.appendingPathComponent("petstore.yaml"))
        try Data(configuration.utf8).write(to: directory.appendingPathComponent("musubi.yaml"))
        return directory
    }

    @Test func generateWithOnlyAConfigurationFile() throws {
        let directory = try project(
            configuration: """
                spec: petstore.yaml
                output: Sources/Pets
                module-name: PetsClient
                access-level: internal
                file-per-type: true
                filter:
                  include: {operations: ['listPets', 'show*']}
                names:
                  schemas: {Pet: Animal}
                  operations: {listPets: AllPets}
                types:
                  formats: {int64: Int}
                """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runMusubi(["generate", "--config", directory.appendingPathComponent("musubi.yaml").path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        // Paths in the file are relative to it, not to the working directory.
        let files = filesBelow(directory.appendingPathComponent("Sources/Pets"))
        #expect(
            Set(files.keys.filter { $0.hasPrefix("Requests/") }) == [
                "Requests/Pets/AllPets.swift", "Requests/Pets/ShowPetByID.swift",
            ])
        let animal = String(decoding: try #require(files["Models/Animal.swift"]), as: UTF8.self)
        #expect(animal.contains("struct Animal: ModelValue, Identifiable {\n    /// Unique id"))
        #expect(animal.contains("    var id: Int\n"))
        #expect(!animal.contains("public"))
        #expect(files["Models/Pet.swift"] == nil)
        #expect(result.standardOutput.contains("Generated PetsClient"))
    }

    @Test func theFileBesideTheSpecIsReadAndTheCommandLineWins() throws {
        let directory = try project(configuration: "module-name: FromFile\noutput: out\naccess-level: internal\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let spec = directory.appendingPathComponent("petstore.yaml").path
        let first = try runMusubi(["generate", spec])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.contains("Generated FromFile:"))
        #expect(filesBelow(directory.appendingPathComponent("out"))["PetstoreAPI.swift"] == nil)
        #expect(filesBelow(directory.appendingPathComponent("out"))["FromFileAPI.swift"] != nil)

        let output = directory.appendingPathComponent("cli").path
        let second = try runMusubi([
            "generate", spec, "--module-name", "FromCLI", "--output", output, "--exclude-tag", "pets",
        ])
        // Every operation of the petstore is tagged `pets`: nothing is left, which is an error.
        #expect(second.status == 1)
        #expect(second.standardError.contains("error: the filter leaves none of the spec's 8 operations"))
        #expect(second.standardError.contains("musubi: warning: --exclude-tag") == false)
        #expect(!FileManager.default.fileExists(atPath: output))

        let third = try runMusubi(["generate", spec, "--module-name", "FromCLI", "--output", output])
        #expect(third.standardOutput.contains("Generated FromCLI:"))
        #expect(filesBelow(URL(fileURLWithPath: output))["FromCLIAPI.swift"] != nil)
    }

    @Test func aBadConfigurationExitsOneWithLocatedErrorsAndWritesNothing() throws {
        let directory = try project(configuration: "spec: petstore.yaml\noutptu: out\nquiet: maybe\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = directory.appendingPathComponent("musubi.yaml").path
        let result = try runMusubi([
            "generate", "--config", configuration, "--output", directory.appendingPathComponent("out").path,
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                \(configuration):2:1: error: unknown key 'outptu' (did you mean 'output'?)
                \(configuration):3:8: error: expected true or false, found a string
                error: 2 errors; nothing written.

                """)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    @Test func quietAndWarningsAsErrorsComeFromTheFileUnlessTheCommandLineSetsThem() throws {
        // The filter pattern `nope` matches nothing: a warning.
        let directory = try project(
            configuration: "spec: petstore.yaml\noutput: out\nquiet: true\nfilter: {include: {tags: [pets, nope]}}\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let quiet = try runMusubi(["generate"], in: directory)
        #expect(quiet.status == 0)
        #expect(quiet.standardOutput.isEmpty && quiet.standardError.isEmpty)

        let strict = try runMusubi(["generate", "--warnings-as-errors"], in: directory)
        #expect(strict.status == 1)
        #expect(
            strict.standardError.contains(
                "musubi.yaml:4:33: error: filter.include.tags: 'nope' matches no tag in the spec"))
    }

    /// `package:` and `embed-runtime:` in the file make the same package as `--package NAME
    /// --embed-runtime` (the package names the module, so the file's `module-name` gives way),
    /// and the command line's `--package` wins over the file's.
    @Test func packageModeFromTheFile() throws {
        let directory = try project(
            configuration:
                "spec: petstore.yaml\noutput: Package\nmodule-name: PetsClient\npackage: PetsKit\nembed-runtime: true\n"
        )
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runMusubi(["generate"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        let files = filesBelow(directory.appendingPathComponent("Package"))
        let manifest = String(decoding: try #require(files["Package.swift"]), as: UTF8.self)
        #expect(manifest.contains("name: \"PetsKit\""))
        #expect(!manifest.contains(".package("), "an embedded runtime needs no dependency")
        #expect(files["Sources/PetsKit/Requests/PetsRequests.swift"] != nil)

        let overridden = try runMusubi(["generate", "--package", "AnimalsKit", "--output", "Other"], in: directory)
        #expect(overridden.status == 0, "\(overridden.standardError)")
        #expect(filesBelow(directory.appendingPathComponent("Other"))["Sources/AnimalsKit/AnimalsAPI.swift"] != nil)

        // `runtime:` says where the package finds MusubiRuntime, written relative to the package.
        try Data("spec: petstore.yaml\noutput: ByPath\npackage: PetsKit\nruntime: {path: ../musubi}\n".utf8)
            .write(to: directory.appendingPathComponent("musubi.yaml"))
        let byPath = try runMusubi(["generate"], in: directory)
        #expect(byPath.status == 0, "\(byPath.standardError)")
        let byPathFiles = filesBelow(directory.appendingPathComponent("ByPath"))
        let byPathManifest = String(decoding: try #require(byPathFiles["Package.swift"]), as: UTF8.self)
        #expect(byPathManifest.contains(#".package(path: "../../musubi")"#), "\(byPathManifest)")
    }

    @Test func withNoArgumentsTheFileInTheCurrentDirectoryIsUsed() throws {
        let directory = try project(configuration: "spec: petstore.yaml\noutput: Generated\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runMusubi(["generate"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(filesBelow(directory.appendingPathComponent("Generated"))["Requests/PetsRequests.swift"] != nil)
    }

    @Test func noSpecAnywhereIsBadUsage() throws {
        let directory = try project(configuration: "output: out\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runMusubi(["generate", "--config", directory.appendingPathComponent("musubi.yaml").path])
        #expect(result.status == 64)
        #expect(result.standardError.contains("missing SPEC"))
    }

    @Test func validateAndDumpModelApplyTheFilter() throws {
        let result = try runMusubi([
            "validate", "Specs/petstore.yaml", "--include-operation", "listPets", "--include-tag", "nope",
        ])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("ok: 1 operation,"))
        #expect(result.standardError.contains("musubi: warning: --include-tag: 'nope' matches no tag in the spec"))
    }
}
