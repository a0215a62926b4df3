#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import MusubiRuntime
    import NIOCore
    import NIOHTTP1

    /// A transport on AsyncHTTPClient (SwiftNIO): for servers and command-line tools on Linux,
    /// where it is the HTTP client of the ecosystem, supports HTTP/2 and shares event loops with
    /// the rest of a NIO application.
    ///
    /// Streams response bodies as they arrive, streams `HTTPBody.file` uploads from disk, and
    /// cancels the request when the calling task is cancelled or the body is abandoned. Redirects
    /// are followed here rather than by AsyncHTTPClient, because AsyncHTTPClient drops only
    /// `Authorization`, `Proxy-Authorization` and `Cookie` on a redirect to another origin, while
    /// an API key header (`HTTPRequest.credentialHeaderNames`) must go too.
    public struct AsyncHTTPClientTransport: Transport {
        public let client: HTTPClient
        /// Redirects followed for one request before it fails with `TooManyRedirects`.
        public var maxRedirects: Int

        /// One process-wide client, never shut down, that leaves redirects to the transport.
        private static let sharedClient = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

        /// A transport on a process-wide `HTTPClient`.
        public init(maxRedirects: Int = 20) {
            self.init(client: Self.sharedClient, maxRedirects: maxRedirects)
        }

        /// A transport on `client`, which the caller shuts down. Create it with
        /// `redirectConfiguration: .disallow`: a client that follows redirects itself would do so
        /// before this transport could remove the API's credential headers.
        public init(client: HTTPClient, maxRedirects: Int = 20) {
            self.client = client
            self.maxRedirects = maxRedirects
        }

        /// Thrown when a request was redirected more than `maxRedirects` times.
        public struct TooManyRedirects: Error {
            public var lastURL: URL
        }

        public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let response = try await exchange(request)
            var buffered = Self.head(of: response)
            do {
                let body = try await response.body.collect(upTo: .max)
                buffered.body = Data(body.readableBytesView)
            } catch {
                // AsyncHTTPClient reports cancellation as its own error; callers expect this one.
                if Task.isCancelled { throw CancellationError() }
                throw error
            }
            return buffered
        }

        public func stream(_ request: HTTPRequest) async throws -> StreamedHTTPResponse {
            let response = try await exchange(request)
            return StreamedHTTPResponse(
                head: Self.head(of: response), body: HTTPBodyStream(ByteBufferChunks(response.body)))
        }

        /// Sends `request`, following redirects, and returns the final response with its body
        /// still to be read.
        private func exchange(_ request: HTTPRequest) async throws -> HTTPClientResponse {
            var current = request
            var redirects = 0
            while true {
                // AsyncHTTPClient starts a request even from a task already cancelled.
                try Task.checkCancellation()
                let response: HTTPClientResponse
                do {
                    response = try await client.execute(try Self.clientRequest(current), deadline: .distantFuture)
                } catch {
                    // AsyncHTTPClient reports cancellation as its own error; callers expect this one.
                    if Task.isCancelled { throw CancellationError() }
                    throw error
                }
                guard let next = Self.redirect(of: current, original: request, by: response) else {
                    return response
                }
                redirects += 1
                guard redirects <= maxRedirects else { throw TooManyRedirects(lastURL: next.url) }
                // Read the (small) redirect body so the connection can be reused.
                for try await _ in response.body {}
                current = next
            }
        }

        /// The request to send after a redirect response, or `nil` when `response` is not one.
        ///
        /// 303 turns any method but HEAD into GET, and 301/302 turn POST into GET (what browsers
        /// and URLSession do), dropping the body; 307 and 308 repeat the request as it was.
        /// Credential headers go when the target is another origin than the original request's.
        static func redirect(of current: HTTPRequest, original: HTTPRequest, by response: HTTPClientResponse)
            -> HTTPRequest?
        {
            let status = Int(response.status.code)
            guard [301, 302, 303, 307, 308].contains(status), let location = response.headers.first(name: "Location"),
                let target = URL(string: location, relativeTo: current.url)?.absoluteURL
            else { return nil }
            var next = current
            next.url = target
            if (status == 303 && current.method != .head)
                || ((status == 301 || status == 302) && current.method == .post)
            {
                next.method = .get
                next.body = nil
                next.headers.remove("Content-Type")
                next.headers.remove("Content-Length")
            }
            for name in original.headersToRemove(forRedirectTo: target) {
                next.headers.remove(name)
            }
            return next
        }

        private static func clientRequest(_ request: HTTPRequest) throws -> HTTPClientRequest {
            var clientRequest = HTTPClientRequest(url: request.url.absoluteString)
            clientRequest.method = NIOHTTP1.HTTPMethod(rawValue: request.method.rawValue)
            for field in request.headers {
                clientRequest.headers.add(name: field.name, value: field.value)
            }
            switch request.body {
            case .data(let data)?:
                clientRequest.body = .bytes(ByteBuffer(bytes: data))
            case .file(let file)?:
                let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int64
                clientRequest.body = .stream(FileChunks(file: file), length: size.map { .known($0) } ?? .unknown)
            case nil:
                break
            }
            return clientRequest
        }

        private static func head(of response: HTTPClientResponse) -> HTTPResponse {
            var headers = MusubiRuntime.HTTPHeaders()
            for (name, value) in response.headers {
                headers.add(name, value)
            }
            return HTTPResponse(statusCode: Int(response.status.code), headers: headers)
        }
    }
#endif  // AsyncHTTPClient
