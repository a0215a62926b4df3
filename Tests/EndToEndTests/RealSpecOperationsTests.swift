import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiEmitter
import MusubiTestSupport
import Testing

/// Real specs from `../shared/specs/`, each generated into a client that then calls every
/// operation it can fill automatically against the validating server. The server checks each
/// request against the spec with openapi-core; a request it rejects means the client did not
/// send what the spec describes. The server answers with a body valid against the documented
/// response schema, which the client must decode: a body it cannot decode means the client's
/// models do not read what the spec describes.
///
/// All clients and their drivers live in one throwaway SwiftPM package, built once (the
/// runtime is compiled a single time), so the cost is one debug build of the clients.
/// Environment variables:
/// - `MUSUBI_LARGE_REAL_SPECS=1` adds the OpenAI, Stripe and GitHub specs, whose debug build
///   takes too long for every CI run;
/// - `MUSUBI_REAL_SPECS=stripe,openai` keeps only the specs whose file name contains one of
///   the words (case ignored), to work on one spec at a time;
/// - `MUSUBI_REAL_SPECS_PACKAGE=/some/folder` writes the package there and keeps it, so that
///   the next run rebuilds only what changed (files whose text is unchanged are not touched).
@Suite(.enabled(if: endToEndEnabled), .serialized)
struct RealSpecOperationsTests {
    static let environment = ProcessInfo.processInfo.environment

    /// Spec file name, module name. 3.x specs only: openapi-core validates OpenAPI 3.0 and 3.1.
    static let specs: [(file: String, module: String)] = selected(
        [
            ("apisguru-google-calendar.yaml", "LiveCalendar"),
            ("apisguru-linode.yaml", "LiveLinode"),
            ("figma.yaml", "LiveFigma"),
        ] + (environment["MUSUBI_LARGE_REAL_SPECS"] == "1" ? largeSpecs : []),
        filter: environment["MUSUBI_REAL_SPECS"])

