import Testing

@testable import MusubiClientModel

/// Where the client model puts each file: requests by their first tag, models in `Models/`,
/// everything under `Sources/<name>/` in package mode; and what package mode and runtime
/// embedding change in the model.
@Suite struct FilePlacementTests {
    static func spec(operations: [String]) -> String {
        """
        openapi: 3.0.3
        info: {title: Zoo, version: 2.1.0, description: "All the animals.\\n\\nAnd their keepers."}
        servers:
          - {url: 'https://zoo.example.com/v2', description: Production}
        paths:
        \(operations.joined(separator: "\n"))
        components:
          schemas:
            Animal: {type: object, properties: {name: {type: string}}}
        """
    }

    static let operations = [
        "  /animals: {get: {operationId: listAnimals, tags: [animals, keepers], responses: {'200': {description: ok}}}}",
        "  /Animals: {post: {operationId: addAnimal, tags: [Animals], responses: {'201': {description: ok}}}}",
        "  /keepers/{id}: {get: {operationId: getKeeper, tags: [zoo keepers], parameters: [{name: id, in: path, required: true, schema: {type: integer}}], responses: {'200': {description: ok}}}}",
        "  /health: {get: {operationId: health, responses: {'200': {description: ok}}}}",
        "  /odd: {get: {operationId: odd, tags: ['!!'], responses: {'200': {description: ok}}}}",
    ]

    static func fileNames(_ model: ClientModel) -> [String: String] {
        Dictionary(uniqueKeysWithValues: model.requests.map { ($0.name, $0.fileName) })
    }

