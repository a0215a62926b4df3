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
        let events = document.webhooks.map { event -> WebhookEventDecision in
            let operation = event.operation
            let sharesName = eventsPerName[event.name, default: 0] > 1
            let words = sharesName ? event.name + " " + operation.method.rawValue : event.name
            let caseName = caseNames.claimRaw(Naming.unambiguousCaseName(Naming.memberName(words)))
            let (payload, payloadSchema) = payload(of: operation, typeName: typeName(words) + "Payload")
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
        let fileName = FilePlacement.fittedPath(files.apiFolder + enumName + ".swift")
        return WebhooksDecision(fileName: fileName, enumName: enumName, events: events)
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
        var names: [String] = []
        var visited: Set<ObjectIdentifier> = []
        func collect(_ schema: Schema) {
            let resolved = schema.referencedName.flatMap { catalog.componentSchemas[$0] } ?? schema
            guard visited.insert(ObjectIdentifier(resolved)).inserted else { return }
            for property in resolved.properties where !names.contains(property.name) { names.append(property.name) }
            for part in resolved.allOf { collect(part) }
        }
        collect(schema)
        return names
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
