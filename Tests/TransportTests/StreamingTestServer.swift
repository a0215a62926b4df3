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
    let process: Process
    let port: Int
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The same server under another host name: another origin for redirect tests.
    var otherHostURL: URL { URL(string: "http://localhost:\(port)")! }

    init() throws {
        let process = Process()
        if let python = ProcessInfo.processInfo.environment["MUSUBI_TEST_PYTHON"], !python.isEmpty {
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = []
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3"]
        }
        process.arguments! += [
            repositoryRoot.appendingPathComponent("Scripts/streaming-test-server.py").path, "--port", "0",
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
            throw ServerError(message: "the streaming test server did not start; it printed: \(text)")
        }
        self.port = port
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
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

    /// Asks `condition` of the log every 50 ms for up to `seconds`; the last log.
    func waitForLog(_ id: String, seconds: Double = 5, until condition: (StreamLog) -> Bool) async throws -> StreamLog {
        let deadline = Date().addingTimeInterval(seconds)
        var log = try await self.log(id)
        while !condition(log), Date() < deadline {
            try await Task.sleep(for: .milliseconds(50))
            log = try await self.log(id)
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

    struct ServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
