import Foundation
import MusubiTestSupport
import Testing

@testable import MusubiCLI

/// How `musubi` reports problems, as CI and people see it: compiler-style lines, colour only
/// on a terminal, `--quiet`, `--warnings-as-errors`, the summary line and the exit status.
@Suite(.serialized, .enabled(if: musubiExecutable != nil, "the musubi executable is built by `swift build`"))
struct DiagnosticsCommandLineTests {
    /// A valid spec with one warning: an enum value listed twice.
    static let specWithWarning = """
        openapi: 3.0.3
        info: {title: T, version: '1'}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        $ref: '#/components/schemas/Status'
        components:
          schemas:
            Status:
              type: string
              enum: [a, b, a]
        """

    /// A spec, an output directory holding one file of the user's, and cleanup.
    struct Workspace {
        let directory: URL
        var spec: String { directory.appendingPathComponent("spec.yaml").path }
        var output: URL { directory.appendingPathComponent("out") }

        init(spec: String = DiagnosticsCommandLineTests.specWithWarning) throws {
            directory = try makeTemporaryDirectory()
            try Data(spec.utf8).write(to: directory.appendingPathComponent("spec.yaml"))
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try Data("// mine\n".utf8).write(to: output.appendingPathComponent("Keep.swift"))
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// A spec with one error: a reference to a schema that does not exist.
    static let specReferringToNothing = specWithWarning.replacingOccurrences(
        of: "$ref: '#/components/schemas/Status'", with: "$ref: '#/components/schemas/Nope'")

    static let escape = "\u{1B}["

    @Test func warningsPrintWithTheirLocationAndTheRunSucceeds() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "\(workspace.spec):18:20: warning: duplicate enum value 'a' is ignored\n")
        #expect(result.standardOutput.hasSuffix("1 warning.\n"))
        #expect(filesBelow(workspace.output)["Models/Status.swift"] != nil)
        #expect(!result.standardError.contains(Self.escape), "no colour when standard error is not a terminal")
    }

