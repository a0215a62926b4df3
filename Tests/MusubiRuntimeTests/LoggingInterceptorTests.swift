import Foundation
import Logging
import MusubiRuntime
import Testing

/// A `LogHandler` keeping every record, as text a person or a log pipeline would see.
final class CapturingLogHandler: LogHandler, @unchecked Sendable {
    struct Record {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata
        /// The message and every metadata value, flattened: what must never hold a secret.
        var text: String { "\(message) \(metadata)" }
    }

    /// Shared by the copies swift-log makes of a handler (it is a value in `Logger`).
    final class Store: @unchecked Sendable {
        // @unchecked: `records` is only touched while holding `lock`.
        private let lock = NSLock()
        private var items: [Record] = []
        func append(_ record: Record) {
            lock.lock()
            items.append(record)
            lock.unlock()
        }
        var records: [Record] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    init(store: Store, level: Logger.Level) {
        self.store = store
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        store.append(Record(level: event.level, message: "\(event.message)", metadata: event.metadata ?? [:]))
    }

    /// A logger writing into a fresh store, and the store.
    static func logger(level: Logger.Level) -> (Logger, Store) {
        let store = Store()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(store: store, level: level) }
        return (logger, store)
    }
}

@Suite struct LoggingInterceptorTests {
    /// Requires every kind of credential the client can send.
    enum Everything: SecurityPolicy {
        static var security: [SecurityRequirement] {
            [[.keyHeader: [], .keyQuery: [], .keyCookie: [], .bearerAuth: []]]
        }
    }

    private let secrets = ["header-s3cret", "query-s3cret", "cookie-s3cret", "token-s3cret", "set-cookie-s3cret"]

    private var credentials: [Credential] {
        [
            .apiKey(.keyHeader, "header-s3cret"), .apiKey(.keyQuery, "query-s3cret"),
            .apiKey(.keyCookie, "cookie-s3cret"), .bearer(.bearerAuth) { "token-s3cret" },
        ]
    }

