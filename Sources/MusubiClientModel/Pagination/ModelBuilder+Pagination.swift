import MusubiDocument
import MusubiReader

/// Which operations are paginated, and how: detected where the spec shows it unambiguously,
/// else as the user states it (``PaginationRule``).
extension ModelBuilder {
    private typealias Member = PaginationDecision.Member

    /// The pagination of the operation whose request is `request`: the user's rule when there
    /// is one (a rule that does not fit the operation is a warning, and leaves it unpaginated),
    /// else what the spec shows.
    ///
    /// Detected, in order, when the success response is one JSON list — an array, or an object
    /// with a list — and nothing else fits as well:
    /// - a documented `Link` response header: the `rel="next"` link (GitHub);
    /// - a `links.next` URL with a `data` list, a `nextLink` with a `value` list, a
    ///   `_pagination.next` with a `_results` list, a `next_url` with a `data` list, or a
    ///   `next` with a `results` list: that link (JSON:API: App Store Connect; Azure; Front;
    ///   Lob; Django REST framework); a `next_page_uri` beside the one list (Twilio);
    /// - `has_more` with a `data` list and a `starting_after` parameter: the last item's `id`
    ///   (Stripe);
    /// - `has_more` with an `after` parameter: `last_id`, else the last item's `id` (OpenAI);
    /// - `response_metadata.next_cursor` with a `cursor` parameter (Slack);
    /// - `pagination.cursor` with an `after` parameter (Twitch);
    /// - `meta.next_token` with a `next_token` or `pagination_token` parameter (Twitter);
    /// - a string property `next_P` or `nextP` with a string parameter `P` (`next_page`,
    ///   `nextPageToken` for `pageToken`), while `has_more` is true when there is one; else a
    ///   string `P` in an object of the next page (`next_page`, `next`, `paging.next`: Asana,
    ///   HubSpot); else a
    ///   string property named `P` itself, while `has_more` is true or `done` is not (Svix);
    /// - an integer `offset` parameter (or `startAt` or `skip` beside a page size), or else an
    ///   integer `page` parameter.
    func pagination(
        for operation: APIOperation, request: RequestDecision, rule: Configured<PaginationRule>?
    ) -> PaginationDecision? {
        if let rule {
            guard rule.value.style != .none else { return nil }
            switch configuredPagination(rule.value, request: request) {
            case .success(let decision):
                return decision
            case .failure(let problem):
                report(
                    .warning, "\(rule.origin.setting) of \(request.signature): \(problem.text); it is not paginated",
                    about: rule.origin)
                return nil
            }
        }
        guard let page = PageShape(request: request, builder: self) else { return nil }
        return detectedPagination(operation, request: request, page: page)
    }

