import MusubiDocument

/// The webhooks step: the document's webhooks and callbacks to one enum with a case per
/// event, their payloads' types declared through the same schema-to-type machinery as
/// everything else.
///
/// It runs after the requests, so the names of the API's requests and their types come
/// first, and a spec's webhooks change no name the client had without them.
extension ModelBuilder {
    /// The events' decision, declaring their payload types into ``catalog``; nil when the
    /// spec has no webhook or callback, or the options leave them out.
    func buildWebhooks() -> WebhooksDecision? {
        guard options.generatesWebhooks, !document.webhooks.isEmpty else { return nil }
        let enumName = naming.typeNames.claim(apiName + "WebhookEvent")
        // The enum's own members, which no case may take.
        var caseNames = MemberNameRegistry(reserving: ["unknown", "routes", "name"])
        var eventsPerName: [String: Int] = [:]
        for event in document.webhooks { eventsPerName[event.name, default: 0] += 1 }
        var lookup = AllowedValues(componentSchemas: catalog.componentSchemas)
        var payloadSchemas: [Schema?] = []
        var events = document.webhooks.map { event -> WebhookEventDecision in
            let operation = event.operation
            let sharesName = eventsPerName[event.name, default: 0] > 1
            let words = sharesName ? event.name + " " + operation.method.rawValue : event.name
            let caseName = caseNames.claimRaw(Naming.unambiguousCaseName(Naming.memberName(words)))
            let (payload, payloadSchema) = payload(of: operation, typeName: typeName(words) + "Payload")
            payloadSchemas.append(payloadSchema)
            let headers = operation.parameters.filter { $0.location == .header }.compactMap { parameter in
                parameter.schema.flatMap { onlyString(allowedBy: $0, lookup: &lookup) }.map {
                    WebhookEventDecision.Requirement(name: parameter.name, value: $0)
                }
            }
            let bodyFields =
                payloadSchema.map { schema in
                    propertyNames(of: schema).compactMap { name in
                        lookup.pinnedValues(of: name, in: schema).flatMap(Self.onlyString).map {
                            WebhookEventDecision.Requirement(name: name, value: $0)
                        }
                    }
                } ?? []
            let callback: WebhookEventDecision.Callback?
            switch event.origin {
            case .webhook: callback = nil
            case .callback(let expression, let owner):
                callback = WebhookEventDecision.Callback(expression: expression, registeredBy: owner)
            }
            return WebhookEventDecision(
                caseName: caseName, name: event.name, method: operation.method.rawValue, sharesName: sharesName,
                payload: payload, headers: headers, bodyFields: bodyFields, summary: operation.summary,
                description: operation.description, callback: callback, isDeprecated: operation.deprecated)
        }
        tellingApartByEnvelope(&events, payloadSchemas: payloadSchemas)
        let fileName = FilePlacement.fittedPath(files.apiFolder + enumName + ".swift")
        return WebhooksDecision(fileName: fileName, enumName: enumName, events: events)
    }

    /// Events that nothing at the top tells apart (the same headers and fields: every one of
    /// Anthropic's 22 webhooks is an `{type: "event", data: …}` envelope) are told apart one
    /// level down, by the discriminator of an object in the body whose values hold the event's
    /// name (`data.type` is `session.created` for the `session.created` webhook). Events that
    /// still tie are reported: a request is their `unknown` unless named by the caller.
    private func tellingApartByEnvelope(_ events: inout [WebhookEventDecision], payloadSchemas: [Schema?]) {
        func key(_ event: WebhookEventDecision) -> [String] {
            [event.method] + (event.headers + event.bodyFields).map { $0.name + "\u{0}" + $0.value }.sorted()
        }
        var groups: [[String]: [Int]] = [:]
        for index in events.indices { groups[key(events[index]), default: []].append(index) }
        // The values of each envelope's discriminator, found once per schema.
        var envelopeValues: [ObjectIdentifier: Set<String>] = [:]
        for (_, indices) in groups.sorted(by: { $0.value[0] < $1.value[0] }) where indices.count > 1 {
            for index in indices {
                guard let schema = payloadSchemas[index] else { continue }
                events[index].nestedBodyFields = envelopeRequirement(
                    naming: events[index].name, in: schema, values: &envelopeValues)
            }
            var alike: [[WebhookEventDecision.NestedRequirement]: Int] = [:]
            for index in indices { alike[events[index].nestedBodyFields, default: 0] += 1 }
            let unresolved = indices.filter { alike[events[$0].nestedBodyFields, default: 0] > 1 }
            guard let first = unresolved.first else { continue }
            // Named once each, and the first eight only: a callback shared by thousands of
            // operations would otherwise make one warning of megabytes.
            var seen: Set<String> = []
            let distinct = unresolved.map { events[$0].name }.filter { seen.insert($0).inserted }
            var names = distinct.prefix(8).map { "'\($0)'" }.joined(separator: ", ")
            if distinct.count > 8 { names += " and \(distinct.count - 8) more" }
            if distinct.count == 1 { names += " (\(unresolved.count) events)" }
            let kind = unresolved.allSatisfy { events[$0].callback != nil } ? "callbacks" : "webhooks"
            warning(
                "\(kind) \(names) have no header or body field of their own that tells them apart: "
                    + "a request is decoded as one of them only when named, with init(name:request:)",
                at: document.webhooks[first].operation.location)
        }
    }

