import MusubiReader

/// Parses schemas: the part of a load that turns schema objects, wherever they are written,
/// into ``Schema``s, each once.
///
/// It needs the load's reporter and the reference resolver, through which it follows `$ref`s
/// into other files. It keeps the schemas parsed so far by pointer and by location, so a
/// schema used from ten places is one ``Schema`` (and later one type), and the schemas it
/// adopts as named schemas of the document (see ``AdoptedSchemas``). What it returns: a
/// ``Schema`` for any node (``schema(_:)``), the document's own named schemas
/// (``componentSchemas()``) and, once everything else is read, every named schema
/// (``namedSchemas(components:)``). The nullability that only references and alternatives
/// tell is settled afterwards by ``NullabilityFold``, over the whole document.
final class SchemaLoader: SpecReading {
    let reporter: LoadingReporter
    let resolver: ReferenceResolver
    /// The document's own file, whose named schemas stay references by name.
    var main: SpecFile { resolver.main }
    /// Schemas reached through a pointer that is not a named schema, by the pointer's
    /// identity (`/abs/file.yaml#/a/b`), parsed once.
    private var schemasByPointer: [String: Schema] = [:]
    /// Inline schemas by where they are written. A response or request body in `components`
    /// used by ten operations is one schema, not ten: later stages then make one type of it.
    private var schemasByLocation: [NodeKey: Schema] = [:]
    /// Schemas that become named schemas of the document although they are not among its own
    /// components: another file's components, `$defs`, whole schema files.
    private var adoptedSchemas = AdoptedSchemas()
    /// How many `properties: {$ref: …}` are being followed (see ``properties(of:)``).
    private var propertiesReferenceDepth = 0
    /// How many properties `properties: {$ref: …}` took in so far (see ``properties(of:)``).
    private var propertiesTakenIn = 0
    /// How many schemas are being read, each inside the one before (see ``schema(_:)``).
    private var schemaDepth = 0
    /// How deep ``schema(_:)`` reads schemas inside schemas: as deep as the reader lets
    /// mappings nest, so that any schema a single file can write is read whole.
    static let maximumSchemaDepth = Reader.maximumNestingDepth

    /// A loader of the schemas of `resolver`'s document and the files it reaches.
    init(resolver: ReferenceResolver, reporter: LoadingReporter) {
        self.resolver = resolver
        self.reporter = reporter
        let main = resolver.main
        let schemas = JSONPointer(tokens: main.schemaComponentTokens).resolve(in: main.root)?.mapping
        // Names of the document's own named schemas (`components/schemas`, or `definitions` in
        // Swagger 2.0): an adopted schema takes another name.
        adoptedSchemas.takenNames = Set(schemas?.keys ?? [])
    }

    /// The schema parsed at `node` of the current file before, or the one `parse` makes,
    /// kept for the next time: for schemas written in a shape ``schema(_:)`` does not read
    /// (Swagger 2.0's simple types).
    func cachedSchema(at node: Node, _ parse: () -> Schema) -> Schema {
        if let known = schemasByLocation[key(node)] { return known }
        let parsed = parse()
        schemasByLocation[key(node)] = parsed
        return parsed
    }

    /// Keywords that change what a value may be but that a client cannot express in types.
    /// They are reported once per place so the author knows the generated type is looser.
    private static let unsupportedKeywords: Set<String> = [
        "not", "if", "then", "else", "patternProperties", "dependentSchemas",
        "unevaluatedProperties", "prefixItems",
    ]

    /// Parses a schema object or reference. Never fails: a malformed schema becomes an
    /// unconstrained one with a warning, which generates as a free-form JSON value.
    func schema(_ node: Node) -> Schema {
        // Each schema read inside another is a level of this stack, and so is each reference
        // to a schema that is not a named one (`#/x/0`), which is read where it points: a chain
        // of thousands of those would overflow the stack that the reader's nesting limit
        // guards for schemas written inside each other.
        guard schemaDepth < Self.maximumSchemaDepth else {
            warning(
                "schemas nest (inline or through references to unnamed schemas) deeper than "
                    + "\(Self.maximumSchemaDepth) levels; this one is generated as a free-form value",
                at: node.location)
            return Schema(location: node.location)
        }
        schemaDepth += 1
        defer { schemaDepth -= 1 }
        if let reference = node["$ref"] {
            return referencedSchema(reference, siblings: node)
        }
        if let reference = node["$dynamicRef"] {
            return dynamicallyReferencedSchema(reference, keyword: "$dynamicRef", siblings: node)
        }
        if let reference = node["$recursiveRef"] {
            return dynamicallyReferencedSchema(reference, keyword: "$recursiveRef", siblings: node)
        }
        if node.mapping != nil, let known = schemasByLocation[key(node)] {
            return known
        }
        let parsed = parseSchema(node)
        if node.mapping != nil {
            schemasByLocation[key(node)] = parsed
        }
        return parsed
    }

