import MusubiDocument
import MusubiReader

/// Operations to request types.
extension ModelBuilder {
    /// Members every request has through the `Request` protocol; a parameter with one of
    /// these names gets a suffix instead of silently replacing the requirement.
    private static let requestMembers: Set<String> = [
        "method", "path", "query", "headers", "cookies", "server", "requestBody", "coding", "accept", "intercept",
        "decodeResponse", "decodeFailure", "isAcceptable", "init", "Response", "Failure", "Body",
        "bodyEncoding", "security",
    ]

    /// Header parameters OpenAPI says are ignored: the transport and body encoding own them.
    private static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    func request(for operation: APIOperation, name: String, protocolName: String) -> RequestDeclaration {
        let signature = "\(operation.method.rawValue.uppercased()) \(operation.path)"
        var members = MemberNameRegistry(reserving: Self.requestMembers)
        var properties: [PropertyDeclaration] = []
        var required: [InitParameter] = []
        var optional: [InitParameter] = []
        var queryItems: [String] = []
        var headerItems: [String] = []
        var cookieItems: [String] = []
        var pathNames: [String: String] = [:]

        func add(_ property: PropertyDeclaration, isRequired: Bool) {
            properties.append(property)
            let parameter = InitParameter(for: property, required: isRequired)
            if isRequired { required.append(parameter) } else { optional.append(parameter) }
        }

        // Path parameters first: they identify the resource, so they read best first.
        let ordered =
            operation.parameters.filter { $0.location == .path }
            + operation.parameters.filter { $0.location != .path && $0.required }
            + operation.parameters.filter { $0.location != .path && !$0.required }
        for parameter in ordered {
            if parameter.location == .header, Self.ignoredHeaders.contains(parameter.name.lowercased()) {
                continue
            }
            let type = parameterType(parameter, requestName: name, signature: signature)
            let swiftName = members.claimRaw(Self.memberName(for: parameter), suffix: "Parameter")
            let property = PropertyDeclaration(
                name: swiftName, type: parameter.required ? type : .optional(type),
                originalName: parameter.name,
                // Not `@available(*, deprecated)`: the request's own initializer and path, query
                // and headers use the property, and generated code must compile without warnings.
                docLines: SwiftSourceText.docLines([
                    parameter.description, parameter.deprecated ? Self.deprecationNote : nil,
                ]),
                attributes: [])
            add(property, isRequired: parameter.required)
            let expression = parameterExpression(parameter, swiftName: swiftName, type: type)
            switch parameter.location {
            case .path: pathNames[parameter.name] = expression
            case .query: queryItems.append(expression)
            case .header: headerItems.append(expression)
            case .cookie: cookieItems.append(expression)
            }
        }

        var bodyExpression = ""
        var shapeOfBody: BodyShape?
        var bodyLines: [String] = []
        if let body = operation.requestBody,
            let shape = bodyShape(body, requestName: name, signature: signature, members: &members)
        {
            shapeOfBody = shape
            let bodyName = members.claimRaw("body", suffix: "Value")
            let property = PropertyDeclaration(
                name: bodyName, type: body.required ? shape.type : .optional(shape.type), originalName: "body",
                docLines: SwiftSourceText.docLines([body.description]), attributes: [])
            // A required body follows the required parameters; an optional one leads the optionals.
            if body.required {
                add(property, isRequired: true)
            } else {
                properties.append(property)
                optional.insert(InitParameter(for: property, required: false), at: 0)
            }
            for (header, isRequired) in shape.partHeaderProperties {
                add(header, isRequired: isRequired)
            }
            let declaration = access + "var requestBody: RequestBody?"
            if shape.cases.isEmpty {
                bodyExpression =
                    body.required ? shape.expression(bodyName) : "\(bodyName).map { \(shape.expression("$0")) }"
                bodyLines = LineLayout.computedProperty(declaration, expression: bodyExpression, indent: 4)
            } else {
                // `case .json(let value)?` matches the optional's value; `nil` sends no body.
                let cases = shape.cases.flatMap { item in
                    LineLayout.switchCase(
                        label: "case .\(item.name)(let value)\(body.required ? "" : "?")", statement: item.statement,
                        indent: 8)
                }
                bodyLines =
                    [declaration + " {", "    switch \(bodyName) {"]
                    + (body.required ? [] : ["    case nil: nil"])
                    + cases.map { "    " + $0 } + ["    }", "}"]
            }
        }

        let serverExpression = operation.servers.first.flatMap { surface.serverReferences[Self.serverKey($0)] } ?? ""
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
        properties.sort { lhs, rhs in
            (initParameters.firstIndex { $0.name == lhs.name } ?? 0)
                < (initParameters.firstIndex { $0.name == rhs.name } ?? 0)
        }

        var declaration = RequestDeclaration(
            header: header, access: access, protocolName: protocolName,
            name: name,
            fileName: files.requestFile(name, for: operation),
            docLines: SwiftSourceText.docLines([operation.summary, operation.description, "`\(signature)`"]),
            attributes: operation.deprecated ? ["@available(*, deprecated)"] : [],
            signature: signature,
            operationID: operation.operationID ?? "",
            responseType: .none, hasResponseType: false, responseCases: [], hasResponseEnum: false,
            decodeResponseCases: [], hasDecodeResponse: false, singleDecodeLines: [], hasSingleDecode: false,
            failureType: .none, hasFailureType: false, failureCases: [], hasFailureEnum: false,
            decodeFailureCases: [], hasDecodeFailure: false,
            properties: properties,
            initParameters: initParameters,
            hasInitParameters: !initParameters.isEmpty,
            initDeclarationLines: initDeclarationLines(initParameters),
            method: "." + operation.method.rawValue,
            pathLiteral: pathLiteral(operation.path, names: pathNames),
            pathLines: LineLayout.computedProperty(
                access + "var path: RequestPath", expression: pathLiteral(operation.path, names: pathNames),
                indent: 4),
            queryItems: queryItems, hasQuery: !queryItems.isEmpty,
            queryLines: LineLayout.list(open: "[", items: queryItems, close: "]", indent: 8, trailingComma: true),
            headerItems: headerItems, hasHeaders: !headerItems.isEmpty,
            headerLines: LineLayout.list(open: "[", items: headerItems, close: "]", indent: 8, trailingComma: true),
            cookieItems: cookieItems, hasCookies: !cookieItems.isEmpty,
            cookieLines: LineLayout.list(open: "[", items: cookieItems, close: "]", indent: 8, trailingComma: true),
            serverExpression: serverExpression, hasServer: !serverExpression.isEmpty,
            serverDocLines: serverExpression.isEmpty
                ? []
                : SwiftSourceText.docLines([
                    "The spec serves this operation from servers of its own: the first, unless the initializer\n"
                        + "is given another. A `Client` made with `init(baseURL:)` sends it to its base URL instead."
                ]),
            bodyExpression: bodyExpression, hasBody: !bodyLines.isEmpty, requestBodyLines: bodyLines,
            bodyCases: shapeOfBody?.cases ?? [], hasBodyEnum: !(shapeOfBody?.cases.isEmpty ?? true),
            bodyEncodingLines: Self.encodingLines(shapeOfBody?.encodingItems ?? []),
            hasBodyEncoding: !(shapeOfBody?.encodingItems.isEmpty ?? true),
            acceptableStatusCondition: "", hasAcceptableStatus: false,
            acceptLiteral: "", hasAccept: false)
        if let shape = shapeOfBody, let json = shape.cases.first, json.name == "json",
            let body = properties.first(where: { $0.originalName == "body" })
        {
            declaration.jsonBodyInitLines = jsonBodyInitLines(
                initParameters, body: body.name, payload: json.payload,
                required: operation.requestBody?.required == true)
            declaration.hasJSONBodyInit = true
        }
        describeResponses(of: operation, requestName: name, into: &declaration)
        describeStreaming(of: operation, requestName: name, into: &declaration)
        if let operationID = operation.operationID {
            declaration.operationIDLines = LineLayout.computedProperty(
                access + "static var operationID: String", expression: SwiftSourceText.stringLiteral(operationID),
                indent: 4)
            declaration.hasOperationID = true
        }
        describeSecurity(of: operation, into: &declaration)
        return declaration
    }