    private func detectedPagination(
        _ operation: APIOperation, request: RequestDecision, page: PageShape
    ) -> PaginationDecision? {
        let documentsLink = operation.responses.contains { response in
            response.status.classDigit == 2 && response.headers.contains { $0.name.lowercased() == "link" }
        }
        if documentsLink, let list = page.list(at: nil) {
            return page.decision(.linkHeader, list: list)
        }
        guard let body = page.bodyStructure else { return numberedPagination(page) }
        for scheme in Self.nextLinkSchemes {
            guard let list = page.list(at: [scheme.items]), let path = page.path(scheme.next), let next = path.last,
                isString(next.type) || isURL(next.type)
            else { continue }
            return page.decision(.nextLink(source: path.map(\.member), isURL: isURL(next.type)), list: list)
        }
        // Twilio's `next_page_uri` beside its one list, whatever the list is called.
        for key in Self.nextPageLinks {
            guard let next = body.member(key, builder: self), isString(next.type) || isURL(next.type),
                let list = page.list(at: nil)
            else { continue }
            return page.decision(.nextLink(source: [next.member], isURL: isURL(next.type)), list: list)
        }
        let hasMore = body.member("has_more", builder: self).flatMap { isBool($0.type) ? $0 : nil }
        let hasMorePath = hasMore.map { [$0.member] } ?? []

        // Stripe: the last item's `id`, while `has_more`.
        if hasMore != nil, page.stringQueryParameter("starting_after") != nil,
            let list = page.list(at: ["data"]), let id = page.itemString("id", of: list)
        {
            return page.decision(
                .cursor(parameter: "starting_after", source: .lastItem(id)), list: list, hasMore: hasMorePath)
        }
        // OpenAI: `last_id`, else the last item's `id`, while `has_more`.
        if hasMore != nil, page.stringQueryParameter("after") != nil, let list = page.list(at: nil) {
            if let lastID = body.member("last_id", builder: self), isString(lastID.type) {
                return page.decision(
                    .cursor(parameter: "after", source: .property([lastID.member])), list: list, hasMore: hasMorePath)
            }
            if let id = page.itemString("id", of: list) {
                return page.decision(
                    .cursor(parameter: "after", source: .lastItem(id)), list: list, hasMore: hasMorePath)
            }
        }
        for scheme in Self.nextCursorSchemes where page.stringQueryParameter(scheme.parameter) != nil {
            guard let list = page.list(at: nil), let path = page.path(scheme.cursor), let next = path.last,
                isString(next.type)
            else { continue }
            return page.decision(
                .cursor(parameter: scheme.parameter, source: .property(path.map(\.member))), list: list)
        }
        // `next_page` for `page`, `nextPageToken` for `pageToken`.
        let cursors = request.parameters.filter { $0.location == .query && isString($0.type) }.compactMap {
            parameter -> (String, PageShape.Property)? in
            let words = Naming.words(parameter.specName)
            guard !words.isEmpty else { return nil }
            for key in ["next_" + parameter.specName, "next" + Naming.capitalized(parameter.specName)] {
                if let next = body.member(key, builder: self), isString(next.type) { return (parameter.specName, next) }
            }
            return nil
        }
        if cursors.count == 1, let (parameter, next) = cursors.first, let list = page.list(at: nil) {
            return page.decision(
                .cursor(parameter: parameter, source: .property([next.member])), list: list, hasMore: hasMorePath)
        }
        guard cursors.isEmpty else { return nil }
        // The parameter's value for the next page in an object that is the next page's:
        // HubSpot's `paging.next.after` for `after`, Asana's `next_page.offset` for a string
        // `offset`; absent or null at the end.
        let nextPages = request.parameters.filter { $0.location == .query && isString($0.type) }.compactMap {
            parameter -> [PageShape.Property]? in
            for keys in Self.nextPageObjects {
                if let path = page.path(keys + [parameter.specName]), let last = path.last, isString(last.type) {
                    return path
                }
            }
            return nil
        }
        if nextPages.count == 1, let path = nextPages.first, let list = page.list(at: nil) {
            return page.decision(
                .cursor(parameter: path.last!.member.jsonKey, source: .property(path.map(\.member))), list: list,
                hasMore: hasMorePath)
        }
        // The next page's cursor under the parameter's own name (Svix's `iterator`, beside
        // `done`; Bluesky's `cursor`), while `has_more` is true or `done` is not.
        // Only a parameter whose name says it is a cursor: a single object's `version`
        // (Figma's file) or `client_secret` (Stripe's payment intent) echoes what was asked.
        let sameNamed = request.parameters.filter {
            $0.location == .query && isString($0.type)
                && !Set(Naming.words($0.specName)).isDisjoint(with: Self.cursorWords)
        }.compactMap { parameter -> (String, PageShape.Property)? in
            guard let next = body.member(parameter.specName, builder: self), isString(next.type) else { return nil }
            return (parameter.specName, next)
        }
        if sameNamed.count == 1, let (parameter, next) = sameNamed.first, let list = page.list(at: nil) {
            let done = body.member("done", builder: self).flatMap { isBool($0.type) ? [$0.member] : nil } ?? []
            var decision = page.decision(
                .cursor(parameter: parameter, source: .property([next.member])), list: list, hasMore: hasMorePath)
            decision.done = done
            return decision
        }
        return numberedPagination(page)
    }

