/// An operation that returns a list a page at a time, which `Client.pages(_:options:)` and
/// `Client.all(_:options:)` walk page after page.
///
/// ```swift
/// for try await pet in client.all(ListPets(limit: 50)) {
///     print(pet.name)
/// }
/// ```
///
/// A refinement of `Request`: the request sent for the first page is the value given, and
/// each later page's is made from it and the previous response the way ``pagination`` says —
/// the `Link` header's `rel="next"` target or a link in the body, a cursor, an offset or a page
/// number in the query.
/// The generated conformance states the scheme and where the items are; nothing else changes.
public protocol PaginatedRequest: Request {
    /// One item of a page: an element of the list the response carries.
    associatedtype Item: Sendable

    /// How the request for the page after a response is made.
    var pagination: Pagination { get }

    /// The items of one page, in order.
    func items(of page: Response) -> [Item]

    /// The value of the cursor parameter that asks for the page after `page` (``Pagination/cursor(parameter:)``):
    /// a cursor the response carries (Slack's `response_metadata.next_cursor`), or the last
    /// item's ID when the response says there is more (Stripe's `starting_after`, OpenAI's
    /// `after`); for ``Pagination/nextLink``, the next page's URL (`links.next`). `nil` or
    /// empty at the last page. Default: `nil`.
    func nextCursor(after page: Response) -> String?
}

extension PaginatedRequest {
    public func nextCursor(after page: Response) -> String? { nil }
}

/// How an operation asks for the page after the one it got: the schemes real APIs use.
///
/// Walking ends at the last page as the scheme knows it, and also when the next request
/// would be the one just sent (a cursor or link that does not move), so a server that
/// repeats itself cannot make the walk endless.
public enum Pagination: Hashable, Sendable {
    /// The `Link` response header's `rel="next"` target (RFC 8288), as GitHub pages: a URL on
    /// the same origin (scheme, host and port) as the request, sent as it is. There is no next
    /// page when the header names none.
    case linkHeader
    /// A URL the response body carries (JSON:API's `links.next`, as App Store Connect pages):
    /// ``PaginatedRequest/nextCursor(after:)`` of the previous page, resolved against its URL,
    /// on the same origin as the request, sent as it is. There is no next page when that is
    /// `nil` or empty.
    case nextLink
    /// The query parameter `parameter` set to ``PaginatedRequest/nextCursor(after:)`` of the
    /// previous page; there is no next page when that is `nil` or empty.
    case cursor(parameter: String)
    /// The query parameter `parameter` advanced by the number of items received, from the
    /// request's own value (else `first`); there is no next page after one without items.
    case offset(parameter: String, first: Int = 0)
    /// The query parameter `parameter` advanced by one, from the request's own value (else
    /// `first`); there is no next page after one without items.
    case page(parameter: String, first: Int = 1)
}
