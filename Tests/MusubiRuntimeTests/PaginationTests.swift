import Foundation
import Testing

@testable import MusubiRuntime

/// Requests shaped like generated paginated requests, one per scheme, against a mock server
/// listing the numbers 0 to 6 three at a time.
private struct Numbered: Codable, Hashable, Sendable {
    var id: String
}

private let allNumbers = (0..<7).map { Numbered(id: "n\($0)") }

private struct LinkList: PaginatedRequest {
    typealias Response = [Numbered]
    var perPage: Int? = 3
    var method: HTTPMethod { .get }
    var path: RequestPath { "/numbers" }
    var query: [QueryParameter] { [QueryParameter("per_page", perPage)] }
    static var security: [SecurityRequirement] { [[.keyQuery: []]] }
    var pagination: Pagination { .linkHeader }
    func items(of page: [Numbered]) -> [Numbered] { page }
}

/// Stripe's shape: `has_more` and `starting_after` = the last item's ID.
private struct StripeList: PaginatedRequest {
    struct Page: Codable, Sendable {
        var data: [Numbered]
        var hasMore: Bool
        enum CodingKeys: String, CodingKey {
            case data
            case hasMore = "has_more"
        }
    }
    typealias Response = Page
    var startingAfter: String?
    var method: HTTPMethod { .get }
    var path: RequestPath { "/stripe" }
    var query: [QueryParameter] { [QueryParameter("limit", 3), QueryParameter("starting_after", startingAfter)] }
    var pagination: Pagination { .cursor(parameter: "starting_after") }
    func items(of page: Page) -> [Numbered] { page.data }
    func nextCursor(after page: Page) -> String? { page.hasMore ? page.data.last?.id : nil }
}

/// Slack's shape: the next cursor in the body, empty at the end; `stuck` repeats it forever.
private struct CursorList: PaginatedRequest {
    struct Page: Codable, Sendable {
        var items: [Numbered]
        var next: String
    }
    typealias Response = Page
    var stuck = false
    var method: HTTPMethod { .get }
    var path: RequestPath { stuck ? "/stuck" : "/cursor" }
    var pagination: Pagination { .cursor(parameter: "cursor") }
    func items(of page: Page) -> [Numbered] { page.items }
    func nextCursor(after page: Page) -> String? { page.next }
}

/// JSON:API's shape (App Store Connect): the items in `data`, the next page's URL in
/// `links.next`, absent at the end; `elsewhere` names another origin's.
private struct LinksList: PaginatedRequest {
    struct Page: Codable, Sendable {
        struct Links: Codable, Sendable {
            var next: String?
        }
        var data: [Numbered]
        var links: Links
    }
    typealias Response = Page
    var elsewhere = false
    var method: HTTPMethod { .get }
    var path: RequestPath { elsewhere ? "/elsewhere" : "/links" }
    var query: [QueryParameter] { [QueryParameter("limit", 3)] }
    var pagination: Pagination { .nextLink }
    func items(of page: Page) -> [Numbered] { page.data }
    func nextCursor(after page: Page) -> String? { page.links.next }
}

private struct OffsetList: PaginatedRequest {
    typealias Response = [Numbered]
    var offset: Int?
    var method: HTTPMethod { .get }
    var path: RequestPath { "/offset" }
    var query: [QueryParameter] { [QueryParameter("offset", offset), QueryParameter("limit", 3)] }
    var pagination: Pagination { .offset(parameter: "offset") }
    func items(of page: [Numbered]) -> [Numbered] { page }
}

private struct PageList: PaginatedRequest {
    typealias Response = [Numbered]
    var page: Int?
    var method: HTTPMethod { .get }
    var path: RequestPath { "/page" }
    var query: [QueryParameter] { [QueryParameter("page", page)] }
    var pagination: Pagination { .page(parameter: "page") }
    func items(of page: [Numbered]) -> [Numbered] { page }
}

/// A search sent as a `POST` whose operation takes an idempotency key, numbered by page.
private struct SearchList: PaginatedRequest {
    typealias Response = [Numbered]
    static var idempotencyKeyHeader: String? { "Idempotency-Key" }
    var method: HTTPMethod { .post }
    var path: RequestPath { "/search" }
    var pagination: Pagination { .page(parameter: "page") }
    func items(of page: [Numbered]) -> [Numbered] { page }
}

