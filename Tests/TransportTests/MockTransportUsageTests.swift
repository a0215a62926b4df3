import Foundation
import MusubiRuntime
import StreamsClient
import Testing

/// `MockTransport` as a user of a generated client would use it in their own tests.
@Suite struct MockTransportUsageTests {
    @Test func aGeneratedClientRunsOnTheMockTransport() async throws {
        let mock = MockTransport()
        mock.register(WatchTicks.self, response: [Tick(n: 1), Tick(n: 2)])
        mock.register(
            CreateChat.self,
            events: [
                .textDelta(TextDeltaEvent(type: .textDelta, delta: "hello")),
                .completed(CompletedEvent(type: .completed, id: "c-1")),
            ])
        let client = Client(server: .streams.local, transport: mock)

        #expect(try await client.send(WatchTicks(count: 2)).map(\.n) == [1, 2])
        var events: [ChatEvent] = []
        for try await event in try await client.stream(CreateChat(body: ChatRequest(prompt: "hi", stream: true))) {
            events.append(event)
        }
        #expect(events.count == 2)

        let sent = mock.requests(for: CreateChat.self)
        #expect(sent.count == 1)
        #expect(sent.first?.headers["Accept"] == "text/event-stream")
        #expect(sent.first?.bodyText?.contains("\"stream\":true") == true)
        #expect(mock.requests(for: WatchTicks.self).first?.url.query == "count=2")
    }
}

extension HTTPRequest {
    fileprivate var bodyText: String? { body?.data.map { String(decoding: $0, as: UTF8.self) } }
}
