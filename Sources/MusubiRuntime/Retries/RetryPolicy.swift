import Foundation

/// When and how often a request is sent again: the number of attempts, the statuses and errors
/// worth another attempt, and the waits between attempts.
///
/// Used by ``Interceptor/retry(_:clock:random:)`` for every request of a client, and per call
/// through ``CallOptions/retry``. Only a request that is safe to repeat is ever sent again: its
/// method is idempotent (`GET`, `PUT`, `DELETE`…), or it carries an `Idempotency-Key` header,
/// with which the server recognises a repeated `POST` and performs it once.
public struct RetryPolicy: Hashable, Sendable {
    /// How much of each backoff wait is random, so that clients that failed together do not
    /// all come back at the same moment.
    public enum Jitter: Hashable, Sendable {
        /// The exact backoff: `baseDelay` × 2ⁿ⁻¹.
        case none
        /// Anywhere between half the backoff and all of it.
        case equal
        /// Anywhere between no wait and the whole backoff.
        case full
    }

    /// Attempts in total, the first included: `1` never retries.
    public var maxAttempts: Int
    /// Statuses worth another attempt.
    public var statuses: Set<Int>
    /// Whether an error instead of a response (a timeout, a lost connection) is worth another
    /// attempt. Cancellation never is, nor are the runtime's ``AuthenticationError`` and
    /// ``OAuth2Error``, which another attempt would only repeat.
    public var retriesErrors: Bool
    /// The wait before the second attempt, doubled for each attempt after it.
    public var baseDelay: Duration
    /// The longest wait: backoff stops growing there, and a `Retry-After` asking for longer
    /// ends the retries, handing the response to the caller.
    public var maxDelay: Duration
    /// How much of each backoff wait is random. A `Retry-After` wait is kept exact.
    public var jitter: Jitter

    /// - Parameters:
    ///   - maxAttempts: Attempts in total, the first included.
    ///   - statuses: By default rate limiting (429) and the gateway and availability errors
    ///     that usually pass (502, 503, 504).
    ///   - retriesErrors: Whether a transport error is retried too. Off by default: whether the
    ///     server acted on a request that got no response is unknown.
    ///   - baseDelay: The wait before the second attempt, doubled for each one after it.
    ///   - maxDelay: The longest wait.
    ///   - jitter: How much of each backoff wait is random.
    public init(
        maxAttempts: Int = 3,
        statuses: Set<Int> = [429, 502, 503, 504],
        retriesErrors: Bool = false,
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30),
        jitter: Jitter = .equal
    ) {
        self.maxAttempts = maxAttempts
        self.statuses = statuses
        self.retriesErrors = retriesErrors
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
    }

    /// Three attempts on 429, 502, 503 and 504, backing off from half a second with equal jitter.
    public static let `default` = RetryPolicy()

    /// One attempt: nothing is retried.
    public static let never = RetryPolicy(maxAttempts: 1)

    /// The header whose presence makes a request with a non-idempotent method safe to repeat.
    public static let idempotencyKeyHeader = "Idempotency-Key"

    /// Whether `request` may be sent again: its method is idempotent or it carries an
    /// `Idempotency-Key`.
    public static func isRepeatable(_ request: HTTPRequest) -> Bool {
        request.method.isIdempotent || request.headers.contains(idempotencyKeyHeader)
    }

    /// The backoff before attempt `attempt` + 1: `baseDelay` × 2ⁿ⁻¹, at most `maxDelay`, with
    /// the random part drawn from `random` (a number in `0..<1`).
    public func backoff(afterAttempt attempt: Int, random: Double) -> Duration {
        let exponential = min(baseDelay * (1 << min(max(attempt - 1, 0), 30)), maxDelay)
        let fraction = min(max(random, 0), 1)
        switch jitter {
        case .none:
            return exponential
        case .equal:
            return exponential / 2 + (exponential / 2) * fraction
        case .full:
            return exponential * fraction
        }
    }

    /// Whether an error thrown instead of a response is worth another attempt.
    func retries(_ error: any Error) -> Bool {
        guard retriesErrors, !Task.isCancelled else { return false }
        switch error {
        case is CancellationError, is AuthenticationError, is OAuth2Error, is CallTimeout: return false
        default: return true
        }
    }
}
