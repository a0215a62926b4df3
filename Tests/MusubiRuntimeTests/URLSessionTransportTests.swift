import Foundation
import MusubiRuntime
import Testing

@Suite struct URLSessionTransportTests {
    /// Port 1 on the loopback interface has no listener, so the connection is refused at once.
    @Test func connectionRefusedIsATransportError() async {
        let client = Client(baseURL: URL(string: "http://127.0.0.1:1")!, transport: URLSessionTransport())
        let error = await sendExpectingError(client, ShowPet(petID: "1"))
        guard case .transport(let underlying) = error else {
            Issue.record("expected .transport, got \(String(describing: error))")
            return
        }
        #expect(underlying is URLError)
    }

    @Test func alreadyCancelledTaskDoesNotConnect() async {
        let transport = URLSessionTransport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: .get, url: URL(string: "http://127.0.0.1:1")!))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
