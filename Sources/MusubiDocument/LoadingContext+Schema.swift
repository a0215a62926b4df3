import MusubiReader

extension LoadingContext {
    private static let componentSchemaPrefix = "#/components/schemas/"

    /// Keywords that change what a value may be but that a client cannot express in types.
    /// They are reported once per place so the author knows the generated type is looser.
    private static let unsupportedKeywords: [String] = [
        "not", "if", "then", "else", "patternProperties", "dependentSchemas",
        "unevaluatedProperties", "prefixItems", "$dynamicRef",
    ]

    /// Parses a schema object or reference. Never fails: a malformed schema becomes an
    /// unconstrained one with a warning, which generates as a free-form JSON value.
    func schema(_ node: Node) -> Schema {
        if let reference = node["$ref"] {
            return referencedSchema(reference, siblings: node)
        }
        if node.mapping != nil, let known = schemasByLocation[node.location] {
            return known
        }
        let parsed = parseSchema(node)
        if node.mapping != nil {
            schemasByLocation[node.location] = parsed
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
        for keyword in Self.unsupportedKeywords {
            if let entry = mapping.entry(keyword) {
                warning("'\(keyword)' is not expressible in Swift types and is ignored", at: entry.keyLocation)
            }
        }

        var types: [String] = []
        var nullable = bool(node, "nullable") ?? false
        if let typeNode = node["type"] {
            let names: [String]
            if let single = typeNode.string {
                names = [single]
            } else if let list = typeNode.sequence {
                names = list.compactMap(\.string)
            } else {
                warning("'type' should be a string or a list of strings", at: typeNode.location)
                names = []
            }
            for name in names {
                if name == "null" {
                    nullable = true
                } else if !types.contains(name) {
                    types.append(name)
                }
            }
        }

        let properties: [Schema.Property] = node["properties"]?.mapping.map { mapping in
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

        let enumValues = node["enum"].flatMap { enumNode -> [Node]? in
            guard let list = enumNode.sequence else {
                warning("'enum' should be a list", at: enumNode.location)
                return nil
            }
            return list
        }

        return Schema(
            types: types,
            format: string(node, "format"),
            title: string(node, "title"),
            description: string(node, "description"),
            nullable: nullable,
            properties: properties,
            required: required,
            additionalProperties: additional,
            items: node["items"].map { schema($0) },
            enumValues: enumValues,
            constValue: node["const"],
            enumVariableNames: (node["x-enum-varnames"] ?? node["x-enumNames"])?.sequence?.compactMap(\.scalarText) ?? [],
            allOf: schemaList(node, "allOf"),
            oneOf: schemaList(node, "oneOf"),
            anyOf: schemaList(node, "anyOf"),
            discriminator: discriminator(node),
            defaultValue: node["default"],
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

    private func discriminator(_ node: Node) -> Schema.Discriminator? {
        guard let value = node["discriminator"] else { return nil }
        guard let propertyName = string(value, "propertyName") else {
            warning("a discriminator needs a 'propertyName'", at: value.location)
            return nil
        }
        let mapping = value["mapping"]?.mapping?.compactMap { entry in
            entry.value.string.map { (value: entry.key, reference: $0) }
        } ?? []
        return Schema.Discriminator(propertyName: propertyName, mapping: mapping)
    }

    /// A `$ref` to a component schema stays a named reference, so the client model can use
    /// the component's type (and recursive schemas terminate). Any other pointer is parsed
    /// where it points, once.
    private func referencedSchema(_ reference: Node, siblings: Node) -> Schema {
        guard let text = reference.string else {
            error("'$ref' must be a string, found \(reference.kindDescription)", at: reference.location)
            return Schema(location: reference.location)
        }
        if text.hasPrefix(Self.componentSchemaPrefix),
            let pointer = JSONPointer(fragment: text), pointer.tokens.count == 3
        {
            let name = pointer.tokens[2]
            guard componentSchemaNames.contains(name) else {
                error("reference '\(text)' points to nothing in the document", at: reference.location)
                return Schema(location: reference.location)
            }
            // 3.1 allows keywords beside `$ref`; the ones that matter for a client are
            // documentation and nullability.
            return Schema(
                referencedName: name,
                description: string(siblings, "description"),
                nullable: bool(siblings, "nullable") ?? false,
                readOnly: bool(siblings, "readOnly") ?? false,
                writeOnly: bool(siblings, "writeOnly") ?? false,
                deprecated: bool(siblings, "deprecated") ?? false,
                location: reference.location
            )
        }
        if let cached = schemasByPointer[text] { return cached }
        guard referencesInProgress.insert(text).inserted else {
            warning(
                "reference '\(text)' refers to itself without a named schema; it is generated as a free-form value",
                at: reference.location)
            return Schema(location: reference.location)
        }
        defer { referencesInProgress.remove(text) }
        guard let target = resolveReference(text, at: reference.location) else {
            return Schema(location: reference.location)
        }
        let parsed = schema(target)
        schemasByPointer[text] = parsed
        return parsed
    }
}
