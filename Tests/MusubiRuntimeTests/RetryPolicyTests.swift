import Foundation
import MusubiRuntime
import Testing

/// Answers with `statuses` in turn (the last one repeating), each with the given headers.
private func answering(_ statuses: [Int], headers: HTTPHeaders = [:]) -> TestTransport {
    let attempts = Log<Int>()
    return TestTransport { _ in
        attempts.append(1)
        let status = statuses[min(attempts.all.count, statuses.count) - 1]
        return HTTPResponse(statusCode: status, headers: headers, body: Data(status == 200 ? "[]".utf8 : "".utf8))
    }
}

@Suite struct RetryPolicyTests {
    @Test func backoffDoublesUpToTheMaximumWithoutJitter() async throws {
        let clock = TestClock()
        let transport = answering([503, 503, 503, 503, 200])
        let policy = RetryPolicy(maxAttempts: 5, baseDelay: .seconds(1), maxDelay: .seconds(5), jitter: .none)
        let client = Client(
            baseURL: baseURL, interceptors: [.retry(policy, clock: clock.clientClock)], transport: transport)
        #expect(try await client.send(ListPets()) == [])
        #expect(clock.sleeps == [.seconds(1), .seconds(2), .seconds(4), .seconds(5)])
        #expect(transport.requests.count == 5)
    }

    @Test func jitterDrawsFromTheRandomSource() async throws {
        let equalClock = TestClock()
        let equal = Client(
            baseURL: baseURL,
            interceptors: [
                .retry(
                    RetryPolicy(maxAttempts: 3, baseDelay: .seconds(2), jitter: .equal), clock: equalClock.clientClock,
                    random: { 0.5 })
            ],
            transport: answering([502, 502, 200]))
        _ = try await equal.send(ListPets())
        // Half the backoff, plus half of the other half.
        #expect(equalClock.sleeps == [.milliseconds(1500), .seconds(3)])

        let fullClock = TestClock()
        let full = Client(
            baseURL: baseURL,
            interceptors: [
                .retry(
                    RetryPolicy(maxAttempts: 3, baseDelay: .seconds(2), jitter: .full), clock: fullClock.clientClock,
                    random: { 0.25 })
            ],
            transport: answering([502, 502, 200]))
        _ = try await full.send(ListPets())
        #expect(fullClock.sleeps == [.milliseconds(500), .seconds(1)])
    }

    @Test func retryAfterSecondsIsWaitedExactly() async throws {
        let clock = TestClock()
        let client = Client(
            baseURL: baseURL,
            interceptors: [.retry(RetryPolicy(jitter: .full), clock: clock.clientClock, random: { 0 })],
            transport: answering([429, 200], headers: ["Retry-After": "7"]))
        _ = try await client.send(ListPets())
        #expect(clock.sleeps == [.seconds(7)])
    }

    @Test(arguments: [
        "Sun, 06 Nov 1994 08:51:07 GMT",  // IMF-fixdate
        "Sunday, 06-Nov-94 08:51:07 GMT",  // RFC 850
        "Sun Nov  6 08:51:07 1994",  // asctime
    ])
    func retryAfterDateIsWaitedUntil(_ value: String) async throws {
        // 1994-11-06T08:49:37Z, 90 seconds before the date the server names.
        let clock = TestClock(now: Date(timeIntervalSince1970: 784_111_777))
        let client = Client(
            baseURL: baseURL,
            interceptors: [.retry(RetryPolicy(maxDelay: .seconds(120)), clock: clock.clientClock)],
            transport: answering([503, 200], headers: ["Retry-After": value]))
        _ = try await client.send(ListPets())
        #expect(clock.sleeps == [.seconds(90)])
    }

    @Test func retryAfterBeyondTheMaximumReturnsTheResponse() async {
        let clock = TestClock(now: Date(timeIntervalSince1970: 784_111_777))
        let transport = answering([503, 200], headers: ["Retry-After": "Sun, 06 Nov 1994 09:49:37 GMT"])
        let client = Client(
            baseURL: baseURL, interceptors: [.retry(RetryPolicy(maxDelay: .seconds(60)), clock: clock.clientClock)],
            transport: transport)
        guard case .status(503, _, _) = await sendExpectingError(client, ListPets()) else {
            Issue.record("expected .status(503)")
            return
        }
        #expect(clock.sleeps.isEmpty)
        #expect(transport.requests.count == 1)
    }

