import Foundation
import MusubiTestSupport
import Testing

/// A file that imports a generated client beside Foundation and Observation uses both's types
/// unqualified: the client of `Tests/Fixtures/platform-names.yaml`, whose schemas are named
/// like the frameworks' types (`Thread`, `Operation`, `Timer`, `Label`…), must not make those
/// names ambiguous. SwiftUI and Combine are not on Linux; `NameCollisionTests` and
/// `SharedSpecsGenerationTests` check generated names against their lists instead.
@Suite(.enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct PlatformNamesBuildTests {
    @Test func aFileUsesTheFrameworksAndTheClientsTypesSideBySide() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = root.appendingPathComponent("Harness")
        let generated = try runMusubi([
            "generate", fixture("platform-names.yaml").path, "--embed-runtime", "--module-name", "PlatformClient",
            "--output", harness.appendingPathComponent("Sources/PlatformClient").path,
        ])
        #expect(generated.status == 0, "\(generated.standardError)")
        let output = try await GeneratedPackageBuildTests().buildAndRun(
            harness: harness, scratch: root.appendingPathComponent(".build"), manifest: Self.manifest,
            executable: "UsesPlatform", program: Self.program)
        #expect(output == "ok\n")
    }

    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Harness",
            platforms: [.macOS(.v14)],
            targets: [
                .target(name: "PlatformClient"),
                .executableTarget(name: "UsesPlatform", dependencies: ["PlatformClient"]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    /// Uses Foundation's, Observation's and the standard library's types and the client's
    /// models in one file, unqualified; prints `ok`, or what failed.
    static let program = #"""
        import Foundation
        import Observation
        import PlatformClient

        /// An observable store, as an app keeps the client's values.
        @Observable final class Store {
            var thread: ThreadModel?
            var labels: [LabelModel] = []
        }

        actor Counter {
            var count = 0
            func increment() { count += 1 }
        }

        func check(_ condition: Bool, _ message: String) {
            if !condition {
                print("FAILED: \(message)")
                exit(1)
            }
        }

        // Foundation's and the standard library's types, unqualified.
        let foundationThread: Thread = Thread.current
        let operation: Operation = BlockOperation {}
        let timer: Timer = Timer(timeInterval: 1, repeats: false) { _ in }
        let notification: Notification = Notification(name: Notification.Name("changed"))
        let counter: any Actor = Counter()
        check(!operation.isFinished && timer.isValid && notification.name.rawValue == "changed", "Foundation")
        _ = (foundationThread, counter)

        // The client's, beside them.
        let json = #"{"id":"t1","labels":[{"name":"bug"}],"environment":{"name":"prod"},"actor":{"login":"octo"}}"#
        let thread = try Coding.standard.decode(ThreadModel.self, from: Data(json.utf8))
        let store = Store()
        store.thread = thread
        store.labels = thread.labels ?? []
        check(store.labels.first?.name == "bug", "labels")
        check(thread.environment?.name == "prod" && thread.actor?.login == "octo", "environment and actor")
        let kind: OperationModel = .create
        check(kind.rawValue == "create", "OperationModel")
        let request = GetThread(id: "t1")
        check(request.id == "t1", "the request")
        print("ok")
        """#
}
