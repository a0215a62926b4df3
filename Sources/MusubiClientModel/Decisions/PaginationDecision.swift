/// How a paginated operation's pages follow one another, as decided: the runtime's
/// `Pagination` scheme, where a response's items are and where the next cursor comes from.
///
/// Made for an operation whose spec shows the scheme unambiguously, or that the user
/// configured (``PaginationRule``); the request type then conforms to `PaginatedRequest` and
/// `client.all(_:)` walks its pages. `musubi dump-model` shows it.
public struct PaginationDecision: Equatable, Codable, Sendable {
    /// The runtime's `Pagination` case.
    public enum Scheme: Equatable, Codable, Sendable {
        /// The `Link` header's `rel="next"` target (GitHub).
        case linkHeader
        /// A URL in the body (JSON:API's `links.next`: App Store Connect); `isURL` when its
        /// property is a `URL`, not a string.
        case nextLink(source: [Member], isURL: Bool)
        /// A query parameter set to a cursor taken from the response.
        case cursor(parameter: String, source: CursorSource)
        /// A query parameter advanced by the number of items received.
        case offset(parameter: String, first: Int)
        /// A query parameter advanced by one per page.
        case page(parameter: String, first: Int)
    }

    /// Where the cursor for the next page is in a response.
    public enum CursorSource: Equatable, Codable, Sendable {
        /// A string property of the body, maybe nested (Slack's `response_metadata.next_cursor`,
        /// OpenAI's `last_id`).
        case property([Member])
        /// The last item's string property (Stripe's `starting_after` = the last item's `id`).
        case lastItem(Member)
    }

    /// One step of a path from the body to a value: a property of a struct.
    public struct Member: Equatable, Codable, Sendable {
        /// The Swift name, backticked if needed.
        public var name: String
        /// The key the JSON uses, for messages and `dump-model`.
        public var jsonKey: String
        /// Whether the property is optional, so the path continues with `?.`.
        public var isOptional: Bool
    }

    public var scheme: Scheme
    /// The path from the body to the list of items; empty when the body is the list.
    public var items: [Member]
    /// The type of one item.
    public var itemType: SwiftType
    /// A boolean property that says whether there are more pages (`has_more`): the cursor is
    /// used only while it is `true`. Empty when the response has none.
    public var hasMore: [Member]
    /// A boolean property that says the last page has come (Svix's `done`): the cursor is used
    /// only while it is not `true`. Empty when the response has none.
    public var done: [Member] = []
    /// Whether the response is a `WithHeaders` (the operation documents headers), so the body
    /// is its `body`.
    public var bodyHasHeaders: Bool
    /// The case of the `Response` enum that holds the page, when the operation documents other
    /// successes without a body (Mastodon's home timeline: `200` with the page, `206` while
    /// the timeline is being built); nil when the response is the page. A response of another
    /// case has no items and no next cursor.
    public var pageCase: String? = nil
}

/// A pagination the user states for an operation, in `x-musubi-pagination` or in
/// `musubi.yaml`, where the spec does not show it unambiguously; `none` turns detection off.
///
/// Names are the spec's (the query parameter's name, JSON keys), so a rule reads like the API's
/// documentation: `{style: cursor, parameter: starting_after, cursor: last-item.id, has-more: has_more}`.
public struct PaginationRule: Equatable, Sendable {
    public enum Style: String, Equatable, Sendable, CaseIterable {
        case link
        /// A URL in the body (`cursor` says where): JSON:API's `links.next`, Facebook's
        /// `paging.next`.
        case nextLink = "next-link"
        case cursor, offset, page, none
    }

    public var style: Style
    /// The query parameter that asks for a page (`cursor`, `offset`, `page`).
    public var parameter: String?
    /// The JSON keys from the body to the list, dotted (`data`); the body itself, or its one
    /// array property, when not given.
    public var items: String?
    /// For `cursor`: the JSON keys from the body to the next cursor (`response_metadata.next_cursor`),
    /// or `last-item.KEY` for a property of the last item (`last-item.id`); for `next-link`,
    /// the JSON keys to the next page's URL (`paging.next`).
    public var cursor: String?
    /// The JSON keys of a boolean that is `true` while there are more pages (`has_more`).
    public var hasMore: String?
    /// For `offset` and `page`: the value of the first page when the request does not set one.
    public var first: Int?

    public init(
        style: Style, parameter: String? = nil, items: String? = nil, cursor: String? = nil, hasMore: String? = nil,
        first: Int? = nil
    ) {
        self.style = style
        self.parameter = parameter
        self.items = items
        self.cursor = cursor
        self.hasMore = hasMore
        self.first = first
    }
}