    /// `init(…, body: Profile, …) { self.init(…, body: .json(body), …) }`: the initializer that
    /// sends a body offered in several media types as JSON, the one listed first.
    private func jsonBodyInitLines(
        _ parameters: [InitParameter], body: String, payload: SwiftType, required: Bool
    ) -> [String] {
        let declarations = parameters.map { parameter in
            guard parameter.name == body else { return parameter.declaration }
            return required ? "\(body): \(payload)" : "\(body): \(payload)? = nil"
        }
        let arguments = parameters.map { parameter in
            guard parameter.name == body else { return SwiftKeywords.argument(parameter.name) }
            return required ? "\(body): .json(\(body))" : "\(body): \(body).map { .json($0) }"
        }
        return SwiftSourceText.docLines(["Sends the body as JSON."])
            + LineLayout.list(
                open: access + "convenience init(", items: declarations, close: ") {", indent: 4, trailingComma: false)
            + LineLayout.call("self.init", arguments: arguments, indent: 8).map { "    " + $0 }
            + ["}"]
    }

    /// `X-Request-ID` → `requestID`: the `X-` convention for custom headers carries no meaning
    /// in Swift, so it is dropped when something is left.
    static func memberName(for parameter: Parameter) -> String {
        if parameter.location == .header, parameter.name.lowercased().hasPrefix("x-"),
            !Naming.words(String(parameter.name.dropFirst(2))).isEmpty
        {
            return Naming.memberName(String(parameter.name.dropFirst(2)))
        }
        return Naming.memberName(parameter.name)
    }

