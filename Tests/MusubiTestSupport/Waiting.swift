import Foundation
import Testing

/// A wait that reached its deadline.
public struct WaitTimeout: Error, CustomStringConvertible {
    public var description: String
}

/// Waits until `condition` holds, asking it every `interval`, for at most `timeout`.
///
/// Tests that wait for something another task or a server does (a stream's third event, a
/// request reaching a transport) wait with this, so that a wait that would never end fails
/// the test with `message` instead of hanging the run. At the deadline it records an issue
/// and throws ``WaitTimeout``.
public func waitUntil(
    _ message: @autoclosure () -> String, timeout: Duration = .seconds(30), interval: Duration = .milliseconds(10),
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: () async throws -> Bool
) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while try await !condition() {
        guard clock.now < deadline else {
            let failure = WaitTimeout(description: "waited \(timeout) in vain: \(message())")
            Issue.record(Comment(rawValue: failure.description), sourceLocation: sourceLocation)
            throw failure
        }
        try await Task.sleep(for: interval)
    }
}
