import Foundation

/// The time the runtime's retries and token caches go by: the wall clock for `Retry-After`
/// dates and token expiry, and a sleep for the waits between attempts.
///
/// ``system`` is the real time. Tests substitute a clock they control, so they can assert the
/// exact delays a retry waits and let a token expire without waiting for it.
public struct ClientClock: Sendable {
    /// The current date.
    public var now: @Sendable () -> Date
    /// Waits `duration`, throwing `CancellationError` when the task is cancelled meanwhile.
    public var sleep: @Sendable (_ duration: Duration) async throws -> Void

    public init(
        now: @escaping @Sendable () -> Date,
        sleep: @escaping @Sendable (_ duration: Duration) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// `Date()` and `Task.sleep(for:)`.
    public static let system = ClientClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
}
