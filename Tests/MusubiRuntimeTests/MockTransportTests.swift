import Foundation
import MusubiRuntime
import Testing

@Suite struct MockTransportTests {
    @Test func answersByRequestTypeAndRecordsRequests() async throws {
        let mock = MockTransport()
        mock.register(ShowPet.self, response: Pet(id: 42, name: "Tama"))
        let client = Client(baseURL: baseURL, transport: mock)

        let pet = try await client.send(ShowPet(petID: "42"))
        #expect(pet == Pet(id: 42, name: "Tama"))
        let sent = mock.requests(for: ShowPet.self)
        #expect(sent.count == 1)
        #expect(sent.first?.url.absoluteString == "https://petstore.example/v1/pets/42")
    }

    @Test func answersByOperationIDWithAnyStatus() async {
        let mock = MockTransport()
        mock.register(operationID: ShowPet.operationID) { _ in
            HTTPResponse(statusCode: 404, body: Data(#"{"code": 404, "message": "no such pet"}"#.utf8))
        }
        let client = Client(baseURL: baseURL, transport: mock)
        let error = await sendExpectingError(client, ShowPet(petID: "7"))
        guard case .status(404, let body?, _) = error else {
            Issue.record("expected .status(404, body), got \(String(describing: error))")
            return
        }
        #expect(body.message == "no such pet")
    }

    @Test func anUnregisteredOperationIsATransportErrorNamingIt() async {
        let mock = MockTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        let error = await sendExpectingError(client, ShowPet(petID: "1"))
        guard case .transport(let underlying as MockTransport.Unregistered) = error else {
            Issue.record("expected .transport(Unregistered), got \(String(describing: error))")
            return
        }
        #expect(underlying.operationID == ShowPet.operationID)
        #expect(mock.requests.count == 1)
    }

    @Test func streamsRegisteredEventsInTheRequestedFormat() async throws {
        let mock = MockTransport()
        mock.register(WatchTicks.self, events: [Tick(n: 1), Tick(n: 2)])
        mock.register(ExportTicks.self, events: [Tick(n: 3)])
        mock.register(WatchRaw.self, events: [ServerSentEvent(event: "note", data: "two\nlines", id: "9")])
        let client = Client(baseURL: baseURL, transport: mock)

        #expect(try await collect(client, WatchTicks()) == [Tick(n: 1), Tick(n: 2)])
        #expect(try await collect(client, ExportTicks()) == [Tick(n: 3)])
        #expect(try await collect(client, WatchRaw()) == [ServerSentEvent(event: "note", data: "two\nlines", id: "9")])
    }
}