    /// An integer `offset` parameter, else an integer `page` parameter, over a list.
    /// Atlassian's `startAt` and the `skip` of others are offsets too when a page size is asked
    /// for beside them (`maxResults`, `limit`): alone, a `startAt` could as well be a time.
    private func numberedPagination(_ page: PageShape) -> PaginationDecision? {
        guard let list = page.list(at: nil) else { return nil }
        if let offset = page.integerQueryParameter("offset") {
            return page.decision(.offset(parameter: "offset", first: offset.defaultInteger ?? 0), list: list)
        }
        if Self.pageSizeParameters.contains(where: { page.integerQueryParameter($0) != nil }) {
            for name in ["startAt", "skip"] {
                guard let offset = page.integerQueryParameter(name) else { continue }
                return page.decision(.offset(parameter: name, first: offset.defaultInteger ?? 0), list: list)
            }
        }
        if let number = page.integerQueryParameter("page") {
            return page.decision(.page(parameter: "page", first: number.defaultInteger ?? 1), list: list)
        }
        return nil
    }

    /// Where a page's items are and the keys to the next page's URL in the body: JSON:API's
    /// `links.next` beside `data` (App Store Connect), Azure's `nextLink` beside `value`,
    /// Front's `_pagination.next` beside `_results`, Lob's `next_url` beside `data`, Django
    /// REST framework's `next` beside `results`.
    private static let nextLinkSchemes: [(items: String, next: [String])] = [
        ("data", ["links", "next"]), ("value", ["nextLink"]), ("_results", ["_pagination", "next"]),
        ("data", ["next_url"]), ("results", ["next"]),
    ]

    /// Keys of the next page's link beside a page's one list, whatever the list's key (Twilio's
    /// `messages`, `calls`…).
    private static let nextPageLinks = ["next_page_uri", "next_page_url"]

    /// A cursor query parameter and the keys to the next page's cursor in the body, absent or
    /// empty at the end: Slack's `response_metadata.next_cursor` for `cursor`, Twitch's
    /// `pagination.cursor` for `after`, Twitter's `meta.next_token` for `next_token` or
    /// `pagination_token`.
    private static let nextCursorSchemes: [(parameter: String, cursor: [String])] = [
        ("cursor", ["response_metadata", "next_cursor"]), ("after", ["pagination", "cursor"]),
        ("next_token", ["meta", "next_token"]), ("pagination_token", ["meta", "next_token"]),
    ]

    /// The keys to an object describing the next page, whose member named like a query
    /// parameter is that parameter's value for it (HubSpot's `paging.next`, Asana's `next_page`).
    private static let nextPageObjects: [[String]] = [
        ["next_page"], ["nextPage"], ["next"], ["paging", "next"], ["pagination", "next"], ["meta", "next"],
    ]

    /// Words that make a parameter's name a cursor's (Square's `cursor`, Zoom's
    /// `next_page_token`, Svix's `iterator`, S3's `marker`).
    private static let cursorWords: Set<String> = ["cursor", "token", "iterator", "marker", "continuation"]

    /// Query parameters that ask for a number of items per page.
    private static let pageSizeParameters = ["maxResults", "limit", "take", "top", "pageSize", "page_size", "size"]

    /// Why a configured rule does not fit.
    struct RuleProblem: Error {
        var text: String
    }

