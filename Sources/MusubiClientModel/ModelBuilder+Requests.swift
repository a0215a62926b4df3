import MusubiDocument
import MusubiReader

/// Operations to request types.
extension ModelBuilder {
    /// Members every request has through the `Request` protocol; a parameter with one of
    /// these names gets a suffix instead of silently replacing the requirement.
    private static let requestMembers: Set<String> = [
        "method", "path", "query", "headers", "requestBody", "coding", "accept", "intercept",
        "decodeResponse", "decodeFailure", "isAcceptable", "init", "Response", "Failure", "security",
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
        var pathNames: [String: String] = [:]

        func add(_ property: PropertyDeclaration, isRequired: Bool) {
            properties.append(property)
            let parameter = InitParameter(for: property, required: isRequired)
            if isRequired { required.append(parameter) } else { optional.append(parameter) }
        }

        // Path parameters first: they identify the resource, so they read best first.
        let ordered = operation.parameters.filter { $0.location == .path }
            + operation.parameters.filter { $0.location != .path && $0.required }
            + operation.parameters.filter { $0.location != .path && !$0.required }
        for parameter in ordered {
            if parameter.location == .cookie {
                warning(
                    "cookie parameter '\(parameter.name)' of \(signature) is not supported yet and is left out",
                    at: parameter.sourceLocation)
                continue
            }
            if parameter.location == .header, Self.ignoredHeaders.contains(parameter.name.lowercased()) {
                continue
            }
            guard let type = parameterType(parameter, requestName: name, signature: signature) else { continue }
            let swiftName = members.claimRaw(Self.memberName(for: parameter), suffix: "Parameter")
            let property = PropertyDeclaration(
                name: swiftName, type: parameter.required ? type : type + "?",
                originalName: parameter.name,
                // Not `@available(*, deprecated)`: the request's own initializer and path, query
                // and headers use the property, and generated code must compile without warnings.
                docLines: SwiftSourceText.docLines([
                    parameter.description, parameter.deprecated ? Self.deprecationNote : nil,
                ]),
                attributes: [])
            add(property, isRequired: parameter.required)
            let nameLiteral = SwiftSourceText.stringLiteral(parameter.name)
            switch parameter.location {
            case .path:
                // Arrays in `style: simple`, the default for paths: items joined by commas, one segment.
                pathNames[parameter.name] = resolvedAlias(type).hasPrefix("[")
                    ? "\(swiftName).map(\\.parameterValue).joined(separator: \",\")" : swiftName
            case .query:
                if let style = parameter.style, style != "form" {
                    warning(
                        "query style '\(style)' of '\(parameter.name)' is not supported yet; sent as form style",
                        at: parameter.sourceLocation)
                }
                let explode = parameter.explode == false && resolvedAlias(type).hasPrefix("[") ? ", explode: false" : ""
                queryItems.append("QueryParameter(\(nameLiteral), \(swiftName)\(explode))")
            case .header:
                headerItems.append("HeaderParameter(\(nameLiteral), \(swiftName))")
            case .cookie:
                break
            }
        }

        var bodyExpression = ""
        if let body = operation.requestBody {
            if let (type, expression) = bodyType(body, requestName: name) {
                let bodyName = members.claimRaw("body", suffix: "Value")
                let property = PropertyDeclaration(
                    name: bodyName, type: body.required ? type : type + "?", originalName: "body",
                    docLines: SwiftSourceText.docLines([body.description]), attributes: [])
                // A required body follows the required parameters; an optional one leads the optionals.
                if body.required {
                    add(property, isRequired: true)
                } else {
                    properties.append(property)
                    optional.insert(InitParameter(for: property, required: false), at: 0)
                }
                bodyExpression = body.required ? expression(bodyName) : "\(bodyName).map { \(expression("$0")) }"
            }
        }

        var initParameters = required + optional
        if !initParameters.isEmpty { initParameters[initParameters.count - 1].isLast = true }
        // Keep declaration order the same as the initializer's.
        properties.sort { lhs, rhs in
            (initParameters.firstIndex { $0.name == lhs.name } ?? 0) < (initParameters.firstIndex { $0.name == rhs.name } ?? 0)
        }

        var declaration = RequestDeclaration(
            header: header, access: access, protocolName: protocolName,
            name: name,
            fileName: "Requests/\(name).swift",
            docLines: SwiftSourceText.docLines([operation.summary, operation.description, "`\(signature)`"]),
            attributes: operation.deprecated ? ["@available(*, deprecated)"] : [],
            signature: signature,
            operationID: operation.operationID ?? "",
            responseType: "", hasResponseType: false, responseCases: [], hasResponseEnum: false,
            decodeResponseCases: [], hasDecodeResponse: false,
            failureType: "", hasFailureType: false, failureCases: [], hasFailureEnum: false,
            decodeFailureCases: [], hasDecodeFailure: false,
            properties: properties,
            initParameters: initParameters,
            hasInitParameters: !initParameters.isEmpty,
            initDeclarationLines: initDeclarationLines(initParameters),
            method: "." + operation.method.rawValue,
            pathLiteral: pathLiteral(operation.path, names: pathNames),
            pathLines: SourceLayout.computedProperty(
                access + "var path: RequestPath", expression: pathLiteral(operation.path, names: pathNames),
                indent: 4),
            queryItems: queryItems, hasQuery: !queryItems.isEmpty,
            queryLines: SourceLayout.list(open: "[", items: queryItems, close: "]", indent: 8, trailingComma: true),
            headerItems: headerItems, hasHeaders: !headerItems.isEmpty,
            headerLines: SourceLayout.list(open: "[", items: headerItems, close: "]", indent: 8, trailingComma: true),
            bodyExpression: bodyExpression, hasBody: !bodyExpression.isEmpty,
            acceptableStatusCondition: "", hasAcceptableStatus: false,
            acceptLiteral: "", hasAccept: false)
        describeResponses(of: operation, requestName: name, into: &declaration)
        describeSecurity(of: operation, into: &declaration)
        return declaration
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

    /// The Swift type of a parameter, or nil (with a warning) when its schema cannot be sent
    /// as a simple parameter yet.
    private func parameterType(_ parameter: Parameter, requestName: String, signature: String) -> String? {
        guard let schema = parameter.schema else {
            return "String"
        }
        // A shared parameter's schema is one type for all its operations: named after the
        // component (`workflow-id` → `WorkflowID`), not after whichever operation came first.
        let type = typeSpelling(
            for: schema,
            suggestedName: parameter.componentName.map { Naming.typeName($0) }
                ?? requestName + Naming.typeName(parameter.name))
        // A component aliasing a scalar (`PetID = UUID`) is sent like the scalar.
        let resolved = resolvedAlias(type)
        if isParameterValue(resolved)
            || (resolved.hasPrefix("[") && !resolved.contains(":")
                && isParameterValue(resolvedAlias(String(resolved.dropFirst().dropLast()))))
        {
            return type
        }
        // A value with no single Swift type (`oneOf: [integer, string]`) is still one value on
        // the wire; a path parameter must be sent whatever its type, or the URL keeps its
        // `{placeholder}`. Both are sent as the text the caller gives.
        if resolved == "JSONValue" || parameter.location == .path {
            warning(
                "\(parameter.location.rawValue) parameter '\(parameter.name)' of \(signature) has no simple Swift type (\(type)); it is sent as the text given",
                at: parameter.sourceLocation)
            return "String"
        }
        warning(
            "\(parameter.location.rawValue) parameter '\(parameter.name)' of \(signature) has a structured type (\(type)), which is not supported yet; it is left out",
            at: parameter.sourceLocation)
        return nil
    }

    /// The type a declared type alias stands for, following aliases of aliases.
    private func resolvedAlias(_ type: String) -> String {
        var current = type
        for _ in 0..<32 {
            guard let aliased = aliases[current] else { break }
            current = aliased
        }
        return current
    }

    /// Scalar types the runtime's `ParameterValue` covers.
    /// The doc comment paragraph for what the spec deprecates where an attribute cannot say it.
    static let deprecationNote = "- Warning: Deprecated by the API."

    static let parameterScalars: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "CalendarDate", "UUID",
        "Decimal", "DecimalString", "URL",
    ]