    @Test func quietPrintsNothingForASuccessWithWarnings() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        for command in [
            ["generate", workspace.spec, "--output", workspace.output.path], ["validate", workspace.spec],
        ] {
            let result = try runMusubi(command + ["--quiet"])
            #expect(result.status == 0)
            #expect(result.standardError.isEmpty, "\(command[0]): \(result.standardError)")
            #expect(result.standardOutput.isEmpty, "\(command[0]): \(result.standardOutput)")
        }
        #expect(filesBelow(workspace.output)["Models/Status.swift"] != nil, "--quiet still generates")
    }

    @Test func quietStillPrintsErrorsAndTheirSummary() throws {
        let workspace = try Workspace(spec: Self.specReferringToNothing)
        defer { workspace.remove() }
        let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output.path, "--quiet"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "\(workspace.spec):13:23: error: reference '#/components/schemas/Nope' points to nothing in the document",
                "error: 1 error; nothing written.",
            ])
    }

    @Test func warningsAsErrorsFailsAndWritesNothing() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try runMusubi([
            "generate", workspace.spec, "--output", workspace.output.path, "--warnings-as-errors",
        ])
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                \(workspace.spec):18:20: error: duplicate enum value 'a' is ignored
                error: 1 error (warnings treated as errors); nothing written.

                """)
        #expect(result.standardOutput.isEmpty)
        #expect(filesBelow(workspace.output) == ["Keep.swift": Data("// mine\n".utf8)], "nothing may be written")

        let validate = try runMusubi(["validate", workspace.spec, "--warnings-as-errors"])
        #expect(validate.status == 1)
        #expect(validate.standardError.hasSuffix("error: 1 error (warnings treated as errors); nothing written.\n"))

        // A spec without warnings is not affected.
        let clean = try runMusubi(["validate", "Specs/petstore.yaml", "--warnings-as-errors"])
        #expect(clean.status == 0, "\(clean.standardError)")
    }

    @Test func errorsEndWithOneSummaryCountingWarningsToo() throws {
        // `Other` has the duplicate enum value that warns; the reference to `Nope` fails.
        let workspace = try Workspace(
            spec: Self.specReferringToNothing + "\n    Other:\n      $ref: '#/components/schemas/Status'\n")
        defer { workspace.remove() }
        let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output.path])
        #expect(result.status == 1)
        #expect(
            result.standardError.split(separator: "\n") == [
                "\(workspace.spec):18:20: warning: duplicate enum value 'a' is ignored",
                "\(workspace.spec):13:23: error: reference '#/components/schemas/Nope' points to nothing in the document",
                "error: 1 error and 1 warning; nothing written.",
            ])
        #expect(filesBelow(workspace.output) == ["Keep.swift": Data("// mine\n".utf8)])
    }

    /// A hostile spec can give a warning per line; a thousand of each severity are printed, then
    /// one line counts the rest, while the summary counts them all.
    @Test func aThousandOfEachSeverityArePrintedAndTheRestCounted() throws {
        let values = Array(repeating: "a", count: DiagnosticReporter.printLimit + 13).joined(separator: ", ")
        let workspace = try Workspace(
            spec: Self.specWithWarning.replacingOccurrences(of: "enum: [a, b, a]", with: "enum: [\(values)]"))
        defer { workspace.remove() }
        let result = try runMusubi(["generate", workspace.spec, "--output", workspace.output.path])
        #expect(result.status == 0, "\(result.standardError.suffix(300))")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == DiagnosticReporter.printLimit + 1)
        #expect(lines.dropLast().allSatisfy { $0.hasSuffix("warning: duplicate enum value 'a' is ignored") })
        #expect(lines.last == "note: 12 more warnings not shown")
        #expect(result.standardOutput.hasSuffix("\(DiagnosticReporter.printLimit + 12) warnings.\n"))

        let strict = try runMusubi(["validate", workspace.spec, "--warnings-as-errors"])
        let strictLines = strict.standardError.split(separator: "\n").map(String.init)
        #expect(strict.status == 1)
        #expect(strictLines.count == DiagnosticReporter.printLimit + 2)
        #expect(
            strictLines.suffix(2) == [
                "note: 12 more errors not shown",
                "error: \(DiagnosticReporter.printLimit + 12) errors (warnings treated as errors); nothing written.",
            ])
    }

    @Test func colorAlwaysColoursLocationSeverityAndMessage() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let warning = try runMusubi(["validate", workspace.spec, "--color", "always"])
        #expect(warning.status == 0)
        #expect(
            warning.standardError
                == "\u{1B}[1m\(workspace.spec):18:20:\u{1B}[0m \u{1B}[1;35mwarning:\u{1B}[0m "
                + "\u{1B}[1mduplicate enum value 'a' is ignored\u{1B}[0m\n")

        let error = try runMusubi(["validate", workspace.spec, "--color", "always", "--warnings-as-errors"])
        #expect(error.standardError.contains("\u{1B}[1;31merror:\u{1B}[0m \u{1B}[1mduplicate enum value"))
        #expect(
            error.standardError.hasSuffix(
                "\u{1B}[1;31merror:\u{1B}[0m 1 error (warnings treated as errors); nothing written.\n"))

        if scriptExecutable != nil {
            let never = try runMusubiOnTerminal(["validate", workspace.spec, "--color", "never"])
            #expect(never.contains("warning: duplicate enum value"), "\(never.debugDescription)")
            #expect(!never.contains(Self.escape))
        }
    }

    @Test(.enabled(if: scriptExecutable != nil, "util-linux's script runs a command on a terminal"))
    func autoColoursOnATerminalUnlessNoColorIsSet() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let terminal = try runMusubiOnTerminal(["validate", workspace.spec])
        #expect(terminal.contains("\u{1B}[1;35mwarning:\u{1B}[0m"), "\(terminal.debugDescription)")

        let noColor = try runMusubiOnTerminal(["validate", workspace.spec], environment: ["NO_COLOR": "1"])
        #expect(noColor.contains("warning: duplicate enum value"), "\(noColor.debugDescription)")
        #expect(!noColor.contains(Self.escape))
    }

    @Test(arguments: [
        (DiagnosticOptions.ColorMode.auto, true, [String: String](), true),
        (.auto, false, [:], false),
        (.auto, true, ["NO_COLOR": "1"], false),
        (.auto, true, ["NO_COLOR": ""], true),
        (.auto, true, ["TERM": "dumb"], false),
        (.always, false, ["NO_COLOR": "1"], true),
        (.never, true, [:], false),
    ])
    func colorModeDecides(
        mode: DiagnosticOptions.ColorMode, terminal: Bool, environment: [String: String], expected: Bool
    ) {
        #expect(mode.usesColor(standardErrorIsTerminal: terminal, environment: environment) == expected)
    }

    @Test func badUsageExitsWith64() throws {
        #expect(try runMusubi(["generate"]).status == 64)
        #expect(try runMusubi(["validate", "Specs/petstore.yaml", "--color", "sometimes"]).status == 64)
        #expect(try runMusubi(["generate", "Specs/petstore.yaml", "--no-such-option"]).status == 64)
    }

    @Test func helpDocumentsTheExitStatus() throws {
        let help = try runMusubi(["--help"]).standardOutput
        #expect(help.contains("Exit status:"))
        #expect(help.contains("64"))
        #expect(help.contains("--warnings-as-errors"))
    }
}

/// `script` from util-linux, which runs a command on a pseudo-terminal.
let scriptExecutable = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

/// Runs `musubi` on a pseudo-terminal, as in an interactive shell (through `script`, which
/// copies what the terminal showed to its standard output), and returns what it printed.
func runMusubiOnTerminal(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let executable = try #require(musubiExecutable)
    let script = try #require(scriptExecutable, "util-linux's script is needed for a terminal")
    let quoted = ([executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = ["--quiet", "--return", "--command", quoted.joined(separator: " "), "/dev/null"]
    process.currentDirectoryURL = repositoryRoot
    var variables = ProcessInfo.processInfo.environment
    variables["NO_COLOR"] = nil
    variables["TERM"] = "xterm"
    variables.merge(environment) { _, new in new }
    process.environment = variables
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
}
