import Foundation
import MusubiEmitter
import MusubiTestSupport
import Testing

/// A file that imports several generated clients chooses each one's servers and security schemes
/// with the leading dot: every client declares its servers as members of one `Server` member of
/// its own (`.petstore.production`), and its schemes as members of one `SecurityScheme` member
/// of the same name (`.security.bearerAuth`), so servers or schemes of the same name in two
/// specs are never ambiguous.
/// `Specs/petstore.yaml` and `Specs/identity.yaml` both list `Production` and `Sandbox`, and
/// `Specs/parameters.yaml` a `Production` with variables and a request with a server of its own.
/// The clients depend on one `MusubiRuntime` target, written from the embedded runtime, so
/// nothing is fetched.
@Suite(.enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct TwoClientsBuildTests {
    @Test func oneFileUsesTheServersOfClientsWhoseServersHaveTheSameNames() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = root.appendingPathComponent("Harness")
        for (spec, module) in Self.clients {
            let generated = try runMusubi([
                "generate", "Specs/\(spec)", "--module-name", module, "--output",
                harness.appendingPathComponent("Sources/\(module)").path,
            ])
            #expect(generated.status == 0, "\(generated.standardError)")
        }
        for (file, contents) in EmbeddedRuntime.sources {
            try GeneratedPackageBuildTests.write(
                contents, to: harness.appendingPathComponent("Sources/MusubiRuntime/\(file)"))
        }
        let output = try await GeneratedPackageBuildTests().buildAndRun(
            harness: harness, scratch: root.appendingPathComponent(".build"), manifest: Self.manifest,
            executable: "UsesClients", program: Self.program)
        #expect(output == "ok\n")
    }

    @Test func oneFileUsesTheSecuritySchemesOfClientsWhoseSchemesHaveTheSameNames() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = root.appendingPathComponent("Harness")
        for module in ["SecurityClient", "VaultClient"] {
            let generated = try runMusubi([
                "generate", "Specs/security.yaml", "--module-name", module, "--output",
                harness.appendingPathComponent("Sources/\(module)").path,
            ])
            #expect(generated.status == 0, "\(generated.standardError)")
        }
        for (file, contents) in EmbeddedRuntime.sources {
            try GeneratedPackageBuildTests.write(
                contents, to: harness.appendingPathComponent("Sources/MusubiRuntime/\(file)"))
        }
        let output = try await GeneratedPackageBuildTests().buildAndRun(
            harness: harness, scratch: root.appendingPathComponent(".build"), manifest: Self.securityManifest,
            executable: "UsesSchemes", program: Self.securityProgram)
        #expect(output == "ok\n")
    }

    static let clients = [
        ("petstore.yaml", "PetstoreClient"), ("identity.yaml", "IdentityClient"),
        ("parameters.yaml", "ParametersClient"),
    ]

    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Harness",
            platforms: [.macOS(.v13)],
            targets: [
                .target(name: "MusubiRuntime"),
                .target(name: "PetstoreClient", dependencies: ["MusubiRuntime"]),
                .target(name: "IdentityClient", dependencies: ["MusubiRuntime"]),
                .target(name: "ParametersClient", dependencies: ["MusubiRuntime"]),
                .executableTarget(
                    name: "UsesClients",
                    dependencies: ["MusubiRuntime", "PetstoreClient", "IdentityClient", "ParametersClient"]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    /// Makes a client for a server of each API by the leading-dot syntax, sends a request of
    /// one through a mock transport, and checks each server's URL; prints `ok`, or what failed.
    static let program = #"""
        import Foundation
        import IdentityClient
        import MusubiRuntime
        import ParametersClient
        import PetstoreClient

        func check(_ condition: Bool, _ message: String) {
            if !condition {
                print("FAILED: \(message)")
                exit(1)
            }
        }

        let mock = MockTransport()
        mock.register(ShowPetByID.self, response: Pet(id: 42, name: "Tama"))
        let petstore = Client(server: .petstore.production, transport: mock)
        let identity = Client(server: .identity.production, transport: mock)
        let parameters = Client(server: .parameters.production(region: .usEast), transport: mock)
        let sandbox: Server = .identity.sandbox

        check(petstore.baseURL.absoluteString == "https://petstore.example.com/v1", "petstore production")
        check(identity.baseURL.absoluteString == "https://identity.example.com", "identity production")
        check(parameters.baseURL.absoluteString == "https://us-east.params.example.com/v1", "parameters")
        check(sandbox.url.absoluteString == "https://identity.sandbox.example.com", "identity sandbox")
        check(Server.petstore.sandbox != sandbox, "the two sandboxes are different servers")
        // A request served elsewhere names its server the same way.
        check(Upload().server == .parameters.uploads(), "the request's own server")
        let pet = try await petstore.send(ShowPetByID(petID: "42"))
        check(pet.name == "Tama", "the request")
        print("ok")
        """#

    /// Two clients of `Specs/security.yaml` under different module names: every scheme, among
    /// them `bearerAuth`, is declared by both.
    static let securityManifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Harness",
            platforms: [.macOS(.v13)],
            targets: [
                .target(name: "MusubiRuntime"),
                .target(name: "SecurityClient", dependencies: ["MusubiRuntime"]),
                .target(name: "VaultClient", dependencies: ["MusubiRuntime"]),
                .executableTarget(
                    name: "UsesSchemes", dependencies: ["MusubiRuntime", "SecurityClient", "VaultClient"]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    /// Configures a credential for each client's `bearerAuth` by the leading-dot syntax, checks
    /// that each client's requests name their own client's scheme, and sends a request through
    /// a mock transport with one of the credentials; prints `ok`, or what failed.
    static let securityProgram = #"""
        import Foundation
        import MusubiRuntime
        import SecurityClient
        import VaultClient

        func check(_ condition: Bool, _ message: String) {
            if !condition {
                print("FAILED: \(message)")
                exit(1)
            }
        }

        let credentials: [Credential] = [
            .bearer(.security.bearerAuth) { "security-token" },
            .bearer(.vault.bearerAuth) { "vault-token" },
        ]
        check(credentials.count == 2, "both credentials")
        check(SecurityClient.GetMe.security == [[.security.bearerAuth: []]], "the security client's requirement")
        check(VaultClient.GetMe.security == [[.vault.bearerAuth: []]], "the vault client's requirement")
        check(SecurityScheme.vault.bearerAuth.name == "bearerAuth", "the scheme keeps the spec's name")

        let mock = MockTransport()
        mock.register(VaultClient.GetMe.self, response: VaultClient.Account(id: 1, name: "Alice"))
        let vault = Client(
            server: .vault.production, interceptors: [.authentication([.bearer(.vault.bearerAuth) { "vault-token" }])],
            transport: mock)
        let account = try await vault.send(VaultClient.GetMe())
        check(account.name == "Alice", "the request")
        check(mock.requests.first?.headers["Authorization"] == "Bearer vault-token", "the credential")
        print("ok")
        """#
}