    /// The decision a user's rule makes, or why it does not fit the operation.
    private func configuredPagination(
        _ rule: PaginationRule, request: RequestDecision
    ) -> Result<PaginationDecision, RuleProblem> {
        guard let page = PageShape(request: request, builder: self) else {
            return .failure(RuleProblem(text: "its success response is not one JSON body"))
        }
        let itemKeys = rule.items.map(Self.keyPath)
        guard let list = page.list(at: itemKeys) else {
            return .failure(
                RuleProblem(
                    text: rule.items.map { "the response has no list at '\($0)'" }
                        ?? "the response is not a list and has not exactly one list property; say which with 'items'"))
        }
        var hasMore: [Member] = []
        if let keys = rule.hasMore {
            guard let path = page.path(Self.keyPath(keys)), let last = path.last, isBool(last.type) else {
                return .failure(RuleProblem(text: "the response has no boolean at '\(keys)'"))
            }
            hasMore = path.map(\.member)
        }
        switch rule.style {
        case .none:
            return .failure(RuleProblem(text: "no pagination"))
        case .link:
            return .success(page.decision(.linkHeader, list: list, hasMore: hasMore))
        case .nextLink:
            guard let keys = rule.cursor else {
                return .failure(RuleProblem(text: "a next-link rule needs 'cursor': where the next page's URL is"))
            }
            guard let path = page.path(Self.keyPath(keys)), let last = path.last,
                isString(last.type) || isURL(last.type)
            else {
                return .failure(RuleProblem(text: "the response has no string or URL at '\(keys)'"))
            }
            return .success(
                page.decision(.nextLink(source: path.map(\.member), isURL: isURL(last.type)), list: list))
        case .cursor:
            guard let parameter = rule.parameter, page.stringQueryParameter(parameter) != nil else {
                return .failure(RuleProblem(text: Self.missingParameter(rule.parameter, kind: "string")))
            }
            guard let cursor = rule.cursor else {
                return .failure(RuleProblem(text: "a cursor rule needs 'cursor': where the next cursor is"))
            }
            let source: PaginationDecision.CursorSource
            if cursor.hasPrefix("last-item.") {
                let key = String(cursor.dropFirst("last-item.".count))
                guard let id = page.itemString(key, of: list) else {
                    return .failure(RuleProblem(text: "the items have no string property '\(key)'"))
                }
                source = .lastItem(id)
            } else {
                guard let path = page.path(Self.keyPath(cursor)), let last = path.last, isString(last.type) else {
                    return .failure(RuleProblem(text: "the response has no string at '\(cursor)'"))
                }
                source = .property(path.map(\.member))
            }
            return .success(
                page.decision(.cursor(parameter: parameter, source: source), list: list, hasMore: hasMore))
        case .offset, .page:
            guard let parameter = rule.parameter, let found = page.integerQueryParameter(parameter) else {
                return .failure(RuleProblem(text: Self.missingParameter(rule.parameter, kind: "integer")))
            }
            let scheme: PaginationDecision.Scheme =
                rule.style == .offset
                ? .offset(parameter: parameter, first: rule.first ?? found.defaultInteger ?? 0)
                : .page(parameter: parameter, first: rule.first ?? found.defaultInteger ?? 1)
            return .success(page.decision(scheme, list: list, hasMore: hasMore))
        }
    }

    private static func missingParameter(_ name: String?, kind: String) -> String {
        guard let name else { return "the rule names no 'parameter'" }
        return "the operation has no \(kind) query parameter '\(name)'"
    }

    /// `response_metadata.next_cursor` → its keys.
    static func keyPath(_ text: String) -> [String] {
        text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    func isString(_ type: SwiftType) -> Bool {
        resolvedAlias(type.nonOptional) == .string
    }

    func isURL(_ type: SwiftType) -> Bool {
        resolvedAlias(type.nonOptional) == .named("URL")
    }

    func isBool(_ type: SwiftType) -> Bool {
        resolvedAlias(type.nonOptional) == .named("Bool")
    }

    func isInteger(_ type: SwiftType) -> Bool {
        ["Int", "Int32", "Int64"].contains(resolvedAlias(type.nonOptional).name ?? "")
    }
}

/// What a request's success response and parameters offer a pagination: the body's type, the
/// list in it, the query parameters.
struct PageShape {
    /// A property of a struct reached from the body.
    struct Property {
        var member: PaginationDecision.Member
        var type: SwiftType
    }

    /// The properties of a struct, by JSON key.
    struct Structure {
        var properties: [TypeDeclaration.Property]
        /// The offset of the first property with each JSON key: pagination looks up a key or two
        /// for every query parameter, which must not cost a pass over the properties each.
        private var offsets: [String: Int] = [:]

        init(properties: [TypeDeclaration.Property]) {
            self.properties = properties
            for (offset, property) in properties.enumerated() {
                guard case .key(let key) = property.coding, offsets[key] == nil else { continue }
                offsets[key] = offset
            }
        }

        func member(_ key: String, builder: ModelBuilder) -> Property? {
            guard let offset = offsets[key] else { return nil }
            let property = properties[offset]
            return Property(
                member: PaginationDecision.Member(
                    name: property.name, jsonKey: key, isOptional: property.type.isOptional),
                type: property.type)
        }
    }

