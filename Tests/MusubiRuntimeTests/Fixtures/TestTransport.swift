import Foundation
import MusubiRuntime

/// A transport that answers from a closure and records every request it was given.
final class TestTransport: Transport, @unchecked Sendable {
    // @unchecked: `recorded` is only touched while holding `lock`.
    private let lock = NSLock()
    private var recorded: [HTTPRequest] = []
    private let respond: @Sendable (HTTPRequest) async throws -> HTTPResponse

    init(_ respond: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.respond = respond
    }

    /// Always answers `status` with `body` as JSON.
    convenience init(
        status: Int = 200, json body: String = "{}", headers: HTTPHeaders = ["Content-Type": "application/json"]
    ) {
        self.init { _ in HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8)) }
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        record(request)
        return try await respond(request)
    }

    private func record(_ request: HTTPRequest) {
        lock.lock()
        recorded.append(request)
        lock.unlock()
    }
}

/// A thread-safe list to record what interceptors and callbacks saw, in order.
final class Log<Element: Sendable>: @unchecked Sendable {
    // @unchecked: `items` is only touched while holding `lock`.
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
