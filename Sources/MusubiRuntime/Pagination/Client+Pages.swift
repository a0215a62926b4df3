import Foundation

extension Client {
    /// The responses of `request`'s pages, each fetched when the loop asks for it.
    ///
    /// ```swift
    /// for try await page in client.pages(ListPets(limit: 100)) {
    ///     print(page.body.count)
    /// }
    /// ```
    ///
    /// The first page is `request` as given; each next one is asked for the way its
    /// ``PaginatedRequest/pagination`` says, through `send`, so interceptors see every page.
    /// Nothing is fetched ahead: a loop that stops early, or whose task is cancelled, sends no
    /// further request. An error ends the walk and is thrown by the loop: the page's
    /// `ClientError`, or `.decoding` for a `Link` header naming another origin.
    ///
    /// `options` apply to every page's request, each its own call as for
    /// ``send(_:options:)``: the headers are sent with each page, the timeout bounds each page
    /// (not the whole walk) and the retry policy retries each page on its own. A page of an
    /// operation with an idempotency key gets a key of its own, repeated by that page's
    /// retries only.
    public func pages<R: PaginatedRequest>(_ request: R, options: CallOptions = CallOptions()) -> Pages<R> {
        Pages(client: self, request: request, options: options)
    }

    /// The items of every page of `request`, in order, each page fetched once the items of
    /// the previous one are used up (see ``pages(_:options:)``, which `options` apply as).
    ///
    /// ```swift
    /// for try await pet in client.all(ListPets()) {
    ///     print(pet.name)
    /// }
    /// ```
    public func all<R: PaginatedRequest>(_ request: R, options: CallOptions = CallOptions()) -> PaginatedItems<R> {
        PaginatedItems(pages: pages(request, options: options))
    }
}

/// The responses of a paginated request's pages: what `Client.pages(_:options:)` returns.
///
/// Each iteration walks the pages anew from the first. Iteration throws the request's
/// `ClientError`.
public struct Pages<Base: PaginatedRequest>: AsyncSequence, Sendable {
    public typealias Element = Base.Response
    public typealias Failure = ClientError<Base.Failure>