    /// A list of items and the path to it.
    struct List {
        var path: [PaginationDecision.Member]
        var itemType: SwiftType
    }

    let request: RequestDecision
    let builder: ModelBuilder
    let body: SwiftType
    let bodyHasHeaders: Bool
    /// The `Response` case of the page, when other successes have no body
    /// (``PaginationDecision/pageCase``).
    let pageCase: String?

    /// Nil unless the request decodes one JSON body: for every success, or for the one
    /// success beside others that have no body.
    init?(request: RequestDecision, builder: ModelBuilder) {
        guard request.stream == nil else { return nil }
        let payload: RequestDecision.Payload
        switch request.responses.success {
        case .single(let single):
            payload = single
            pageCase = nil
        case .byStatus(let cases):
            let withBodies = cases.filter { $0.payload.decoding != .none }
            guard withBodies.count == 1 else { return nil }
            payload = withBodies[0].payload
            pageCase = withBodies[0].name
        }
        guard payload.decoding == .json else { return nil }
        self.request = request
        self.builder = builder
        body = payload.type
        bodyHasHeaders = payload.headers != nil
    }

    var bodyStructure: Structure? { structure(of: body) }

    /// The struct a type stands for, through aliases and optionals.
    func structure(of type: SwiftType) -> Structure? {
        guard let name = builder.resolvedAlias(type.nonOptional).name,
            case .structure(let structure)? = builder.catalog.declaration(named: name)?.definition
        else { return nil }
        // Indexed once per build: many operations may answer with one type.
        if let known = builder.pageStructures[name] { return known }
        let made = Structure(properties: structure.properties)
        builder.pageStructures[name] = made
        return made
    }

    /// The properties at `keys` from the body; nil when a key is missing.
    func path(_ keys: [String]) -> [Property]? {
        var current = body
        var path: [Property] = []
        for key in keys {
            guard let property = structure(of: current)?.member(key, builder: builder) else { return nil }
            path.append(property)
            current = property.type
        }
        return path
    }

    /// The list at `keys`, or when nil, the body itself if it is an array, else the body's one
    /// array property (leaving out lists of warnings and errors, ``reportListKeys``).
    func list(at keys: [String]?) -> List? {
        if let keys {
            guard let path = path(keys), let last = path.last,
                case .array(let element) = builder.resolvedAlias(last.type.nonOptional)
            else { return nil }
            return List(path: path.map(\.member), itemType: element)
        }
        if case .array(let element) = builder.resolvedAlias(body) {
            return List(path: [], itemType: element)
        }
        guard let name = builder.resolvedAlias(body.nonOptional).name, let structure = bodyStructure else {
            return nil
        }
        // Found once per build for each type: many operations may answer with one type.
        if let known = builder.pageSoleLists[name] { return known }
        let list = Self.soleList(of: structure, builder: builder)
        builder.pageSoleLists[name] = .some(list)
        return list
    }

    /// The one list property of a struct, lists of what went wrong (``reportListKeys``) aside.
    private static func soleList(of structure: Structure, builder: ModelBuilder) -> List? {
        let lists = structure.properties.compactMap { property -> List? in
            guard case .key(let key) = property.coding,
                case .array(let element) = builder.resolvedAlias(property.type.nonOptional)
            else { return nil }
            return List(
                path: [
                    PaginationDecision.Member(name: property.name, jsonKey: key, isOptional: property.type.isOptional)
                ],
                itemType: element)
        }
        if lists.count == 1 { return lists[0] }
        // Beside the items, a list of what went wrong (eBay's `warnings`, Twitter's `errors`)
        // is no page's items.
        let items = lists.filter { !Self.reportListKeys.contains($0.path[0].jsonKey.lowercased()) }
        return items.count == 1 ? items[0] : nil
    }

    /// The keys of lists that report on a response rather than hold its items.
    static let reportListKeys: Set<String> = ["warnings", "errors", "messages", "notices"]

    /// The string property `key` of the list's items, when they are structs.
    func itemString(_ key: String, of list: List) -> PaginationDecision.Member? {
        guard let property = structure(of: list.itemType)?.member(key, builder: builder),
            builder.isString(property.type)
        else { return nil }
        return property.member
    }

