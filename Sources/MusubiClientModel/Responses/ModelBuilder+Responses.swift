import MusubiDocument
import MusubiReader

/// Responses to `Response` and `Failure` types and the code that decodes them.
extension ModelBuilder {
    private typealias Payload = RequestDecision.Payload

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

    /// Request headers that make a request conditional, so that a `304 Not Modified` may
    /// answer it (RFC 9110, 13.1.2 and 13.1.3), lowercased.
    static let notModifiedConditions: Set<String> = ["if-none-match", "if-modified-since"]

    /// What the operation's documented responses decode to. `parameters` are the request's, as
    /// decided: a conditional header among them lets a documented `304` through.
    func responses(
        of operation: APIOperation, requestName: String, parameters: [RequestDecision.Parameter]
    ) -> RequestDecision.Responses {
        // Statuses are a closed form (`ResponseStatus`): every code is formatted from an
        // integer when written, never copied from the spec's text.
        let responses = operation.responses
        let notModified = Self.notModified(parameters)
        let documented = responses.filter { Self.isSuccess($0.status) }
        // The transport follows redirects, so a `3XX` reaches the caller only as a `300`
        // (Multiple Choices, which names no one place to go: OpenStack's version list) or a
        // `304` to a conditional request: the others are no success the call can return.
        let explicitSuccess = documented.filter { response in
            response.status.classDigit != 3 || response.status == .code(300)
                || (response.status == .code(304) && notModified != nil)
        }
        // With no success documented, `default` is what the operation returns, unless it
        // reads as an error; an operation that documents only a redirect (and no `default`
        // success) returns whatever its target sends, as bytes.
        if explicitSuccess.isEmpty, documented.contains(where: { $0.status.classDigit == 3 }),
            !responses.contains(where: { $0.status == .default && !defaultIsError($0) })
        {
            return RequestDecision.Responses(
                success: .single(Payload(type: .named("Data"), decoding: .data, contentType: "*/*")),
                failure: failure(
                    responses.filter { response in
                        response.status == .default || response.status.classDigit.map { $0 == 4 || $0 == 5 } == true
                    },
                    requestName: requestName),
                statusesBeyond2XX: [], notModified: nil, acceptedMediaTypes: ["*/*"])
        }
        // With no success documented, `default` is the success unless it reads as an error
        // (Bitbucket's "Unexpected error."): then any `2XX` is a success without a body, and
        // `default` is the failure, as it is beside documented successes.
        let successes =
            explicitSuccess.isEmpty
            ? responses.filter { $0.status == .default && !defaultIsError($0) } : explicitSuccess
        let failures = responses.filter { response in
            !successes.contains { $0.status == response.status }
                && (response.status == .default || response.status.classDigit.map { $0 == 4 || $0 == 5 } == true)
        }

        // A HEAD response has no body, whatever the spec says of the GET it mirrors, and
        // neither has a `204`, `205` or `304`, whatever the spec documents for them (RFC 9110,
        // 6.4.1): decoding one would fail against every real server.
        let isHead = operation.method == .head
        let successPayloads = successes.map { response in
            let name = successName(requestName, response, first: successes.first)
            let bodyName = Self.componentTypeName(response.componentName, suffix: "Response") ?? name
            var payload = isHead || Self.hasNoBody(response.status) ? .none : payload(for: response, name: bodyName)
            payload.headers = headersType(for: response, name: String(name.dropLast("Response".count)) + "Headers")
            return (response, payload)
        }
        let distinct = successPayloads.map(\.1).uniqued()
        var accepts = distinct.filter { $0.decoding != .none }.map(\.contentType)
        // Plain JSON is what a request accepts by default, and a range (`*/*`) adds nothing to
        // it; a vendor's own JSON type (Vimeo's `application/vnd.vimeo.video+json;version=3.4`)
        // is asked for, as the server may choose the representation by it.
        if accepts.count == 1, distinct.first?.decoding == .json,
            accepts[0].lowercased().hasPrefix("application/json") || accepts[0].contains("*")
        {
            accepts = []
        }

        return RequestDecision.Responses(
            success: distinct.count <= 1
                ? .single(distinct.first ?? .none) : .byStatus(Self.statusCases(successPayloads)),
            failure: failure(failures, requestName: requestName),
            statusesBeyond2XX: successes.map(\.status).filter {
                $0 != .default && $0.classDigit != 2 && $0 != .code(304)
            },
            notModified: successes.contains { $0.status == .code(304) } ? notModified : nil,
            acceptedMediaTypes: accepts.uniqued())
    }

    /// Whether an operation's `default` response, when the operation documents no success,
    /// describes its errors rather than its result.
    ///
    /// "Unexpected error" is what `default` means beside documented successes, and what many
    /// specs keep writing when they document nothing else; read as the success, it makes
    /// every real answer fail (a `204` has no body to decode, a `200`'s body is not the error
    /// schema). A `default` is an error when its schema is one the document gives a `4XX` or
    /// `5XX` response, when its media type is RFC 9457's `application/problem+json` (or
    /// `+xml`), or when its description or its schema's name says "error". Otherwise it stays
    /// the success: some specs write `default` for their one answer.
    func defaultIsError(_ response: Response) -> Bool {
        let media = response.content.first(where: \.isJSON) ?? response.content.first
        if let name = media?.schema?.referencedName, errorSchemaNames.contains(name) { return true }
        if response.content.contains(where: { $0.contentType.lowercased().hasPrefix("application/problem+") }) {
            return true
        }
        let words = [response.description, media?.schema?.referencedName].compactMap { $0?.lowercased() }
        return words.contains { $0.contains("error") }
    }

