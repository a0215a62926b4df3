import Dispatch
import MusubiDocument

/// The last step for requests: decisions (``RequestDecision``) to what the `Request` template
/// receives (``RequestDeclaration``), every expression written and every statement and list
/// laid out to fit the line length.
///
/// Layout needs the column a line starts at, which the template decides; ``Column`` names each
/// such column once, beside the template line it sits at.
struct RequestPresentation {
    let header: String
    /// The access modifier with its trailing space (`public `), or empty.
    let access: String
    let imports: [String]
    /// The API's base protocol every request conforms to.
    let protocolName: String
    /// The one case of each enum of a single value (see ``ModelPresentation/soleCases(in:)``):
    /// a required parameter of such a type has it as its default (HashiCorp Vault's 103
    /// `list=true`).
    var soleCases: [String: String] = [:]

    /// The columns at which the `Request` template places the laid-out lines.
    enum Column {
        /// A member of the request class: a property, the initializer's declaration.
        static let member = 4
        /// A statement in a member: an array literal's elements, a `switch` case.
        static let statement = 8
        /// A statement nested once more: a `return` in a `switch` case, an element of an
        /// element.
        static let nestedStatement = 12
    }

    /// The doc comment of an optional idempotency key parameter.
    static let idempotencyKeyDocumentation =
        "When `nil`, the client sends a new UUID for each call, the same on every retry of it."

    /// The text of the `server` property's doc comment.
    static let serverDocumentation =
        "The spec serves this operation from servers of its own: the first, unless the initializer\n"
        + "is given another. A `Client` made with `init(baseURL:)` sends it to its base URL instead."

    /// What a required parameter defaults to in the initializer: the one value its type
    /// allows, or its schema's `default` when that is a literal of its type (Vault's mount
    /// paths, `gcp_mount_path` defaulting to `gcp`); nil otherwise.
    func requiredDefault(of parameter: RequestDecision.Parameter) -> String? {
        guard case .named(let type) = parameter.type else { return nil }
        if let sole = soleCases[type] { return "." + sole }
        guard let text = parameter.defaultValue else { return nil }
        switch type {
        case "String": return text == "\"\"" ? text : SwiftSourceText.stringLiteral(text)
        // A literal out of the type's range would not compile.
        case "Int", "Int64": return Int64(text).map(String.init)
        case "Int32": return Int32(text).map(String.init)
        case "Bool": return text == "true" || text == "false" ? text : nil
        default: return nil
        }
    }