    let client: Client
    let request: Base
    /// Applied to every page's request.
    let options: CallOptions

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, request: request, options: options)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = ClientError<Base.Failure>

        private let client: Client
        private let request: Base
        private let options: CallOptions
        /// The page to fetch next; `nil` once the walk is over.
        private var target: PageRequest<Base>.Target? = .first
        /// The URL of the first page, whose origin every linked page must have.
        private var firstURL: URL?
        /// The offset or page number of the last page asked for, by an offset or page scheme.
        private var position: Int?
        /// Why the page after the last one returned cannot be asked for: thrown by the next
        /// call, so the items of the page that named it are delivered first.
        private var pendingError: Failure?

        init(client: Client, request: Base, options: CallOptions) {
            self.client = client
            self.request = request
            self.options = options
        }

        public mutating func next() async throws(Failure) -> Base.Response? {
            if let error = pendingError {
                pendingError = nil
                throw error
            }
            guard let current = target else { return nil }
            // Over unless the page names a next one.
            target = nil
            let exchange = PageExchange()
            let page = try await client.send(
                PageRequest(base: request, target: current, exchange: exchange), options: options)
            if firstURL == nil { firstURL = exchange.url }
            do {
                target = try nextTarget(after: page, current: current, exchange: exchange)
            } catch {
                pendingError = error
            }
            return page
        }

        /// The request for the page after `page`, or `nil` when it was the last.
        private mutating func nextTarget(
            after page: Base.Response, current: PageRequest<Base>.Target, exchange: PageExchange
        ) throws(Failure) -> PageRequest<Base>.Target? {
            let next: PageRequest<Base>.Target
            switch request.pagination {
            case .linkHeader:
                guard let link = LinkHeader(exchange.headers).target(relation: "next") else { return nil }
                next = .url(try linkedURL(link, from: exchange.url, naming: "the Link header's"))
            case .nextLink:
                guard let link = request.nextCursor(after: page), !link.isEmpty else { return nil }
                next = .url(try linkedURL(link, from: exchange.url, naming: "the response's"))
            case .cursor(let parameter):
                guard let cursor = request.nextCursor(after: page), !cursor.isEmpty else { return nil }
                next = .query(name: parameter, value: cursor)
            case .offset(let parameter, let first):
                let count = request.items(of: page).count
                guard count > 0 else { return nil }
                let offset = (position ?? startValue(of: parameter, else: first)) + count
                position = offset
                next = .query(name: parameter, value: String(offset))
            case .page(let parameter, let first):
                guard !request.items(of: page).isEmpty else { return nil }
                let number = (position ?? startValue(of: parameter, else: first)) + 1
                position = number
                next = .query(name: parameter, value: String(number))
            }
            // A cursor or link that does not move would ask for the same page forever.
            if next == current { return nil }
            if case .url(let url) = next, url == exchange.url { return nil }
            return next
        }

        /// The request's own value of the query parameter `name` as an integer, else `first`.
        private func startValue(of name: String, else first: Int) -> Int {
            request.query.first { $0.name == name }?.items.first.flatMap { Int($0.value) } ?? first
        }

        /// The absolute URL of a next page's link (`source` says whose, for errors: the `Link`
        /// header's or the body's), resolved against the URL of the page that named it, without the query parameters that carry API keys (the authentication interceptor
        /// adds them again, once).
        ///
        /// A target on another origin than the first page's is refused: the client's
        /// credentials and the request's headers must not go to a host the API did not name.
        private func linkedURL(_ link: String, from pageURL: URL?, naming source: String) throws(Failure) -> URL {
            guard let resolved = URL(string: link, relativeTo: pageURL)?.absoluteURL,
                let scheme = resolved.scheme?.lowercased(), scheme == "https" || scheme == "http"
            else {
                throw .decoding(codingPath: "", detail: "\(source) next page \"\(link)\" is not an HTTP URL")
            }
            if let firstURL, !HTTPRequest.haveSameOrigin(firstURL, resolved) {
                throw .decoding(
                    codingPath: "",
                    detail: "\(source) next page \(Self.origin(of: resolved)) is on another origin than"
                        + " the request (\(Self.origin(of: firstURL))); it is not followed")
            }
            let keyNames = Set(
                Base.security.flatMap(\.entries).compactMap { entry -> String? in
                    if case .apiKey(let name, .query) = entry.scheme.kind { return name }
                    return nil
                })
            guard !keyNames.isEmpty, var components = URLComponents(url: resolved, resolvingAgainstBaseURL: false),
                let items = components.percentEncodedQueryItems
            else { return resolved }
            let kept = items.filter { item in !keyNames.contains(item.name.removingPercentEncoding ?? item.name) }
            guard kept.count != items.count else { return resolved }
            components.percentEncodedQueryItems = kept.isEmpty ? nil : kept
            return components.url ?? resolved
        }

        /// `https://host:port`, for messages: a link's path and query may carry secrets.
        private static func origin(of url: URL) -> String {
            "\(url.scheme ?? "")://\(url.host ?? "")" + (url.port.map { ":\($0)" } ?? "")
        }
    }
}

/// The items of every page of a paginated request: what `Client.all(_:options:)` returns.
///
/// Each iteration walks the pages anew from the first. Iteration throws the request's
/// `ClientError`.
public struct PaginatedItems<Base: PaginatedRequest>: AsyncSequence, Sendable {
    public typealias Element = Base.Item
    public typealias Failure = ClientError<Base.Failure>

    let pages: Pages<Base>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), request: pages.request)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = ClientError<Base.Failure>

        private var pages: Pages<Base>.AsyncIterator
        private let request: Base
        private var items: [Base.Item] = []
        private var index = 0

        init(pages: Pages<Base>.AsyncIterator, request: Base) {
            self.pages = pages
            self.request = request
        }

        public mutating func next() async throws(Failure) -> Base.Item? {
            while index == items.count {
                guard let page = try await pages.next() else { return nil }
                items = request.items(of: page)
                index = 0
            }
            defer { index += 1 }
            return items[index]
        }
    }
}
