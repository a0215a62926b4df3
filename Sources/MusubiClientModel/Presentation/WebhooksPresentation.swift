/// The `Webhooks` template's context: the enum of the events the API sends, each case and
/// each line that mentions it laid out.
public struct WebhooksDeclaration: Codable, Sendable {
    /// The first line of the file, as on ``ClientModel``.
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    /// The import lines, as on ``ClientModel``.
    public var imports: [String]
    /// Path relative to the output directory (`PetstoreWebhookEvent.swift`), beside the API file.
    public var fileName: String
    /// The enum's name (`PetstoreWebhookEvent`).
    public var enumName: String
    /// The enum's `///` lines.
    public var docLines: [String]
    /// A case per event, in the decision's order; the template adds `unknown`.
    public var cases: [WebhookCaseDeclaration]
    /// The elements of the `routes` array, one `WebhookEventRoute(…)` each, laid out at the
    /// array's indentation, with their commas (the last one's only when there are several).
    public var routeLines: [String]
    /// The `case` lines of `init(name:request:coding:)`'s `switch`, one event each.
    public var decodeLines: [String]
    /// The `case` lines of the `name` property's `switch`.
    public var nameLines: [String]
}

/// One case of the webhooks enum.
public struct WebhookCaseDeclaration: Codable, Sendable {
    /// The event's summary, description and where it arrives, as `///` lines.
    public var docLines: [String]
    /// `case issuesOpened(Issue)`.
    public var declaration: String
}

/// The last step for the webhooks file: its decision (``WebhooksDecision``) to what the
/// `Webhooks` template receives (``WebhooksDeclaration``).
struct WebhooksPresentation {
    let header: String
    let access: String
    let imports: [String]
    /// The API's title, which the enum's documentation names.
    let title: String

    /// The columns at which the template places the laid-out lines.
    enum Column {
        /// An element of the `routes` array.
        static let route = 8
        /// A `case` of a `switch` in an initializer or property of the enum.
        static let switchCase = 8
    }

    func present(_ decision: WebhooksDecision) -> WebhooksDeclaration {
        let title = SwiftSourceText.commentText(title)
        return WebhooksDeclaration(
            header: header, access: access, imports: imports, fileName: decision.fileName,
            enumName: decision.enumName,
            docLines: SwiftSourceText.docLines([
                "The requests \(title) sends to your server, its webhooks and callbacks:\n"
                    + "a case per event, with its payload decoded.",
                "Decode one from a received request with `init(request:coding:)`, after checking its\n"
                    + "signature (``WebhookSignature``); an event this client does not know is kept as `unknown`.",
            ]),
            cases: decision.events.map(caseDeclaration),
            // swift-format gives a collection's last element a trailing comma only when it has several.
            routeLines: decision.events.flatMap { routeLines($0, trailingComma: decision.events.count > 1) },
            decodeLines: decision.events.flatMap(decodeLines),
            nameLines: decision.events.flatMap { event in
                LineLayout.switchCase(
                    label: "case .\(event.caseName.trimmingBackticks)",
                    statement: "return " + SwiftSourceText.stringLiteral(event.name), indent: Column.switchCase)
            })
    }

    private func caseDeclaration(_ event: WebhookEventDecision) -> WebhookCaseDeclaration {
        let method = event.method.uppercased()
        let arrival: String
        if let callback = event.callback {
            arrival =
                "The callback `\(SwiftSourceText.commentText(event.name))` of "
                + "`\(SwiftSourceText.commentText(callback.registeredBy))`, sent as `\(method)` to "
                + "`\(SwiftSourceText.commentText(callback.expression))`."
        } else {
            arrival = "The webhook `\(SwiftSourceText.commentText(event.name))`, sent as `\(method)`."
        }
        var docLines = SwiftSourceText.docLines([event.summary, event.description, arrival])
        if event.isDeprecated { docLines += ["///", "/// - Note: Deprecated."] }
        let declaration: String
        switch event.payload {
        case .none: declaration = "case \(event.caseName)"
        case .json(let type): declaration = "case \(event.caseName)(\(type))"
        case .bytes: declaration = "case \(event.caseName)(Data)"
        }
        return WebhookCaseDeclaration(docLines: docLines, declaration: declaration)
    }

    private func routeLines(_ event: WebhookEventDecision, trailingComma: Bool) -> [String] {
        func dictionary(_ requirements: [WebhookEventDecision.Requirement]) -> String {
            "["
                + requirements.map {
                    SwiftSourceText.stringLiteral($0.name) + ": " + SwiftSourceText.stringLiteral($0.value)
                }.joined(separator: ", ") + "]"
        }
        var arguments = ["name: " + SwiftSourceText.stringLiteral(event.name), "method: .\(event.method)"]
        if !event.headers.isEmpty { arguments.append("headers: " + dictionary(event.headers)) }
        if !event.bodyFields.isEmpty { arguments.append("bodyFields: " + dictionary(event.bodyFields)) }
        let objects = event.nestedBodyFields.reduce(into: [String]()) { objects, requirement in
            if !objects.contains(requirement.object) { objects.append(requirement.object) }
        }
        if !objects.isEmpty {
            let entries = objects.map { object in
                let fields = event.nestedBodyFields.filter { $0.object == object }.map {
                    WebhookEventDecision.Requirement(name: $0.name, value: $0.value)
                }
                return SwiftSourceText.stringLiteral(object) + ": " + dictionary(fields)
            }
            arguments.append("nestedBodyFields: [" + entries.joined(separator: ", ") + "]")
        }
        var lines = LineLayout.call("WebhookEventRoute", arguments: arguments, indent: Column.route)
        if trailingComma { lines[lines.count - 1] += "," }
        return lines
    }

    private func decodeLines(_ event: WebhookEventDecision) -> [String] {
        let name = SwiftSourceText.stringLiteral(event.name)
        let label = event.sharesName ? "case \(name) where request.method == .\(event.method)" : "case \(name)"
        let value: String
        switch event.payload {
        case .none: value = ".\(event.caseName.trimmingBackticks)"
        case .json:
            value = ".\(event.caseName.trimmingBackticks)(try coding.decode(from: request.body))"
        case .bytes: value = ".\(event.caseName.trimmingBackticks)(request.body)"
        }
        return LineLayout.switchCase(label: label, statement: "self = " + value, indent: Column.switchCase)
    }
}