    private func parseSchema(_ node: Node) -> Schema {
        guard let mapping = node.mapping else {
            if let flag = node.bool {
                // JSON Schema's boolean schemas: `true` accepts anything, `false` nothing. A
                // client can say "nothing" no closer than "only null"; `null` is never a type
                // here but `nullable`.
                return Schema(nullable: !flag, location: node.location)
            }
            warning("a schema should be a mapping, found \(node.kindDescription)", at: node.location)
            return Schema(location: node.location)
        }
        // One pass over the schema's keys rather than a lookup per keyword: a big spec has
        // tens of thousands of schemas, and these keywords are rare.
        let patternValues = patternPropertiesValues(node)
        for entry in mapping.entries where Self.unsupportedKeywords.contains(entry.key) {
            if entry.key == "patternProperties", patternValues != nil { continue }
            warning("'\(entry.key)' is not expressible in Swift types and is ignored", at: entry.keyLocation)
        }

        var nullable = (bool(node, "nullable") ?? false) || (bool(node, "x-nullable") ?? false)
        var format = string(node, "format")
        let types = types(node, nullable: &nullable, format: &format)

        let properties = node["properties"].map(properties(of:)) ?? []

        var required: [String] = []
        if let requiredNode = node["required"] {
            if let list = requiredNode.sequence {
                required = list.compactMap(\.string)
            } else if requiredNode.bool != nil {
                warning(
                    "'required: true' on a schema is not OpenAPI; list required properties in the parent's 'required'",
                    at: requiredNode.location)
            } else {
                warning(
                    "'required' should be a list of property names; every property is read as optional",
                    at: requiredNode.location)
            }
        }

        var additional: Schema.AdditionalProperties?
        if let patternValues {
            additional = .schema(schema(patternValues))
        } else if let additionalNode = node["additionalProperties"] {
            if let flag = additionalNode.bool {
                additional = .allowed(flag)
            } else {
                additional = .schema(schema(additionalNode))
            }
        }

        // Read before the schema is made, as a `null` among the values makes it nullable; in
        // this order, so that warnings come in the order they always have.
        let title = string(node, "title")
        let description = string(node, "description")
        let items = items(node)
        var enumValues = enumValues(node, nullable: &nullable)
        if types == ["integer"], let values = enumValues, let numbers = Self.quotedIntegers(values) {
            reporter.warningOnce(
                "integer enum values are written as strings; they are read as the numbers they spell",
                kind: "quoted integer enum", at: node["enum"]?.location)
            enumValues = numbers
        }
        return Schema(
            types: types,
            format: format,
            title: title,
            description: description,
            nullable: nullable,
            properties: properties,
            required: required,
            additionalProperties: additional,
            items: items,
            enumValues: enumValues,
            constValue: node["const"].map(DocumentValue.Located.init),
            enumVariableNames: (node["x-enum-varnames"] ?? node["x-enumNames"])?.sequence?.compactMap(\.scalarText)
                ?? Self.enumValueIdentifiers(node, values: enumValues ?? []),
            allOf: schemaList(node, "allOf"),
            oneOf: schemaList(node, "oneOf"),
            anyOf: schemaList(node, "anyOf"),
            discriminator: discriminator(node),
            defaultValue: node["default"].map(DocumentValue.init),
            examples: examples(node),
            readOnly: bool(node, "readOnly") ?? false,
            writeOnly: bool(node, "writeOnly") ?? false,
            deprecated: bool(node, "deprecated") ?? false,
            location: node.location,
            file: current.path
        )
    }

