import MusubiDocument

/// The named schemas a set of operations needs: those their parameters, bodies, responses and
/// headers refer to, and transitively those these refer to through properties, items,
/// compositions, additional properties and discriminator mappings.
///
/// A filtered client generates only these, so generating one tag of a large API produces the
/// types that tag uses and nothing else.
struct SchemaReachability {
    private let schemasByName: [String: Schema]
    /// Schemas whose Swift type the user gives (`types.schemas`): nothing behind them is needed.
    private let opaque: Set<String>
    private(set) var reached: Set<String> = []
    private var visited: Set<ObjectIdentifier> = []

    init(schemas: [NamedSchema], opaque: Set<String>) {
        schemasByName = Dictionary(schemas.map { ($0.name, $0.schema) }, uniquingKeysWith: { first, _ in first })
        self.opaque = opaque
    }

    /// The names of the schemas `operations` reach.
    static func names(
        reachedBy operations: [APIOperation], in schemas: [NamedSchema], opaque: Set<String> = []
    ) -> Set<String> {
        var walk = SchemaReachability(schemas: schemas, opaque: opaque)
        for operation in operations { walk.visit(operation) }
        return walk.reached
    }

    mutating func visit(_ operation: APIOperation) {
        for parameter in operation.parameters { visit(parameter.schema) }
        for media in operation.requestBody?.content ?? [] { visit(media) }
        for response in operation.responses {
            for media in response.content { visit(media) }
            for header in response.headers { visit(header.schema) }
        }
    }

    private mutating func visit(_ media: MediaType) {
        visit(media.schema)
        visit(media.itemSchema)
        for encoding in media.encoding {
            for header in encoding.headers { visit(header.schema) }
        }
    }

    private mutating func visit(_ schema: Schema?) {
        guard let schema, visited.insert(ObjectIdentifier(schema)).inserted else { return }
        if let name = schema.referencedName { reach(name) }
        for property in schema.properties { visit(property.schema) }
        visit(schema.items)
        for part in schema.allOf + schema.oneOf + schema.anyOf { visit(part) }
        if case .schema(let values) = schema.additionalProperties { visit(values) }
        for entry in schema.discriminator?.mapping ?? [] {
            // `#/components/schemas/Cat`, or the bare name `Cat`.
            let name = entry.reference.split(separator: "/").last.map(String.init) ?? entry.reference
            if schemasByName[name] != nil { reach(name) }
        }
    }

    private mutating func reach(_ name: String) {
        guard reached.insert(name).inserted, !opaque.contains(name) else { return }
        visit(schemasByName[name])
    }
}