    /// Whether values of `type` can be sent as a parameter: scalars, open enums, and `oneOf`s of
    /// those (`workflow_id: oneOf [integer, string]`).
    func isParameterValue(_ type: String) -> Bool {
        Self.parameterScalars.contains(type) || modelKinds[type] == .enum || parameterValueUnions.contains(type)
    }

    /// The body property's type and how it becomes a `RequestBody`, for the preferred media type.
    private func bodyType(_ body: RequestBody, requestName: String) -> (String, (String) -> String)? {
        guard let media = body.content.first(where: \.isJSON) ?? body.content.first else { return nil }
        let contentType = SwiftSourceText.stringLiteral(media.contentType)
        if media.isJSON {
            let bodyName = body.componentName.map { Naming.typeName($0) + "Body" } ?? requestName + "Body"
            let type = media.schema.map { typeSpelling(for: $0, suggestedName: bodyName) } ?? "JSONValue"
            // `application/vnd.api+json` and the like are sent as what the spec says.
            if media.contentType.lowercased() != "application/json" {
                return (type, { ".json(\($0), contentType: \(contentType))" })
            }
            return (type, { ".json(\($0))" })
        }
        if media.contentType.lowercased().hasPrefix("text/") {
            return ("String", { ".text(\($0), contentType: \(contentType))" })
        }
        // Forms and multipart get typed encoders in a later stage; until then the caller
        // passes the encoded bytes and the declared content type is sent with them.
        return ("Data", { ".data(\($0), contentType: \(contentType))" })
    }

    /// `"/pets/\(petID)"`: literal text escaped, each template variable interpolated.
    private func pathLiteral(_ path: String, names: [String: String]) -> String {
        var result = "\""
        var index = path.startIndex
        while index < path.endIndex {
            if path[index] == "{", let close = path[index...].firstIndex(of: "}") {
                let variable = String(path[path.index(after: index)..<close])
                if let name = names[variable] {
                    result += "\\(\(name))"
                    index = path.index(after: close)
                    continue
                }
            }
            result += SwiftSourceText.literalContent(String(path[index]))
            index = path.index(after: index)
        }
        return result + "\""
    }
}
