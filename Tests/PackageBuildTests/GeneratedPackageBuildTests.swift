import Foundation
import MusubiTestSupport
import Testing

/// The three ways to ship a client without writing a manifest by hand, each built with
/// `swift build`: (a) `--package` depending on this checkout's `MusubiRuntime` by path, (b)
/// `--package --embed-runtime`, a package with no dependency at all, and (c) `--embed-runtime`
/// output dropped into a plain target. (b) and (c) are built together, in one harness package
/// whose two small programs send a request through the client with a `MockTransport`, so the
/// embedded runtime is shown to work, not only to compile. Builds are slow on two cores,
/// hence two builds for three outputs.
@Suite(.serialized, .enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct GeneratedPackageBuildTests {
    @Test func aPackageDependingOnTheRuntimeByPathBuilds() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("PetstoreKit")
        let result = try runMusubi([
            "generate", "Specs/petstore.yaml", "--package", "PetstoreKit", "--output", package.path,
            "--runtime-path", ".",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let files = filesBelow(package)
        let manifest = try #require(files["Package.swift"].map { String(decoding: $0, as: UTF8.self) })
        #expect(manifest.hasPrefix("// swift-tools-version: 6.0\n"))
        #expect(manifest.contains(".package(path: \""))
        let identity = repositoryRoot.standardizedFileURL.lastPathComponent.lowercased()
        #expect(manifest.contains(".product(name: \"MusubiRuntime\", package: \"\(identity)\")"))
        #expect(files["Sources/PetstoreKit/Requests/PetsRequests.swift"] != nil)
        #expect(files["Sources/MusubiRuntime/Client/Client.swift"] == nil)
        let readme = try #require(files["README.md"].map { String(decoding: $0, as: UTF8.self) })
        #expect(readme.contains("# PetstoreKit\n\nA Swift client for Musubi Petstore 1.0.0"))
        #expect(readme.contains("let response = try await client.send(ListPets())"))
        #expect(readme.contains("- `Server.petstore.production`: `https://petstore.example.com/v1`"))
        #expect(files[".gitignore"] != nil)

        try await swift([
            "build", "--package-path", package.path, "--scratch-path", root.appendingPathComponent(".build").path,
        ])
    }

    @Test func embeddedRuntimesBuildWithNoDependencyAndWork() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let standalone = root.appendingPathComponent("PetstoreKit")
        let harness = root.appendingPathComponent("Harness")
        let packaged = try runMusubi([
            "generate", "Specs/petstore.yaml", "--package", "PetstoreKit", "--embed-runtime", "--output",
            standalone.path,
        ])
        #expect(packaged.status == 0, "\(packaged.standardError)")
        let plain = try runMusubi([
            "generate", "Specs/petstore.yaml", "--embed-runtime", "--module-name", "PlainClient", "--output",
            harness.appendingPathComponent("Sources/PlainClient").path,
        ])
        #expect(plain.status == 0, "\(plain.standardError)")

        let manifest = try String(contentsOf: standalone.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains(".package("), "the package depends on nothing")
        #expect(manifest.contains(".target(name: \"MusubiRuntime\")"))
        let plainFiles = filesBelow(harness.appendingPathComponent("Sources/PlainClient"))
        #expect(plainFiles["Runtime/Client/Client.swift"] != nil)
        #expect(
            plainFiles["Runtime/Interceptors/Interceptor+Logging.swift"] == nil, "swift-log's interceptor is left out")
        #expect(
            plainFiles.values.allSatisfy { !String(decoding: $0, as: UTF8.self).contains("import MusubiRuntime") })

        try Self.write(Self.harnessManifest, to: harness.appendingPathComponent("Package.swift"))
        try Self.write(
            Self.program(imports: "import MusubiRuntime\nimport PetstoreKit", server: "petstore", label: "package"),
            to: harness.appendingPathComponent("Sources/UsesPackage/main.swift"))
        try Self.write(
            Self.program(imports: "import PlainClient", server: "plain", label: "plain target"),
            to: harness.appendingPathComponent("Sources/UsesPlainTarget/main.swift"))
        let scratch = root.appendingPathComponent(".build")
        try await swift(["build", "--package-path", harness.path, "--scratch-path", scratch.path])
        let binaries =
            try await swift([
                "build", "--package-path", harness.path, "--scratch-path", scratch.path, "--show-bin-path",
            ])
            .split(separator: "\n").last.map(String.init) ?? ""
        #expect(try await run(binaries + "/UsesPackage", []) == "package: Tama\n")
        #expect(try await run(binaries + "/UsesPlainTarget", []) == "plain target: Tama\n")
    }

    static let harnessManifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Harness",
            platforms: [.macOS(.v13)],
            dependencies: [.package(path: "../PetstoreKit")],
            targets: [
                .target(name: "PlainClient"),
                .executableTarget(
                    name: "UsesPackage", dependencies: [.product(name: "PetstoreKit", package: "PetstoreKit")]),
                .executableTarget(name: "UsesPlainTarget", dependencies: ["PlainClient"]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    /// Sends `ShowPetByID` through a mock transport and prints the pet's name; `server` is the
    /// client's `Server` member, named after its module (`PetstoreKit` → `petstore`).
    static func program(imports: String, server: String, label: String) -> String {
        """
        \(imports)

        let mock = MockTransport()
        mock.register(ShowPetByID.self, response: Pet(id: 42, name: "Tama"))
        let client = Client(server: .\(server).production, transport: mock)
        let pet = try await client.send(ShowPetByID(petID: "42"))
        print("\(label): \\(pet.name)")

        """
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes a harness package's manifest and its executable's `main.swift`, builds it in
    /// `scratch` and returns what the executable printed: the shape of every test that
    /// compiles generated clients beside a program using them.
    func buildAndRun(
        harness: URL, scratch: URL, manifest: String, executable: String, program: String
    ) async throws -> String {
        try Self.write(manifest, to: harness.appendingPathComponent("Package.swift"))
        try Self.write(program, to: harness.appendingPathComponent("Sources/\(executable)/main.swift"))
        try await swift(["build", "--package-path", harness.path, "--scratch-path", scratch.path])
        let binaries =
            try await swift([
                "build", "--package-path", harness.path, "--scratch-path", scratch.path, "--show-bin-path",
            ])
            .split(separator: "\n").last.map(String.init) ?? ""
        return try await run(binaries + "/" + executable, [])
    }

    /// Runs `swift` with `arguments`, failing with its output when it fails.
    @discardableResult
    func swift(_ arguments: [String]) async throws -> String {
        try await run("swift", arguments)
    }

    /// Runs a program to its end and returns its standard output, failing with both outputs
    /// when it fails.
    @discardableResult
    func run(_ program: String, _ arguments: [String]) async throws -> String {
        try await runSucceeding(program, arguments)
    }
}
