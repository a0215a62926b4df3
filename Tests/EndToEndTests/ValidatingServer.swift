import Foundation
import MusubiRuntime
import MusubiTestSupport
import Testing

/// The Python with openapi-core installed: `$MUSUBI_TEST_PYTHON`, or the `.venv` that
/// `.ci/run` creates. Nil when neither exists; CI always has it.
let testPython: String? = {
    if let configured = ProcessInfo.processInfo.environment["MUSUBI_TEST_PYTHON"], !configured.isEmpty {
        return configured
    }
    let venv = repositoryRoot.appendingPathComponent(".venv/bin/python").path
    return FileManager.default.isExecutableFile(atPath: venv) ? venv : nil
}()

/// Whether the end-to-end tests can run. On CI (`CI` set) they must: a missing Python
/// environment there is a failure of its own (see `pythonEnvironmentIsPresentOnCI`).
let endToEndEnabled = testPython != nil

@Test func pythonEnvironmentIsPresentOnCI() {
    if ProcessInfo.processInfo.environment["CI"] != nil {
        #expect(testPython != nil, "CI must install the validating server's venv (.ci/run does)")
    }
}

/// `Scripts/validating-server.py` running on 127.0.0.1: it validates every request against
/// the spec with openapi-core, which shares no code with Musubi, and answers from the spec's
/// examples. It stops when the test process ends or the value is deinitialized.
final class ValidatingServer: @unchecked Sendable {
    struct LogEntry: Decodable {
        var method: String
        var path: String
        var query: String
        var valid: Bool
        var errors: [String]
        var status: Int?
        var operationID: String?
        var pathParams: [String: String]?
        var headers: [String: String]?
        /// The request body: parsed JSON for a JSON body, else its first 4096 characters as text.
        var body: JSONValue?

        /// The server's log is written in Python's snake case.
        private enum CodingKeys: String, CodingKey {
            case method, path, query, valid, errors, status, headers, body
            case operationID = "operation_id"
            case pathParams = "path_params"
        }

        /// The request header called `name`, ignoring case (the server reports names as
        /// its WSGI layer spells them: `X-Api-Key`).
        func header(_ name: String) -> String? {
            headers?.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    let process: Process
    let port: Int
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    init(spec: String) throws {
        let python = try #require(testPython)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [
            repositoryRoot.appendingPathComponent("Scripts/validating-server.py").path,
            "--spec", repositoryRoot.appendingPathComponent(spec).path, "--port", "0",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process

        // The server's first line on stdout is `PORT=<n>`.
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first, line.hasPrefix("PORT="),
            let port = Int(line.dropFirst("PORT=".count))
        else {
            process.terminate()
            throw ServerError(message: "the validating server did not start; it printed: \(text)")
        }
        self.port = port
    }

    deinit {
        // SIGKILL: it cannot be blocked, and the server keeps no state worth a clean exit.
        // Waiting reaps the child so no zombie outlives the test.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Every request the server received, with its validation result.
    func log() async throws -> [LogEntry] {
        struct Log: Decodable { var requests: [LogEntry] }
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__musubi/log"))
        return try JSONDecoder().decode(Log.self, from: data).requests
    }

    struct ServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
