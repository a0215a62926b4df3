import MusubiDocument
import MusubiReader

/// Operations to request types.
extension ModelBuilder {
    /// Members every request has through the `Request` protocol; a parameter with one of
    /// these names gets a suffix instead of silently replacing the requirement.
    /// Members a request has besides its parameters and body: the requirements of `Request`,
    /// `StreamingRequest` and `PaginatedRequest`, and what the request template declares. A
    /// parameter named like one (`streamFormat`, `operationID`) takes another name.
    private static let requestMembers: Set<String> = [
        "method", "path", "query", "headers", "cookies", "server", "requestBody", "coding", "accept", "intercept",
        "decodeResponse", "decodeFailure", "isAcceptable", "init", "Response", "Failure", "Body",
        "bodyEncoding", "security", "pagination", "operationID", "idempotencyKeyHeader",
        "Event", "decodeEvent", "isEndOfStream", "streamFormat", "Item", "items", "nextCursor",
    ]

    /// Header parameters OpenAPI says are ignored: the transport and body encoding own them.
    private static let ignoredHeaders: Set<String> = ["accept", "content-type", "authorization"]

    /// The operation's request as decided. Types are declared in a fixed order, parameters,
    /// body, responses, then events, so the names of inline schemas are stable.
    func request(for operation: APIOperation, name: String) -> RequestDecision {
        let operation = leavingOutSuppliedCredentials(operation)
        let signature = "\(operation.method.rawValue.uppercased()) \(operation.path)"
        var members = MemberNameRegistry(reserving: Self.requestMembers)

        // Path parameters first: they identify the resource, so they read best first.
        let ordered =
            operation.parameters.filter { $0.location == .path }
            + operation.parameters.filter { $0.location != .path && $0.required }
            + operation.parameters.filter { $0.location != .path && !$0.required }
        let sent = ordered.filter {
            $0.location != .header || !Self.ignoredHeaders.contains($0.name.lowercased())
        }
        // Names go to the parameters to use before the deprecated ones: when two want one name
        // (Clerk's deprecated `frontendApi` and its replacement `frontend_api`), the
        // replacement is `frontendAPI` and the deprecated one takes the suffix.
        var memberNames: [Int: String] = [:]
        for index in sent.indices.filter({ !sent[$0].deprecated }) + sent.indices.filter({ sent[$0].deprecated }) {
            memberNames[index] = members.claimRaw(Self.memberName(for: sent[index]), suffix: "Parameter")
        }
        var parameters: [RequestDecision.Parameter] = []
        for (index, parameter) in sent.enumerated() {
            let type = parameterType(parameter, requestName: name, signature: signature)
            parameters.append(
                RequestDecision.Parameter(
                    name: memberNames[index]!,
                    specName: parameter.name, location: parameter.location, type: type,
                    isRequired: parameter.required,
                    serialization: isJSONContent(parameter)
                        ? .json : .style(parameter.style, explode: parameter.explode),
                    allowReserved: parameter.allowReserved, isScalar: isParameterValue(resolvedAlias(type)),
                    description: parameterDescription(parameter, renamedTo: memberNames[index]!),
                    isDeprecated: parameter.deprecated,
                    defaultValue: parameter.schema.flatMap(documentedDefault)))
        }

        var body: RequestDecision.Body?
        if let requestBody = operation.requestBody,
            let content = bodyContent(requestBody, requestName: name, signature: signature, members: &members)
        {
            body = RequestDecision.Body(
                name: members.claimRaw("body", suffix: "Value"), isRequired: requestBody.required,
                description: bodyDescription(requestBody), content: content.content,
                fieldEncodings: content.fieldEncodings)
        }

        var decision = RequestDecision(
            name: name, fileName: files.requestFile(name, for: operation), method: operation.method,
            path: operation.path, operationID: operation.operationID, summary: operation.summary,
            description: operation.description, isDeprecated: operation.deprecated, parameters: parameters,
            body: body, server: operation.servers.first.flatMap { surface.serverReferences[serverNumber($0)] },
            responses: responses(of: operation, requestName: name, parameters: parameters),
            stream: stream(of: operation, requestName: name),
            security: securityRequirements(of: operation),
            idempotencyKeyHeader: parameters.first {
                $0.location == .header && $0.specName.lowercased() == Self.idempotencyKeyHeader
            }?.specName)
        decision.pagination = pagination(for: operation, request: decision, rule: paginationRule(for: operation))
        decision.place = SpecPlace(file: operation.file ?? document.file, location: operation.location)
        return decision
    }

