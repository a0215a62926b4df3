/// A handle on a request sent with a completion handler, for cancelling it.
///
/// Wraps the `Task` rather than exposing it so callers outside Swift concurrency get just the
/// two things they need, and the runtime stays free to change how the work is scheduled.
public struct CancellableTask: Hashable, Sendable {
    private let task: Task<Void, Never>

    init(_ task: Task<Void, Never>) {
        self.task = task
    }

    /// Stops the request. The completion handler still runs, once, with
    /// `ClientError.transport(CancellationError())` unless the result was already delivered.
    public func cancel() {
        task.cancel()
    }

    public var isCancelled: Bool { task.isCancelled }
}
