import Foundation
import MusubiTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Scripts/streaming-test-server.py` on 127.0.0.1: streams events with pauses, redirects,
/// echoes requests, and logs what each held stream did. Standard-library Python only, so it
/// runs with the venv's Python when there is one and the system's otherwise. It stops when
/// the value is deinitialized.
final class StreamingTestServer: @unchecked Sendable {
    private let server: PythonTestServer
    var port: Int { server.port }
    var baseURL: URL { server.baseURL }
    /// The same server under another host name: another origin for redirect tests.
    var otherHostURL: URL { URL(string: "http://localhost:\(port)")! }

    init() throws {
        server = try PythonTestServer(script: "streaming-test-server.py", python: testPython ?? "python3")
    }

    /// What the server logged about the stream held under `id`.
    struct StreamLog: Decodable {
        var started: Bool?
        var released: Bool?
        var completed: Bool?
        var disconnected: Bool?
        var sent: Int?
    }

    func log(_ id: String) async throws -> StreamLog {
        try await get("__musubi/log?id=\(id)", as: StreamLog.self)
    }

    /// Lets the stream held under `id` go on.
    func release(_ id: String) async throws {
        struct Released: Decodable { var released: String }
        _ = try await get("__musubi/release?id=\(id)", as: Released.self)
    }

    /// Asks `condition` of the log every 50 ms until it holds; the log then. After `seconds`
    /// the wait fails the test (see `waitUntil`).
    func waitForLog(
        _ id: String, seconds: Int = 5, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (StreamLog) -> Bool
    ) async throws -> StreamLog {
        var log = try await self.log(id)
        try await waitUntil(
            "the log of stream \(id) to hold what the test waits for; it is \(log)", timeout: .seconds(seconds),
            interval: .milliseconds(50), sourceLocation: sourceLocation
        ) {
            if condition(log) { return true }
            log = try await self.log(id)
            return condition(log)
        }
        return log
    }

    /// A plain GET on a test endpoint, through a session of its own so it never shares a
    /// connection or a delegate with the transport under test.
    private func get<T: Decodable>(_ path: String, as type: T.Type) async throws -> T {
        let url = URL(string: baseURL.absoluteString + "/" + path)!
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            URLSession.shared.dataTask(with: url) { data, _, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: data ?? Data())
                }
            }.resume()
        }
        return try JSONDecoder().decode(T.self, from: data)
    }
}