    @Test func postWithoutIdempotencyKeyIsNotRetried() async {
        let clock = TestClock()
        let transport = answering([503, 204])
        let client = Client(
            baseURL: baseURL, interceptors: [.retry(.default, clock: clock.clientClock)], transport: transport)
        _ = await sendExpectingError(client, CreatePet(body: Pet(id: 1, name: "Rex")))
        #expect(transport.requests.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func generatedIdempotencyKeyIsKeptAcrossRetriesAndNewPerCall() async throws {
        let clock = TestClock()
        let transport = answering([503, 503, 204])
        let client = Client(
            baseURL: baseURL, interceptors: [.retry(.default, clock: clock.clientClock)], transport: transport)
        _ = try await client.send(CreateOrder())
        let keys = transport.requests.map { $0.headers["Idempotency-Key"] }
        #expect(keys.count == 3)
        #expect(Set(keys).count == 1)
        #expect(keys.first??.count == 36, "a UUID")

        _ = try await client.send(CreateOrder())
        #expect(transport.requests.last?.headers["Idempotency-Key"] != keys.first!, "a new call, a new key")
    }

    @Test func callersOwnIdempotencyKeyIsSentAndMakesAPostRetryable() async throws {
        let transport = answering([503, 204])
        let client = Client(
            baseURL: baseURL, interceptors: [.retry(.default, clock: TestClock().clientClock)], transport: transport)
        _ = try await client.send(CreateOrder(idempotencyKey: "order-42"))
        #expect(transport.requests.map { $0.headers["Idempotency-Key"] } == ["order-42", "order-42"])

        let plain = answering([503, 200])
        let plainClient = Client(
            baseURL: baseURL, interceptors: [.retry(.default, clock: TestClock().clientClock)], transport: plain)
        _ = await sendExpectingError(
            plainClient, CreatePet(body: Pet(id: 1, name: "Rex")),
            options: CallOptions(headers: ["Idempotency-Key": "pet-1"]))
        #expect(plain.requests.count == 2)
    }

    @Test func errorsAreRetriedOnlyWhenThePolicySays() async throws {
        let failures = Log<Int>()
        let flaky = TestTransport { _ in
            failures.append(1)
            if failures.all.count < 3 { throw URLError(.networkConnectionLost) }
            return HTTPResponse(statusCode: 200, body: Data("[]".utf8))
        }
        let clock = TestClock()
        let policy = RetryPolicy(retriesErrors: true, baseDelay: .milliseconds(100), jitter: .none)
        let client = Client(
            baseURL: baseURL, interceptors: [.retry(policy, clock: clock.clientClock)], transport: flaky)
        #expect(try await client.send(ListPets()) == [])
        #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])

        let failing = TestTransport { _ in throw URLError(.networkConnectionLost) }
        let strict = Client(
            baseURL: baseURL, interceptors: [.retry(.default, clock: TestClock().clientClock)], transport: failing)
        guard case .transport(let error) = await sendExpectingError(strict, ListPets()), error is URLError else {
            Issue.record("expected the transport's error")
            return
        }
        #expect(failing.requests.count == 1)
    }
}

@Suite struct RetryAfterTests {
    private let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test func parsesEachForm() {
        #expect(RetryAfter.delay("120", now: now) == .seconds(120))
        #expect(RetryAfter.delay(" 0 ", now: now) == .zero)
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:50:37 GMT", now: now) == .seconds(60))
        #expect(RetryAfter.delay("Sunday, 06-Nov-94 08:50:37 GMT", now: now) == .seconds(60))
        #expect(RetryAfter.delay("Sun Nov  6 08:50:37 1994", now: now) == .seconds(60))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:00:00 GMT", now: now) == .zero, "a past date asks for no wait")
    }

    @Test(arguments: [
        "", "-1", "1.5", "soon", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 nov 1994 08:49:37 GMT",
        "Sunday, 06-Nov-1994 08:49:37 GMT", "Sun Nov 6 08:49:37", "Sun, 06 Nov 1994 08:49 GMT",
    ])
    func rejectsMalformedValues(_ value: String) {
        #expect(RetryAfter.delay(value, now: now) == nil)
    }