    /// The Swift type of a parameter.
    private func parameterType(_ parameter: Parameter, requestName: String, signature: String) -> SwiftType {
        guard let schema = parameter.schema else {
            return .string
        }
        // A shared parameter's schema is one type for all its operations: named after the
        // component (`workflow-id` → `WorkflowID`), not after whichever operation came first.
        let type = swiftType(
            for: schema,
            suggestedName: parameter.componentName.map { Naming.typeName($0) }
                ?? requestName + Naming.typeName(parameter.name))
        // Scalars, arrays and objects (models, dictionaries) are all sent through their
        // `Encodable` conformance, laid out by the parameter's style; JSON content as JSON.
        // A value with no single Swift type (`type: [string, integer]`) is still one value on
        // the wire, sent as the text the caller gives.
        if resolvedAlias(type) == .jsonValue, !isJSONContent(parameter) {
            warning(
                "\(parameter.location.rawValue) parameter '\(parameter.name)' of \(signature) has no simple Swift type (\(type)); it is sent as the text given",
                at: parameter.sourceLocation)
            return .string
        }
        return type
    }

    /// The type a declared type alias stands for, following aliases of aliases.
    func resolvedAlias(_ type: SwiftType) -> SwiftType {
        var current = type
        for _ in 0..<32 {
            guard let aliased = current.name.flatMap({ catalog.aliases[$0] }) else { break }
            current = aliased
        }
        return current
    }

    /// Scalar types the runtime's `ParameterValue` covers.
    /// The doc comment paragraph for what the spec deprecates where an attribute cannot say it.
    static let deprecationNote = "- Warning: Deprecated by the API."

    static let parameterScalars: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "CalendarDate", "UUID",
        "Decimal", "DecimalString", "URL", "Data",
    ]

    /// Whether values of `type` can be sent as a parameter: scalars, open enums, and `oneOf`s of
    /// those (`workflow_id: oneOf [integer, string]`).
    func isParameterValue(_ type: SwiftType) -> Bool {
        guard let name = type.name else { return false }
        return Self.parameterScalars.contains(name) || catalog.modelKinds[name] == .enum
            || catalog.parameterValueUnions.contains(name)
    }

    /// `"/pets/\(petID)"`: literal text escaped, each template variable interpolated.
    private func pathLiteral(_ path: String, names: [String: String]) -> String {
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
}
