import Foundation
import MusubiCLI
import MusubiEmitter
import MusubiTestSupport
import Testing

@testable import MusubiClientModel

private let gitHubSpec = repositoryRoot.deletingLastPathComponent().appendingPathComponent(
    "shared/specs/github-rest-api.json")

/// GitHub's REST API generated for one tag: only that tag's operations, exactly the schemas
/// they reach, and the result builds.
///
/// What is expected is worked out here independently of the generator: the operations and
/// the schemas they reach from the spec's JSON (following every `$ref`), and the models each
/// generated file uses from the generated Swift.
@Suite(
    .enabled(if: FileManager.default.fileExists(atPath: gitHubSpec.path), "needs ../shared/specs/github-rest-api.json"))
struct FilteredGitHubTests {
    static let spec = gitHubSpec

    @Test func theIssuesTagGeneratesItsOperationsAndTheSchemasTheyReachAndBuilds() async throws {
        let options = ClientModelOptions(
            moduleName: "GitHubIssues",
            filter: OperationFilter(
                include: .init(tags: [Configured(Glob("issues"), origin: .commandLine("--include-tag"))])))
        let output = try Pipeline.generate(specPath: Self.spec.path, options: Pipeline.Options(modelOptions: options))
        #expect(output.warnings.isEmpty, "\(output.warnings.prefix(3))")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.spec)) as? [String: Any])
        let (operationIDs, references) = Self.operations(tagged: "issues", in: json)
        #expect(operationIDs.count == 39)
        #expect(Set(output.model.requests.map(\.name)) == Set(operationIDs.map(Naming.typeName)))

        // Every schema the operations reach in the JSON is generated…
        let reached = Self.reachableSchemas(from: references, in: json)
        let models = Set(output.model.models.map(\.name))
        #expect(reached.count == 50)
        for schema in reached {
            // A schema named like a platform type has the `Model` suffix (`Label` → `LabelModel`).
            let name = Naming.typeName(schema)
            let expected = PlatformTypeNames.all.contains(name) ? name + "Model" : name
            #expect(models.contains(expected), "\(schema) is reached by the issues operations")
        }
        // …and every generated model is used by a request, directly or through other models.
        var sources: [String: String] = [:]
        for file in output.files { sources[file.path] = file.contents }
        let used = Self.modelsUsed(
            from: output.files.filter { !$0.path.hasPrefix("Models/") }.map(\.contents),
            models: Dictionary(uniqueKeysWithValues: output.model.models.map { ($0.name, sources[$0.fileName] ?? "") }))
        #expect(models.subtracting(used).isEmpty, "generated but never used: \(models.subtracting(used).sorted())")
        #expect(models.count < 200, "the whole API has over 1 000 models")

        try await Self.build(output.files + [Self.nullCallSites], module: "GitHubIssues")
    }

    /// Calls that send the issue update's `milestone` as `null`, as a value and not at all:
    /// GitHub removes the milestone only for `"milestone": null`. Built with the client.
    static let nullCallSites = GeneratedFile(
        path: "NullCallSites.swift",
        contents: """
            import MusubiRuntime

            func milestoneUpdates() -> [IssuesUpdateBody] {
                let cleared = IssuesUpdateBody(milestone: .null)
                let moved = IssuesUpdateBody(body: "Moved", milestone: .value(.integer(3)))
                let untouched = IssuesUpdateBody(state: .closed)
                let read: IssuesUpdateBodyMilestone? = moved.milestone
                let states: Nullable<IssuesUpdateBodyMilestone>? = cleared.nullableMilestone
                _ = (read, states, IssuesUpdate(owner: "o", repo: "r", issueNumber: 1, body: cleared))
                return [cleared, moved, untouched]
            }

            """)

    /// The operationIds with the tag, and every `$ref` string inside those operations (and
    /// their path items' shared parameters).
    static func operations(tagged tag: String, in json: [String: Any]) -> (ids: [String], references: Set<String>) {
        var ids: [String] = []
        var references: Set<String> = []
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        for case (_, let item as [String: Any]) in json["paths"] as? [String: Any] ?? [:] {
            for case (let method, let operation as [String: Any]) in item where methods.contains(method) {
                guard (operation["tags"] as? [String] ?? []).contains(tag) else { continue }
                ids.append(operation["operationId"] as? String ?? "")
                collectReferences(operation, into: &references)
                collectReferences(item["parameters"] ?? [], into: &references)
            }
        }
        return (ids, references)
    }

    /// The names under `components/schemas` reached from `references`, following `$ref`s
    /// through any component (parameters, responses, headers, examples) to the end.
    static func reachableSchemas(from references: Set<String>, in json: [String: Any]) -> Set<String> {
        var seen: Set<String> = []
        var pending = Array(references)
        while let reference = pending.popLast() {
            guard seen.insert(reference).inserted else { continue }
            var node: Any? = json
            for token in reference.dropFirst(2).split(separator: "/") {
                let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                node = (node as? [String: Any])?[key]
            }
            var found: Set<String> = []
            collectReferences(node ?? [:], into: &found)
            pending.append(contentsOf: found.subtracting(seen))
        }
        let prefix = "#/components/schemas/"
        return Set(seen.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
    }

    static func collectReferences(_ node: Any, into references: inout Set<String>) {
        if let mapping = node as? [String: Any] {
            for (key, value) in mapping {
                if key == "$ref", let reference = value as? String {
                    references.insert(reference)
                } else {
                    collectReferences(value, into: &references)
                }
            }
        } else if let items = node as? [Any] {
            for item in items { collectReferences(item, into: &references) }
        }
    }

    /// The models whose names appear as identifiers in `roots`, and in those models' files in
    /// turn.
    static func modelsUsed(from roots: [String], models: [String: String]) -> Set<String> {
        var used: Set<String> = []
        var pending = roots
        while let source = pending.popLast() {
            for identifier in identifiers(in: source)
            where models[identifier] != nil && used.insert(identifier).inserted {
                pending.append(models[identifier]!)
            }
        }
        return used
    }

    static func identifiers(in source: String) -> Set<String> {
        var result: Set<String> = []
        var current = ""
        for scalar in source.unicodeScalars {
            if scalar == "_" || scalar.properties.isAlphabetic || (!current.isEmpty && ("0"..."9").contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                result.insert(current)
                current = ""
            }
        }
        if !current.isEmpty { result.insert(current) }
        return result
    }

    /// A debug build of the files in a throwaway package depending on this repository's runtime.
    static func build(_ files: [GeneratedFile], module: String) async throws {
        let package = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: package) }
        _ = try OutputWriter.write(files, to: package.appendingPathComponent("Sources/\(module)").path)
        // A path dependency's identity is its folder's name, whatever the clone is called.
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "Filtered",
                platforms: [.macOS(.v13)],
                dependencies: [.package(path: "\(repositoryRoot.path)")],
                targets: [
                    .target(
                        name: "\(module)",
                        dependencies: [.product(name: "MusubiRuntime", package: "\(repositoryRoot.lastPathComponent)")])
                ],
                swiftLanguageModes: [.v6]
            )

            """
        try Data(manifest.utf8).write(to: package.appendingPathComponent("Package.swift"))
        let build = try await runProcess(
            "swift",
            ["build", "--package-path", package.path, "--scratch-path", package.appendingPathComponent(".build").path])
        #expect(build.status == 0, "swift build failed:\n\((build.standardOutput + build.standardError).suffix(4000))")
    }
}