    /// A request body's description, and its one schema's when that is an inline value with
    /// words of its own (Spotify's cover upload: "Base64 encoded JPEG image data, maximum
    /// payload size is 256 KB."), which no type declaration would show.
    func bodyDescription(_ body: RequestBody) -> String? {
        let schemas = body.content.compactMap(\.schema)
        guard let schema = schemas.first, schemas.count == body.content.count,
            schema.referencedName == nil, schema.properties.isEmpty, schema.allOf.isEmpty, schema.oneOf.isEmpty,
            schema.anyOf.isEmpty, let own = schema.description, own != body.description
        else { return body.description }
        return [body.description, own].compactMap { $0 }.joined(separator: "\n\n")
    }

    /// The header of an idempotency key, lower-cased: the name the IETF draft and the APIs that
    /// take one (Stripe, Adyen, PayPal) give it, which the runtime's retries recognise.
    static let idempotencyKeyHeader = "idempotency-key"

    /// What a parameter's doc comment says: the parameter's description, else its schema's
    /// (the non-null branch's for a nullable spelling). OpenAI documents some parameters only
    /// in the schema (`order: {schema: {type: string, enum: [asc, desc], description: …}}`),
    /// which would otherwise document the enum it names but not the property a caller sets.
    /// A referenced schema carries only what is written beside its `$ref`, never its type's
    /// description.
    /// A parameter's description; when its Swift name took a suffix because another member
    /// has its own (a query parameter `path` beside the request's `path`), also what it is
    /// sent as, which the name no longer says.
    private func parameterDescription(_ parameter: Parameter, renamedTo name: String) -> String? {
        let description = parameter.description ?? parameter.schema.flatMap { documentedSchema($0).description }
        guard name.trimmingBackticks != Self.memberName(for: parameter).trimmingBackticks else { return description }
        let sentAs = "Sent as the `\(parameter.name)` \(parameter.location.rawValue) parameter."
        return description.map { $0 + "\n\n" + sentAs } ?? sentAs
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
        // component (`workflow-id` → `WorkflowID`), not after whichever operation came first;
        // when a schema has that name, as the component's parameter (GitHub's `status` beside
        // its `Status` schema: `StatusParameter`), not numbered.
        let type = swiftType(
            for: schema,
            suggestedName: parameter.componentName.map { component in
                let name = Naming.typeName(component)
                let qualified = name + "Parameter"
                return naming.typeNames.wouldNumber(name) && !naming.typeNames.wouldNumber(qualified) ? qualified : name
            } ?? requestName + Naming.typeName(parameter.name))
        // Scalars, arrays and objects (models, dictionaries) are all sent through their
        // `Encodable` conformance, laid out by the parameter's style; JSON content as JSON.
        // A value with no single Swift type (`type: [string, integer]`) is still one value on
        // the wire, sent as the text the caller gives.
        if resolvedAlias(type) == .jsonValue, !isJSONContent(parameter) {
            warning(
                "\(parameter.location.rawValue) parameter '\(Diagnostic.excerpt(parameter.name))' of \(Diagnostic.excerpt(signature)) has no simple Swift type (\(type)); it is sent as the text given",
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

    /// The doc comment paragraph for what the spec deprecates where an attribute cannot say it.
    static let deprecationNote = "- Warning: Deprecated by the API."

    /// Scalar types the runtime's `ParameterValue` covers: the standard and runtime types a
    /// string, number or boolean schema becomes.
    static let parameterScalars: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Date", "CalendarDate", "UUID",
        "Decimal", "DecimalString", "URL", "Data", "IntOrString",
    ]

    /// Whether values of `type` can be sent as a parameter: scalars, open enums, and `oneOf`s of
    /// those (`workflow_id: oneOf [integer, string]`).
    func isParameterValue(_ type: SwiftType) -> Bool {
        guard let name = type.name else { return false }
        return Self.parameterScalars.contains(name) || catalog.modelKinds[name] == .enum
            || catalog.parameterValueUnions.contains(name)
    }
}
