import MusubiDocument
import MusubiReader

/// Responses to `Response` and `Failure` types and the code that decodes them.
extension ModelBuilder {
    /// What a response body decodes to.
    private struct Payload: Equatable {
        enum Decoding: Equatable { case json, text, data, none }
        var type: SwiftType
        var decoding: Decoding
        var contentType: String
        /// The struct of the documented response headers, if any.
        var headersType: SwiftType?

        static let none = Payload(type: .named("NoContent"), decoding: .none, contentType: "")

        /// `WithHeaders<Body, Headers>` when headers are documented, else the body's type.
        var swiftType: SwiftType {
            headersType.map { .generic("WithHeaders", [type, $0]) } ?? type
        }

        /// Whether the enum case or response carries a value.
        var hasValue: Bool { decoding != .none || headersType != nil }

        /// The expression producing the body from `response`.
        var bodyExpression: String {
            switch decoding {
            case .json: return "try coding.decode(from: response.body)"
            case .text: return "String(decoding: response.body, as: UTF8.self)"
            case .data: return "response.body"
            case .none: return "NoContent()"
            }
        }

        /// The expression producing the payload, headers included.
        var decodeExpression: String { decodeLines(indent: 0).joined(separator: " ") }

        /// The expression as lines laid out to fit at `indent`.
        func decodeLines(indent: Int) -> [String] {
            guard headersType != nil else { return [bodyExpression] }
            let body = bodyExpression.hasPrefix("try ") ? String(bodyExpression.dropFirst(4)) : bodyExpression
            return LineLayout.call(
                "try WithHeaders", arguments: ["body: \(body)", "headers: response.decodeHeaders()"], indent: indent)
        }

        /// `return .created(…)` at `indent`, wrapped when it does not fit.
        func returnLines(caseName: String, indent: Int) -> [String] {
            guard hasValue else { return ["return .\(caseName)"] }
            let single = "return .\(caseName)(\(decodeExpression))"
            if LineLayout.fits(single, indent: indent) || headersType == nil { return [single] }
            var inner = decodeLines(indent: indent + 4).map { "    " + $0 }
            inner[inner.count - 1] += ")"
            return ["return .\(caseName)("] + inner
        }
    }

    private static let statusNames: [String: String] = [
        "100": "continue", "101": "switchingProtocols",
        "200": "ok", "201": "created", "202": "accepted", "203": "nonAuthoritativeInformation",
        "204": "noContent", "205": "resetContent", "206": "partialContent", "207": "multiStatus",
        "300": "multipleChoices", "301": "movedPermanently", "302": "found", "303": "seeOther",
        "304": "notModified", "307": "temporaryRedirect", "308": "permanentRedirect",
        "400": "badRequest", "401": "unauthorized", "402": "paymentRequired", "403": "forbidden",
        "404": "notFound", "405": "methodNotAllowed", "406": "notAcceptable", "408": "requestTimeout",
        "409": "conflict", "410": "gone", "411": "lengthRequired", "412": "preconditionFailed",
        "413": "contentTooLarge", "415": "unsupportedMediaType", "416": "rangeNotSatisfiable",
        "422": "unprocessableContent", "423": "locked", "428": "preconditionRequired",
        "429": "tooManyRequests", "500": "internalServerError", "501": "notImplemented",
        "502": "badGateway", "503": "serviceUnavailable", "504": "gatewayTimeout",
        "1XX": "informational", "2XX": "success", "3XX": "redirection", "4XX": "clientError",
        "5XX": "serverError", "default": "other",
    ]