    /// The field of an object at the top of `schema` that names the event `name`: an object
    /// whose `oneOf`/`anyOf` has a discriminator one of whose values is the event's name.
    private func envelopeRequirement(
        naming name: String, in schema: Schema, values: inout [ObjectIdentifier: Set<String>]
    ) -> [WebhookEventDecision.NestedRequirement] {
        for (property, propertySchema) in properties(of: schema) {
            var resolved = propertySchema
            for _ in 0..<16 {
                guard let referenced = resolved.referencedName, let target = catalog.componentSchemas[referenced]
                else { break }
                resolved = target
            }
            guard let discriminator = resolved.discriminator else { continue }
            let key = ObjectIdentifier(resolved)
            if values[key] == nil {
                let alternatives = resolved.oneOf.isEmpty ? resolved.anyOf : resolved.oneOf
                values[key] = Set(discriminatorValues(discriminator, alternatives: alternatives)?.flatMap { $0 } ?? [])
            }
            guard values[key]?.contains(name) == true else { continue }
            return [.init(object: property, name: discriminator.propertyName, value: name)]
        }
        return []
    }

    /// What the event's case carries, and the schema of its JSON body: the first JSON media
    /// type's schema decoded into its type (`JSONValue` without a schema), the bytes of a body
    /// of another type, nothing without a body.
    private func payload(
        of operation: APIOperation, typeName: String
    ) -> (WebhookEventDecision.Payload, Schema?) {
        let content = operation.requestBody?.content ?? []
        guard let json = content.first(where: \.isJSON) else { return (content.isEmpty ? .none : .bytes, nil) }
        guard let schema = json.schema else { return (.json(.jsonValue), nil) }
        return (.json(swiftType(for: schema, suggestedName: typeName)), schema)
    }

    /// The names of the top-level properties of an object schema, through references and
    /// `allOf` parts, each once, in order.
    private func propertyNames(of schema: Schema) -> [String] {
        properties(of: schema).map(\.name)
    }

    /// The top-level properties of an object schema, through references and `allOf` parts,
    /// each name once (the first met), in order.
    private func properties(of schema: Schema) -> [(name: String, schema: Schema)] {
        var found: [(name: String, schema: Schema)] = []
        var names: Set<String> = []
        var visited: Set<ObjectIdentifier> = []
        func collect(_ schema: Schema) {
            let resolved = schema.referencedName.flatMap { catalog.componentSchemas[$0] } ?? schema
            guard visited.insert(ObjectIdentifier(resolved)).inserted else { return }
            for property in resolved.properties where names.insert(property.name).inserted {
                found.append((property.name, property.schema))
            }
            for part in resolved.allOf { collect(part) }
        }
        collect(schema)
        return found
    }

    private func onlyString(allowedBy schema: Schema, lookup: inout AllowedValues) -> String? {
        lookup.values(allowedBy: schema).flatMap(Self.onlyString)
    }

    /// The one value of a list of allowed values, when there is one and it is a string.
    private static func onlyString(_ values: [DocumentValue.Located]) -> String? {
        guard values.count == 1, case .string(let text) = values[0].value else { return nil }
        return text
    }
}

extension ModelBuilder {
    /// The webhooks file's template context.
    func present(_ webhooks: WebhooksDecision) -> WebhooksDeclaration {
        WebhooksPresentation(header: header, access: access, imports: imports, title: document.info.title)
            .present(webhooks)
    }
}
