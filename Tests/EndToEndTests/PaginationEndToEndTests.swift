import Foundation
import MusubiRuntime
import PaginationClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated client of `Specs/pagination.yaml` — one list operation per pagination scheme —
/// walked with `client.all` against the validating server, which answers each with a page of
/// the same 25 items (`item-01` … `item-25`) as large as the request asks for, and checks every
/// request the walk makes against the spec.
@Suite(.enabled(if: endToEndEnabled, "needs the Python venv with openapi-core (Scripts/setup-tests.sh sets it up)"))
struct PaginationEndToEndTests {
    let server: ValidatingServer
    let client: Client
    /// The IDs of the server's items, in its order.
    let expected = (1...25).map { "item-" + ($0 < 10 ? "0" : "") + String($0) }

    init() throws {
        server = try ValidatingServer(spec: "Specs/pagination.yaml")
        client = Client(baseURL: server.baseURL.appendingPathComponent("v1"))
    }

    /// Walks `request` to the end and checks that every item arrived once, in order, over
    /// `requests` valid requests to the server.
    private func walk<R: PaginatedRequest>(
        _ request: R, requests: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws where R.Item == Item {
        var ids: [String] = []
        for try await item in client.all(request) {
            ids.append(item.id)
            #expect(item.position == ids.count, sourceLocation: sourceLocation)
        }
        #expect(ids == expected, sourceLocation: sourceLocation)
        let log = try await server.log()
        #expect(log.count == requests, "\(log.map { $0.path + "?" + $0.query })", sourceLocation: sourceLocation)
        for entry in log {
            #expect(
                entry.valid && entry.status == 200, "\(entry.query): \(entry.errors)", sourceLocation: sourceLocation)
        }
    }

    /// The Link header names pages 2 and 3; the third names none.
    @Test func linkHeader() async throws {
        try await walk(ListLinked(perPage: 10), requests: 3)
        let queries = try await server.log().map(\.query)
        #expect(queries == ["per_page=10", "per_page=10&page=2", "per_page=10&page=3"])
    }

    /// `starting_after` is the last item's ID while `has_more` is true.
    @Test func hasMoreWithStartingAfter() async throws {
        try await walk(ListHasMore(limit: 10), requests: 3)
        let queries = try await server.log().map(\.query)
        #expect(queries == ["limit=10", "limit=10&starting_after=item-10", "limit=10&starting_after=item-20"])
    }

    /// The next page's URL the body names (`links.next`), until there is none.
    @Test func nextLinkInTheBody() async throws {
        try await walk(ListLinks(limit: 10), requests: 3)
        let queries = try await server.log().map(\.query)
        #expect(queries.count == 3 && queries[0] == "limit=10" && queries[1].hasPrefix("limit=10&cursor="))
    }

    /// The cursor the body names, until it is empty.
    @Test func nextCursorInTheBody() async throws {
        try await walk(ListNextCursor(limit: 10), requests: 3)
    }

    /// The offset advances by the items received; the walk ends at the empty page after them.
    @Test func offset() async throws {
        try await walk(ListOffset(limit: 10), requests: 4)
        let queries = try await server.log().map(\.query)
        #expect(queries == ["limit=10", "limit=10&offset=10", "limit=10&offset=20", "limit=10&offset=25"])
    }

    /// The page number advances by one; the walk ends at the empty page after the items.
    @Test func pageNumber() async throws {
        try await walk(ListNumbered(perPage: 7), requests: 5)
    }

    /// A walk started at a later page goes on from there.
    @Test func startingAtALaterPage() async throws {
        var ids: [String] = []
        for try await item in client.all(ListOffset(offset: 20, limit: 10)) { ids.append(item.id) }
        #expect(ids == Array(expected[20...]))
    }

    /// A loop that stops within the first page fetches no other.
    @Test func stoppingEarlySendsNoFurtherRequest() async throws {
        for try await item in client.all(ListHasMore(limit: 10)) where item.position == 3 { break }
        #expect(try await server.log().count == 1)
    }

    /// A walk whose task is cancelled while it uses the first page's items fetches no other.
    @Test func cancellingSendsNoFurtherRequest() async throws {
        let client = client
        let walk = Task {
            var ids: [String] = []
            do {
                for try await item in client.all(ListLinked(perPage: 10)) {
                    ids.append(item.id)
                    if ids.count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                }
            } catch {
                return (ids, error as Error?)
            }
            return (ids, nil)
        }
        let (ids, error) = await walk.value
        #expect(ids == Array(expected[..<10]))
        #expect(error != nil, "a cancelled walk ends with an error, not as if the list were complete")
        #expect(try await server.log().count == 1)
    }

    /// The failure of page 2 ends the walk at the loop, after page 1's items.
    @Test func aFailingPageSurfacesInTheLoop() async throws {
        let failing = Client(
            baseURL: server.baseURL.appendingPathComponent("v1"),
            interceptors: [.header("X-Musubi-Fail-Page", "2")])
        var ids: [String] = []
        do {
            for try await item in failing.all(ListOffset(limit: 10)) { ids.append(item.id) }
            Issue.record("expected page 2 to fail")
        } catch {
            guard case .status(500, let body?, _) = error else {
                Issue.record("expected .status(500, body, _), got \(error)")
                return
            }
            #expect(body.message == "page 2 failed")
        }
        #expect(ids == Array(expected[..<10]))
        #expect(try await server.log().map(\.status) == [200, 500])
    }

    /// The call's headers go with every page's request, as the server received them.
    @Test func theCallsHeadersReachEveryPage() async throws {
        var ids: [String] = []
        let options = CallOptions(headers: ["X-Trace": "walk-1"])
        for try await item in client.all(ListHasMore(limit: 10), options: options) { ids.append(item.id) }
        #expect(ids == expected)
        let log = try await server.log()
        #expect(log.count == 3)
        #expect(log.map { $0.header("X-Trace") } == ["walk-1", "walk-1", "walk-1"])
        #expect(log.allSatisfy { $0.valid && $0.status == 200 })
    }

    /// The call's retry policy retries the failing page, and only it, on a client without one.
    @Test func theCallsRetryPolicyRetriesEachPage() async throws {
        let options = CallOptions(
            headers: ["X-Musubi-Fail-Page": "2"],
            retry: RetryPolicy(maxAttempts: 2, statuses: [500], baseDelay: .milliseconds(1), jitter: .none))
        var ids: [String] = []
        do {
            for try await page in client.pages(ListOffset(limit: 10), options: options) {
                ids += page.map(\.id)
            }
            Issue.record("expected page 2 to fail")
        } catch {
            guard case .status(500, _, _) = error else {
                Issue.record("expected .status(500), got \(error)")
                return
            }
        }
        #expect(ids == Array(expected[..<10]))
        #expect(try await server.log().map(\.status) == [200, 500, 500])
    }
}
