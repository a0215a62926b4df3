import MusubiReader

/// Schema keywords whose reading differs between versions or needs leniency. The differences
/// end here: the ``Schema`` they produce has one shape.
extension SchemaLoader {
    /// `type`, normalised to a list without `null` (which sets `nullable` instead): 3.0's
    /// single type, 3.1's type arrays, Swagger 2.0's `file`.
    func types(_ node: Node, nullable: inout Bool, format: inout String?) -> [String] {
        guard let typeNode = node["type"] else { return [] }
        let names: [String]
        if let single = typeNode.string {
            names = [single]
        } else if let list = typeNode.sequence {
            names = list.compactMap(\.string)
        } else {
            warning("'type' should be a string or a list of strings", at: typeNode.location)
            names = []
        }
        var types: [String] = []
        for name in names {
            var type = name
            if name == "null" {
                // 3.1 spells nullability this way; 2.0 and 3.0 have no `null` type, but what
                // the author means is clear.
                if current.dialect == .swagger2 {
                    warning("type 'null' is not Swagger 2.0; read as 'x-nullable: true'", at: typeNode.location)
                }
                nullable = true
                continue
            }
            if name == "file", current.dialect == .swagger2 {
                // Swagger 2.0's uploaded or downloaded file is 3.x's binary string. (In 3.x
                // `file` is no type; later stages report it as unknown.)
                type = "string"
                format = "binary"
            }
            if !types.contains(type) {
                types.append(type)
            }
        }
        return types
    }

    /// `items`. Draft 4's tuple form, a list of schemas (`prefixItems` since 2020-12), is not
    /// OpenAPI, but converted specs have it; a client reads such arrays as arrays of any of
    /// the listed schemas.
    func items(_ node: Node) -> Schema? {
        guard let value = node["items"] else { return nil }
        guard let list = value.sequence else { return schema(value) }
        warning(
            "'items' should be a schema, found a list; read as an array of any of the listed schemas",
            at: value.location)
        let schemas = list.map { schema($0) }
        if schemas.count == 1 { return schemas[0] }
        return Schema(anyOf: schemas, location: value.location)
    }

    /// `enum` values, each once (a repeated value would generate two identical cases), and
    /// without `null`, which sets `nullable` instead, as a `null` among 3.1's types does.
    ///
    /// However a nullable enum is written (`enum: [a, null]`, `type: [string, 'null']` or
    /// `nullable: true` beside `enum: [a]`, or both), it reads as the values without `null` and
    /// a schema that accepts it. Strictly, 3.0.3's `nullable` and 3.1's `'null'` type widen
    /// only the type, and a listed `null` passes only when the type allows it; but each
    /// spelling alone says the author means `null` to be a value, and a client that decodes
    /// one the strict reading would refuse loses nothing.
    func enumValues(_ node: Node, nullable: inout Bool) -> [DocumentValue.Located]? {
        guard let enumNode = node["enum"] else { return nil }
        guard let list = enumNode.sequence else {
            warning("'enum' should be a list", at: enumNode.location)
            return nil
        }
        var seen: Set<String> = []
        var values: [DocumentValue.Located] = []
        for value in list {
            if let identity = Self.enumIdentity(value), !seen.insert(identity).inserted {
                warning("duplicate enum value '\(value.scalarText ?? "null")' is ignored", at: value.location)
                continue
            }
            if value.isNull {
                nullable = true
                continue
            }
            values.append(DocumentValue.Located(value))
        }
        return values
    }

    /// `values` as numbers when every one is a string spelling an integer (Bungie's
    /// `{type: integer, enum: ['0', '1', '2']}`, quoted by the tool that wrote the spec); nil
    /// when any is not.
    static func quotedIntegers(_ values: [DocumentValue.Located]) -> [DocumentValue.Located]? {
        guard !values.isEmpty else { return nil }
        var numbers: [DocumentValue.Located] = []
        for value in values {
            guard case .string(let text) = value.value, let number = Int(text) else { return nil }
            numbers.append(DocumentValue.Located(.number(String(number)), at: value.location))
        }
        return numbers
    }

    /// Case names from `x-enum-values`, a list of `{identifier, numericValue}` (Bungie's), in
    /// the order of `values`; empty unless every value has one.
    static func enumValueIdentifiers(_ node: Node, values: [DocumentValue.Located]) -> [String] {
        guard let entries = node["x-enum-values"]?.sequence, !values.isEmpty else { return [] }
        var names: [String: String] = [:]
        for entry in entries {
            guard let identifier = entry["identifier"]?.scalarText, let value = entry["numericValue"]?.scalarText
            else { continue }
            names[value] = names[value] ?? identifier
        }
        var result: [String] = []
        for value in values {
            guard let text = value.value.scalarText, let name = names[text] else { return [] }
            result.append(name)
        }
        return result
    }

    /// What makes two enum values the same: kind and text. Numbers compare as written, as the
    /// client sends them as written; lists and mappings are never called duplicates.
    private static func enumIdentity(_ value: Node) -> String? {
        switch value.value {
        case .null: return "null"
        case .bool(let flag): return "bool:\(flag)"
        case .number(let text): return "number:\(text)"
        case .string(let text): return "string:\(text)"
        case .sequence, .mapping: return nil
        }
    }

    /// 3.1's `examples` list, then 3.0's and 2.0's single `example`.
    func examples(_ node: Node) -> [DocumentValue] {
        var examples: [DocumentValue] = []
        if let list = node["examples"] {
            if let items = list.sequence {
                examples = items.map(DocumentValue.init)
            } else {
                warning("'examples' of a schema should be a list of values; it is ignored", at: list.location)
            }
        }
        if let single = node["example"] {
            examples.append(DocumentValue(single))
        }
        return examples
    }

    /// 3.x's discriminator object, or Swagger 2.0's plain property name.
    func discriminator(_ node: Node) -> Schema.Discriminator? {
        guard let value = node["discriminator"] else { return nil }
        if let propertyName = value.string {
            if current.dialect != .swagger2 {
                warning(
                    "a discriminator should be an object with 'propertyName'; read as the property name",
                    at: value.location)
            }
            return Schema.Discriminator(propertyName: propertyName, mapping: [])
        }
        guard let propertyName = string(value, "propertyName") else {
            warning("a discriminator needs a 'propertyName'", at: value.location)
            return nil
        }
        let mapping =
            value["mapping"]?.mapping?.compactMap { entry in
                entry.value.string.map { (value: entry.key, reference: mappingReference($0, at: entry.value.location)) }
            } ?? []
        return Schema.Discriminator(propertyName: propertyName, mapping: mapping)
    }

    /// A discriminator mapping's reference to a named schema, written as a reference to the
    /// document's own components whatever file or collection the schema is in
    /// (`#/components/schemas/Pet2` for `common.yaml#/definitions/Pet`), so later stages
    /// match it against ``Schema/referencedName``. A plain schema name stays as written; so
    /// does a reference to anything else, with a warning when it leads nowhere, as a client
    /// can still tell the alternatives apart by their names.
    private func mappingReference(_ text: String, at location: SourceLocation) -> String {
        guard
            text.contains("#") || text.contains("/") || text.hasSuffix(".yaml") || text.hasSuffix(".json")
                || text.hasSuffix(".yml")
        else { return text }
        guard let target = resolver.resolveReference(text, at: location, leniently: true),
            let name = schemaName(for: target)
        else { return text }
        return JSONPointer(tokens: ["components", "schemas", name]).fragment
    }
}
