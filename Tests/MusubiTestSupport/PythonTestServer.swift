import Foundation

/// Whether the tests run under CI (the `CI` environment variable is set, as every CI service
/// does). There, what a plain run may skip or accept must fail instead: a missing Python, a
/// golden rewritten by `MUSUBI_UPDATE_GOLDENS`.
public let isRunningOnCI = ProcessInfo.processInfo.environment["CI"] != nil

/// The Python the end-to-end tests run (with openapi-core installed): `$MUSUBI_TEST_PYTHON`, or
/// the `.venv` that `Scripts/setup-tests.sh` makes. Nil when neither exists.
public let testPython: String? = {
    if let configured = ProcessInfo.processInfo.environment["MUSUBI_TEST_PYTHON"], !configured.isEmpty {
        return configured
    }
    let venv = repositoryRoot.appendingPathComponent(".venv/bin/python").path
    return FileManager.default.isExecutableFile(atPath: venv) ? venv : nil
}()

/// Whether the suites that need ``testPython`` run. Under CI they always do, so that a missing
/// Python fails them rather than skipping them.
public let pythonTestsEnabled = testPython != nil || isRunningOnCI

/// A test server from `Scripts/` running on 127.0.0.1 on a port of its own choosing, which it
/// announces as its first line on standard output: `PORT=<n>`.
///
/// The server gets `startupDeadline` to say so; a server that hangs before that (a Python that
/// cannot import its packages and waits, a port it cannot bind) fails the test with what it
/// printed on standard error instead of blocking the run. It is killed when the value is
/// deinitialized.
public final class PythonTestServer: @unchecked Sendable {
    public let port: Int
    private let process: Process
    private let errorLog: URL

    /// The server on the loopback address.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Starts `Scripts/<script>` with `arguments` (and `--port 0`) under `python`, and waits up
    /// to `startupDeadline` for its port.
    public convenience init(
        script: String, arguments: [String] = [], python: String,
        startupDeadline: Duration = .seconds(60)
    ) throws {
        try self.init(
            program: python,
            arguments: [repositoryRoot.appendingPathComponent("Scripts/\(script)").path] + arguments + ["--port", "0"],
            name: script, startupDeadline: startupDeadline)
    }

    /// Starts `program` (a path, or a name looked up on `PATH`) with `arguments`, and waits up
    /// to `startupDeadline` for the port it announces; `name` names it in failures.
    public init(program: String, arguments: [String], name: String, startupDeadline: Duration) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = (program.hasPrefix("/") ? [] : [program]) + arguments
        let output = Pipe()
        process.standardOutput = output
        let errorLog = FileManager.default.temporaryDirectory
            .appendingPathComponent("musubi-server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()

        // The first line is read on a thread of its own so that the wait can end at the
        // deadline; killing the server then ends the read too.
        let firstLine = FirstLine()
        let reader = output.fileHandleForReading
        Thread.detachNewThread {
            var text = ""
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            firstLine.finish(text)
        }
        let seconds = Double(startupDeadline.components.seconds)
        let text = firstLine.wait(until: Date().addingTimeInterval(seconds))

        guard let text, let line = text.split(separator: "\n").first, line.hasPrefix("PORT="),
            let port = Int(line.dropFirst("PORT=".count))
        else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: errorLog)
            throw StartFailure(
                description: text == nil
                    ? "\(name) did not announce its port within \(seconds) s; it printed: \(printed)"
                    : "\(name) did not start; it printed: \(text ?? "")\(printed)")
        }
        self.process = process
        self.port = port
        self.errorLog = errorLog
    }

    deinit {
        // SIGKILL: it cannot be blocked, and the servers keep no state worth a clean exit.
        // Waiting reaps the child so no zombie outlives the test.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: errorLog)
    }

    /// A server that did not announce its port, with what it printed.
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The first line, handed from the reading thread to the waiting one.
    private final class FirstLine: @unchecked Sendable {
        private let condition = NSCondition()
        private var text: String?

        func finish(_ text: String) {
            condition.lock()
            self.text = text
            condition.broadcast()
            condition.unlock()
        }

        /// The text once read, or nil when `deadline` came first.
        func wait(until deadline: Date) -> String? {
            condition.lock()
            defer { condition.unlock() }
            while text == nil, condition.wait(until: deadline) {}
            return text
        }
    }
}
