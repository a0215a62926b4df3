import Foundation
import MusubiAsyncHTTPClient
import MusubiRuntime
import Testing

/// The transports every behaviour test runs against.
enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession
    case asyncHTTPClient

    func make() -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        case .asyncHTTPClient: AsyncHTTPClientTransport()
        }
    }

    var testDescription: String { rawValue }
}