private func query(_ request: HTTPRequest) -> [String: String] {
    let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
}
private func json(_ value: some Encodable, headers: HTTPHeaders = [:]) throws -> HTTPResponse {
    HTTPResponse(statusCode: 200, headers: headers, body: try JSONEncoder().encode(value))
}
private func slice(from start: Int, count: Int = 3) -> [Numbered] {
    Array(allNumbers.dropFirst(start).prefix(count))
}

/// The mock server: every scheme over the same list.
private func pagingTransport(linkHost: String = "petstore.example", failingPage: Int? = nil) -> MockTransport {
    let mock = MockTransport()
    mock.register(LinkList.self) { request in
        let page = Int(query(request)["page"] ?? "1")!
        if page == failingPage { return HTTPResponse(statusCode: 500, body: Data("down".utf8)) }
        var headers: HTTPHeaders = [:]
        if page * 3 < allNumbers.count {
            // Absolute, with the API key echoed, as servers do; a second field with the rest.
            headers.add(
                "Link", "<https://\(linkHost)/v1/numbers?per_page=3&api_key=secret&page=\(page + 1)>; rel=\"next\"")
            headers.add("Link", "<https://\(linkHost)/v1/numbers?page=3>; rel=\"last\"")
        }
        return try json(slice(from: (page - 1) * 3), headers: headers)
    }
    mock.register(StripeList.self) { request in
        let after = query(request)["starting_after"]
        let start = after.flatMap { id in allNumbers.firstIndex { $0.id == id }.map { $0 + 1 } } ?? 0
        return try json(StripeList.Page(data: slice(from: start), hasMore: start + 3 < allNumbers.count))
    }
    mock.register(CursorList.self) { request in
        if request.url.path.hasSuffix("stuck") {
            return try json(CursorList.Page(items: slice(from: 0, count: 1), next: "again"))
        }
        let start = Int(query(request)["cursor"] ?? "0")!
        return try json(CursorList.Page(items: slice(from: start), next: start + 3 < 7 ? String(start + 3) : ""))
    }
    mock.register(LinksList.self) { request in
        let start = Int(query(request)["cursor"] ?? "0")!
        let host = request.url.path.hasSuffix("elsewhere") ? "attacker.example" : "petstore.example"
        let next = start + 3 < allNumbers.count ? "https://\(host)/v1/links?limit=3&cursor=\(start + 3)" : nil
        return try json(LinksList.Page(data: slice(from: start), links: .init(next: next)))
    }
    mock.register(OffsetList.self) { request in
        try json(slice(from: Int(query(request)["offset"] ?? "0")!))
    }
    mock.register(PageList.self) { request in
        try json(slice(from: (Int(query(request)["page"] ?? "1")! - 1) * 3))
    }
    mock.register(SearchList.self) { request in
        try json(slice(from: (Int(query(request)["page"] ?? "1")! - 1) * 3))
    }
    return mock
}

/// Every item of `request`'s pages.
private func collect<R: PaginatedRequest>(
    _ client: Client, _ request: R, options: CallOptions = CallOptions()
) async throws -> [R.Item] {
    var items: [R.Item] = []
    for try await item in client.all(request, options: options) {
        items.append(item)
    }
    return items
}

private func queries(_ requests: [HTTPRequest]) -> [String] {
    requests.map { $0.url.query ?? "" }
}

