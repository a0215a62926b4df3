import Foundation
import MusubiRuntime
import MusubiTestSupport
import Testing

@Suite struct CompletionHandlerTests {
    @Test func deliversTheTypedResult() async throws {
        let client = Client(baseURL: baseURL, transport: TestTransport(json: petJSON))
        let result = await withCheckedContinuation { continuation in
            client.send(ShowPet(petID: "1")) { (result: Result<Pet, ClientError<ErrorModel>>) in
                continuation.resume(returning: result)
            }
        }
        #expect(try result.get() == rex)
    }

    @Test func takesTheCallsOptions() async throws {
        let transport = TestTransport(json: petJSON)
        let client = Client(baseURL: baseURL, transport: transport)
        let result = await withCheckedContinuation { continuation in
            client.send(ShowPet(petID: "1"), options: CallOptions(headers: ["X-Trace": "t1"])) {
                continuation.resume(returning: $0)
            }
        }
        #expect(try result.get() == rex)
        #expect(transport.requests.first?.headers["X-Trace"] == "t1")

        let silent = TestTransport { _ in
            try await Task.sleep(for: .seconds(60))
            return HTTPResponse(statusCode: 200, body: Data(petJSON.utf8))
        }
        let slowClient = Client(baseURL: baseURL, transport: silent)
        let timedOut = await withCheckedContinuation { continuation in
            slowClient.send(ShowPet(petID: "1"), options: CallOptions(timeout: .milliseconds(50))) {
                continuation.resume(returning: $0)
            }
        }
        guard case .failure(.timedOut(after: .milliseconds(50))) = timedOut else {
            Issue.record("expected .timedOut, got \(timedOut)")
            return
        }
    }

    @Test func deliversTypedErrors() async {
        let transport = TestTransport(status: 404, json: #"{"code":404,"message":"gone"}"#)
        let client = Client(baseURL: baseURL, transport: transport)
        let result = await withCheckedContinuation { continuation in
            client.send(ShowPet(petID: "1")) { continuation.resume(returning: $0) }
        }
        guard case .failure(.status(404, ErrorModel(code: 404, message: "gone")?, _)) = result else {
            Issue.record("unexpected \(result)")
            return
        }
    }

    @Test func cancellingStopsTheRequestAndStillCallsBack() async {
        let started = Log<Int>()
        let interrupted = Log<Bool>()
        let transport = TestTransport { _ in
            started.append(1)
            // Only the cancellation ends this: the test checks that it did.
            do {
                try await Task.sleep(for: .seconds(3_600))
            } catch {
                interrupted.append(true)
                throw error
            }
            return HTTPResponse(statusCode: 200, body: Data(petJSON.utf8))
        }
        let client = Client(baseURL: baseURL, transport: transport)
        let result = await withCheckedContinuation { continuation in
            let task = client.send(ShowPet(petID: "1")) { continuation.resume(returning: $0) }
            #expect(!task.isCancelled)
            Task {
                // At the deadline the failure is recorded, and cancelling still ends the test.
                try? await waitUntil("the request reaching the transport", interval: .milliseconds(1)) {
                    !started.all.isEmpty
                }
                task.cancel()
                #expect(task.isCancelled)
            }
        }
        guard case .failure(.transport(let underlying)) = result else {
            Issue.record("unexpected \(result)")
            return
        }
        #expect(underlying is CancellationError)
        // The transport's wait was cut short, not waited out: no timing, which a loaded machine
        // running other tests on every thread of the pool could stretch.
        #expect(interrupted.all == [true])
    }

    @Test func cancelledBeforeSendingNeverReachesTheTransport() async {
        let transport = TestTransport(json: petJSON)
        let client = Client(baseURL: baseURL, transport: transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await sendExpectingError(client, ShowPet(petID: "1"))
        }
        guard case .transport(let underlying) = await task.value else {
            Issue.record("expected .transport")
            return
        }
        #expect(underlying is CancellationError)
        #expect(transport.requests.isEmpty)
    }
}
