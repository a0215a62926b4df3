#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import NIOCore

    /// A response body from AsyncHTTPClient as `Data` chunks, converted one by one as they are
    /// read, so iterating it iterates AsyncHTTPClient's body (and its cancellation) directly.
    struct ByteBufferChunks: AsyncSequence, Sendable {
        typealias Element = Data
        let body: HTTPClientResponse.Body

        init(_ body: HTTPClientResponse.Body) {
            self.body = body
        }

        func makeAsyncIterator() -> Iterator {
            Iterator(base: body.makeAsyncIterator())
        }

        struct Iterator: AsyncIteratorProtocol {
            var base: HTTPClientResponse.Body.AsyncIterator

            mutating func next() async throws -> Data? {
                try await base.next().map { Data($0.readableBytesView) }
            }
        }
    }

    /// A file read in 64 KiB buffers while it is uploaded, so a large upload never has to fit in
    /// memory.
    struct FileChunks: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let file: URL

        func makeAsyncIterator() -> Iterator {
            Iterator(file: file)
        }

        struct Iterator: AsyncIteratorProtocol {
            let file: URL
            var handle: FileHandle?
            var finished = false

            init(file: URL) {
                self.file = file
            }

            mutating func next() async throws -> ByteBuffer? {
                guard !finished else { return nil }
                if handle == nil {
                    handle = try FileHandle(forReadingFrom: file)
                }
                guard let data = try handle?.read(upToCount: 64 * 1024), !data.isEmpty else {
                    finished = true
                    try handle?.close()
                    return nil
                }
                return ByteBuffer(bytes: data)
            }
        }
    }
#endif  // AsyncHTTPClient
