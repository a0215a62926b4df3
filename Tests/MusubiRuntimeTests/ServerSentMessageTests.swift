import Foundation
import MusubiRuntime
import Testing

/// Events whose schema is the whole server-sent message (Speakeasy's `{event, data, id, retry}`),
/// decoded the way generated requests state it: `message.decode(Event.self, data:coding:)`.
@Suite struct ServerSentMessageTests {
    struct TickMessage: Codable, Hashable, Sendable {
        var event: String?
        var data: Tick
        var id: String?
        var retry: Int?
    }

    struct NoteMessage: Codable, Hashable, Sendable {
        var event: String
        var data: String
    }

    struct WatchTickMessages: StreamingRequest {
        typealias Response = NoContent
        typealias Event = TickMessage
        var method: HTTPMethod { .get }
        var path: RequestPath { "/messages" }

        func decodeEvent(_ message: ServerSentEvent, coding: Coding) throws -> Event {
            try message.decode(Event.self, data: .json, coding: coding)
        }
    }

    struct WatchNotes: StreamingRequest {
        typealias Response = NoContent
        typealias Event = NoteMessage
        var method: HTTPMethod { .get }
        var path: RequestPath { "/notes" }

        func decodeEvent(_ message: ServerSentEvent, coding: Coding) throws -> Event {
            try message.decode(Event.self, data: .text, coding: coding)
        }
    }

    @Test func theDataIsDecodedAsJSONAndTheOtherMembersComeFromTheMessage() async throws {
        let text = """
            event: tick
            id: 7
            data: {"n": 1}

            data: {"n": 2}
            retry: 500

            data: [DONE]

            data: {"n": 3}


            """
        for size in [1, 5, 1000] {
            let client = Client(baseURL: baseURL, transport: ChunkedTransport(text: text, chunkSize: size))
            let events = try await collect(client, WatchTickMessages())
            #expect(
                events == [
                    TickMessage(event: "tick", data: Tick(n: 1), id: "7"),
                    TickMessage(data: Tick(n: 2), id: "7", retry: 500),
                ],
                "the ID persists; the stream ends at [DONE]")
        }
    }

    @Test func textDataIsTheStringItself() async throws {
        let text = "event: note\ndata: say \"hi\"\ndata: {not JSON}\n\n"
        let client = Client(baseURL: baseURL, transport: ChunkedTransport(text: text, chunkSize: 3))
        #expect(try await collect(client, WatchNotes()) == [NoteMessage(event: "note", data: "say \"hi\"\n{not JSON}")])
    }

    @Test func errorsSayWhereInTheMessage() async {
        let cases: [(text: String, path: String, detail: String)] = [
            ("data: {\"n\": \"one\"}\n\n", "data.n", "expected Int"),
            ("data: {\"n\": 1}, \"id\": \"x\"\n\n", "data", "expected JSON"),
            ("data: oops\n\n", "data", "expected JSON, found \"oops\""),
        ]
        for (text, path, detail) in cases {
            let client = Client(baseURL: baseURL, transport: ChunkedTransport(chunks: [text]))
            do throws(ClientError<Never>) {
                _ = try await collect(client, WatchTickMessages())
                Issue.record("expected a decoding error for \(text)")
            } catch {
                guard case .decoding(let codingPath, let description) = error else {
                    Issue.record("expected .decoding, got \(error)")
                    continue
                }
                #expect(codingPath == path)
                #expect(description.contains(detail), "\(description)")
            }
        }

        let client = Client(baseURL: baseURL, transport: ChunkedTransport(chunks: ["data: x\n\n"]))
        do throws(ClientError<Never>) {
            _ = try await collect(client, WatchNotes())
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let codingPath, let description) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(codingPath == "event", "a required member the message lacks: \(description)")
        }
    }
}