    func describeResponses(of operation: APIOperation, requestName: String, into request: inout RequestDeclaration) {
        // Statuses are a closed form (`ResponseStatus`): every code below is formatted here from
        // an integer, never copied from the spec's text.
        let responses = operation.responses
        let explicitSuccess = responses.filter { Self.isSuccess($0.status) }
        // With no success documented, `default` is what the operation returns.
        let successes = explicitSuccess.isEmpty ? responses.filter { $0.status == .default } : explicitSuccess
        let failures = responses.filter { response in
            !successes.contains { $0.status == response.status }
                && (response.status == .default || response.status.classDigit.map { $0 == 4 || $0 == 5 } == true)
        }

        let outsideDefault = successes.map(\.status).filter { $0 != .default && $0.classDigit != 2 }
        if !outsideDefault.isEmpty {
            let conditions =
                ["(200...299).contains(statusCode)"]
                + outsideDefault.map { status in
                    switch status {
                    case .range(let digit): return "(\(digit * 100)...\(digit * 100 + 99)).contains(statusCode)"
                    case .code(let code): return "statusCode == \(code)"
                    case .default: return "true"
                    }
                }
            request.acceptableStatusCondition = conditions.joined(separator: " || ")
            request.hasAcceptableStatus = true
        }

        // A HEAD response has no body, whatever the spec says of the GET it mirrors.
        let isHead = operation.method == .head
        let successPayloads = successes.map { response in
            let name = successName(requestName, response, first: successes.first)
            var payload = isHead ? .none : payload(for: response, name: name)
            payload.headersType = headersType(for: response, name: String(name.dropLast("Response".count)) + "Headers")
            return (response, payload)
        }
        let distinct = successPayloads.map(\.1).uniqued()
        let accepts = distinct.filter { $0.decoding != .none }.map(\.contentType)
        if !accepts.isEmpty, !(accepts.count == 1 && distinct.first?.decoding == .json) {
            request.acceptLiteral = SwiftSourceText.stringLiteral(accepts.uniqued().joined(separator: ", "))
            request.hasAccept = true
        }

        if distinct.count <= 1 {
            let single = distinct.first ?? .none
            request.responseType = single.swiftType
            request.hasResponseType = true
            // JSON and no body decode through the runtime's defaults; text, bytes and headers
            // are read here (a JSON string is `String` too, so `String` cannot have a default).
            if single.decoding == .text || single.decoding == .data || single.headersType != nil {
                request.singleDecodeLines = single.decodeLines(indent: 8)
                request.hasSingleDecode = true
            }
        } else {
            let (cases, decodeCases) = Self.statusCases(successPayloads) { caseName, payload in
                payload.returnLines(caseName: caseName, indent: 12)
            }
            request.responseCases = cases
            request.hasResponseEnum = true
            request.decodeResponseCases = Self.ordered(decodeCases, fallback: "throw UnexpectedStatus()")
            request.hasDecodeResponse = true
        }

        describeFailures(failures, requestName: requestName, into: &request)
    }

    private func describeFailures(_ failures: [Response], requestName: String, into request: inout RequestDeclaration) {
        let typed = failures.compactMap { response -> (Response, Payload)? in
            let payload = payload(for: response, name: requestName + failureSuffix(response.status))
            return payload.decoding == .json ? (response, payload) : nil
        }
        let distinct = typed.map(\.1.type).uniqued()
        if distinct.count == 1 {
            request.failureType = distinct[0]
            request.hasFailureType = true
        } else if distinct.count > 1 {
            let (cases, decodeCases) = Self.statusCases(typed) { caseName, _ in
                ["return try? .\(caseName)(coding.decode(from: response.body))"]
            }
            request.failureCases = cases
            request.hasFailureEnum = true
            request.decodeFailureCases = Self.ordered(decodeCases, fallback: "return nil")
            request.hasDecodeFailure = true
        }
    }

    /// One enum case per documented status, named after the status (`ok`, `notFound`), with
    /// the payload as associated value, and the switch case that decodes it.
    private static func statusCases(
        _ entries: [(Response, Payload)], statement: (_ caseName: String, Payload) -> [String]
    ) -> ([ResponseCaseDeclaration], [(ResponseStatus, StatusCaseDeclaration)]) {
        var names = MemberNameRegistry()
        var cases: [ResponseCaseDeclaration] = []
        var decodeCases: [(ResponseStatus, StatusCaseDeclaration)] = []
        for (response, payload) in entries {
            let status = response.status.description
            let caseName = names.claimRaw(statusNames[status] ?? "status\(status)")
            cases.append(
                ResponseCaseDeclaration(
                    name: caseName, payload: payload.hasValue ? "(\(payload.swiftType))" : "",
                    docLines: SwiftSourceText.docLines([response.description])))
            decodeCases.append(
                (
                    response.status,
                    StatusCaseDeclaration(
                        label: caseLabel(response.status), statementLines: statement(caseName, payload))
                ))
        }
        return (cases, decodeCases)
    }

    private func successName(_ requestName: String, _ response: Response, first: Response?) -> String {
        if response.status == first?.status { return requestName + "Response" }
        let status = response.status.description
        return requestName + Naming.typeName(Self.statusNames[status] ?? status) + "Response"
    }