    private func answer(status: Int) -> TestTransport {
        TestTransport { request in
            // The transport saw the secrets: the log must not, wherever it sits in the chain.
            #expect(request.headers["Authorization"] == "Bearer token-s3cret")
            return HTTPResponse(
                statusCode: status,
                headers: ["Set-Cookie": "session=set-cookie-s3cret", "Content-Type": "application/json"],
                body: Data(#"{"ok":true}"#.utf8))
        }
    }

    @Test func secretsNeverReachTheLogAtTraceLevel() async throws {
        for placement in ["logging inside authentication", "logging outside authentication"] {
            let (logger, store) = CapturingLogHandler.logger(level: .trace)
            let interceptors: [Interceptor] =
                placement.hasSuffix("inside authentication")
                ? [.authentication(credentials), .logging(logger)] : [.logging(logger), .authentication(credentials)]
            let client = Client(baseURL: baseURL, interceptors: interceptors, transport: answer(status: 200))
            _ = try await client.send(GetSecret<Everything>())

            let records = store.records
            #expect(records.count == 3, "\(placement): request, summary, response body")
            for record in records {
                for secret in secrets {
                    #expect(!record.text.contains(secret), "\(placement) logged \(secret): \(record.text)")
                }
            }
            #expect(records.contains { $0.text.contains(#"{"ok":true}"#) }, "the response body is logged")
        }
    }

    @Test func redactedValuesAreMarkedAsSuch() async throws {
        let (logger, store) = CapturingLogHandler.logger(level: .debug)
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication(credentials), .logging(logger)],
            transport: answer(status: 200))
        _ = try await client.send(GetSecret<Everything>())
        let summary = try #require(store.records.first)
        #expect(
            summary.message
                == "GET https://petstore.example/v1/secret?api_key=<redacted> → 200 in \(summary.metadata["duration_ms"]!) ms"
        )
        guard case .dictionary(let headers)? = summary.metadata["http.request.headers"],
            case .dictionary(let responseHeaders)? = summary.metadata["http.response.headers"]
        else {
            Issue.record("expected header metadata")
            return
        }
        #expect(headers["X-API-Key"] == "<redacted>")
        #expect(headers["Authorization"] == "<redacted>")
        #expect(headers["Cookie"] == "<redacted>")
        #expect(headers["Accept"] == "application/json")
        #expect(responseHeaders["Set-Cookie"] == "<redacted>")
        #expect(responseHeaders["Content-Type"] == "application/json")
        #expect(summary.metadata["http.response.status_code"] == "200")
        #expect(summary.metadata["http.method"] == "GET")
    }

    @Test func levelsFollowTheOutcome() async throws {
        struct Offline: Error {}
        let cases: [(String, TestTransport, Logger.Level)] = [
            ("success", TestTransport(status: 204, json: ""), .debug),
            ("client error", TestTransport(status: 404, json: ""), .debug),
            ("server error", TestTransport(status: 503, json: ""), .info),
            ("no response", TestTransport { _ in throw Offline() }, .info),
        ]
        for (name, transport, level) in cases {
            let (logger, store) = CapturingLogHandler.logger(level: .debug)
            let client = Client(baseURL: baseURL, interceptors: [.logging(logger)], transport: transport)
            _ = await sendExpectingError(client, DeletePet(id: 7))
            #expect(store.records.map(\.level) == [level], "\(name)")
            #expect(store.records.first?.message.hasPrefix("DELETE https://petstore.example/v1/pets/7") == true)
        }
    }

    @Test func infoLevelLoggerSeesOnlyFailures() async throws {
        let (logger, store) = CapturingLogHandler.logger(level: .info)
        let ok = Client(
            baseURL: baseURL, interceptors: [.logging(logger)], transport: TestTransport(status: 204, json: ""))
        _ = try await ok.send(DeletePet(id: 1))
        #expect(store.records.isEmpty)
        let failing = Client(
            baseURL: baseURL, interceptors: [.logging(logger)], transport: TestTransport(status: 500, json: ""))
        _ = await sendExpectingError(failing, DeletePet(id: 1))
        #expect(store.records.count == 1)
        #expect(store.records.first?.metadata["http.request.headers"] == nil, "headers are for debug")
    }

    @Test func bodiesAreCutAtTheLimit() async throws {
        let (logger, store) = CapturingLogHandler.logger(level: .trace)
        let client = Client(
            baseURL: baseURL, interceptors: [.logging(logger, bodyLimit: 5)],
            transport: TestTransport(status: 200, json: #"{"long":"body"}"#))
        _ = try await client.send(PostSecret<HeaderKey>())
        let bodies = store.records.compactMap { $0.metadata["http.response.body"] ?? $0.metadata["http.request.body"] }
        #expect(bodies.map { "\($0)" } == [#"{"a":… (7 bytes in all)"#, #"{"lon… (15 bytes in all)"#])
    }

    @Test func errorsQuotingTheRequestAreScrubbed() async throws {
        struct Quoting: Error, CustomStringConvertible {
            var description: String
        }
        let transport = TestTransport { request in
            // As URLError does: the failing URL, here with every header too.
            throw Quoting(description: "could not connect to \(request.url.absoluteString) with \(request.headers)")
        }
        let (logger, store) = CapturingLogHandler.logger(level: .debug)
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication(credentials), .logging(logger)], transport: transport)
        _ = await sendExpectingError(client, GetSecret<Everything>())
        let record = try #require(store.records.first)
        #expect(record.level == .info)
        #expect(record.message.contains("could not connect to https://petstore.example/v1/secret?api_key=<redacted>"))
        for secret in secrets {
            #expect(!record.text.contains(secret), "logged \(secret): \(record.text)")
        }
    }

    @Test func redactionKeepsOtherQueryParameters() {
        let url = URL(string: "https://h.example/p?a=1&api%5Fkey=s3cret&b=2#top")!
        #expect(
            Redaction.url(url, credentialQueryNames: ["api_key"])
                == "https://h.example/p?a=1&api%5Fkey=<redacted>&b=2#top")
        #expect(Redaction.url(url, credentialQueryNames: []) == url.absoluteString)
    }
}
