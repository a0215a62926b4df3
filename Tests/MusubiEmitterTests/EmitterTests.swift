import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiTestSupport
import Testing

@testable import MusubiEmitter

@Suite struct EmitterTests {
    /// The templates compiled into the binary are the files in `Templates/`; after editing a
    /// template, `Scripts/embed-templates.py` must be run.
    @Test func embeddedTemplatesMatchTheTemplatesDirectory() throws {
        let builtIn = try TemplateSet.builtIn().sources
        for name in TemplateSet.names {
            let url = repositoryRoot.appendingPathComponent("Templates/\(name).mustache")
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(builtIn[name].map { $0 + "\n" } == text, "\(name).mustache: run Scripts/embed-templates.py")
        }
        let onDisk = try FileManager.default.contentsOfDirectory(
            atPath: repositoryRoot.appendingPathComponent("Templates").path)
        // Beside the templates only their guide, README.md.
        #expect(Set(onDisk) == Set(TemplateSet.names.map { $0 + ".mustache" } + ["README.md"]))
    }

    /// What `--embed-runtime` copies is the runtime in `Sources/MusubiRuntime/` and its folders,
    /// but the files that need swift-log, each byte for byte as it is on disk; after editing,
    /// adding or removing a runtime file, `Scripts/embed-templates.py` must be run.
    @Test func embeddedRuntimeMatchesTheRuntimeSources() throws {
        let directory = repositoryRoot.appendingPathComponent("Sources/MusubiRuntime")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: directory.path)
        var expected: [String: String] = [:]
        for path in paths where path.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
            if !text.contains("\nimport Logging\n") { expected[path] = text }
        }
        #expect(expected["Client/Client.swift"] != nil && expected["Interceptors/Interceptor+Logging.swift"] == nil)
        #expect(expected.keys.contains { !$0.contains("/") } == false, "the runtime's files are in folders")
        let embedded = EmbeddedRuntime.sources.mapValues { $0 + "\n" }
        #expect(Set(embedded.keys) == Set(expected.keys), "run Scripts/embed-templates.py")
        for (path, text) in expected {
            #expect(embedded[path] == text, "\(path): run Scripts/embed-templates.py")
        }
    }

    /// A module may hold a file name once, whatever its folder: the embedded runtime's file
    /// names, not their paths, are the ones a client module in the same target must avoid.
    @Test func theEmbeddedRuntimesFileNamesAreTheLastComponentsOfItsPaths() {
        #expect(EmbeddedRuntime.fileNames.contains("Client.swift"))
        #expect(EmbeddedRuntime.fileNames.contains("QueryParameter.swift"))
        #expect(!EmbeddedRuntime.fileNames.contains { $0.contains("/") })
        #expect(EmbeddedRuntime.fileNames.count == EmbeddedRuntime.sources.count, "no file name is used twice")
    }

    @Test func theEmbeddedRuntimesTypeNamesAreReadFromItsSources() {
        let names = EmbeddedRuntime.topLevelTypeNames
        // Public and internal types, protocols and type aliases; not nested ones or extensions.
        #expect(names.isSuperset(of: ["Client", "Request", "LineSplitter", "ByteReader", "Transport", "OpenEnum"]))
        #expect(!names.contains("String") && !names.contains("Interceptor+Logging"))
        #expect(names.count > 50)
    }

    /// Generated code names the runtime's types unqualified (`Nullable<Int>?`, `ModelVisitor`),
    /// so a schema with the name of a public runtime type would hide it in the client's module
    /// and the client would not compile: each such schema is renamed, whether or not the
    /// runtime is embedded.
    @Test func noSchemaTakesThePublicNameOfARuntimeType() throws {
        var publicNames: Set<String> = []
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        for source in EmbeddedRuntime.sources.values {
            for line in source.split(separator: "\n") where line.hasPrefix("public ") {
                let words = line.split(whereSeparator: { " :<{".contains($0) })
                if let index = words.firstIndex(where: keywords.contains), index + 1 < words.count {
                    publicNames.insert(String(words[index + 1]))
                }
            }
        }
        #expect(publicNames.isSuperset(of: ["Nullable", "ModelVisitor", "Client", "OrEmpty", "URLText"]))
        let schemas = publicNames.sorted().map {
            #""\#($0)": {"type": "object", "properties": {"a": {"type": "string"}}}"#
        }
        let spec =
            #"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {"#
            + schemas.joined(separator: ", ") + "}}}"
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("spec.json")
        try Data(spec.utf8).write(to: path)
        let model = try Pipeline.model(specPath: path.path, options: ClientModelOptions()).model
        let generated = Set(model.models.map(\.name))
        #expect(generated.count >= publicNames.count)
        #expect(generated.intersection(publicNames).sorted() == [])
    }

    @Test func outputIsByteForByteDeterministic() throws {
        let spec = repositoryRoot.appendingPathComponent("Tests/Goldens/constructs.yaml").path
        let first = try Pipeline.generate(specPath: spec).files
        let second = try Pipeline.generate(specPath: spec).files
        #expect(first == second)
        #expect(first.map(\.path) == first.map(\.path).sorted())
        #expect(
            first.allSatisfy {
                $0.contents.hasSuffix("}\n") || $0.contents.hasSuffix("]\n") || !$0.contents.hasSuffix("\n\n")
            })
    }

    @Test func templatesRenderSpecTextWithoutHTMLEscaping() throws {
        let templates = try TemplateSet.builtIn()
        let model = try Pipeline.model(
            specPath: repositoryRoot.appendingPathComponent("Tests/Goldens/constructs.yaml").path,
            options: ClientModelOptions(filePerType: true)
        ).model
        let files = try Emitter.render(model, templates: templates)
        let request = try #require(files.first { $0.path == "Requests/GetSubItemByID.swift" })
        #expect(request.contents.contains("/// Quotes \" and backslashes \\ and */ in a summary"))
        #expect(!request.contents.contains("&quot;"))
    }

    /// A limit passed while rendering a declaration with the built-in templates is located where
    /// the spec declares it, and names the declaration, its file and the template: the spec's
    /// huge type, not the template, is what to look for (a union of 20 000 alternatives passed
    /// the steps one render may take, with only `AnyOf.mustache` named).
    @Test func aLimitPassedPointsAtTheSpecAndNamesTheDeclaration() throws {
        var templates = try TemplateSet.builtIn()
        templates.limits.stepsPerRender = 50
        let spec = repositoryRoot.appendingPathComponent("Tests/Goldens/constructs.yaml").path
        let model = try Pipeline.model(specPath: spec, options: ClientModelOptions(filePerType: true)).model
        do {
            _ = try Emitter.render(model, templates: templates)
            Issue.record("every declaration rendered in 50 steps")
        } catch {
            #expect(error.message.contains("the most a template may take for one"))
            #expect(error.message.contains(" (rendering `"))
            #expect(error.message.contains("declared here, for "))
            #expect(error.message.hasSuffix(".mustache)"))
            #expect(error.file == spec)
            let line = try #require(error.line)
            let declared = try #require(
                (model.models.compactMap(\.place) + model.requests.compactMap(\.place)).first {
                    $0.location.line == line && $0.location.column == error.column
                })
            #expect(declared.file == spec)
        }
    }

    /// Every model type read from a schema and every request knows where the spec writes it:
    /// the schema's or the operation's mapping, in the file it is written in.
    @Test func declarationsKnowWhereTheSpecWritesThem() throws {
        let spec = repositoryRoot.appendingPathComponent("Tests/Goldens/constructs.yaml").path
        let model = try Pipeline.model(specPath: spec, options: ClientModelOptions()).model
        let lines = try String(contentsOfFile: spec, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(model.requests.allSatisfy { $0.place?.file == spec })
        // A mapping written as a block starts on the line after its key.
        let request = try #require(model.requests.first { $0.name == "GetSubItemByID" }?.place)
        #expect(lines[request.location.line - 2].trimmingCharacters(in: .whitespaces) == "get:")
        let account = try #require(model.models.first { $0.name == "Account" }?.place)
        #expect(lines[account.location.line - 2].trimmingCharacters(in: .whitespaces) == "Account:")
        #expect(lines[account.location.line - 1].dropFirst(account.location.column - 1).hasPrefix("description:"))
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out").path
        let files = [
            GeneratedFile(path: "A.swift", contents: "a\n"),
            GeneratedFile(path: "Sub/B.swift", contents: "b\n"),
        ]
        let first = try OutputWriter.write(files, to: output)
        #expect(first.written == ["A.swift", "Sub/B.swift"])
        let bPath = output + "/Sub/B.swift"
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: bPath)

        let second = try OutputWriter.write(
            [GeneratedFile(path: "A.swift", contents: "a2\n"), files[1]], to: output)
        #expect(second.written == ["A.swift"])
        #expect(second.unchanged == ["Sub/B.swift"])
        let modified = try FileManager.default.attributesOfItem(atPath: bPath)[.modificationDate] as? Date
        #expect(modified == past)
        var written = filesBelow(URL(fileURLWithPath: output))
        #expect(written.removeValue(forKey: OutputManifest.fileName) != nil)
        #expect(written == ["A.swift": Data("a2\n".utf8), "Sub/B.swift": Data("b\n".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out"])
    }

    @Test func aTemplateThatDoesNotParseIsAnError() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("{{#unclosed}}".utf8).write(to: directory.appendingPathComponent("Struct.mustache"))
        #expect(throws: TemplateError.self) { try TemplateSet.overriding(withDirectory: directory.path) }
    }

    /// Files are rendered on all cores; one whose template passes the output limit fails the
    /// whole render, with no files, and the renders not yet started are not started.
    @Test func aTemplatePastTheOutputLimitFailsTheRender() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let nested =
            String(repeating: "{{#properties}}", count: 16) + "x\n" + String(repeating: "{{/properties}}", count: 16)
        try Data(nested.utf8).write(to: directory.appendingPathComponent("Struct.mustache"))
        let templates = try TemplateSet.overriding(withDirectory: directory.path)
        let model = try Pipeline.model(
            specPath: repositoryRoot.appendingPathComponent("Tests/Goldens/constructs.yaml").path,
            options: ClientModelOptions()
        ).model
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let files = try Emitter.render(model, templates: templates)
            Issue.record("rendered \(files.count) files")
        } catch {
            #expect(error.file == directory.appendingPathComponent("Struct.mustache").path)
            #expect(error.message.hasPrefix("rendering one declaration passed "))
        }
        #expect(clock.now - start < .seconds(30))
    }
}