    /// The properties a `properties` mapping declares. A `$ref` to a string among them is not
    /// a property named `$ref` but the mapping of properties written elsewhere, which
    /// DigitalOcean's spec does (`properties: {$ref: 'attributes.yaml#/droplet_ids'}`) and
    /// bundlers resolve: it is read as those properties, with a warning, as OpenAPI allows a
    /// reference only where a whole schema goes. A `$ref` whose value is a schema is a
    /// property of that name (a JSON Schema document's own `$ref` member). A mapping reached
    /// again while it is being read adds nothing, and such references are followed at most
    /// ``maximumPropertiesReferenceDepth`` deep (each is a level of the parser's stack).
    private func properties(of node: Node) -> [Schema.Property] {
        guard let mapping = node.mapping else { return [] }
        var properties: [Schema.Property] = []
        for entry in mapping.entries {
            guard entry.key == "$ref", let text = entry.value.string else {
                properties.append(
                    Schema.Property(name: entry.key, schema: schema(entry.value), location: entry.keyLocation))
                continue
            }
            warning(
                "'properties' should map names to schemas; its '$ref' is read as the properties it refers to",
                at: entry.keyLocation)
            guard propertiesReferenceDepth < Self.maximumPropertiesReferenceDepth else {
                warning(
                    "'properties' references lead more than \(Self.maximumPropertiesReferenceDepth) deep; "
                        + "this one is ignored",
                    at: entry.value.location)
                continue
            }
            guard let target = resolver.resolveReference(text, at: entry.value.location) else { continue }
            propertiesReferenceDepth += 1
            defer { propertiesReferenceDepth -= 1 }
            guard
                let referenced = resolver.following(
                    target, { inFile(target.file) { self.properties(of: target.node) } })
            else {
                warning("'properties' refers to itself through '\(text)'; it adds nothing", at: entry.value.location)
                continue
            }
            // Each reference copies the mapping: a short spec could ask for billions of
            // properties, as `allOf` could, and is refused at the same count.
            guard propertiesTakenIn + referenced.count <= Self.maximumPropertiesTakenIn else {
                if propertiesTakenIn <= Self.maximumPropertiesTakenIn {
                    error(
                        "the 'properties' references of this spec take in more than \(Self.maximumPropertiesTakenIn) properties",
                        at: entry.value.location)
                    propertiesTakenIn = Self.maximumPropertiesTakenIn + 1
                }
                continue
            }
            propertiesTakenIn += referenced.count
            properties.append(contentsOf: referenced)
        }
        return properties
    }

    /// How many `properties: {$ref: …}` deep ``properties(of:)`` follows.
    static let maximumPropertiesReferenceDepth = 32

    /// How many properties `properties: {$ref: …}` may take in over the whole spec: as many
    /// as `allOf` parts may merge (the client model's property limit).
    static let maximumPropertiesTakenIn = 200_000

    /// The schema of the other members' values when `patternProperties` says it and nothing
    /// else does: one pattern, or several whose values are the same `$ref`, and no
    /// `additionalProperties` beyond `false` (Matrix's rooms by ID, `{"^!": {$ref: JoinedRoom}}`,
    /// a dictionary of `JoinedRoom`s). What the keys look like is not checked, as a type
    /// cannot say it. Nil for anything else, which stays a warning.
    private func patternPropertiesValues(_ node: Node) -> Node? {
        guard let patterns = node["patternProperties"]?.mapping, let first = patterns.entries.first?.value else {
            return nil
        }
        if let additional = node["additionalProperties"], additional.bool != false { return nil }
        guard patterns.entries.count > 1 else { return first }
        let reference = first["$ref"]?.scalarText
        guard reference != nil, patterns.entries.allSatisfy({ $0.value["$ref"]?.scalarText == reference }) else {
            return nil
        }
        return first
    }

    private func schemaList(_ node: Node, _ key: String) -> [Schema] {
        guard let value = node[key] else { return [] }
        guard let list = value.sequence else {
            warning("'\(key)' should be a list of schemas", at: value.location)
            return []
        }
        return list.map { schema($0) }
    }

    // MARK: References

    /// A `$ref` to a named schema stays a named reference, so the client model can use that
    /// schema's type (and recursive schemas terminate). Named are the document's own
    /// components and what ``schemaName(for:)`` adopts from other files and `$defs`; any
    /// other pointer is parsed where it points, once.
    func referencedSchema(_ reference: Node, siblings: Node) -> Schema {
        guard let text = reference.string else {
            error("'$ref' must be a string, found \(reference.kindDescription)", at: reference.location)
            return Schema(location: reference.location)
        }
        // The OpenAPI document itself, `#` or nothing, is no schema; read as one it was a
        // free-form value without a word. (In a file that is a schema, `#` is that schema.)
        if text.isEmpty || text == "#", current.identity == main.identity {
            warning(
                "'$ref: \"\(text)\"' refers to the whole document, which is no schema; it is generated as a free-form value",
                at: reference.location)
            return Schema(location: reference.location)
        }
        guard let target = resolver.resolveReference(text, at: reference.location) else {
            return Schema(location: reference.location)
        }
        return schema(referencing: target, written: text, at: reference.location, siblings: siblings)
    }

