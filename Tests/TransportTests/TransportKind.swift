import Foundation
import MusubiRuntime
import Testing

#if AsyncHTTPClient
    import MusubiAsyncHTTPClient
#endif

/// The transports every behaviour test runs against. The AsyncHTTPClient one needs the package's
/// `AsyncHTTPClient` trait, which the README's test command turns on.
enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession
    #if AsyncHTTPClient
        case asyncHTTPClient
    #endif

    func make() -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        #if AsyncHTTPClient
            case .asyncHTTPClient: AsyncHTTPClientTransport()
        #endif
        }
    }

    var testDescription: String { rawValue }
}

#if !AsyncHTTPClient
    /// Without the trait the suites above quietly test one transport of two. Locally that is a
    /// choice; on CI it would be a hole, so there it fails.
    @Test func theAsyncHTTPClientTransportIsTestedOnCI() {
        #expect(
            ProcessInfo.processInfo.environment["CI"] == nil,
            "CI must run `swift test --traits AsyncHTTPClient`, or AsyncHTTPClientTransport goes untested"
        )
    }
#endif
