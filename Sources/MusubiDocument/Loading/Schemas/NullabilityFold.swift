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
        while let schema = pending.popLast() {
            guard visited.insert(ObjectIdentifier(schema)).inserted else { continue }
            schema.acceptsNull = acceptsNull(schema)
            pending += schema.properties.map(\.schema)
            add(schema.items)
            if case .schema(let values) = schema.additionalProperties { add(values) }
            pending += schema.allOf + schema.oneOf + schema.anyOf
        }
    }

    /// Whether `null` is a valid value of `schema`: written on it, on the named schema it
    /// refers to, on any `oneOf`/`anyOf` alternative, or, for an `allOf` without properties
    /// of its own, on an annotating part (`{nullable: true}`) or the one part that says what
    /// the value is. `depth` stops a circle of references.
    func acceptsNull(_ schema: Schema, depth: Int = 0) -> Bool {
        if schema.nullable { return true }
        guard depth < 32 else { return false }
        if let name = schema.referencedName {
            return named[name].map { acceptsNull($0, depth: depth + 1) } ?? false
        }
        if (schema.oneOf + schema.anyOf).contains(where: { acceptsNull($0, depth: depth + 1) }) {
            return true
        }
        if schema.properties.isEmpty, !schema.allOf.isEmpty,
            schema.allOf.contains(where: { $0.isAnnotationOnly && $0.nullable })
                || schema.singleAllOfPart.map({ acceptsNull($0, depth: depth + 1) }) == true
        {
            return true
        }
        return false
    }
}
