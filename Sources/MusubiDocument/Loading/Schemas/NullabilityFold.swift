/// Settles ``Schema/acceptsNull`` for every schema of a loaded document, once.
///
/// OpenAPI spells "or null" many ways: 3.0's `nullable: true`, 3.1's `type: [X, 'null']`,
/// Swagger 2.0's `x-nullable`, a `{type: 'null'}` alternative of `oneOf`/`anyOf`, an `allOf`
/// that wraps one schema beside `{nullable: true}`, and a reference to a named schema that
/// says any of these. The loader reads each schema's own spelling into ``Schema/nullable``;
/// this fold follows references, alternatives and wrappers, which may point forward or in a
/// circle, so it runs when every named schema is known.
struct NullabilityFold {
    /// The document's named schemas by name, what references lead to.
    let named: [String: Schema]

    init(_ document: Document) {
        var named: [String: Schema] = [:]
        for schema in document.schemas where named[schema.name] == nil {
            named[schema.name] = schema.schema
        }
        self.named = named
    }

    /// Sets ``Schema/acceptsNull`` on every schema the document reaches.
    func apply(to document: Document) {
        var visited: Set<ObjectIdentifier> = []
        var pending: [Schema] = document.schemas.map(\.schema)
        func add(_ schema: Schema?) {
            if let schema { pending.append(schema) }
        }
        func add(_ content: [MediaType]) {
            for media in content {
                add(media.schema)
                add(media.itemSchema)
                for header in media.encoding.flatMap(\.headers) { add(header.schema) }
            }
        }
        for operation in document.operations {
            for parameter in operation.parameters { add(parameter.schema) }
            add(operation.requestBody?.content ?? [])
            for response in operation.responses {
                add(response.content)
                for header in response.headers { add(header.schema) }
            }
        }
        // Every schema reached, with the schemas its null-ness follows from (`dependsOn`).
        var reached: [Schema] = []
        while let schema = pending.popLast() {
            guard visited.insert(ObjectIdentifier(schema)).inserted else { continue }
            reached.append(schema)
            pending += schema.properties.map(\.schema)
            add(schema.items)
            if case .schema(let values) = schema.additionalProperties { add(values) }
            pending += schema.allOf + schema.oneOf + schema.anyOf
        }
        // Null-ness flows from a schema to those that follow it: start at the schemas that say
        // so themselves and walk the edges backwards, each schema once, so a web of references
        // costs its size, not the number of paths through it.
        var followers: [ObjectIdentifier: [Schema]] = [:]
        var accepting: [Schema] = []
        for schema in reached {
            if acceptsNullItself(schema) {
                accepting.append(schema)
            }
            for source in dependsOn(schema) {
                followers[ObjectIdentifier(source), default: []].append(schema)
            }
        }
        var settled: Set<ObjectIdentifier> = []
        while let schema = accepting.popLast() {
            guard settled.insert(ObjectIdentifier(schema)).inserted else { continue }
            schema.acceptsNull = true
            accepting += followers[ObjectIdentifier(schema)] ?? []
        }
    }

    /// Whether `schema` accepts `null` by what it says itself: written on it, or, for an
    /// `allOf` without properties of its own, on an annotating part (`{nullable: true}`).
    private func acceptsNullItself(_ schema: Schema) -> Bool {
        if schema.nullable { return true }
        if schema.referencedName != nil { return false }
        return schema.properties.isEmpty
            && schema.allOf.contains { ($0.isAnnotationOnly || $0.isScalarTypeRestatement) && $0.nullable }
    }

    /// The schemas whose acceptance of `null` `schema` shares: the named schema it refers to;
    /// else its `oneOf`/`anyOf` alternatives and, for an `allOf` without properties of its
    /// own, the one part that says what the value is.
    private func dependsOn(_ schema: Schema) -> [Schema] {
        if let name = schema.referencedName {
            return named[name].map { [$0] } ?? []
        }
        var sources = schema.oneOf + schema.anyOf
        if schema.properties.isEmpty, !schema.allOf.isEmpty, let part = schema.singleAllOfPart {
            sources.append(part)
        }
        return sources
    }
}
