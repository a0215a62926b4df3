import Foundation
import MusubiRuntime

/// A clock under the test's control: `now` moves only when the test (or a wait) moves it, and
/// every wait is recorded and returns at once, advancing `now` by its duration.
final class TestClock: @unchecked Sendable {
    // @unchecked: `date` and `recorded` are only touched while holding `lock`.
    private let lock = NSLock()
    private var date: Date
    private var recorded: [Duration] = []

    init(now: Date = Date(timeIntervalSince1970: 784_111_777)) {
        date = now
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }

    /// The waits asked for so far, in order.
    var sleeps: [Duration] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        date += seconds
        lock.unlock()
    }

    var clientClock: ClientClock {
        ClientClock(
            now: { self.now },
            sleep: { duration in
                try Task.checkCancellation()
                self.record(duration)
            })
    }

    private func record(_ duration: Duration) {
        lock.lock()
        recorded.append(duration)
        let (seconds, attoseconds) = duration.components
        date += Double(seconds) + Double(attoseconds) / 1e18
        lock.unlock()
    }
}

/// `POST /orders`, declaring an `Idempotency-Key` header as a generated request does.
struct CreateOrder: Request {
    typealias Response = NoContent
    var idempotencyKey: String?
    var method: HTTPMethod { .post }
    var path: RequestPath { "/orders" }
    var requestBody: RequestBody? { .json(["item": "book"]) }
    var headers: [HeaderParameter] { [HeaderParameter("Idempotency-Key", idempotencyKey)] }
    static var idempotencyKeyHeader: String? { "Idempotency-Key" }
}
