extension RequestPresentation {
    /// The members of the `PaginatedRequest` conformance: the scheme, where the items are and,
    /// for a cursor, where the next cursor is. Every name in them is a member name the model
    /// decided, and the parameter's name a string literal.
    func present(_ pagination: PaginationDecision, into declaration: inout RequestDeclaration) {
        let scheme: String
        var nextCursor: String?
        switch pagination.scheme {
        case .linkHeader:
            scheme = ".linkHeader"
        case .nextLink(let source, let isURL):
            scheme = ".nextLink"
            let link = Self.chain(source, bodyHasHeaders: pagination.bodyHasHeaders)
            nextCursor =
                isURL ? link.text + (link.isOptional ? "?" : "") + ".absoluteString" : link.text
        case .cursor(let parameter, let source):
            scheme = ".cursor(parameter: \(SwiftSourceText.stringLiteral(parameter)))"
            nextCursor = Self.nextCursorExpression(pagination, source: source)
        case .offset(let parameter, let first):
            scheme =
                ".offset(parameter: \(SwiftSourceText.stringLiteral(parameter))\(first == 0 ? "" : ", first: \(first)"))"
        case .page(let parameter, let first):
            scheme =
                ".page(parameter: \(SwiftSourceText.stringLiteral(parameter))\(first == 1 ? "" : ", first: \(first)"))"
        }
        declaration.isPaginated = true
        declaration.paginationLines = LineLayout.computedProperty(
            access + "var pagination: Pagination", expression: scheme, indent: Column.member)
        let items = Self.chain(pagination.items, bodyHasHeaders: pagination.bodyHasHeaders)
        declaration.itemsLines = Self.pageAccessor(
            access + "func items(of page: Response) -> [\(pagination.itemType.swiftText)]",
            expression: items.isOptional ? "\(items.text) ?? []" : items.text, otherwise: "[]",
            pageCase: pagination.pageCase)
        if let nextCursor {
            declaration.nextCursorLines = Self.pageAccessor(
                access + "func nextCursor(after page: Response) -> String?", expression: nextCursor,
                otherwise: "nil", pageCase: pagination.pageCase)
            declaration.hasNextCursor = true
        }
    }

    /// A member reading the page: the expression alone, or, when the page is one case of the
    /// `Response` enum, that case's value first and `otherwise` for every other case.
    static func pageAccessor(_ declaration: String, expression: String, otherwise: String, pageCase: String?)
        -> [String]
    {
        guard let pageCase else {
            return LineLayout.computedProperty(declaration, expression: expression, indent: Column.member)
        }
        return [
            declaration + " {", "    guard case .\(pageCase)(let page) = page else { return \(otherwise) }",
            "    return " + expression, "}",
        ]
    }

    /// `page.responseMetadata?.nextCursor`: the members from the page's body, `?.` after an
    /// optional one; and whether the value is optional.
    static func chain(
        _ members: [PaginationDecision.Member], bodyHasHeaders: Bool
    ) -> (text: String, isOptional: Bool) {
        var text = bodyHasHeaders ? "page.body" : "page"
        var isOptional = false
        for member in members {
            text += (isOptional ? "?." : ".") + member.name
            isOptional = isOptional || member.isOptional
        }
        return (text, isOptional)
    }

    /// The cursor for the next page, `nil` unless the `has_more` flag (when there is one) is
    /// `true`.
    static func nextCursorExpression(
        _ pagination: PaginationDecision, source: PaginationDecision.CursorSource
    ) -> String {
        let cursor: String
        switch source {
        case .property(let path):
            cursor = chain(path, bodyHasHeaders: pagination.bodyHasHeaders).text
        case .lastItem(let member):
            let items = chain(pagination.items, bodyHasHeaders: pagination.bodyHasHeaders)
            cursor = items.text + (items.isOptional ? "?" : "") + ".last?." + member.name
        }
        if !pagination.done.isEmpty {
            let done = chain(pagination.done, bodyHasHeaders: pagination.bodyHasHeaders)
            let condition = done.isOptional ? "\(done.text) == true" : done.text
            guard !pagination.hasMore.isEmpty else { return "\(condition) ? nil : \(cursor)" }
        }
        guard !pagination.hasMore.isEmpty else { return cursor }
        let flag = chain(pagination.hasMore, bodyHasHeaders: pagination.bodyHasHeaders)
        return "\(flag.isOptional ? "\(flag.text) == true" : flag.text) ? \(cursor) : nil"
    }
}
