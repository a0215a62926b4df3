import MusubiReader

/// Schemas that become named schemas of the document although they are not among its own
/// components: another file's `components/schemas` or `definitions`, a `$defs` entry, a
/// whole schema file. Later stages generate one type per named schema, so a schema that many
/// references share must be named, whichever file it is written in; a recursive one must be,
/// or it could not refer to itself.
struct AdoptedSchemas {
    struct Entry {
        var name: String
        /// Nil while the schema is being parsed (it may refer to itself meanwhile).
        var schema: Schema?
        var location: SourceLocation
    }

    /// Target identity (`/abs/common.yaml#/components/schemas/Pet`) → the name given.
    var namesByIdentity: [String: String] = [:]
    /// In the order they were first referenced, which is deterministic.
    var entries: [Entry] = []
    /// Every name in use, the document's own components included.
    var takenNames: Set<String> = []
}

extension LoadingContext {
    /// The document's own named schemas followed by every adopted one, in source order and
    /// then in the order they were first referenced. Call it after everything else is read,
    /// as reading operations may adopt more.
    func namedSchemas(components: [NamedSchema]) -> [NamedSchema] {
        components
            + adoptedSchemas.entries.compactMap { entry in
                entry.schema.map { NamedSchema(name: entry.name, schema: $0, location: entry.location) }
            }
    }

    /// Parses the document's own named schemas (`components/schemas`, or `definitions` in
    /// Swagger 2.0).
    func componentSchemas() -> [NamedSchema] {
        let tokens = main.schemaComponentTokens
        guard let container = JSONPointer(tokens: tokens).resolve(in: root) else { return [] }
        guard let mapping = container.mapping else {
            warning("'\(tokens.last!)' should be a mapping of schemas", at: container.location)
            return []
        }
        return mapping.map { entry in
            let pointer = JSONPointer(tokens: tokens + [entry.key])
            let resource = ResolvedReference(file: main, pointer: pointer, node: entry.value)
            return NamedSchema(
                name: entry.key, schema: parsingResource(resource) { schema(entry.value) }, location: entry.keyLocation)
        }
    }

    /// The name under which a reference's target is a named schema of the document, or nil
    /// when the target is just a place in a file (then it is parsed where it points).
    func schemaName(for target: ResolvedReference) -> String? {
        let tokens = target.pointer.tokens
        let prefix = main.schemaComponentTokens
        if target.file.identity == main.identity, tokens.count == prefix.count + 1, target.pointer.hasPrefix(prefix) {
            return tokens.last
        }
        if let known = adoptedSchemas.namesByIdentity[target.identity] { return known }
        guard let proposed = adoptableName(target.pointer, in: target.file) else { return nil }
        let name = freeSchemaName(proposed)
        adoptedSchemas.namesByIdentity[target.identity] = name
        adoptedSchemas.entries.append(.init(name: name, schema: nil, location: target.node.location))
        let index = adoptedSchemas.entries.count - 1
        // Named before it is parsed, so a reference back to it inside is a reference by name.
        let parsed = inFile(target.file) { parsingResource(target) { schema(target.node) } }
        adoptedSchemas.entries[index].schema = parsed
        return name
    }

    /// The name a schema gets when adopted: its key in a schema collection, or the file's
    /// name for a whole file; nil for any other place.
    private func adoptableName(_ pointer: JSONPointer, in file: SpecFile) -> String? {
        let tokens = pointer.tokens
        if tokens.isEmpty {
            guard file.identity != main.identity else { return nil }
            let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
            return fileName.split(separator: ".").first.map(String.init) ?? fileName
        }
        let collections: [[String]] = [["components", "schemas"], ["definitions"], ["$defs"]]
        if collections.contains(where: { tokens.count == $0.count + 1 && pointer.hasPrefix($0) }) {
            return tokens.last
        }
        // `…/A/$defs/B`: a definition inside a named schema.
        if tokens.count >= 3, ["$defs", "definitions"].contains(tokens[tokens.count - 2]) {
            let parent = JSONPointer(tokens: Array(tokens.dropLast(2)))
            let isMainComponent =
                file.identity == main.identity
                && parent.tokens.count == main.schemaComponentTokens.count + 1
                && parent.hasPrefix(main.schemaComponentTokens)
            if isMainComponent || adoptableName(parent, in: file) != nil {
                return tokens.last
            }
        }
        return nil
    }

    /// `Pet`, or `Pet2`, `Pet3`, … when another named schema already has the name.
    private func freeSchemaName(_ proposed: String) -> String {
        var name = proposed
        var counter = 2
        while adoptedSchemas.takenNames.contains(name) {
            name = "\(proposed)\(counter)"
            counter += 1
        }
        adoptedSchemas.takenNames.insert(name)
        return name
    }

    /// Runs `body` while `resource` is the innermost named schema being read.
    private func parsingResource<T>(_ resource: ResolvedReference, _ body: () -> T) -> T {
        schemaResources.append(resource)
        defer { schemaResources.removeLast() }
        return body()
    }
}