    private func failureSuffix(_ status: ResponseStatus) -> String {
        if status == .default { return "Error" }
        return Naming.typeName(Self.statusNames[status.description] ?? "status\(status)") + "Error"
    }

    /// Declares the struct of a response's documented headers (`Content-Type` aside, which
    /// OpenAPI says to ignore) and returns its type; nil when there are none.
    private func headersType(for response: Response, name: String) -> SwiftType? {
        let headers = response.headers.filter { $0.name.lowercased() != "content-type" }
        guard !headers.isEmpty else { return nil }
        let schema = Schema(
            types: ["object"],
            description: "The documented headers of the \(response.status) response.",
            properties: headers.map { header in
                Schema.Property(
                    name: header.name,
                    schema: header.schema.map { schema in
                        header.description == nil || schema.referencedName != nil
                            ? schema : schema.describing(header.description)
                    }
                        ?? Schema(types: ["string"], description: header.description, location: response.location),
                    location: response.location)
            },
            required: headers.filter(\.required).map(\.name),
            location: response.location)
        let typeName = naming.typeNames.claim(name)
        declareHeadersStruct(for: schema, name: typeName)
        return .named(typeName)
    }

    /// The body type of one response, preferring JSON among its media types.
    private func payload(for response: Response, name: String) -> Payload {
        guard let media = response.content.first(where: \.isJSON) ?? response.content.first else { return .none }
        let essence = media.contentType.lowercased()
        if media.isJSON {
            guard let schema = media.schema else {
                return Payload(type: .jsonValue, decoding: .json, contentType: media.contentType)
            }
            return Payload(
                type: swiftType(for: schema, suggestedName: name), decoding: .json, contentType: media.contentType)
        }
        if essence.hasPrefix("text/") {
            return Payload(type: .string, decoding: .text, contentType: media.contentType)
        }
        return Payload(type: .named("Data"), decoding: .data, contentType: media.contentType)
    }

    /// Informational, success and redirection statuses (`1XX` to `3XX`).
    static func isSuccess(_ status: ResponseStatus) -> Bool {
        guard let digit = status.classDigit else { return false }
        return digit >= 1 && digit <= 3
    }

    /// `case 200`, `case 200...299` or `default`.
    static func caseLabel(_ status: ResponseStatus) -> String {
        switch status {
        case .default: return "default"
        case .range(let digit): return "case \(digit * 100)...\(digit * 100 + 99)"
        case .code(let code): return "case \(code)"
        }
    }

    /// Exact codes before ranges before `default`, so a switch matches the most specific
    /// documented response; a fallback closes the switch when `default` is not documented.
    static func ordered(
        _ cases: [(ResponseStatus, StatusCaseDeclaration)], fallback: String
    ) -> [StatusCaseDeclaration] {
        func rank(_ status: ResponseStatus) -> Int {
            switch status {
            case .code: return 0
            case .range: return 1
            case .default: return 2
            }
        }
        var result = cases.enumerated().sorted { lhs, rhs in
            (rank(lhs.element.0), lhs.offset) < (rank(rhs.element.0), rhs.offset)
        }.map(\.element.1)
        if !cases.contains(where: { $0.0 == .default }) {
            result.append(StatusCaseDeclaration(label: "default", statement: fallback))
        }
        return result
    }
}

extension Array where Element: Equatable {
    /// The elements in order, each only at its first occurrence.
    func uniqued() -> [Element] {
        reduce(into: []) { list, element in
            if !list.contains(element) { list.append(element) }
        }
    }
}

extension Schema {
    /// The same schema with `description` as its description: how a header's description
    /// reaches the doc comment of the property its schema types.
    func describing(_ description: String?) -> Schema {
        Schema(
            referencedName: referencedName, types: types, format: format, title: title, description: description,
            nullable: nullable, properties: properties, required: required,
            additionalProperties: additionalProperties, items: items, enumValues: enumValues, constValue: constValue,
            enumVariableNames: enumVariableNames, allOf: allOf, oneOf: oneOf, anyOf: anyOf,
            discriminator: discriminator, defaultValue: defaultValue, examples: examples, readOnly: readOnly,
            writeOnly: writeOnly, deprecated: deprecated, location: location, acceptsNull: acceptsNull)
    }
}