    /// The specs whose file name contains one of the comma-separated words of `filter`
    /// (case ignored); all of them without a filter.
    static func selected(
        _ specs: [(file: String, module: String)], filter: String?
    ) -> [(file: String, module: String)] {
        let words = (filter ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        guard !words.isEmpty else { return specs }
        return specs.filter { spec in words.contains { spec.file.lowercased().contains($0) } }
    }

    /// The opt-in specs: each client alone is a long debug build.
    static let largeSpecs: [(file: String, module: String)] = [
        ("openai.yaml", "LiveOpenAI"),
        ("stripe.yaml", "LiveStripe"),
        ("github-rest-api.json", "LiveGitHub"),
    ]

    static let sharedSpecs = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/specs")

    /// What happened to one operation.
    struct Outcome {
        var signature: String
        var sent: Bool
        var valid: Bool
        var errors: [String]
        var clientError: String?
        /// The response arrived with an accepted status and its body decoded.
        var decoded: Bool
        /// Where the body stopped decoding, when the response arrived but did not decode
        /// (empty for the body as a whole).
        var decodingPath: String?
        /// openapi-core's complaints about the server's own answer (see `ValidatingServer`).
        var responseErrors: [String]

        /// Sent, valid, and its response decoded.
        var passed: Bool { sent && valid && decoded }
    }

    @Test func everyFillableOperationOfRealSpecsIsValidAndDecodes() async throws {
        let kept = Self.environment["MUSUBI_REAL_SPECS_PACKAGE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        let package = try kept ?? makeTemporaryDirectory()
        defer { if kept == nil { try? FileManager.default.removeItem(at: package) } }
        try #require(!Self.specs.isEmpty, "MUSUBI_REAL_SPECS names none of the specs")

        var drivers: [(file: String, module: String, driver: OperationDriver)] = []
        for (file, module) in Self.specs {
            let spec = Self.sharedSpecs.appendingPathComponent(file).path
            let output = try Pipeline.generate(
                specPath: spec, options: Pipeline.Options(modelOptions: ClientModelOptions(moduleName: module)))
            _ = try OutputWriter.write(output.files, to: package.appendingPathComponent("Sources/\(module)").path)
            let samples = try await samples(spec)
            let driver = OperationDriver(model: output.model, unfillable: try Self.unfillable(samples))
            try write(
                driver.mainSource(clientModule: module),
                to: package.appendingPathComponent("Sources/\(module)Driver/main.swift"))
            try write(samples, to: package.appendingPathComponent("\(module).samples.json"))
            drivers.append((file, module, driver))
        }
        try write(manifest(modules: Self.specs.map(\.module)), to: package.appendingPathComponent("Package.swift"))
        try await run(
            "swift",
            ["build", "--package-path", package.path, "--scratch-path", package.appendingPathComponent(".build").path])

        var report: [String] = []
        for (file, module, driver) in drivers {
            let server = try ValidatingServer(spec: "../shared/specs/\(file)", startupDeadline: .seconds(600))
            let printed = try await run(
                package.appendingPathComponent(".build/debug/\(module)Driver").path,
                [server.baseURL.absoluteString, package.appendingPathComponent("\(module).samples.json").path])
            let known = Self.knownLimitations[file] ?? [:]
            let all = try await Self.outcomes(printed: printed, log: try await server.log())
            let outcomes = all.filter { known[$0.signature] == nil }

            let sent = outcomes.filter(\.sent)
            let valid = sent.filter(\.valid)
            let decoded = sent.filter(\.decoded)
            let undecoded = sent.filter { $0.decodingPath != nil }
            let total = driver.calls.count + driver.skipped.count
            report.append(
                "\(file): \(valid.count) of \(sent.count) requests passed validation, "
                    + "\(decoded.count) responses decoded, \(undecoded.count) did not "
                    + "(\(total) operations, \(driver.calls.count) filled automatically, \(driver.skipped.count) not, "
                    + "\(all.count - outcomes.count) known limitations)")
            for (signature, reason) in driver.skipped {
                report.append("    not filled: \(signature): \(reason)")
            }
            for (signature, reason) in known.sorted(by: { $0.key < $1.key }) {
                report.append("    known limitation: \(signature): \(reason)")
            }
            for outcome in outcomes where !outcome.sent {
                report.append("    not sent: \(outcome.signature): \(outcome.clientError ?? "?")")
            }
            for outcome in sent where !outcome.valid {
                report.append("    INVALID: \(outcome.signature): \(outcome.errors.joined(separator: "; "))")
            }
            for outcome in undecoded {
                let path = outcome.decodingPath.flatMap { $0.isEmpty ? nil : $0 } ?? "(the whole body)"
                let answer =
                    outcome.responseErrors.isEmpty
                    ? "" : " (the server's answer breaks its schema: \(outcome.responseErrors.joined(separator: "; ")))"
                let detail = outcome.clientError ?? "?"
                report.append("    NOT DECODED: \(outcome.signature) at \(path): \(detail)\(answer)")
            }
            for outcome in sent where outcome.valid && !outcome.decoded && outcome.decodingPath == nil {
                report.append("    FAILED after sending: \(outcome.signature): \(outcome.clientError ?? "?")")
            }
            #expect(sent.count == outcomes.count, "\(file): every filled operation reaches the server")
            #expect(valid.count == sent.count, "\(file): every request the client sends is valid")
            #expect(undecoded.isEmpty, "\(file): every response the client receives decodes")
            #expect(decoded.count == sent.count, "\(file): every call ends with its response decoded")
            #expect(driver.calls.count * 2 >= total, "\(file): at least half the operations are filled automatically")
            let stale = known.keys.filter { signature in all.first { $0.signature == signature }?.passed ?? true }
            #expect(stale.isEmpty, "\(file): known limitations that no longer fail (remove them): \(stale.sorted())")
        }
        print(report.joined(separator: "\n"))
    }

    /// Operations that cannot pass, by spec file and signature, with the reason. They are
    /// reported apart from the others; the test fails when one of them passes after all (or
    /// is not called any more), so the list cannot hide a new failure or outlive its reason.
    static let knownLimitations: [String: [String: String]] = [:]

    /// The operations the samples file marks `$unfillable`, with the reason.
    static func unfillable(_ samples: String) throws -> [String: String] {
        let values = try JSONSerialization.jsonObject(with: Data(samples.utf8)) as? [String: [String: Any]] ?? [:]
        return values.compactMapValues { $0["$unfillable"] as? String }
    }

    /// Joins the driver's lines with the server's log through the `X-Musubi-Call` header.
    static func outcomes(printed: String, log: [ValidatingServer.LogEntry]) async throws -> [Outcome] {
        struct Line: Decodable {
            var index: Int
            var signature: String
            var error: String?
            var decoded: Bool?
            var decodingPath: String?
        }
        var entries: [Int: ValidatingServer.LogEntry] = [:]
        for entry in log {
            let call = entry.headers?.first { $0.key.lowercased() == "x-musubi-call" }?.value
            if let call, let index = Int(call) { entries[index] = entry }
        }
        return try printed.split(separator: "\n").map { text in
            let line = try JSONDecoder().decode(Line.self, from: Data(text.utf8))
            let entry = entries[line.index]
            var errors = entry?.errors ?? []
            // A request that reaches another operation than its own (a path key's fixed query
            // left out, say) may well be valid for that one.
            if let entry, let template = entry.template, "\(entry.method.uppercased()) \(template)" != line.signature {
                errors.append("the server took it for \(entry.method.uppercased()) \(template)")
            }
            return Outcome(
                signature: line.signature, sent: entry != nil, valid: (entry?.valid ?? false) && errors.isEmpty,
                errors: errors, clientError: line.error, decoded: line.decoded ?? false,
                decodingPath: line.decodingPath, responseErrors: entry?.responseErrors ?? [])
        }
    }

    private func samples(_ spec: String) async throws -> String {
        let python = try #require(testPython)
        return try await run(
            python, [repositoryRoot.appendingPathComponent("Scripts/operation-samples.py").path, "--spec", spec])
    }

    private func manifest(modules: [String]) -> String {
        // A path dependency's identity is its folder's name, whatever the clone is called.
        let runtime = ".product(name: \"MusubiRuntime\", package: \"\(repositoryRoot.lastPathComponent)\")"
        var targets: [String] = []
        for module in modules {
            targets.append(
                "        .target(name: \"\(module)\", dependencies: [\(runtime)]),")
            targets.append(
                "        .executableTarget(name: \"\(module)Driver\", dependencies: [\"\(module)\", \(runtime)]),")
        }
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "RealSpecOperations",
                platforms: [.macOS(.v13)],
                dependencies: [.package(path: "\(repositoryRoot.path)")],
                targets: [
            \(targets.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    /// Writes `text` unless the file already holds it, so a kept package's build stays
    /// incremental.
    private func write(_ text: String, to url: URL) throws {
        if (try? String(contentsOf: url, encoding: .utf8)) == text { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs a program to its end and returns its standard output; a non-zero exit fails with
    /// the output and error text.
    @discardableResult
    private func run(_ program: String, _ arguments: [String]) async throws -> String {
        let result = try await runProcess(program, arguments)
        guard result.status == 0 else {
            throw RunError(
                description: "\(program) exited with \(result.status):\n\(result.standardOutput)\n"
                    + "\(result.standardError.suffix(4000))")
        }
        return result.standardOutput
    }

    struct RunError: Error, CustomStringConvertible {
        var description: String
    }
}