    /// A `$dynamicRef` (JSON Schema 2020-12, OpenAPI 3.1) or `$recursiveRef` (2019-09), read as
    /// the `$ref` it amounts to in a document read from its components: recursive trees
    /// (`items: {$dynamicRef: '#node'}` under `$dynamicAnchor: node`) become references to
    /// their named schema. A `$dynamicRef` whose fragment is a pointer is a plain `$ref`; one
    /// that names no anchor around it is a located warning and a free-form value.
    func dynamicallyReferencedSchema(_ reference: Node, keyword: String, siblings: Node) -> Schema {
        guard let text = reference.string else {
            error("'\(keyword)' must be a string, found \(reference.kindDescription)", at: reference.location)
            return Schema(location: reference.location)
        }
        let target: ResolvedReference?
        if keyword == "$recursiveRef" {
            guard text == "#" else {
                warning(
                    "'$recursiveRef' other than '#' is not defined; '\(text)' is read as a '$ref'",
                    at: reference.location)
                return referencedSchema(reference, siblings: siblings)
            }
            target = resolver.recursiveAnchor()
        } else if text.hasPrefix("#"), !text.hasPrefix("#/"), text.count > 1 {
            target = resolver.dynamicAnchor(String(text.dropFirst()))
        } else {
            return referencedSchema(reference, siblings: siblings)
        }
        guard let target else {
            warning(
                "'\(keyword): \(text)' names no anchor in the schemas around it; "
                    + "it is generated as a free-form value",
                at: reference.location)
            return Schema(location: reference.location)
        }
        return schema(referencing: target, written: text, at: reference.location, siblings: siblings)
    }

    /// The schema a resolved reference designates: a named reference when the target is a
    /// named schema, else the target parsed where it is, once.
    private func schema(
        referencing target: ResolvedReference, written text: String, at location: SourceLocation, siblings: Node
    ) -> Schema {
        if let name = schemaName(for: target) {
            // 3.1 allows keywords beside `$ref`; the ones that matter for a client are
            // documentation, nullability and access.
            return Schema(
                referencedName: name,
                title: string(siblings, "title"),
                description: string(siblings, "description"),
                nullable: (bool(siblings, "nullable") ?? false) || (bool(siblings, "x-nullable") ?? false),
                defaultValue: siblings["default"].map(DocumentValue.init),
                examples: examples(siblings),
                readOnly: bool(siblings, "readOnly") ?? false,
                writeOnly: bool(siblings, "writeOnly") ?? false,
                deprecated: bool(siblings, "deprecated") ?? false,
                location: location
            )
        }
        if let cached = schemasByPointer[target.identity] { return cached }
        guard let parsed = resolver.following(target, { inFile(target.file) { schema(target.node) } }) else {
            warning(
                "reference '\(text)' refers to itself without a named schema; it is generated as a free-form value",
                at: location)
            return Schema(location: location)
        }
        schemasByPointer[target.identity] = parsed
        return parsed
    }

    // MARK: Named schemas

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
        guard let container = JSONPointer(tokens: tokens).resolve(in: main.root) else { return [] }
        guard let mapping = container.mapping else {
            warning("'\(tokens.last!)' should be a mapping of schemas", at: container.location)
            return []
        }
        return mapping.map { entry in
            let pointer = JSONPointer(tokens: tokens + [entry.key])
            let resource = ResolvedReference(file: main, pointer: pointer, node: entry.value)
            let parsed = resolver.parsingResource(resource) { schema(entry.value) }
            return NamedSchema(name: entry.key, schema: parsed, location: entry.keyLocation)
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
        let parsed = inFile(target.file) { resolver.parsingResource(target) { schema(target.node) } }
        adoptedSchemas.entries[index].schema = parsed
        return name
    }

    /// The name a schema gets when adopted: its key in a schema collection (a file of schemas
    /// by name at its top level, as DigitalOcean's `definitions.yml`, is one too), or the file's
    /// name for a whole file; nil for any other place.
    private func adoptableName(_ pointer: JSONPointer, in file: SpecFile) -> String? {
        let tokens = pointer.tokens
        if tokens.isEmpty {
            guard file.identity != main.identity else { return nil }
            let fileName = file.path.split(separator: "/").last.map(String.init) ?? file.path
            return fileName.split(separator: ".").first.map(String.init) ?? fileName
        }
        if tokens.count == 1, file.identity != main.identity { return tokens[0] }
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
        if adoptedSchemas.takenNames.contains(name) {
            var counter = adoptedSchemas.nextNumbers[proposed] ?? 2
            repeat {
                name = "\(proposed)\(counter)"
                counter += 1
            } while adoptedSchemas.takenNames.contains(name)
            adoptedSchemas.nextNumbers[proposed] = counter
        }
        adoptedSchemas.takenNames.insert(name)
        return name
    }
}
