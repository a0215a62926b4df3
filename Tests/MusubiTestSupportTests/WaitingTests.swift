import MusubiTestSupport
import Testing

/// `waitUntil`: it returns once the condition holds, and a condition that never does fails
/// the test at the deadline instead of waiting forever.
@Suite struct WaitingTests {
    @Test func returnsOnceTheConditionHolds() async throws {
        var asked = 0
        try await waitUntil("the third question") {
            asked += 1
            return asked == 3
        }
        #expect(asked == 3)
    }

    @Test func failsAtTheDeadlineWithItsMessage() async throws {
        let clock = ContinuousClock()
        let start = clock.now
        try await withKnownIssue {
            try await waitUntil("a condition that never holds", timeout: .milliseconds(200)) { false }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("a condition that never holds") }
                || (issue.error as? WaitTimeout) != nil
        }
        #expect(clock.now - start < .seconds(20))
    }
}