    /// Each request's context, in order, laid out on all cores: each request's lines depend on
    /// it alone.
    func present(_ requests: [RequestDecision]) -> [RequestDeclaration] {
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<RequestDeclaration>.allocate(
            capacity: requests.count)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            (results.baseAddress! + index).initialize(to: present(requests[index]))
        }
        let presented = Array(results)
        _ = results.deinitialize()
        return presented
    }

    func present(_ request: RequestDecision) -> RequestDeclaration {
        var properties: [PropertyDeclaration] = []
        var required: [InitParameter] = []
        var optional: [InitParameter] = []
        func add(_ property: PropertyDeclaration, isRequired: Bool, defaultValue: String? = nil) {
            properties.append(property)
            // A required parameter with a default keeps its place among the required ones.
            if let defaultValue {
                required.append(InitParameter(for: property, defaultValue: defaultValue))
                return
            }
            let parameter = InitParameter(for: property, required: isRequired)
            if isRequired { required.append(parameter) } else { optional.append(parameter) }
        }

        var queryItems: [String] = []
        var headerItems: [String] = []
        var cookieItems: [String] = []
        var pathNames: [String: String] = [:]
        for parameter in request.parameters {
            add(
                PropertyDeclaration(
                    name: parameter.name, type: parameter.isRequired ? parameter.type : .optional(parameter.type),
                    originalName: parameter.specName,
                    // Not `@available(*, deprecated)`: the request's own initializer and path,
                    // query and headers use the property, and generated code must compile
                    // without warnings.
                    docLines: SwiftSourceText.docLines([
                        parameter.description,
                        parameter.defaultValue.flatMap {
                            SwiftSourceText.says(parameter.description, theDefault: $0) ? nil : "Defaults to `\($0)`."
                        },
                        !parameter.isRequired && parameter.location == .header
                            && parameter.specName == request.idempotencyKeyHeader
                            ? Self.idempotencyKeyDocumentation : nil,
                        parameter.isDeprecated ? ModelBuilder.deprecationNote : nil,
                    ]),
                    attributes: []),
                isRequired: parameter.isRequired,
                defaultValue: parameter.isRequired ? requiredDefault(of: parameter) : nil)
            let expression = Self.expression(of: parameter)
            switch parameter.location {
            case .path: pathNames[parameter.specName] = expression
            case .query: queryItems.append(expression)
            case .header: headerItems.append(expression)
            case .cookie: cookieItems.append(expression)
            }
        }

        var bodyExpression = ""
        var bodyLines: [String] = []
        var bodyCases: [BodyCaseDeclaration] = []
        if let body = request.body {
            var type = SwiftType.named("Body")
            if case .single(let format) = body.content { type = format.type }
            let property = PropertyDeclaration(
                name: body.name, type: body.isRequired ? type : .optional(type), originalName: "body",
                docLines: SwiftSourceText.docLines([body.description]), attributes: [])
            // A required body follows the required parameters; an optional one leads the optionals.
            if body.isRequired {
                add(property, isRequired: true)
            } else {
                properties.append(property)
                optional.insert(InitParameter(for: property, required: false), at: 0)
            }
            for header in body.partHeaders {
                add(
                    PropertyDeclaration(
                        name: header.name, type: header.isRequired ? header.type : .optional(header.type),
                        originalName: header.specName,
                        docLines: SwiftSourceText.docLines([
                            header.description, "Sent as the `\(header.specName)` header of the `\(header.part)` part.",
                        ]),
                        attributes: []),
                    isRequired: header.isRequired)
            }
            (bodyExpression, bodyLines, bodyCases) = requestBody(body)
        }

        let serverExpression = request.server?.reference ?? ""
        var initParameters = required + optional
        if !serverExpression.isEmpty {
            // Another of the operation's servers is chosen when the request is made: a request
            // is an immutable value.
            initParameters.append(
                InitParameter(
                    declaration: "server: Server? = \(serverExpression)", name: "server",
                    assignment: "self.server = server"))
        }
        if !initParameters.isEmpty { initParameters[initParameters.count - 1].isLast = true }
        // Keep declaration order the same as the initializer's.
        var initOrder: [String: Int] = [:]
        for (index, parameter) in initParameters.enumerated() where initOrder[parameter.name] == nil {
            initOrder[parameter.name] = index
        }
        properties.sort { (initOrder[$0.name] ?? 0) < (initOrder[$1.name] ?? 0) }

        let pathLiteral = Self.pathLiteral(request.path, names: pathNames)
        let fieldEncodings = request.body?.fieldEncodings ?? []
        var declaration = RequestDeclaration(
            header: header, access: access, imports: imports, protocolName: protocolName,
            name: request.name,
            fileName: request.fileName,
            docLines: SwiftSourceText.docLines([request.summary, request.description, "`\(request.signature)`"]),
            attributes: request.isDeprecated ? ["@available(*, deprecated)"] : [],
            signature: request.signature,
            operationID: request.operationID ?? "",
            responseType: .none, hasResponseType: false, responseCases: [], hasResponseEnum: false,
            decodeResponseCases: [], hasDecodeResponse: false, singleDecodeLines: [], hasSingleDecode: false,
            failureType: .none, hasFailureType: false, failureCases: [], hasFailureEnum: false,
            decodeFailureCases: [], hasDecodeFailure: false,
            properties: properties,
            initParameters: initParameters,
            hasInitParameters: !initParameters.isEmpty,
            initDeclarationLines: LineLayout.list(
                open: access + "init(", items: initParameters.map(\.declaration), close: ") {",
                indent: Column.member, trailingComma: false),
            method: "." + request.method.rawValue,
            pathLiteral: pathLiteral,
            pathLines: LineLayout.computedProperty(
                access + "var path: RequestPath", expression: pathLiteral, indent: Column.member),
            queryItems: queryItems, hasQuery: !queryItems.isEmpty,
            queryLines: Self.arrayLines(queryItems),
            headerItems: headerItems, hasHeaders: !headerItems.isEmpty,
            headerLines: Self.arrayLines(headerItems),
            cookieItems: cookieItems, hasCookies: !cookieItems.isEmpty,
            cookieLines: Self.arrayLines(cookieItems),
            serverExpression: serverExpression, hasServer: !serverExpression.isEmpty,
            serverDocLines: serverExpression.isEmpty ? [] : SwiftSourceText.docLines([Self.serverDocumentation]),
            bodyExpression: bodyExpression, hasBody: !bodyLines.isEmpty, requestBodyLines: bodyLines,
            bodyCases: bodyCases, hasBodyEnum: !bodyCases.isEmpty,
            bodyEncodingLines: Self.encodingLines(fieldEncodings),
            hasBodyEncoding: !fieldEncodings.isEmpty,
            acceptableStatusCondition: "", hasAcceptableStatus: false,
            acceptLiteral: "", hasAccept: false)
        if let body = request.body, case .alternatives(let alternatives) = body.content,
            let json = alternatives.first, json.name == "json",
            let property = properties.first(where: { $0.name == body.name })
        {
            declaration.jsonBodyInitLines = jsonBodyInitLines(
                initParameters, body: property.name, payload: json.format.type)
            declaration.hasJSONBodyInit = true
        }
        present(request.responses, into: &declaration)
        if let stream = request.stream { present(stream, into: &declaration) }
        if let operationID = request.operationID {
            declaration.operationIDLines = LineLayout.computedProperty(
                access + "static var operationID: String", expression: SwiftSourceText.stringLiteral(operationID),
                indent: Column.member)
            declaration.hasOperationID = true
        }
        if !request.security.isEmpty {
            declaration.securityLines = securityLines(request.security)
            declaration.hasSecurity = true
        }
        if let header = request.idempotencyKeyHeader {
            declaration.idempotencyKeyLines = LineLayout.computedProperty(
                access + "static var idempotencyKeyHeader: String?", expression: SwiftSourceText.stringLiteral(header),
                indent: Column.member)
            declaration.hasIdempotencyKey = true
        }
        if let pagination = request.pagination { present(pagination, into: &declaration) }
        declaration.place = request.place
        layOutDeclarations(of: &declaration)
        return declaration
    }

    /// The lines declaring the class, its type aliases, its enums' cases and its properties,
    /// each on one line unless it is too long (see ``LineLayout``).
    private func layOutDeclarations(of declaration: inout RequestDeclaration) {
        declaration.declarationLines = LineLayout.typeHeader(
            access + "final class", name: declaration.name,
            conformances: [declaration.protocolName] + (declaration.isStreaming ? ["StreamingRequest"] : []),
            indent: 0)
        let alias = { (name: String, type: SwiftType) in
            LineLayout.typeAlias("\(access)typealias \(name) =", type: type, indent: Column.member)
        }
        if declaration.hasResponseType { declaration.responseTypeLines = alias("Response", declaration.responseType) }
        if declaration.hasFailureType { declaration.failureTypeLines = alias("Failure", declaration.failureType) }
        if declaration.isStreaming { declaration.eventTypeLines = alias("Event", declaration.eventType) }
        for index in declaration.properties.indices {
            let property = declaration.properties[index]
            declaration.properties[index].declarationLines = LineLayout.stored(
                "\(access)let \(property.name):", type: property.type, indent: Column.member)
        }
        for index in declaration.responseCases.indices {
            declaration.responseCases[index].caseLines = Self.caseLines(declaration.responseCases[index])
        }
        for index in declaration.failureCases.indices {
            declaration.failureCases[index].caseLines = Self.caseLines(declaration.failureCases[index])
        }
        for index in declaration.bodyCases.indices {
            let item = declaration.bodyCases[index]
            declaration.bodyCases[index].caseLines = LineLayout.payloadCase(
                "case \(item.name)", payload: item.payload.swiftText, indent: Column.statement)
        }
    }

    /// A `Response` or `Failure` case: `case ok(Pet)`, or `case noContent` without payload.
    private static func caseLines(_ item: ResponseCaseDeclaration) -> [String] {
        guard item.payload.hasPrefix("("), item.payload.hasSuffix(")") else { return ["case \(item.name)"] }
        return LineLayout.payloadCase(
            "case \(item.name)", payload: String(item.payload.dropFirst().dropLast()), indent: Column.statement)
    }

    /// An array literal of parameters, its elements at a statement's column.
    private static func arrayLines(_ items: [String]) -> [String] {
        LineLayout.list(open: "[", items: items, close: "]", indent: Column.statement, trailingComma: true)
    }

    // MARK: Parameters

    /// For a path parameter, what goes inside `\(…)` in the path literal; for the other
    /// locations, the `QueryParameter`/`HeaderParameter`/`CookieParameter` expression. Only
    /// what differs from the runtime's defaults is written, so the common case stays
    /// `QueryParameter("limit", limit)`.
    static func expression(of parameter: RequestDecision.Parameter) -> String {
        let name = parameter.name
        let nameLiteral = SwiftSourceText.stringLiteral(parameter.specName)
        guard case .style(let style, let explode) = parameter.serialization else {
            switch parameter.location {
            case .path: return "json: \(name), coding: coding"
            case .query: return "QueryParameter(\(nameLiteral), json: \(name), coding: coding)"
            case .header: return "HeaderParameter(\(nameLiteral), json: \(name), coding: coding)"
            case .cookie: return "CookieParameter(\(nameLiteral), json: \(name), coding: coding)"
            }
        }
        // `explode` changes nothing for a single value or in `deepObject`, so it is not written there.
        let explodeArgument =
            explode != style.explodesByDefault && !parameter.isScalar && style != .deepObject
            ? ", explode: \(explode)" : ""
        switch parameter.location {
        case .path:
            switch style {
            case .label: return "label: \(name)\(explodeArgument)"
            case .matrix: return "matrix: \(name), name: \(nameLiteral)\(explodeArgument)"
            default: return name + explodeArgument
            }
        case .query:
            let styleArgument = style == .form ? "" : ", style: .\(style)"
            let reservedArgument = parameter.allowReserved ? ", allowReserved: true" : ""
            return "QueryParameter(\(nameLiteral), \(name)\(styleArgument)\(explodeArgument)\(reservedArgument))"
        case .header:
            return "HeaderParameter(\(nameLiteral), \(name)\(explodeArgument))"
        case .cookie:
            return "CookieParameter(\(nameLiteral), \(name)\(explodeArgument))"
        }
    }

    /// `"/pets/\(petID)"`: literal text escaped, each template variable interpolated.
    static func pathLiteral(_ path: String, names: [String: String]) -> String {
        var result = "\""
        // The text between variables is escaped a run at a time.
        var literalStart = path.startIndex
        var index = path.startIndex
        while index < path.endIndex {
            if path[index] == "{", let close = path[index...].firstIndex(of: "}"),
                let name = names[String(path[path.index(after: index)..<close])]
            {
                result += SwiftSourceText.literalContent(String(path[literalStart..<index]))
                result += "\\(\(name))"
                index = path.index(after: close)
                literalStart = index
                continue
            }
            index = path.index(after: index)
        }
        result += SwiftSourceText.literalContent(String(path[literalStart...]))
        return result + "\""
    }

    // MARK: Bodies

    /// The `requestBody` property: one expression for a body of one media type, else a
    /// `switch` over the `Body` enum's cases.
    private func requestBody(
        _ body: RequestDecision.Body
    ) -> (expression: String, lines: [String], cases: [BodyCaseDeclaration]) {
        let declaration = access + "var requestBody: RequestBody?"
        switch body.content {
        case .single(let format):
            let expression =
                body.isRequired
                ? Self.expression(format, value: body.name)
                : "\(body.name).map { \(Self.expression(format, value: "$0")) }"
            return (
                expression, LineLayout.computedProperty(declaration, expression: expression, indent: Column.member),
                []
            )
        case .alternatives(let alternatives):
            let cases = alternatives.map { alternative in
                BodyCaseDeclaration(
                    name: alternative.name, payload: alternative.format.type,
                    docLines: SwiftSourceText.docLines(["`\(alternative.mediaType)`"]),
                    statement: Self.expression(alternative.format, value: "value"))
            }
            // `case .json(let value)?` matches the optional's value; `nil` sends no body.
            let caseLines = cases.flatMap { item in
                LineLayout.switchCase(
                    label: "case .\(item.name)(let value)\(body.isRequired ? "" : "?")", statement: item.statement,
                    indent: Column.statement)
            }
            let lines =
                [declaration + " {", "    switch \(body.name) {"]
                + (body.isRequired ? [] : ["    case nil: nil"])
                + caseLines.map { "    " + $0 } + ["    }", "}"]
            return ("", lines, cases)
        }
    }

    /// The `RequestBody` expression sending `value` in `format`.
    static func expression(_ format: RequestDecision.BodyFormat, value: String) -> String {
        func contentType(_ text: String?) -> String {
            text.map { ", contentType: \(SwiftSourceText.stringLiteral($0))" } ?? ""
        }
        switch format {
        case .json(_, let type):
            return ".json(\(value)\(contentType(type)))"
        case .form(_, let type, let usesFieldEncodings):
            return ".form(\(value)\(usesFieldEncodings ? ", encoding: bodyEncoding" : "")\(contentType(type)))"
        case .multipart(_, let type, let usesFieldEncodings):
            return ".multipart(\(value)\(usesFieldEncodings ? ", encoding: bodyEncoding" : "")\(contentType(type)))"
        case .text(let type):
            return ".text(\(value)\(contentType(type)))"
        case .binary(let type):
            return ".binary(\(value)\(contentType(type)))"
        }
    }

    /// The `bodyEncoding` dictionary literal: on one line when it fits, else one entry per line,
    /// an entry too long for its line with its arguments wrapped as swift-format does.
    static func encodingLines(_ encodings: [RequestDecision.FieldEncoding]) -> [String] {
        let items = encodings.map { encoding in
            var arguments: [String] = []
            if let style = encoding.style { arguments.append("style: .\(style)") }
            if let explode = encoding.explode { arguments.append("explode: \(explode)") }
            if let contentType = encoding.contentType {
                arguments.append("contentType: \(SwiftSourceText.stringLiteral(contentType))")
            }
            if !encoding.headers.isEmpty {
                let headers = encoding.headers.map { header in
                    "HeaderParameter(\(SwiftSourceText.stringLiteral(header.specName)), \(header.name))"
                }
                arguments.append("headers: [\(headers.joined(separator: ", "))]")
            }
            return (
                function: SwiftSourceText.stringLiteral(encoding.property) + ": FieldEncoding", arguments: arguments
            )
        }
        let single = items.map { $0.function + "(" + $0.arguments.joined(separator: ", ") + ")" }
        let oneLine = LineLayout.list(
            open: "[", items: single, close: "]", indent: Column.statement, trailingComma: true)
        guard oneLine.contains(where: { !LineLayout.fits($0, indent: Column.statement) }) else { return oneLine }
        var lines = ["["]
        for item in items {
            var entry = LineLayout.call(item.function, arguments: item.arguments, indent: Column.nestedStatement)
            // swift-format wants no trailing comma after the only element of a literal.
            if items.count > 1 { entry[entry.count - 1] += "," }
            lines += entry.map { "    " + $0 }
        }
        return lines + ["]"]
    }

    /// `init(…, body: Profile, …) { self.init(…, body: .json(body), …) }`: the initializer that
    /// sends a body offered in several media types as JSON, the one listed first.
    ///
    /// Its body is never optional, even when the operation's is: the designated initializer
    /// already sends no body (`CreateVideo()`), and a second initializer whose parameters all
    /// had defaults would make that call ambiguous.
    private func jsonBodyInitLines(_ parameters: [InitParameter], body: String, payload: SwiftType) -> [String] {
        let declarations = parameters.map { parameter in
            guard parameter.name == body else { return parameter.declaration }
            return "\(body): \(payload)"
        }
        let arguments = parameters.map { parameter in
            guard parameter.name == body else { return SwiftKeywords.argument(parameter.name) }
            return "\(body): .json(\(body))"
        }
        return SwiftSourceText.docLines(["Sends the body as JSON."])
            + LineLayout.list(
                open: access + "convenience init(", items: declarations, close: ") {", indent: Column.member,
                trailingComma: false)
            + LineLayout.call("self.init", arguments: arguments, indent: Column.statement).map { "    " + $0 }
            + ["}"]
    }

    // MARK: Responses

    private func present(_ responses: RequestDecision.Responses, into request: inout RequestDeclaration) {
        if !responses.statusesBeyond2XX.isEmpty || responses.notModified != nil {
            var conditions =
                ["(200...299).contains(statusCode)"]
                + responses.statusesBeyond2XX.map { status in
                    switch status {
                    case .range(let digit): return "(\(digit * 100)...\(digit * 100 + 99)).contains(statusCode)"
                    case .code(let code): return "statusCode == \(code)"
                    case .default: return "true"
                    }
                }
            switch responses.notModified {
            case nil: break
            case .always: conditions.append("statusCode == 304")
            case .whenSet(let names):
                let sent = names.map { "\($0) != nil" }
                let anySent = sent.count == 1 ? sent[0] : "(" + sent.joined(separator: " || ") + ")"
                conditions.append("(statusCode == 304 && \(anySent))")
            }
            let condition = conditions.joined(separator: " || ")
            request.acceptableStatusCondition = condition
            request.acceptableStatusLines =
                LineLayout.fits(condition, indent: Column.statement)
                ? [condition] : [conditions[0]] + conditions.dropFirst().map { "    || " + $0 }
            request.hasAcceptableStatus = true
        }
        if !responses.acceptedMediaTypes.isEmpty {
            request.acceptLiteral = SwiftSourceText.stringLiteral(responses.acceptedMediaTypes.joined(separator: ", "))
            request.hasAccept = true
        }

        switch responses.success {
        case .single(let payload):
            request.responseType = payload.swiftType
            request.hasResponseType = true
            // JSON and no body decode through the runtime's defaults; text, bytes and headers
            // are read here (a JSON string is `String` too, so `String` cannot have a default).
            if payload.decoding == .text || payload.decoding == .data || payload.headers != nil {
                request.singleDecodeLines = Self.decodeLines(payload, indent: Column.statement)
                request.hasSingleDecode = true
            }
        case .byStatus(let cases):
            request.responseCases = cases.map(Self.responseCase)
            request.hasResponseEnum = true
            request.decodeResponseCases = Self.ordered(
                cases.map { item in
                    (item.status, Self.returnLines(item.payload, caseName: item.name, indent: Column.nestedStatement))
                },
                fallback: "throw UnexpectedStatus()")
            request.hasDecodeResponse = true
        }

        switch responses.failure {
        case nil:
            break
        case .single(let payload):
            request.failureType = payload.type
            request.hasFailureType = true
        case .byStatus(let cases):
            request.failureCases = cases.map(Self.responseCase)
            request.hasFailureEnum = true
            request.decodeFailureCases = Self.ordered(
                cases.map { item in
                    (item.status, ["return try? .\(item.name)(coding.decode(from: response.body))"])
                },
                fallback: "return nil")
            request.hasDecodeFailure = true
        }
    }

    private static func responseCase(_ item: RequestDecision.StatusCase) -> ResponseCaseDeclaration {
        ResponseCaseDeclaration(
            name: item.name, payload: item.payload.hasValue ? "(\(item.payload.swiftType))" : "",
            docLines: SwiftSourceText.docLines([item.description]))
    }

    /// The expression producing the body from `response`.
    private static func bodyExpression(_ payload: RequestDecision.Payload) -> String {
        switch payload.decoding {
        case .json: return "try coding.decode(from: response.body)"
        case .text: return "String(decoding: response.body, as: UTF8.self)"
        case .data: return "response.body"
        case .none: return "NoContent()"
        }
    }

    /// The expression producing the payload, headers included, as lines laid out to fit at
    /// `indent`.
    private static func decodeLines(_ payload: RequestDecision.Payload, indent: Int) -> [String] {
        let body = bodyExpression(payload)
        guard payload.headers != nil else { return [body] }
        return LineLayout.call(
            "try WithHeaders",
            arguments: [
                "body: \(body.hasPrefix("try ") ? String(body.dropFirst(4)) : body)",
                "headers: response.decodeHeaders()",
            ],
            indent: indent)
    }

    /// `return .created(…)` at `indent`, wrapped when it does not fit.
    private static func returnLines(_ payload: RequestDecision.Payload, caseName: String, indent: Int) -> [String] {
        guard payload.hasValue else { return ["return .\(caseName)"] }
        let single = "return .\(caseName)(\(decodeLines(payload, indent: 0).joined(separator: " ")))"
        if LineLayout.fits(single, indent: indent) || payload.headers == nil { return [single] }
        var inner = decodeLines(payload, indent: indent + 4).map { "    " + $0 }
        inner[inner.count - 1] += ")"
        return ["return .\(caseName)("] + inner
    }

    /// `case 200`, `case 200...299` or `default`.
    static func caseLabel(_ status: ResponseStatus) -> String {
        switch status {
        case .default: return "default"
        case .range(let digit): return "case \(digit * 100)...\(digit * 100 + 99)"
        case .code(let code): return "case \(code)"
        }
    }

    /// The cases of a `switch` over the status: exact codes before ranges before `default`, so
    /// it matches the most specific documented response; a fallback closes the switch when
    /// `default` is not documented.
    static func ordered(_ cases: [(ResponseStatus, [String])], fallback: String) -> [StatusCaseDeclaration] {
        func rank(_ status: ResponseStatus) -> Int {
            switch status {
            case .code: return 0
            case .range: return 1
            case .default: return 2
            }
        }
        var result = cases.enumerated().sorted { lhs, rhs in
            (rank(lhs.element.0), lhs.offset) < (rank(rhs.element.0), rhs.offset)
        }.map { statusCase(label: caseLabel($0.element.0), statementLines: $0.element.1) }
        if !cases.contains(where: { $0.0 == .default }) {
            result.append(statusCase(label: "default", statementLines: [fallback]))
        }
        return result
    }

    /// A case of a `switch` over the status: `label: statement` on one line when it fits, else
    /// the statement (which may be laid out over several lines already) below its label.
    private static func statusCase(label: String, statementLines: [String]) -> StatusCaseDeclaration {
        let statement = statementLines.joined(separator: " ")
        let lines =
            statementLines.count > 1
            ? ["\(label):"] + statementLines.map { "    " + $0 }
            : LineLayout.switchCase(label: label, statement: statement, indent: Column.statement)
        return StatusCaseDeclaration(label: label, statement: statement, lines: lines)
    }

    // MARK: Streams

    private func present(_ stream: RequestDecision.Stream, into request: inout RequestDeclaration) {
        request.isStreaming = true
        request.eventType = stream.eventType
        request.eventFollowsEnum = request.hasFailureEnum || (request.hasResponseEnum && !request.hasFailureType)
        switch stream.framing {
        case .serverSentEvents:
            break
        case .jsonLines(let mediaType):
            request.streamFormatExpression =
                mediaType.map { ".jsonLines(mediaType: \(SwiftSourceText.stringLiteral($0)))" } ?? ".jsonLines()"
            request.hasStreamFormat = true
        case .jsonSequence:
            request.streamFormatExpression = ".jsonSequence"
            request.hasStreamFormat = true
        }
        if case .message(let dataIsText) = stream.eventSchema {
            request.decodeEventStatement =
                "try message.decode(Event.self, data: \(dataIsText ? ".text" : ".json"), coding: coding)"
            request.hasDecodeEvent = true
        }
    }

    // MARK: Security

    /// `static var security`: each alternative a dictionary literal of scheme members and
    /// scopes, on one line when it fits.
    private func securityLines(_ requirements: [RequestDecision.SecurityRequirement]) -> [String] {
        let literal = NestedLiteral.collection(
            prefix: "",
            items: requirements.map { requirement in
                .collection(
                    prefix: "",
                    items: requirement.schemes.map { scheme in
                        .collection(
                            prefix: ".\(scheme.apiMember).\(scheme.member.trimmingBackticks): ",
                            items: scheme.scopes.map { .text(SwiftSourceText.stringLiteral($0)) }, empty: "[]")
                    },
                    empty: "[:]")
            },
            empty: "[]")
        let property = "\(access)static var security: [SecurityRequirement]"
        let single = "\(property) { \(literal.singleLine) }"
        return LineLayout.fits(single, indent: Column.member)
            ? [single] : [property + " {"] + literal.lines(indent: Column.statement).map { "    " + $0 } + ["}"]
    }
}