    /// The names of the component schemas that some `4XX` or `5XX` response of the document
    /// has as its body: the API's error shapes.
    static func errorSchemaNames(of document: Document) -> Set<String> {
        var names = Set<String>()
        for operation in document.operations {
            for response in operation.responses where response.status.classDigit.map({ $0 == 4 || $0 == 5 }) == true {
                for media in response.content {
                    if let name = media.schema?.referencedName { names.insert(name) }
                }
            }
        }
        return names
    }

    /// The documented errors with a JSON body: one type for all, or a case per status.
    private func failure(_ failures: [Response], requestName: String) -> RequestDecision.Outcome? {
        let typed = failures.compactMap { response -> (Response, Payload)? in
            let name =
                Self.componentTypeName(response.componentName, suffix: "Error")
                ?? requestName + failureSuffix(response.status)
            let payload = payload(for: response, name: name)
            return payload.decoding == .json ? (response, payload) : nil
        }
        let distinct = typed.map(\.1.type).uniqued()
        if distinct.count == 1 {
            return .single(Payload(type: distinct[0], decoding: .json, contentType: typed[0].1.contentType))
        }
        return distinct.count > 1 ? .byStatus(Self.statusCases(typed)) : nil
    }

    /// One enum case per documented status, named after the status (`ok`, `notFound`), with
    /// the payload as associated value.
    private static func statusCases(_ entries: [(Response, Payload)]) -> [RequestDecision.StatusCase] {
        var names = MemberNameRegistry()
        return entries.map { response, payload in
            let status = response.status.description
            return RequestDecision.StatusCase(
                status: response.status, name: names.claimRaw(statusNames[status] ?? "status\(status)"),
                payload: payload, description: response.description)
        }
    }

    private func successName(_ requestName: String, _ response: Response, first: Response?) -> String {
        if response.status == first?.status { return requestName + "Response" }
        let status = response.status.description
        return requestName + Naming.typeName(Self.statusNames[status] ?? status) + "Response"
    }

    /// The name of a shared response's body, from its key under `components/responses`
    /// rather than the first operation that uses it: Elastic's `bulk-200` is `BulkResponse`
    /// for `bulk` and `bulk-1` alike, Front's `listOfContacts` `ListOfContactsResponse`,
    /// Cohere's `BadRequest` error `BadRequestError`. A status code in the key is left out,
    /// and `suffix` is added only to a key that does not say it (Linode's `ErrorResponse`,
    /// Figma's `BadRequestErrorResponseWithErrMessage`, a `Failure`); nil without a key that
    /// has words.
    static func componentTypeName(_ component: String?, suffix: String) -> String? {
        guard let component else { return nil }
        var words = Naming.words(component)
        while let last = words.last, last.allSatisfy(\.isNumber) { words.removeLast() }
        guard !words.isEmpty else { return nil }
        let synonyms = Self.suffixSynonyms[suffix] ?? [suffix.lowercased()]
        let says = words.contains { synonyms.contains($0) || synonyms.contains(Naming.singular($0)) }
        return Naming.typeName((says ? words : words + [suffix]).joined(separator: "_"))
    }

    /// The words that say what a suffix would (`Failure` is an error already).
    private static let suffixSynonyms: [String: Set<String>] = [
        "Error": ["error", "failure", "problem", "fault", "exception"],
        "Response": ["response", "result", "reply"],
    ]

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
        if media.isJSON {
            guard let schema = media.schema else {
                return Payload(type: .jsonValue, decoding: .json, contentType: media.contentType)
            }
            let type = swiftType(for: schema, suggestedName: name)
            // A string the spec offers as text first is the text: Kubernetes' pod logs list
            // `text/plain` before `application/json` and the server sends the text, which
            // decoding as a JSON string refuses. Offered as JSON first (Docker's node ID), it is
            // a JSON string.
            if resolvedAlias(type) == .string, let text = response.content.first, text.isText,
                text.schema.map(isPlainString) ?? true
            {
                return Payload(type: .string, decoding: .text, contentType: text.contentType)
            }
            return Payload(type: type, decoding: .json, contentType: media.contentType)
        }
        if media.isText {
            return Payload(type: .string, decoding: .text, contentType: media.contentType)
        }
        return Payload(type: .named("Data"), decoding: .data, contentType: media.contentType)
    }

    /// Whether a text type's `schema` takes the text as it is: a string listing no values, or
    /// no type at all.
    private func isPlainString(_ schema: Schema) -> Bool {
        (schema.types.isEmpty || schema.types == ["string"]) && schema.enumValues == nil && schema.constValue == nil
            && schema.properties.isEmpty && schema.oneOf.isEmpty && schema.anyOf.isEmpty && schema.allOf.isEmpty
    }

    /// When a `304` answers a request with these parameters: nil when none is a conditional
    /// header.
    private static func notModified(_ parameters: [RequestDecision.Parameter]) -> RequestDecision.NotModified? {
        let conditions = parameters.filter { parameter in
            parameter.location == .header && notModifiedConditions.contains(parameter.specName.lowercased())
        }
        if conditions.isEmpty { return nil }
        if conditions.contains(where: \.isRequired) { return .always }
        return .whenSet(conditions.map(\.name))
    }

    /// Statuses whose responses have no body, whatever the spec documents: `204 No Content`,
    /// `205 Reset Content` and `304 Not Modified`.
    static func hasNoBody(_ status: ResponseStatus) -> Bool {
        status == .code(204) || status == .code(205) || status == .code(304)
    }

    /// Informational, success and redirection statuses (`1XX` to `3XX`).
    static func isSuccess(_ status: ResponseStatus) -> Bool {
        guard let digit = status.classDigit else { return false }
        return digit >= 1 && digit <= 3
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
