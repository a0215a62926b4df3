import Foundation
import MusubiRuntime
import MusubiTestSupport
import Testing

/// Whether the end-to-end tests can run: with a Python (see `testPython`), and always under CI,
/// where a missing Python must fail them rather than skip them.
let endToEndEnabled = pythonTestsEnabled

@Test func pythonEnvironmentIsPresentOnCI() {
    if isRunningOnCI {
        #expect(testPython != nil, "CI must set up the validating server's venv (Scripts/setup-tests.sh does)")
    }
}

/// `Scripts/validating-server.py` running on 127.0.0.1: it validates every request against
/// the spec with openapi-core, which shares no code with Musubi, and answers from the spec's
/// examples. It stops when the value is deinitialized.
final class ValidatingServer: @unchecked Sendable {
    struct LogEntry: Decodable {
        var method: String
        var path: String
        /// The path key of the operation the request matched.
        var template: String?
        var query: String
        var valid: Bool
        var errors: [String]
        var status: Int?
        var operationID: String?
        var pathParams: [String: String]?
        var headers: [String: String]?
        /// The request body: parsed JSON for a JSON body, else its first 4096 characters as text.
        var body: JSONValue?
        /// openapi-core's complaints about the answer the server built, when it has any: an
        /// answer that breaks its own schema would blame the client for the server's mistake.
        var responseErrors: [String]?
        /// Whether every one of `responseErrors` is about a string `format` only.
        var responseErrorsFormatOnly: Bool?

        /// The server's log is written in Python's snake case.
        private enum CodingKeys: String, CodingKey {
            case method, path, template, query, valid, errors, status, headers, body
            case operationID = "operation_id"
            case pathParams = "path_params"
            case responseErrors = "response_errors"
            case responseErrorsFormatOnly = "response_errors_format_only"
        }

        /// The request header called `name`, ignoring case (the server reports names as
        /// its WSGI layer spells them: `X-Api-Key`).
        func header(_ name: String) -> String? {
            headers?.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    private let server: PythonTestServer
    var port: Int { server.port }
    var baseURL: URL { server.baseURL }

    /// - Parameter startupDeadline: How long openapi-core may take to read the spec (Stripe's
    ///   takes about a minute on a loaded machine).
    init(spec: String, startupDeadline: Duration = .seconds(60)) throws {
        let python = try #require(testPython, "needs the Python venv with openapi-core: run Scripts/setup-tests.sh")
        server = try PythonTestServer(
            script: "validating-server.py", arguments: ["--spec", repositoryRoot.appendingPathComponent(spec).path],
            python: python, startupDeadline: startupDeadline)
    }

    /// Every request the server received, with its validation result.
    func log() async throws -> [LogEntry] {
        struct Log: Decodable { var requests: [LogEntry] }
        let (data, _) = try await URLSession.shared.data(from: baseURL.appendingPathComponent("__musubi/log"))
        return try JSONDecoder().decode(Log.self, from: data).requests
    }
}

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
