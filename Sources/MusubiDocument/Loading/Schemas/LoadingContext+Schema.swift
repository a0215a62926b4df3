import MusubiReader

extension LoadingContext {
    /// Keywords that change what a value may be but that a client cannot express in types.
    /// They are reported once per place so the author knows the generated type is looser.
    private static let unsupportedKeywords: Set<String> = [
        "not", "if", "then", "else", "patternProperties", "dependentSchemas",
        "unevaluatedProperties", "prefixItems", "$dynamicRef",
    ]

    /// Parses a schema object or reference. Never fails: a malformed schema becomes an
    /// unconstrained one with a warning, which generates as a free-form JSON value.
    func schema(_ node: Node) -> Schema {
        if let reference = node["$ref"] {
            return referencedSchema(reference, siblings: node)
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
        for entry in mapping.entries where Self.unsupportedKeywords.contains(entry.key) {
            warning("'\(entry.key)' is not expressible in Swift types and is ignored", at: entry.keyLocation)
        }

        var nullable = (bool(node, "nullable") ?? false) || (bool(node, "x-nullable") ?? false)
        var format = string(node, "format")
        let types = types(node, nullable: &nullable, format: &format)

        let properties: [Schema.Property] =
            node["properties"]?.mapping.map { mapping in
                mapping.map { entry in
                    Schema.Property(name: entry.key, schema: schema(entry.value), location: entry.keyLocation)
                }
            } ?? []

        var required: [String] = []
        if let requiredNode = node["required"] {
            if let list = requiredNode.sequence {
                required = list.compactMap(\.string)
            } else if requiredNode.bool != nil {
                warning(
                    "'required: true' on a schema is not OpenAPI; list required properties in the parent's 'required'",
                    at: requiredNode.location)
            }
        }

        var additional: Schema.AdditionalProperties?
        if let additionalNode = node["additionalProperties"] {
            if let flag = additionalNode.bool {
                additional = .allowed(flag)
            } else {
                additional = .schema(schema(additionalNode))
            }
        }

        return Schema(
            types: types,
            format: format,
            title: string(node, "title"),
            description: string(node, "description"),
            nullable: nullable,
            properties: properties,
            required: required,
            additionalProperties: additional,
            items: items(node),
            enumValues: enumValues(node),
            constValue: node["const"].map(DocumentValue.Located.init),
            enumVariableNames: (node["x-enum-varnames"] ?? node["x-enumNames"])?.sequence?.compactMap(\.scalarText)
                ?? [],
            allOf: schemaList(node, "allOf"),
            oneOf: schemaList(node, "oneOf"),
            anyOf: schemaList(node, "anyOf"),
            discriminator: discriminator(node),
            defaultValue: node["default"].map(DocumentValue.init),
            examples: examples(node),
            readOnly: bool(node, "readOnly") ?? false,
            writeOnly: bool(node, "writeOnly") ?? false,
            deprecated: bool(node, "deprecated") ?? false,
            location: node.location
        )
    }

    private func schemaList(_ node: Node, _ key: String) -> [Schema] {
        guard let value = node[key] else { return [] }
        guard let list = value.sequence else {
            warning("'\(key)' should be a list of schemas", at: value.location)
            return []
        }
        return list.map { schema($0) }
    }
}
