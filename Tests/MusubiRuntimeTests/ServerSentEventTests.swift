import Foundation
import MusubiRuntime
import Testing

/// The event-stream interpretation of the WHATWG HTML standard, through `Client.stream`.
@Suite struct ServerSentEventTests {
    private func events(_ text: String, chunkSize: Int = 1) async throws -> [ServerSentEvent] {
        let client = Client(baseURL: baseURL, transport: ChunkedTransport(text: text, chunkSize: chunkSize))
        return try await collect(client, WatchRaw())
    }

    @Test(arguments: [1, 2, 3, 7, 1000])
    func multiLineDataCommentsAndFieldsAtAnyChunkBorder(chunkSize: Int) async throws {
        let text = """
            : a comment, ignored
            event: greeting
            id: 1
            data: first line
            data:second line
            data:  two spaces keep one

            data: {"n": 2}
            retry: 3000
            unknown: ignored


            """
        let result = try await events(text, chunkSize: chunkSize)
        #expect(
            result == [
                ServerSentEvent(event: "greeting", data: "first line\nsecond line\n two spaces keep one", id: "1"),
                // The ID persists; the event name does not.
                ServerSentEvent(data: #"{"n": 2}"#, id: "1", retry: 3000),
            ])
    }

    @Test func everyLineEndingAndABOM() async throws {
        let text = "\u{FEFF}data: crlf\r\n\r\ndata: cr\r\rdata: lf\n\ndata: mixed\r\ndata: end\r\n\n"
        let result = try await events(text, chunkSize: 1)
        #expect(result.map(\.data) == ["crlf", "cr", "lf", "mixed\nend"])
    }

    @Test func aBOMOnlyAtTheStartIsSkipped() async throws {
        let result = try await events("data: a\n\n\u{FEFF}data: b\n\n", chunkSize: 2)
        #expect(result.count == 1)
        #expect(result.first?.data == "a")
    }

    @Test func eventsWithoutDataAreNotDispatchedAndAnUnfinishedEventIsDropped() async throws {
        let text = "event: ping\n\nretry: 10\n\ndata\n\ndata: left open"
        let result = try await events(text, chunkSize: 4)
        // `data` with no colon is a data field with an empty value.
        #expect(result == [ServerSentEvent(data: "", retry: 10)])
    }

    @Test func idWithNULIsIgnoredAndAnEmptyIDResetsIt() async throws {
        let text = "id: 7\ndata: a\n\nid: x\u{0}y\ndata: b\n\nid\ndata: c\n\n"
        let result = try await events(text, chunkSize: 5)
        #expect(result.map(\.id) == ["7", "7", nil])
    }

    @Test func doneEndsTheStreamWithoutBeingAnEvent() async throws {
        let text = "data: {\"n\": 1}\n\ndata: [DONE]\n\ndata: {\"n\": 2}\n\n"
        let client = Client(baseURL: baseURL, transport: ChunkedTransport(text: text, chunkSize: 3))
        #expect(try await collect(client, WatchTicks()) == [Tick(n: 1)])
    }

    @Test func eventsArriveAsTheirChunksDo() async throws {
        let client = Client(
            baseURL: baseURL, transport: ChunkedTransport(chunks: ["data: {\"n\": 1}\n", "\ndata: {\"n\"", ": 2}\n\n"]))
        var iterator = try await client.stream(WatchTicks()).makeAsyncIterator()
        #expect(try await iterator.next() == Tick(n: 1))
        #expect(try await iterator.next() == Tick(n: 2))
        #expect(try await iterator.next() == nil)
        #expect(try await iterator.next() == nil)
    }

    @Test func anEventNotMatchingTheSchemaIsADecodingError() async throws {
        let client = Client(
            baseURL: baseURL, transport: ChunkedTransport(chunks: ["data: {\"n\": 1}\n\ndata: {\"n\": \"x\"}\n\n"]))
        var seen: [Tick] = []
        do throws(ClientError<ErrorModel>) {
            for try await tick in try await client.stream(WatchTicks()) { seen.append(tick) }
            Issue.record("expected a decoding error")
        } catch {
            guard case .decoding(let path, _) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(path == "n")
        }
        #expect(seen == [Tick(n: 1)])
    }
}
