import Foundation

extension Interceptor {
    /// Sends an idempotent request again when the server answers with a transient status.
    ///
    /// Only requests whose method `isIdempotent` are retried: repeating a `POST` could perform
    /// the action twice. The wait before attempt *n* + 1 is `baseDelay` × 2ⁿ⁻¹, at most
    /// `maxDelay`, unless the response carries `Retry-After` in seconds, which is obeyed. When
    /// the server asks for a longer wait than `maxDelay`, or attempts run out, the last
    /// response is returned as it is, for the caller to see the real status. The wait ends early,
    /// throwing `CancellationError`, when the task is cancelled.
    ///
    /// Only statuses are retried; errors thrown by the transport (timeouts, lost connections)
    /// are passed through to the caller.
    ///
    /// - Parameters:
    ///   - maxAttempts: Attempts in total, including the first.
    ///   - statuses: Statuses worth retrying: by default rate limiting (429) and the gateway
    ///     and availability errors that usually pass (502, 503, 504).
    ///   - baseDelay: The wait before the second attempt, doubled for each attempt after it.
    ///   - maxDelay: The longest wait: backoff stops growing there, and a `Retry-After` asking
    ///     for longer returns the response instead of waiting.
    public static func retry(
        maxAttempts: Int = 3,
        on statuses: Set<Int> = [429, 502, 503, 504],
        baseDelay: Duration = .milliseconds(500),
        maxDelay: Duration = .seconds(30)
    ) -> Interceptor {
        Interceptor { request, next in
            var attempt = 1
            while true {
                let response = try await next(request)
                guard request.method.isIdempotent, attempt < maxAttempts, statuses.contains(response.statusCode)
                else { return response }
                let delay = retryAfter(response) ?? min(baseDelay * (1 << min(attempt - 1, 30)), maxDelay)
                guard delay <= maxDelay else { return response }
                try await Task.sleep(for: delay)
                attempt += 1
            }
        }
    }

    /// `Retry-After` given in seconds. The HTTP-date form is rare for 429/503 and would make
    /// the wait depend on the device clock, so it falls back to the backoff.
    private static func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let text = response.headers["Retry-After"],
            let seconds = Int(text.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return .seconds(seconds)
    }
}
