import Foundation
import MusubiRuntime
import StreamsClient
import Testing

/// The generated client of Specs/streaming.yaml against the streaming test server, on each
/// transport: events are delivered while the response is still open.
@Suite struct StreamingBehaviourTests {
    let server: StreamingTestServer

    init() throws {
        server = try StreamingTestServer()
    }

    /// A client whose streams the server holds after their first event, until `release`.
    func client(_ kind: TransportKind, holding id: String) -> Client {
        Client(baseURL: server.baseURL, interceptors: [.header("X-Musubi-Hold", id)], transport: kind.make())
    }

    @Test(arguments: TransportKind.allCases)
    func serverSentEventsArriveBeforeTheResponseEnds(kind: TransportKind) async throws {
        let id = UUID().uuidString
        var ticks: [Int] = []
        for try await tick in try await client(kind, holding: id).stream(WatchTicks(count: 3)) {
            ticks.append(tick.n)
            if ticks.count == 1 {
                // The server sends nothing more until released: this event came on its own.
                let log = try await server.log(id)
                #expect(log.started == true && log.completed == false)
                try await server.release(id)
            }
        }
        #expect(ticks == [1, 2, 3])
        let log = try await server.waitForLog(id) { $0.completed == true }
        #expect(log.released == true, "the release came in time, so the first event arrived before the rest was sent")
    }

    @Test(arguments: TransportKind.allCases)
    func jsonLinesArriveBeforeTheResponseEnds(kind: TransportKind) async throws {
        let id = UUID().uuidString
        var ticks: [Int] = []
        for try await tick in try await client(kind, holding: id).stream(ExportTicks(count: 4)) {
            ticks.append(tick.n)
            if ticks.count == 1 {
                #expect(try await server.log(id).completed == false)
                try await server.release(id)
            }
        }
        #expect(ticks == [1, 2, 3, 4])
        #expect(try await server.waitForLog(id) { $0.completed == true }.released == true)
    }

    @Test(arguments: TransportKind.allCases)
    func eventsWithoutASchemaAreServerSentEvents(kind: TransportKind) async throws {
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        var events: [ServerSentEvent] = []
        for try await event in try await client.stream(WatchNotifications()) {
            events.append(event)
        }
        #expect(
            events == [
                ServerSentEvent(event: "greeting", data: "hello\nworld"),
                ServerSentEvent(event: "bye", data: "see you", retry: 2500),
            ])
    }

    @Test(arguments: TransportKind.allCases)
    func oneOperationAnswersWholeOrStreamed(kind: TransportKind) async throws {
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        let reply = try await client.send(CreateChat(body: ChatRequest(prompt: "one two three")))
        #expect(reply.text == "three two one")

        var deltas: [String] = []
        var completed: String?
        for try await event in try await client.stream(CreateChat(body: ChatRequest(prompt: "one two", stream: true))) {
            switch event {
            case .textDelta(let delta): deltas.append(delta.delta)
            case .completed(let done): completed = done.id
            case .unknown(let value): Issue.record("unexpected event \(value)")
            }
        }
        #expect(deltas == ["two", "one"])
        #expect(completed == "chat-1")
    }

    @Test(arguments: TransportKind.allCases)
    func anErrorStatusOnAStreamIsTheDocumentedFailure(kind: TransportKind) async throws {
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        do throws(ClientError<Problem>) {
            _ = try await client.stream(CreateChat(body: ChatRequest(prompt: "too fast", stream: true)))
            Issue.record("expected an error")
        } catch {
            guard case .status(429, let problem?, _) = error else {
                Issue.record("expected .status(429, Problem), got \(error)")
                return
            }
            #expect(problem.message == "slow down")
        }
    }

    /// The call's headers reach the server (here the one that holds the stream after its first
    /// event), and its timeout bounds only the wait for the head: events go on coming after it.
    @Test(arguments: TransportKind.allCases)
    func theCallsOptionsApplyAndTheTimeoutEndsAtTheHead(kind: TransportKind) async throws {
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        let id = UUID().uuidString
        let options = CallOptions(headers: ["X-Musubi-Hold": id], timeout: .milliseconds(300))
        var ticks: [Int] = []
        for try await tick in try await client.stream(WatchTicks(count: 3), options: options) {
            ticks.append(tick.n)
            if ticks.count == 1 {
                #expect(try await server.log(id).started == true, "the server saw the call's header")
                try await Task.sleep(for: .milliseconds(600))
                try await server.release(id)
            }
        }
        #expect(ticks == [1, 2, 3])
    }

    /// A head that does not come within the call's timeout fails the call with `.timedOut`.
    @Test(arguments: TransportKind.allCases)
    func aHeadLaterThanTheTimeoutFailsTheCall(kind: TransportKind) async throws {
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        let id = UUID().uuidString
        let options = CallOptions(headers: ["X-Musubi-Hold-Head": id], timeout: .milliseconds(300))
        do throws(ClientError<Never>) {
            _ = try await client.stream(WatchTicks(count: 1), options: options)
            Issue.record("expected a timeout")
        } catch {
            guard case .timedOut(after: .milliseconds(300)) = error else {
                Issue.record("expected .timedOut, got \(error)")
                return
            }
        }
        #expect(try await server.log(id).started == true, "the request reached the server")
        try await server.release(id)
    }
}