@Suite struct PaginationTests {
    @Test func followsTheLinkHeaderSendingTheAPIKeyOnce() async throws {
        let mock = pagingTransport()
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([.apiKey(.keyQuery, "secret")])], transport: mock)
        #expect(try await collect(client, LinkList()) == allNumbers)
        #expect(
            queries(mock.requests) == [
                "per_page=3&api_key=secret", "per_page=3&page=2&api_key=secret", "per_page=3&page=3&api_key=secret",
            ])
        #expect(mock.requests.map(\.operationID) == Array(repeating: "LinkList", count: 3))
    }

    @Test func pagesAreTheResponsesInOrder() async throws {
        let client = Client(baseURL: baseURL, transport: pagingTransport())
        var pages: [[Numbered]] = []
        for try await page in client.pages(LinkList()) {
            pages.append(page)
        }
        #expect(pages.map(\.count) == [3, 3, 1])
    }

    @Test func aLinkToAnotherOriginIsRefusedAndNotFollowed() async {
        let mock = pagingTransport(linkHost: "attacker.example")
        let client = Client(
            baseURL: baseURL, interceptors: [.authentication([.apiKey(.keyQuery, "secret")])], transport: mock)
        var received: [Numbered] = []
        do throws(ClientError<Never>) {
            for try await item in client.all(LinkList()) {
                received.append(item)
            }
            Issue.record("expected an error")
        } catch {
            guard case .decoding(_, let detail) = error else {
                Issue.record("expected .decoding, got \(error)")
                return
            }
            #expect(detail.contains("https://attacker.example"))
            #expect(!detail.contains("secret"))
        }
        #expect(received == Array(allNumbers.prefix(3)))
        #expect(mock.requests.count == 1)
    }

    @Test func followsTheNextLinkInTheBody() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        #expect(try await collect(client, LinksList()) == allNumbers)
        #expect(queries(mock.requests) == ["limit=3", "limit=3&cursor=3", "limit=3&cursor=6"])
        let elsewhere = Client(baseURL: baseURL, transport: pagingTransport())
        await #expect(throws: ClientError<Never>.self) { try await collect(elsewhere, LinksList(elsewhere: true)) }
    }

    @Test func aRelativeLinkIsResolvedAgainstThePage() throws {
        let headers: HTTPHeaders = ["Link": #"</v1/numbers?page=2>; rel="next", <https://x.example/a,b>; rel=last"#]
        #expect(LinkHeader(headers).target(relation: "next") == "/v1/numbers?page=2")
        #expect(LinkHeader(headers).target(relation: "last") == "https://x.example/a,b")
    }

    @Test func linkHeadersWithQuotedCommasAndSeveralRelations() {
        let links = LinkHeader.parse(
            #"<https://a.example/1>; title="a, b; c"; rel="prev FIRST", <https://a.example/2>; rel=next; rel=last,"#
                + #" garbage, <https://a.example/3>; title="unterminated"#)
        #expect(
            links == [
                LinkHeader.Link(target: "https://a.example/1", relations: ["prev", "first"]),
                LinkHeader.Link(target: "https://a.example/2", relations: ["next"]),
            ])
    }

    @Test func stripeCursorIsTheLastItemsID() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        #expect(try await collect(client, StripeList()) == allNumbers)
        #expect(queries(mock.requests) == ["limit=3", "limit=3&starting_after=n2", "limit=3&starting_after=n5"])
    }

    @Test func aCursorReplacesTheRequestsOwnValue() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        #expect(try await collect(client, StripeList(startingAfter: "n0")) == Array(allNumbers.dropFirst()))
        #expect(queries(mock.requests) == ["limit=3&starting_after=n0", "limit=3&starting_after=n3"])
    }

    @Test func bodyCursorEndsWhenEmpty() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        #expect(try await collect(client, CursorList()) == allNumbers)
        #expect(queries(mock.requests) == ["", "cursor=3", "cursor=6"])
    }

    @Test func aCursorThatDoesNotMoveEndsTheWalk() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        #expect(try await collect(client, CursorList(stuck: true)).count == 2)
        #expect(queries(mock.requests) == ["", "cursor=again"])
    }

    @Test func offsetAdvancesByTheItemsReceivedFromTheRequestsOwnValue() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        #expect(try await collect(client, OffsetList(offset: 2)) == Array(allNumbers.dropFirst(2)))
        #expect(queries(mock.requests) == ["offset=2&limit=3", "limit=3&offset=5", "limit=3&offset=7"])
    }

    @Test func pageNumbersStartAtOneAndEndAtAnEmptyPage() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        #expect(try await collect(client, PageList()) == allNumbers)
        #expect(queries(mock.requests) == ["", "page=2", "page=3", "page=4"])
    }

    @Test func nothingIsFetchedAheadOfTheLoop() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        for try await item in client.all(PageList()) {
            #expect(item == allNumbers[0])
            break
        }
        #expect(mock.requests.count == 1)
        var iterator = client.all(PageList()).makeAsyncIterator()
        for _ in 0..<4 { _ = try await iterator.next() }
        #expect(mock.requests.count == 3)
    }

    @Test func cancellationStopsFetching() async {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        let task = Task { () async -> Result<[Numbered], ClientError<Never>> in
            var received: [Numbered] = []
            do throws(ClientError<Never>) {
                for try await item in client.all(PageList()) {
                    received.append(item)
                    // Cancelled while the first page's items are used: no further page is asked for.
                    withUnsafeCurrentTask { $0?.cancel() }
                }
            } catch {
                return .failure(error)
            }
            return .success(received)
        }
        let result = await task.value
        guard case .failure(.transport(let error)) = result else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
        #expect(error is CancellationError)
        #expect(mock.requests.count == 1)
    }

    @Test func anErrorMidwaySurfacesInTheLoopAndEndsIt() async throws {
        let mock = pagingTransport(failingPage: 2)
        let client = Client(baseURL: baseURL, transport: mock)
        var received: [Numbered] = []
        var iterator = client.all(LinkList()).makeAsyncIterator()
        do throws(ClientError<Never>) {
            while let item = try await iterator.next() {
                received.append(item)
            }
            Issue.record("expected an error")
        } catch {
            guard case .status(500, _, _) = error else {
                Issue.record("expected .status(500), got \(error)")
                return
            }
        }
        #expect(received == Array(allNumbers.prefix(3)))
        #expect(try await iterator.next() == nil)
        #expect(mock.requests.count == 2)
    }

    // MARK: The call's options

    @Test func optionsHeadersReachEveryPage() async throws {
        let mock = pagingTransport()
        let client = Client(baseURL: baseURL, transport: mock)
        let options = CallOptions(headers: ["Stripe-Account": "acct_1"])
        #expect(try await collect(client, StripeList(), options: options) == allNumbers)
        #expect(mock.requests.map { $0.headers["Stripe-Account"] } == ["acct_1", "acct_1", "acct_1"])

        var pages = 0
        for try await _ in client.pages(LinkList(), options: CallOptions(headers: ["X-Trace": "t1"])) { pages += 1 }
        #expect(pages == 3)
        #expect(mock.requests.suffix(3).map { $0.headers["X-Trace"] } == ["t1", "t1", "t1"])
    }

    /// Each page is a call of its own: a key per page, which that page's retries repeat.
    @Test func eachPageHasItsOwnIdempotencyKey() async throws {
        let mock = pagingTransport()
        let attempts = Log<String>()
        // Every page's first attempt is answered 503, its second by the server.
        let flaky = Interceptor { request, next in
            let key = request.headers["Idempotency-Key"] ?? ""
            let seen = attempts.all.contains(key)
            attempts.append(key)
            return seen ? try await next(request) : HTTPResponse(statusCode: 503)
        }
        let client = Client(baseURL: baseURL, interceptors: [flaky], transport: mock)
        let options = CallOptions(retry: RetryPolicy(baseDelay: .milliseconds(1), jitter: .none))
        #expect(try await collect(client, SearchList(), options: options) == allNumbers)
        let keys = attempts.all
        #expect(keys.count == 8, "four pages, two attempts each")
        #expect(Set(keys).count == 4)
        #expect(keys.allSatisfy { $0.count == 36 }, "UUIDs")
        #expect(stride(from: 0, to: keys.count, by: 2).allSatisfy { keys[$0] == keys[$0 + 1] })
    }

    /// Four pages of 300 ms each take longer than the timeout of one second, and are all
    /// received: the timeout bounds each page, not the walk. A page that never answers fails it.
    @Test func theTimeoutBoundsEachPage() async throws {
        let pages = Log<Int>()
        let slow = Interceptor { request, next in
            pages.append(1)
            try await Task.sleep(for: pages.all.count == 6 ? .seconds(60) : .milliseconds(300))
            return try await next(request)
        }
        let client = Client(baseURL: baseURL, interceptors: [slow], transport: pagingTransport())
        let options = CallOptions(timeout: .seconds(1))
        #expect(try await collect(client, PageList(), options: options) == allNumbers)
        #expect(pages.all.count == 4)

        var received: [Numbered] = []
        do throws(ClientError<Never>) {
            for try await item in client.all(PageList(), options: options) {
                received.append(item)
            }
            Issue.record("expected a timeout")
        } catch {
            guard case .timedOut(after: .seconds(1)) = error else {
                Issue.record("expected .timedOut, got \(error)")
                return
            }
        }
        #expect(received == Array(allNumbers.prefix(3)), "the first page's items, then the second page timed out")
    }
}
