import Foundation
import MusubiRuntime
import MusubiTestSupport
import Testing

/// A stream that never ends, for cancellation: not an operation of the spec.
private struct Endless: StreamingRequest {
    typealias Response = NoContent
    typealias Event = ServerSentEvent
    var method: HTTPMethod { .get }
    var path: RequestPath { "/__musubi/endless" }
}

/// What every transport must do the same way: cancel, drop credentials on redirects to
/// another host, stream uploads from files.
@Suite struct TransportBehaviourTests {
    let server: StreamingTestServer

    init() throws {
        server = try StreamingTestServer()
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingTheConsumingTaskCancelsTheRequest(kind: TransportKind) async throws {
        let id = UUID().uuidString
        let client = Client(
            baseURL: server.baseURL, interceptors: [.header("X-Musubi-Hold", id)], transport: kind.make())
        let received = Log()
        let consumer = Task {
            for try await _ in try await client.stream(Endless()) {
                received.increment()
            }
        }
        try await waitUntil("three events of the endless stream", interval: .milliseconds(20)) { received.count >= 3 }
        consumer.cancel()
        let result = await consumer.result
        guard case .failure(let error) = result, case .transport(let underlying) = error as? ClientError<Never> else {
            Issue.record("expected the stream to throw .transport(CancellationError), got \(result)")
            return
        }
        #expect(underlying is CancellationError)

        // The server notices the closed connection when a write fails.
        let log = try await server.waitForLog(id) { $0.disconnected == true }
        #expect(log.disconnected == true)
        let sent = try #require(log.sent)
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await server.log(id).sent == sent, "nothing is sent after the disconnect")
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingBeforeTheHeadArrivesCancelsTheRequest(kind: TransportKind) async throws {
        let transport = kind.make()
        // Cancelled before it starts: no connection is made, the caller sees CancellationError.
        let url = URL(string: "\(server.baseURL)/__musubi/endless")!
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.stream(HTTPRequest(method: .get, url: url))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test(arguments: TransportKind.allCases)
    func cancellingABufferedCallCancelsTheRequest(kind: TransportKind) async throws {
        // `send` waits for the whole body, which never ends: only cancellation stops it.
        let id = UUID().uuidString
        let request = HTTPRequest(
            method: .get, url: URL(string: "\(server.baseURL)/__musubi/endless")!, headers: ["X-Musubi-Hold": id])
        let transport = kind.make()
        let call = Task { try await transport.send(request) }
        // Generous waits: a loaded machine may start the exchange late.
        _ = try await server.waitForLog(id, seconds: 60) { ($0.sent ?? 0) >= 1 }
        call.cancel()
        await #expect(throws: CancellationError.self) { try await call.value }

        let log = try await server.waitForLog(id, seconds: 60) { $0.disconnected == true }
        #expect(log.disconnected == true)
    }

    struct Echo: Decodable {
        var method: String
        var host: String
        var headers: [String: String]
        var bodyLength: Int
        var bodyCRC32: UInt32
    }

    private func sendThroughRedirect(_ kind: TransportKind, to target: URL, status: Int = 302) async throws -> Echo {
        var components = URLComponents(string: "\(server.baseURL)/__musubi/redirect")!
        components.queryItems = [
            URLQueryItem(name: "to", value: target.absoluteString), URLQueryItem(name: "status", value: "\(status)"),
        ]
        let request = HTTPRequest(
            method: .get, url: components.url!,
            headers: [
                "Authorization": "Bearer secret", "X-API-Key": "key-123", "Cookie": "session=abc",
                "Proxy-Authorization": "Basic cHJveHk=", "X-Trace": "kept",
            ],
            credentialHeaderNames: ["X-API-Key"])
        let response = try await kind.make().send(request)
        #expect(response.statusCode == 200)
        return try JSONDecoder().decode(Echo.self, from: response.body)
    }

    @Test(arguments: TransportKind.allCases, [302, 307])
    func aRedirectToAnotherHostDropsCredentials(kind: TransportKind, status: Int) async throws {
        let echo = try await sendThroughRedirect(
            kind, to: server.otherHostURL.appendingPathComponent("__musubi/echo"), status: status)
        #expect(echo.host == "localhost:\(server.port)")
        for name in ["authorization", "x-api-key", "cookie", "proxy-authorization"] {
            #expect(echo.headers[name] == nil, "\(name) reached the other host")
        }
        #expect(echo.headers["x-trace"] == "kept")
    }

    @Test(arguments: TransportKind.allCases)
    func aRedirectOnTheSameOriginKeepsCredentials(kind: TransportKind) async throws {
        let echo = try await sendThroughRedirect(kind, to: server.baseURL.appendingPathComponent("__musubi/echo"))
        #expect(echo.host == "127.0.0.1:\(server.port)")
        #expect(echo.headers["authorization"] == "Bearer secret")
        #expect(echo.headers["x-api-key"] == "key-123")
    }

    @Test(arguments: TransportKind.allCases)
    func aFileBodyIsSentFromDisk(kind: TransportKind) async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("upload.bin")
        let bytes = Data((0..<(3 * 1024 * 1024 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        try bytes.write(to: file)

        let request = HTTPRequest(
            method: .post, url: server.baseURL.appendingPathComponent("__musubi/echo"),
            headers: ["Content-Type": "application/octet-stream"], body: .file(file))
        let response = try await kind.make().send(request)
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.method == "POST")
        #expect(echo.bodyLength == bytes.count)
        #expect(echo.bodyCRC32 == crc32(bytes))
    }
}

/// CRC-32 (IEEE, as zlib computes it), to compare an upload with what the server received.
private func crc32(_ data: Data) -> UInt32 {
    let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
}

/// A thread-safe counter.
private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
