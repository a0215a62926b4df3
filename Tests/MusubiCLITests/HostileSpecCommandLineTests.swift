import Foundation
import MusubiReader
import MusubiTestSupport
import Testing

@testable import MusubiCLI

/// Hostile specs run through the real binary, as CI runs it on a downloaded spec: errors exit
/// with status 1, say what and where (`file:line:column`), and write no output folder;
/// warnings drop only what they are about.
@Suite(.enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct HostileSpecCommandLineTests {
    static let header = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n"

    /// A temporary folder with a spec in `specs/`, and the output folder beside it.
    struct Workspace {
        let directory: URL
        var specs: URL { directory.appendingPathComponent("specs") }
        var spec: String { specs.appendingPathComponent("api.yaml").path }
        var output: String { directory.appendingPathComponent("out").path }

        init(spec: String, files: [String: String] = [:]) throws {
            directory = try makeTemporaryDirectory()
            try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
            try Data(spec.utf8).write(to: specs.appendingPathComponent("api.yaml"))
            for (name, text) in files {
                try Data(text.utf8).write(to: directory.appendingPathComponent(name))
            }
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }

        var outputExists: Bool { FileManager.default.fileExists(atPath: output) }
    }

    static func referring(to target: String) -> String {
        header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: '\(target)'}\n"
    }

    @Test func referencesOutOfTheSpecsFolderFailWithTheirPlaceAndWriteNothing() throws {
        for target in ["/etc/passwd", "/proc/self/status", "../secret.yaml", "/dev/zero", "."] {
            let workspace = try Workspace(spec: Self.referring(to: target), files: ["secret.yaml": "type: string\n"])
            defer { workspace.remove() }
            let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output])
            #expect(result.status == 1, "\(target): \(result.standardError)")
            #expect(result.standardError.hasPrefix("\(workspace.spec):6:15: error: "), "\(result.standardError)")
            #expect(!workspace.outputExists, "\(target)")
        }
    }

    @Test func theOptionAndTheConfigurationKeyAllowAFolder() throws {
        let workspace = try Workspace(
            spec: Self.referring(to: "../secret.yaml"), files: ["secret.yaml": "type: string\n"])
        defer { workspace.remove() }
        let refused = try runMusubi(["validate", workspace.spec])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("outside the folder of the spec"))
        #expect(refused.standardError.contains("--allow-references-under FOLDER"))

        let allowed = try runMusubi(["validate", workspace.spec, "--allow-references-under", workspace.directory.path])
        #expect(allowed.status == 0, "\(allowed.standardError)")

        // In a musubi.yaml given with --config, relative to the file's folder.
        let configuration = workspace.specs.appendingPathComponent("musubi.yaml")
        try Data("allow-references-under: [..]\nquiet: true\n".utf8).write(to: configuration)
        let given = try runMusubi(["validate", workspace.spec, "--config", configuration.path])
        #expect(given.status == 0, "\(given.standardError)")
        #expect(!given.standardError.contains("note: settings read from"))
    }

    /// A musubi.yaml found beside the spec may have come with it: it cannot widen what the
    /// run reads, nor silence the line that names it and where the output goes.
    @Test func aConfigurationFoundBesideTheSpecReadsOnlyInItsFolder() throws {
        let workspace = try Workspace(
            spec: Self.referring(to: "../secret.yaml"), files: ["secret.yaml": "type: string\n"])
        defer { workspace.remove() }
        try FileManager.default.createDirectory(
            at: workspace.directory.appendingPathComponent("templates"), withIntermediateDirectories: true)
        let configuration = workspace.specs.appendingPathComponent("musubi.yaml")
        try Data("quiet: true\nallow-references-under: [..]\ntemplates: ../templates\n".utf8).write(to: configuration)
        let found = try runMusubi(["generate", workspace.spec, "--output", workspace.output])
        #expect(found.status == 1)
        #expect(!workspace.outputExists)
        let errors = found.standardError.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 2, "\(found.standardError)")
        #expect(errors.first?.hasPrefix("\(configuration.path):2:25: error: 'allow-references-under' names ") == true)
        #expect(
            errors.last?.hasPrefix("\(configuration.path):3:12: error: 'templates' is code the client is made of")
                == true)
        #expect(
            found.standardError.contains("give the file with --config, or the folder with --allow-references-under"))

        // The command line's own folder is the user's choice, and replaces the file's.
        let allowed = try runMusubi([
            "generate", workspace.spec, "--output", workspace.output, "--allow-references-under",
            workspace.directory.path, "--templates", workspace.directory.appendingPathComponent("templates").path,
        ])
        #expect(allowed.status == 0, "\(allowed.standardError)")

        // Templates and the runtime are code: not from such a file, even in its own folder.
        try? FileManager.default.removeItem(atPath: workspace.output)
        try FileManager.default.createDirectory(
            at: workspace.specs.appendingPathComponent("tpl"), withIntermediateDirectories: true)
        try Data(
            "templates: tpl\nruntime:\n  url: https://example.com/evil-runtime.git\n  from: 1.0.0\n".utf8
        ).write(to: configuration)
        let code = try runMusubi(["generate", workspace.spec, "--output", workspace.output, "--package", "Kit"])
        #expect(code.status == 1)
        #expect(!workspace.outputExists)
        #expect(
            code.standardError.contains("\(configuration.path):1:12: error: 'templates' is code"),
            "\(code.standardError)")
        #expect(
            code.standardError.contains("\(configuration.path):3:8: error: 'runtime.url' is code"),
            "\(code.standardError)")
        // Given with --config, the same file is the user's.
        let given = try runMusubi([
            "generate", workspace.spec, "--output", workspace.output, "--package", "Kit", "--config",
            configuration.path, "--allow-references-under", workspace.directory.path,
        ])
        #expect(!given.standardError.contains("is code the client is made of"), "\(given.standardError)")
        try? FileManager.default.removeItem(atPath: workspace.output)

        // Nor may it write outside its folder: a run removes its earlier output's files there.
        try Data("output: ../elsewhere\n".utf8).write(to: configuration)
        let outside = try runMusubi(["generate", workspace.spec, "--allow-references-under", workspace.directory.path])
        #expect(outside.status == 1)
        #expect(
            outside.standardError.contains("\(configuration.path):1:9: error: 'output' names"),
            "\(outside.standardError)")
        #expect(!FileManager.default.fileExists(atPath: workspace.specs.path + "/../elsewhere"))

        // A folder under the file's own is allowed; the file's `quiet` does not hide that it was
        // read, nor where the output went.
        try Data("quiet: true\nallow-references-under: [.]\noutput: out/client\n".utf8).write(to: configuration)
        let inside = try runMusubi(["generate", workspace.spec, "--allow-references-under", workspace.directory.path])
        #expect(inside.status == 0, "\(inside.standardError)")
        #expect(
            inside.standardError.contains(
                "note: settings read from \(configuration.path), found beside the spec; output goes to \(workspace.specs.path)/out/client"
            ), "\(inside.standardError)")
        let quiet = try runMusubi([
            "generate", workspace.spec, "--allow-references-under", workspace.directory.path, "--quiet",
        ])
        #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
    }

    /// The note naming a found configuration says where its `output` goes: terminal escapes in
    /// that path (erase the line, conceal the rest) must not hide it, there or in the summary.
    @Test func escapesInAFoundOutputPathArePrintedAsText() throws {
        let workspace = try Workspace(spec: Self.header + "paths: {}\n")
        defer { workspace.remove() }
        let configuration = workspace.specs.appendingPathComponent("musubi.yaml")
        try Data("output: \"\\e[2K\\r\\e[8mout\"\n".utf8).write(to: configuration)
        let result = try runMusubi(["generate", workspace.spec])
        #expect(result.status == 0, "\(result.standardError)")
        let printed = result.standardError + result.standardOutput
        #expect(!printed.contains("\u{1B}") && !printed.contains("\r"), "\(printed)")
        #expect(result.standardError.contains("output goes to \(workspace.specs.path)/\\u{1B}[2K\\u{D}\\u{1B}[8mout"))
    }

    @Test func aMainSpecThatIsNoRegularFileIsAnError() throws {
        let workspace = try Workspace(spec: Self.header + "paths: {}\n")
        defer { workspace.remove() }
        for (spec, kind) in [(workspace.specs.path, "a directory"), ("/dev/zero", "a character device")] {
            let result = try runMusubi(["generate", spec, "--output", workspace.output])
            #expect(result.status == 1)
            #expect(
                result.standardError.hasPrefix("\(spec): error: cannot read file: it is \(kind), not a regular file"),
                "\(result.standardError)")
            #expect(!workspace.outputExists)
        }
    }

    @Test func hostileResponseAndPathKeysAreDroppedAndTheRestGenerates() throws {
        let workspace = try Workspace(
            spec: Self.header + """
                paths:
                  /a/{id:
                    get:
                      operationId: broken
                      responses: {200: {description: OK}}
                  /ok:
                    get:
                      operationId: fine
                      responses:
                        "200": {description: OK}
                        "300 || [0][1] == 0": {description: injected}
                """)
        defer { workspace.remove() }
        let validate = try runMusubi(["validate", workspace.spec])
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(
            validate.standardError.contains(
                "\(workspace.spec):4:3: warning: path '/a/{id' is not a valid path template"))
        #expect(
            validate.standardError.contains(
                "\(workspace.spec):13:9: warning: response key '300 || [0][1] == 0' is not a status code"))
        #expect(validate.standardOutput.contains("ok: 1 operation"), "\(validate.standardOutput)")

        let generate = try runMusubi(["generate", workspace.spec, "--output", workspace.output])
        #expect(generate.status == 0, "\(generate.standardError)")
        let enumerator = FileManager.default.enumerator(atPath: workspace.output)
        var sources = ""
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            sources += try String(contentsOfFile: workspace.output + "/" + file, encoding: .utf8)
        }
        #expect(sources.contains("FineRequest") || sources.contains("fine"))
        #expect(!sources.contains("[0][1]"))
        #expect(!sources.contains("/a/{id"))
    }

    @Test func deepNestingAndAliasBombsAreLocatedErrors() throws {
        let brackets = String(repeating: "[", count: 100_000)
        let bomb =
            (["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
            + (1...12).map { level in
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]"
            }).joined(separator: "\n")
        for (text, message) in [
            (Self.header + "paths: " + brackets, "collections nest deeper than"),
            (bomb, "aliases expand to more than"),
        ] {
            let workspace = try Workspace(spec: text)
            defer { workspace.remove() }
            let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output])
            #expect(result.status == 1)
            #expect(result.standardError.hasPrefix("\(workspace.spec):"), "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(!workspace.outputExists)
        }
    }

    /// At the real limits: three files of 700 000 nodes each, about a third of what one spec may
    /// hold, and 800 aliases to one mebibyte of text, of which the 63rd passes 64 MiB.
    @Test func specsPastTheBudgetAcrossFilesOrThroughAliasesAreLocatedErrors() throws {
        let padded =
            "{\"type\":\"string\",\"x-a\":[" + Array(repeating: "0", count: 700_000).joined(separator: ",") + "]}"
        let spec =
            Self.header + "paths: {}\ncomponents:\n  schemas:\n    A: {$ref: a.json}\n    B: {$ref: b.json}\n"
            + "    C: {$ref: c.json}\n"
        var budget = Reader.Budget()
        _ = try Reader.read(spec, fileName: "api.yaml", budget: &budget)
        // The spec, a.json and b.json, and c.json's root, "string" and sequence come first.
        let item = Reader.maximumNodes - budget.nodes - 2 * 700_003 - 3
        let files = try Workspace(
            spec: spec, files: ["specs/a.json": padded, "specs/b.json": padded, "specs/c.json": padded])
        defer { files.remove() }

        let big = String(repeating: "A", count: 1 << 20)
        let aliases = try Workspace(
            spec: Self.header + "x-big: &big \"\(big)\"\npaths: {}\ncomponents:\n  schemas:\n    S:\n"
                + "      type: object\n      properties:\n"
                + (0..<800).map { "        p\($0): {type: string, description: *big}\n" }.joined())

        for (workspace, start) in [
            (
                files,
                "\(files.specs.path)/c.json:1:\(25 + 2 * item): error: the spec and the files it references hold "
                    + "more than \(Reader.maximumNodes) nodes"
            ),
            (aliases, "\(aliases.spec):\(10 + 62):42: error: alias '*big' copies 1 node and 1048576 bytes"),
        ] {
            let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output])
            #expect(result.status == 1)
            #expect(result.standardError.hasPrefix(start), "\(result.standardError.prefix(500))")
            #expect(!workspace.outputExists)
        }
    }

    @Test func schemasNestedUpToTheLimitGenerate() throws {
        var schema = "{type: string}"
        for _ in 0..<250 { schema = "{type: object, properties: {p: \(schema)}}" }
        let workspace = try Workspace(
            spec: Self.header + """
                paths:
                  /deep:
                    get:
                      operationId: deep
                      responses:
                        "200":
                          description: OK
                          content: {application/json: {schema: {$ref: '#/components/schemas/Deep'}}}
                components:
                  schemas:
                    Deep: \(schema)
                """)
        defer { workspace.remove() }
        let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(workspace.outputExists)
    }

    /// Templates are input too: one that includes itself, directly or through another, is an
    /// error at its tag before anything is rendered (it overflowed the stack), and sections
    /// nested over the same lists stop at the output limit within seconds, naming the template
    /// (eight deep over ten properties ran for minutes, filling memory).
    @Test func hostileTemplatesAreErrorsThatNameTheTemplateAndWriteNothing() throws {
        let properties = (0..<10).map { "p\($0): {type: string}" }.joined(separator: ", ")
        let spec =
            Self.header + "paths: {}\ncomponents:\n  schemas:\n"
            + (0..<20).map { "    S\($0): {type: object, properties: {\(properties)}}\n" }.joined()
        let nested =
            "{{{header}}}\n" + String(repeating: "{{#properties}}\n", count: 8) + "x{{{name}}}\n"
            + String(repeating: "{{/properties}}\n", count: 8)
        let long =
            "{{{header}}}\n" + String(repeating: "{{#properties}}\n", count: 8)
            + "/// {{{name}}}: a line long enough that the output limit comes before the step limit\n"
            + String(repeating: "{{/properties}}\n", count: 8)
        for (templates, expected) in [
            (
                ["API.mustache": "{{{header}}}\n{{> API}}\n"],
                "API.mustache:2:1: error: the partial 'API' makes this template include itself (API → API)"
            ),
            (
                ["Struct.mustache": "{{{header}}}\n  {{> Enum}}\n", "Enum.mustache": "{{> Struct}}\n"],
                "Struct.mustache:2:3: error: the partial 'Enum' makes this template include itself (Struct → Enum → Struct)"
            ),
            (["Struct.mustache": nested], "Struct.mustache: error: rendering one declaration passed 1000000 steps"),
            (["Struct.mustache": long], "Struct.mustache: error: rendering one declaration passed 8 MiB of output"),
        ] {
            let workspace = try Workspace(spec: spec)
            defer { workspace.remove() }
            let folder = workspace.directory.appendingPathComponent("templates")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in templates { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
            let clock = ContinuousClock()
            let start = clock.now
            let result = try runMusubi([
                "generate", workspace.spec, "--output", workspace.output, "--templates", folder.path,
            ])
            #expect(clock.now - start < .seconds(30))
            #expect(result.status == 1, "\(result.standardError)")
            #expect(result.standardError.contains("\(folder.path)/\(expected)"), "\(result.standardError)")
            #expect(!workspace.outputExists)
        }
    }

    /// A schema too large to render with the built-in templates (a union of 20 000 object
    /// alternatives passes the steps one declaration may take) is an error where the spec writes
    /// it, naming the type, its file and the template; nothing is written.
    @Test func aDeclarationTooLargeToRenderIsAnErrorAtItsSchema() throws {
        let alternatives = (0..<20_000).map {
            "{type: object, required: [k\($0)], properties: {k\($0): {type: string}}}"
        }
        let workspace = try Workspace(
            spec: Self.header + "paths: {}\ncomponents:\n  schemas:\n    U:\n      anyOf: ["
                + alternatives.joined(separator: ", ") + "]\n")
        defer { workspace.remove() }
        let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output])
        #expect(result.status == 1)
        #expect(
            result.standardError.hasPrefix(
                "\(workspace.spec):7:7: error: rendering one declaration passed 1000000 steps"),
            "\(result.standardError)")
        #expect(
            result.standardError.contains("(rendering `U`, declared here, for Models/U.swift with AnyOf.mustache)"),
            "\(result.standardError)")
        #expect(!workspace.outputExists)
    }

    @Test func duplicateKeysAreWarningsOfValidate() throws {
        let workspace = try Workspace(spec: Self.header + "paths: {}\npaths: {}\n")
        defer { workspace.remove() }
        let result = try runMusubi(["validate", workspace.spec])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "\(workspace.spec):4:1: warning: duplicate key 'paths' in a mapping: it is also at line 3, "
                + "column 1; the first value is used and this one is ignored\n")
    }
}