    @Test func requestsGoIntoTheFolderOfTheirFirstTag() throws {
        let model = try #require(build(Self.spec(operations: Self.operations))).model
        #expect(
            Self.fileNames(model) == [
                "ListAnimals": "Requests/Animals/ListAnimals.swift",
                // `Animals` and `animals` would be one folder on macOS: they share one spelling.
                "AddAnimal": "Requests/Animals/AddAnimal.swift",
                "GetKeeper": "Requests/ZooKeepers/GetKeeper.swift",
                // No tag, or a tag without a word: directly in Requests/.
                "Health": "Requests/Health.swift",
                "Odd": "Requests/Odd.swift",
            ])
        #expect(model.models.map(\.fileName) == ["Models/Animal.swift"])
        #expect(model.api.fileName == "ZooAPI.swift")
        #expect(model.isPackage == false)
        #expect(model.imports == ["import Foundation", "import MusubiRuntime"])
        #expect(model.requests.allSatisfy { $0.imports == model.imports })
        #expect(model.runtimeDirectory.isEmpty && !model.embedsRuntime)
    }

    /// Schemas and tags named as Windows devices (`CON`, `aux`, `Com1`) give files and folders
    /// with a `_` after the device name, in one file per type and in shared files alike: Windows
    /// cannot create `Con.swift` or `Requests/Aux/`. The types keep their names; a module may
    /// not be named so.
    @Test func windowsDeviceNamesAreNeverFileOrFolderNames() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: Devices, version: '1'}
            paths:
              /a: {get: {operationId: con, tags: [aux], responses: {'200': {description: ok}}}}
              /b: {get: {operationId: lpt9, tags: [Com1], responses: {'200': {description: ok}}}}
            components:
              schemas:
                CON: {type: object, properties: {name: {type: string}}}
                nul: {type: string, enum: [a, b]}
            """
        for filePerType in [true, false] {
            let model = try #require(build(spec, options: ClientModelOptions(filePerType: filePerType))).model
            let paths = model.models.map(\.fileName) + model.requests.map(\.fileName)
            for path in paths {
                for name in path.split(separator: "/") {
                    let stem = name.prefix { $0 != "." }.uppercased()
                    #expect(!FilePlacement.deviceNames.contains(stem), "\(path)")
                }
            }
            #expect(Set(model.models.map(\.name)).isSuperset(of: ["ConModel", "Nul"]))
        }
        #expect(FilePlacement.portableName("Con.swift") == "Con_.swift")
        #expect(FilePlacement.portableName("Aux") == "Aux_")
        #expect(FilePlacement.portableName("Console.swift") == "Console.swift")
        #expect(Naming.moduleNameProblem("Nul") != nil)
        // Nor one that is a module the client imports, in another letter case: one folder on
        // the file systems of macOS and Windows.
        #expect(Naming.moduleNameProblem("musubiruntime") != nil)
        #expect(Naming.moduleNameProblem("foundation") != nil)
    }

    @Test func foldersDoNotDependOnTheOrderOfOperations() throws {
        let forward = try #require(build(Self.spec(operations: Self.operations))).model
        let backward = try #require(build(Self.spec(operations: Self.operations.reversed()))).model
        #expect(Self.fileNames(forward) == Self.fileNames(backward))
    }

    @Test func aPackagePutsTheModuleUnderSourcesAndEmbedsTheRuntimeByDefault() throws {
        let options = ClientModelOptions(package: PackageOptions(name: "ZooKit"), filePerType: true)
        let model = try #require(build(Self.spec(operations: Self.operations), options: options)).model
        #expect(model.moduleName == "ZooKit")
        #expect(model.isPackage)
        #expect(model.api.fileName == "Sources/ZooKit/ZooAPI.swift")
        #expect(model.models.map(\.fileName) == ["Sources/ZooKit/Models/Animal.swift"])
        #expect(Self.fileNames(model)["GetKeeper"] == "Sources/ZooKit/Requests/ZooKeepers/GetKeeper.swift")
        // The runtime is a target of its own, so generated files still import it.
        #expect(model.embedsRuntime)
        #expect(model.runtimeDirectory == "Sources/MusubiRuntime/")
        #expect(model.imports == ["import Foundation", "import MusubiRuntime"])

        let package = model.package
        #expect(package.embedsRuntime && !package.hasDependencies)
        #expect(package.runtimeDependency == "\"MusubiRuntime\"")
        #expect(package.title == "Zoo 2.1.0")
        #expect(package.descriptionLines == ["All the animals.", "", "And their keepers."])
        #expect(package.servers.map(\.reference) == [".zoo.production"])
        // The example sends the first GET that needs no argument.
        #expect(
            package.exampleLines == [
                "let client = Client(server: .zoo.production)", "let response = try await client.send(ListAnimals())",
            ])
    }

    @Test func aPackageDependsOnTheRuntimeWhereItIsTold() throws {
        let byPath = ClientModelOptions(package: PackageOptions(name: "ZooKit", runtime: .path("../../Musubi")))
        let pathPackage = try #require(build(Self.spec(operations: Self.operations), options: byPath)).model
        #expect(!pathPackage.embedsRuntime && pathPackage.runtimeDirectory.isEmpty)
        #expect(pathPackage.package.dependencyLines == [#".package(path: "../../Musubi")"#])
        #expect(pathPackage.package.runtimeDependency == #".product(name: "MusubiRuntime", package: "musubi")"#)

        let byURL = ClientModelOptions(
            package: PackageOptions(
                name: "ZooKit", runtime: .url("https://example.com/org/musubi-swift.git", from: "1.2.0")))
        let urlPackage = try #require(build(Self.spec(operations: Self.operations), options: byURL)).model.package
        #expect(
            urlPackage.dependencyLines == [#".package(url: "https://example.com/org/musubi-swift.git", from: "1.2.0")"#]
        )
        #expect(urlPackage.runtimeDependency == #".product(name: "MusubiRuntime", package: "musubi-swift")"#)
    }

    @Test func embeddingTheRuntimeInTheModuleDropsItsImport() throws {
        let options = ClientModelOptions(embedsRuntime: true, filePerType: true)
        let model = try #require(build(Self.spec(operations: Self.operations), options: options)).model
        #expect(model.embedsRuntime && model.runtimeDirectory == "Runtime/")
        #expect(model.imports == ["import Foundation"])
        #expect(model.api.imports == ["import Foundation"])
        #expect(model.models.allSatisfy { $0.imports == ["import Foundation"] })
    }

    @Test func anExampleFillsRequiredArgumentsWithPlaceholders() throws {
        let spec = Self.spec(operations: [Self.operations[2]])
        let model = try #require(
            build(spec, options: ClientModelOptions(package: PackageOptions(name: "Z"), filePerType: true))
        ).model
        #expect(model.package.exampleLines.last == "let response = try await client.send(GetKeeper(id: <#Int#>))")
    }
}

extension FilePlacementTests {
    /// With the runtime in the module, its internal types are taken names too.
    @Test func reservedTypeNamesStepAsideWithTheModelSuffix() throws {
        let spec = specWithSchemas("    ByteReader: {type: object, properties: {a: {type: string}}}")
        let plain = try #require(build(spec)).model
        #expect(plain.models.map(\.name) == ["ByteReader"])
        let embedded = try #require(
            build(spec, options: ClientModelOptions(embedsRuntime: true, reservedTypeNames: ["ByteReader"]))
        ).model
        #expect(embedded.models.map(\.name) == ["ByteReaderModel"])
    }
}