    @Test func twoDigitYearsMoreThanFiftyYearsAheadArePast() {
        let in2030 = Date(timeIntervalSince1970: 1_893_456_000)  // 2030-01-01
        #expect(
            RetryAfter.httpDate("Monday, 01-Jan-79 00:00:00 GMT", now: in2030)
                == Date(timeIntervalSince1970: 3_439_756_800), "2079: 49 years ahead")
        #expect(
            RetryAfter.httpDate("Monday, 01-Jan-81 00:00:00 GMT", now: in2030)
                == Date(timeIntervalSince1970: 347_155_200), "1981, not 2081")
    }
}

@Suite struct CallOptionsTests {
    @Test func headersAreSetOverTheRequestsOwn() async throws {
        let transport = TestTransport(status: 200, json: "[]")
        let client = Client(baseURL: baseURL, transport: transport)
        _ = try await client.send(
            ListPets(requestID: "from-request"),
            options: CallOptions(headers: ["x-request-id": "from-call", "If-None-Match": "\"v1\""]))
        let headers = try #require(transport.requests.first?.headers)
        #expect(headers.values(for: "X-Request-ID") == ["from-call"])
        #expect(headers["If-None-Match"] == "\"v1\"")
    }

    @Test func aHeaderThatCouldInjectLinesIsRefused() async {
        let transport = TestTransport(status: 200, json: "[]")
        let client = Client(baseURL: baseURL, transport: transport)
        guard
            case .encoding = await sendExpectingError(
                client, ListPets(), options: CallOptions(headers: ["X-Note": "a\r\nX-Injected: 1"]))
        else {
            Issue.record("expected .encoding")
            return
        }
        #expect(transport.requests.isEmpty)
    }

    @Test func retryPolicyOfTheCallReplacesTheClients() async throws {
        let clock = TestClock()
        let transport = answering([503, 200])
        let client = Client(
            baseURL: baseURL, interceptors: [.retry(.default, clock: clock.clientClock)], transport: transport)
        _ = await sendExpectingError(client, ListPets(), options: CallOptions(retry: .never))
        #expect(transport.requests.count == 1)

        let custom = answering([500, 200])
        let customClient = Client(
            baseURL: baseURL, interceptors: [.retry(.default, clock: clock.clientClock)], transport: custom)
        let policy = RetryPolicy(statuses: [500], baseDelay: .seconds(3), jitter: .none)
        #expect(try await customClient.send(ListPets(), options: CallOptions(retry: policy)) == [])
        #expect(clock.sleeps == [.seconds(3)])
    }

    @Test func retryPolicyOfTheCallWorksWithoutARetryInterceptor() async throws {
        let transport = answering([503, 200])
        let client = Client(baseURL: baseURL, transport: transport)
        let policy = RetryPolicy(baseDelay: .milliseconds(1), jitter: .none)
        #expect(try await client.send(ListPets(), options: CallOptions(retry: policy)) == [])
        #expect(transport.requests.count == 2)
    }

    @Test func timeoutCancelsTheCall() async {
        let cancelled = Log<Bool>()
        let transport = TestTransport { _ in
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                cancelled.append(true)
                throw error
            }
            return HTTPResponse(statusCode: 200, body: Data("[]".utf8))
        }
        let client = Client(baseURL: baseURL, transport: transport)
        let error = await sendExpectingError(client, ListPets(), options: CallOptions(timeout: .milliseconds(50)))
        guard case .timedOut(after: .milliseconds(50)) = error else {
            Issue.record("expected .timedOut, got \(String(describing: error))")
            return
        }
        #expect(cancelled.all == [true], "the transport's call is cancelled")
        #expect(error?.description == "No response within the call's timeout of 0.05 seconds")
    }

    @Test func aCallWithinItsTimeoutIsUnaffected() async throws {
        let client = Client(baseURL: baseURL, transport: TestTransport(status: 200, json: "[]"))
        #expect(try await client.send(ListPets(), options: CallOptions(timeout: .seconds(30))) == [])
    }
}