    func stringQueryParameter(_ name: String) -> RequestDecision.Parameter? {
        request.parameters.first { $0.location == .query && $0.specName == name && builder.isString($0.type) }
    }

    func integerQueryParameter(_ name: String) -> RequestDecision.Parameter? {
        request.parameters.first { $0.location == .query && $0.specName == name && builder.isInteger($0.type) }
    }

    func decision(
        _ scheme: PaginationDecision.Scheme, list: List, hasMore: [PaginationDecision.Member] = []
    ) -> PaginationDecision {
        PaginationDecision(
            scheme: scheme, items: list.path, itemType: list.itemType, hasMore: hasMore, bodyHasHeaders: bodyHasHeaders,
            pageCase: pageCase)
    }
}

extension RequestDecision.Parameter {
    /// The integer default the spec documents, if any.
    var defaultInteger: Int? { defaultValue.flatMap { Int($0) } }
}

extension ModelBuilder {
    /// The rule the user gives for the operation: its `x-musubi-pagination`, else the
    /// configuration's entry for its `operationId`. A malformed extension is a warning at it
    /// and stands for `none`, so the operation is not paginated in a way the user did not mean.
    func paginationRule(for operation: APIOperation) -> Configured<PaginationRule>? {
        if let written = operation.paginationExtension {
            let origin = SettingOrigin(
                file: operation.file ?? document.file, location: written.location, setting: "x-musubi-pagination")
            switch PaginationRule.parse(written.value) {
            case .success(let rule):
                return Configured(rule, origin: origin)
            case .failure(let problem):
                report(
                    .warning,
                    "x-musubi-pagination of \(operation.method.rawValue.uppercased()) \(operation.path): \(problem.text); it is not paginated",
                    about: origin)
                return Configured(PaginationRule(style: .none), origin: origin)
            }
        }
        return operation.operationID.flatMap { options.pagination[$0] }
    }
}

extension PaginationRule {
    /// The keys a rule may have.
    public static let keys = ["style", "parameter", "items", "cursor", "has-more", "first"]

    /// Why a written rule is not one: a sentence naming the key at fault.
    public struct Problem: Error, Sendable {
        public var text: String
    }

    /// A rule as written in a spec's `x-musubi-pagination` or a configuration's `pagination`
    /// entry: a style alone (`none`, `link`), or an object with the ``keys``.
    public static func parse(_ value: DocumentValue) -> Result<PaginationRule, Problem> {
        let styles = Style.allCases.map(\.rawValue).joined(separator: ", ")
        func style(_ text: String?) -> Style? { text.flatMap(Style.init(rawValue:)) }
        if let text = value.string {
            guard let style = style(text) else {
                return .failure(Problem(text: "the style must be one of \(styles)"))
            }
            return .success(PaginationRule(style: style))
        }
        guard let members = value.members else {
            return .failure(Problem(text: "expected a style or an object with \(keys.joined(separator: ", "))"))
        }
        var rule = PaginationRule(style: .none)
        var hasStyle = false
        for member in members {
            switch member.key {
            case "style":
                guard let parsed = style(member.value.string) else {
                    return .failure(Problem(text: "the style must be one of \(styles)"))
                }
                rule.style = parsed
                hasStyle = true
            case "parameter", "items", "cursor", "has-more":
                guard let text = member.value.string, !text.isEmpty else {
                    return .failure(Problem(text: "'\(member.key)' must be a non-empty string"))
                }
                switch member.key {
                case "parameter": rule.parameter = text
                case "items": rule.items = text
                case "cursor": rule.cursor = text
                default: rule.hasMore = text
                }
            case "first":
                guard let first = member.value.int else {
                    return .failure(Problem(text: "'first' must be an integer"))
                }
                rule.first = first
            default:
                return .failure(
                    Problem(text: "unknown key '\(member.key)' (expected \(keys.joined(separator: ", ")))"))
            }
        }
        guard hasStyle else { return .failure(Problem(text: "the rule names no 'style'")) }
        return .success(rule)
    }
}
