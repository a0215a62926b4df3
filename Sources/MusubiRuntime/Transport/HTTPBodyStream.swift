import Foundation

/// The bytes of a response body as they arrive, in chunks of whatever size the network
/// delivered. Single-pass: iterate it once.
///
/// One concrete type rather than `some AsyncSequence` so that `Transport` stays a simple
/// protocol every HTTP stack can implement: the transport hands over any sequence of `Data`
/// and this type erases it, without an extra task or buffer in between — iterating this
/// iterates the transport's own sequence, in the consuming task, so cancelling that task
/// reaches the transport directly.
public struct HTTPBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    private let makeNext: @Sendable () -> Next
    typealias Next = () async throws -> Data?

    /// Wraps a transport's sequence of chunks.
    public init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks) where Chunks.Element == Data {
        makeNext = {
            let box = IteratorBox(chunks.makeAsyncIterator())
            return { try await box.next() }
        }
    }

    /// A body that is already complete: one chunk, or none when `data` is empty.
    public init(_ data: Data) {
        makeNext = {
            var delivered = data.isEmpty
            return {
                defer { delivered = true }
                return delivered ? nil : data
            }
        }
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(next: makeNext())
    }

    public struct Iterator: AsyncIteratorProtocol {
        let next: Next

        public mutating func next() async throws -> Data? {
            try await next()
        }
    }
}

/// Holds a mutable iterator so a closure can advance it.
private final class IteratorBox<Base: AsyncIteratorProtocol> where Base.Element == Data {
    private var base: Base

    init(_ base: Base) {
        self.base = base
    }

    /// A sequence that ends because the consuming task was cancelled (as `AsyncStream`s do)
    /// throws `CancellationError` instead, so a cut-off body never looks complete; so does
    /// one that fails then, whatever error the HTTP stack reported its cancellation with.
    func next() async throws -> Data? {
        let chunk: Data?
        do {
            chunk = try await base.next()
        } catch {
            try Task.checkCancellation()
            throw error
        }
        guard let chunk else {
            try Task.checkCancellation()
            return nil
        }
        return chunk
    }
}
