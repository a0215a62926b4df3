import Foundation

extension Interceptor {
    /// Sends a request again when the server answers with a transient status (or, when the
    /// policy says so, when no response arrives), as long as repeating it is safe.
    ///
    /// A request is repeated only when its method `isIdempotent` or it carries an
    /// `Idempotency-Key` header: repeating a `POST` without one could perform the action twice.
    /// The wait before attempt *n* + 1 is the policy's backoff — `baseDelay` × 2ⁿ⁻¹, at most
    /// `maxDelay`, with its jitter — unless the response carries `Retry-After` (seconds or an
    /// HTTP-date), which is obeyed. When the server asks for a longer wait than `maxDelay`, or
    /// attempts run out, the last response is returned as it is, for the caller to see the real
    /// status. The wait ends early, throwing `CancellationError`, when the task is cancelled.
    ///
    /// A call's own ``CallOptions/retry`` policy (carried by ``HTTPRequest/retryPolicy``)
    /// replaces `policy` for that call.
    ///
    /// - Parameters:
    ///   - policy: Attempts, what to retry, and the waits.
    ///   - clock: The waits and the current date (for `Retry-After` dates); tests pass one that
    ///     records the waits instead of sleeping.
    ///   - random: A number in `0..<1` for the jitter of each wait.
    public static func retry(
        _ policy: RetryPolicy,
        clock: ClientClock = .system,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) -> Interceptor {
        Interceptor(handlesRetryPolicy: true) { request, next in
            let policy = request.retryPolicy ?? policy
            let repeatable = RetryPolicy.isRepeatable(request)
            var attempt = 1
            while true {
                let delay: Duration
                do {
                    let response = try await next(request)
                    guard repeatable, attempt < policy.maxAttempts, policy.statuses.contains(response.statusCode)
                    else { return response }
                    if let value = response.headers["Retry-After"],
                        let asked = RetryAfter.delay(value, now: clock.now())
                    {
                        guard asked <= policy.maxDelay else { return response }
                        delay = asked
                    } else {
                        delay = policy.backoff(afterAttempt: attempt, random: random())
                    }
                } catch {
                    guard repeatable, attempt < policy.maxAttempts, policy.retries(error) else { throw error }
                    delay = policy.backoff(afterAttempt: attempt, random: random())
                }
                try await clock.sleep(delay)
                attempt += 1
            }
        }
    }

    /// Sends an idempotent request again when the server answers with a transient status;
    /// ``retry(_:clock:random:)`` with a policy of these values and no jitter.
    ///
    /// - Parameters:
    ///   - maxAttempts: Attempts in total, including the first.
    ///   - statuses: Statuses worth retrying.
    ///   - baseDelay: The wait before the second attempt, doubled for each attempt after it.
    ///   - maxDelay: The longest wait: backoff stops growing there, and a `Retry-After` asking
    ///     for longer returns the response instead of waiting.
    public static func retry(
        maxAttempts: Int = 3,
        on statuses: Set<Int> = [429, 502, 503, 504],
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30)
    ) -> Interceptor {
        retry(
            RetryPolicy(
                maxAttempts: maxAttempts, statuses: statuses, baseDelay: baseDelay, maxDelay: maxDelay, jitter: .none))
    }
}
