import Foundation
import MusubiTestSupport
import Testing

/// Builds the client of `Tests/Fixtures/Hostile/schemas.yaml`, a spec of schemas a careless or hostile
/// author could write (`$ref` cycles, property, parameter and enum names that are empty,
/// keywords or collide once made Swift names, enums decoded by look-up), and runs a program
/// that decodes and encodes them. One spec and one build, as builds are slow on two cores.
/// The model-level expectations are in `HostileSchemaTests`.
@Suite(.serialized, .enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct HostileSchemaBuildTests {
    @Test func theHostileSchemasClientBuildsAndRoundTrips() async throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = root.appendingPathComponent("Harness")
        let generated = try runMusubi([
            "generate", "Tests/Fixtures/Hostile/schemas.yaml", "--embed-runtime", "--module-name", "HostileClient",
            "--output",
            harness.appendingPathComponent("Sources/HostileClient").path,
        ])
        #expect(generated.status == 0, "\(generated.standardError)")
        #expect(generated.standardError.contains("schema 'Direct' is made only of itself"))
        let output = try await GeneratedPackageBuildTests().buildAndRun(
            harness: harness, scratch: root.appendingPathComponent(".build"), manifest: Self.manifest,
            executable: "CheckHostile", program: Self.program)
        #expect(output == "ok\n")
    }

    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Harness",
            platforms: [.macOS(.v13)],
            targets: [
                .target(name: "HostileClient"),
                .executableTarget(name: "CheckHostile", dependencies: ["HostileClient"]),
            ],
            swiftLanguageModes: [.v6]
        )
        """

    /// Decodes and encodes the hostile schemas' types; prints `ok`, or what failed.
    static let program = #"""
        import Foundation
        import HostileClient

        /// Checks the generated client decodes and encodes what the hostile schemas describe.
        func check(_ condition: Bool, _ message: String) {
            if !condition {
                print("FAILED: \(message)")
                exit(1)
            }
        }

        let coding = Coding.standard
        let weirdJSON = #"{"":"empty","-":"dash","self":"me","a-b":"1","a_b":"2","aB":"3","storage":"s","_storage":"t","members":"m"}"#
        let weird = try coding.decode(Weird.self, from: Data(weirdJSON.utf8))
        check(weird.value == "empty" && weird.dash == "dash" && weird.selfValue == "me", "Weird's awkward keys")
        check(weird.aB == "1" && weird.aB2 == "2" && weird.aB3 == "3", "keys that sanitize alike")
        check(weird.storage == "s" && weird.storage2 == "t" && weird.members == "m", "keys named like generated members")
        let weirdAgain = try JSONSerialization.jsonObject(with: try coding.encode(weird)) as? [String: String]
        let weirdOriginal = try JSONSerialization.jsonObject(with: Data(weirdJSON.utf8)) as? [String: String]
        check(weirdAgain == weirdOriginal, "Weird round-trips its keys: \(String(describing: weirdAgain))")

        let tiny = try coding.decode(Tiny.self, from: Data(#"{"":"e","-":5}"#.utf8))
        check(tiny.value == "e" && tiny.dash == 5, "Tiny's empty key")
        check(String(decoding: try coding.encode(tiny), as: UTF8.self) == #"{"":"e","-":5}"#, "Tiny round-trips")

        for text in [""] + (0..<130).map({ "value-\($0)" }) + ["self", "default", "knownCases", "casesByRawValue"] {
            let value = BigText(rawValue: text)
            if case .unknown = value { check(false, "BigText '\(text)' is known") }
            check(value.rawValue == text, "BigText '\(text)' round-trips")
        }
        check(BigText(rawValue: "value-130") == .unknown("value-130"), "an unknown text is kept")
        check(BigText(rawValue: "knownCases") == .knownCases2, "a value named like the lookup")
        for number in stride(from: -60, to: 300, by: 3) {
            check(BigNumber(rawValue: number).rawValue == number, "BigNumber \(number) round-trips")
            if case .unknown = BigNumber(rawValue: number) { check(false, "BigNumber \(number) is known") }
        }
        check(BigNumber(rawValue: 1) == .unknown(1), "an unknown number is kept")
        let decoded = try coding.decode([BigText].self, from: Data(#"["value-7","new"]"#.utf8))
        check(decoded == [.value7, .unknown("new")], "BigText decodes from JSON")

        let holder = try coding.decode(
            Holder.self, from: Data(#"{"direct":{"a":[1]},"list":[[[]]],"map":{"a":{}},"either":"text","ping":3}"#.utf8))
        check(holder.either == .string("text") && holder.list == [[[]]], "cyclic schemas hold any JSON")

        // Server variables that clash with types, with each other and with the enums' members.
        let server = Server.hostile.default(server: .allCasesValue, region: "eu", region2: "west", string: .t)
        check(
            server.url.absoluteString == "https://allCases.eu.west.example.com/t/%7Bundeclared%7D"
                || server.url.absoluteString == "https://allCases.eu.west.example.com/t/{undeclared}",
            "server variables: \(server.url)")
        check(HostileServers.ServerValue.allCases.count == 4, "the enum of a variable named `server`")

        // A parameter named `body` beside a body in two media types: the JSON initializer.
        let post = PostBodyAndBody(body: "q", bodyValue: Holder())
        check(post.body == "q" && post.query.count == 1, "the `body` parameter is a query parameter")
        if case .json = post.bodyValue {} else { check(false, "the JSON initializer sends JSON") }

        // Parameters named like a streaming request's members.
        let events = StreamEvents(streamFormatParameter: "f", operationIDParameter: "o")
        check(events.streamFormat == .jsonLines() && events.streamFormatParameter == "f" && events.operationIDParameter == "o", "streaming members stay the request's")
        print("ok")
        """#
}
