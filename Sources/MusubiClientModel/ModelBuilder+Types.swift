import MusubiDocument
import MusubiReader

/// Schemas to Swift types.
extension ModelBuilder {
    /// Declares the type for a component schema under its already claimed name.
    func declareComponent(_ named: NamedSchema) {
        let name = componentTypeNames[named.name]!
        let schema = named.schema
        if let declared = declareNamedType(for: schema, name: name) {
            declaredInline[ObjectIdentifier(schema)] = declared
            return
        }
        // Not a struct or enum: an alias keeps the spec's name usable in user code. Array items
        // and dictionary values are named from the alias (`Pets` → `Pet`, `Scores` →
        // `ScoresValue`); anything else declared for it would clash, so it is `<Name>Value`.
        let aliased = typeSpelling(for: schema, suggestedName: name + "Value", partsName: name)
        declare(
            declaration(
                kind: .typealias, name: name, docLines: docLines(for: schema), schema: schema,
                aliasedType: aliased))
    }

    /// The Swift spelling of a schema's type (never optional), declaring inline structs and
    /// enums on first sight under a name built from their context. Array items and dictionary
    /// values are named from `partsName` when given, else from `suggestedName`.
    func typeSpelling(
        for schema: Schema, suggestedName: @autoclosure () -> String, partsName: String? = nil
    ) -> String {
        if let referenced = schema.referencedName {
            return componentTypeNames[referenced] ?? "JSONValue"
        }
        if let declared = declaredInline[ObjectIdentifier(schema)] {
            return declared
        }
        // `allOf: [$ref]` with nothing else is how specs attach a description to a reference.
        if schema.allOf.count == 1, schema.properties.isEmpty, schema.types.allSatisfy({ $0 == "object" }) {
            return typeSpelling(for: schema.allOf[0], suggestedName: suggestedName(), partsName: partsName)
        }
        // `oneOf`/`anyOf` of one real alternative beside `null` is a nullable spelling.
        let alternatives = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        if !schema.oneOf.isEmpty || !schema.anyOf.isEmpty {
            if alternatives.count == 1, schema.properties.isEmpty {
                return typeSpelling(for: alternatives[0], suggestedName: suggestedName(), partsName: partsName)
            }
            if schema.properties.isEmpty, schema.allOf.isEmpty {
                warning(
                    "oneOf/anyOf with several alternatives is generated as JSONValue for now",
                    at: schema.location)
                return "JSONValue"
            }
        }
        if isNamedTypeCandidate(schema) {
            let name = typeNames.claim(suggestedName())
            declaredInline[ObjectIdentifier(schema)] = name
            if declareNamedType(for: schema, name: name) != nil {
                return name
            }
            declaredInline[ObjectIdentifier(schema)] = nil
        }
        return primitiveSpelling(for: schema, suggestedName: partsName ?? suggestedName())
    }

    private func isNamedTypeCandidate(_ schema: Schema) -> Bool {
        if isStringEnum(schema) { return true }
        if schema.allOf.count > 1 { return true }
        return !schema.properties.isEmpty && (schema.types.isEmpty || schema.types == ["object"])
    }

    private func isStringEnum(_ schema: Schema) -> Bool {
        guard let values = schema.enumValues, !values.isEmpty else { return false }
        let stringTyped = schema.types == ["string"] || (schema.types.isEmpty && values.allSatisfy { $0.string != nil || $0.isNull })
        return stringTyped && values.contains { $0.string != nil }
    }

    /// Declares a struct or enum for `schema` named `name`; nil when the schema is neither.
    @discardableResult
    private func declareNamedType(for schema: Schema, name: String) -> String? {
        if isStringEnum(schema) {
            declare(enumDeclaration(for: schema, name: name))
            return name
        }
        if schema.allOf.count > 1 || (!schema.allOf.isEmpty && !schema.properties.isEmpty) {
            if let merged = mergedAllOf(schema) {
                declare(structDeclaration(for: merged, name: name))
                return name
            }
            warning("allOf whose parts are not all objects is generated as JSONValue for now", at: schema.location)
        }
        if !schema.properties.isEmpty && (schema.types.isEmpty || schema.types == ["object"]) {
            declare(structDeclaration(for: schema, name: name))
            return name
        }
        return nil
    }

    /// Types that are not declarations of their own: scalars, arrays, dictionaries.
    private func primitiveSpelling(for schema: Schema, suggestedName: String) -> String {
        if schema.types.count > 1 {
            return "JSONValue"
        }
        switch schema.singleType {
        case "string":
            switch schema.format {
            case "date-time": return "Date"
            case "date": return "CalendarDate"
            case "byte", "binary": return "Data"
            case "uuid": return "UUID"
            default: return "String"
            }
        case "integer":
            switch schema.format {
            case "int32": return "Int32"
            case "int64": return "Int64"
            default: return "Int"
            }
        case "number":
            return schema.format == "float" ? "Float" : "Double"
        case "boolean":
            return "Bool"
        case "array":
            guard let items = schema.items else { return "[JSONValue]" }
            return "[\(typeSpelling(for: items, suggestedName: itemName(for: suggestedName)))]"
        case "object", nil:
            if schema.singleType == nil, schema.items != nil {
                return "[\(typeSpelling(for: schema.items!, suggestedName: itemName(for: suggestedName)))]"
            }
            if case .schema(let valueSchema) = schema.additionalProperties {
                return "[String: \(typeSpelling(for: valueSchema, suggestedName: suggestedName + "Value"))]"
            }
            if schema.singleType == "object" || schema.additionalProperties != nil {
                return "[String: JSONValue]"
            }
            return "JSONValue"
        default:
            warning("unknown type '\(schema.singleType ?? "")' is generated as JSONValue", at: schema.location)
            return "JSONValue"
        }
    }

    /// `Pets` → `Pet`, or `PetsItem` when the singular is taken or the same word.
    private func itemName(for name: String) -> String {
        let words = Naming.words(name)
        guard let last = words.last else { return name + "Item" }
        let singular = Naming.singular(last)
        guard singular != last else { return name + "Item" }
        let candidate = Naming.typeName((words.dropLast() + [singular]).joined(separator: "_"))
        return typeNames.isTaken(candidate) ? name + "Item" : candidate
    }

    // MARK: Structs

    /// Properties and required names of every object part of an `allOf`, in order; later
    /// parts win for a property defined twice. Nil when a part is not an object.
    private func mergedAllOf(_ schema: Schema) -> Schema? {
        var properties: [Schema.Property] = []
        var required: [String] = []
        var descriptions: [String] = []
        func absorb(_ part: Schema, depth: Int) -> Bool {
            guard depth < 32 else { return false }
            var resolved = part
            if let name = part.referencedName {
                guard let target = componentSchemas[name] else { return false }
                resolved = target
            }
            for inner in resolved.allOf where !absorb(inner, depth: depth + 1) { return false }
            guard resolved.types.isEmpty || resolved.types == ["object"] else { return false }
            guard resolved.oneOf.isEmpty, resolved.anyOf.isEmpty else { return false }
            for property in resolved.properties {
                if let index = properties.firstIndex(where: { $0.name == property.name }) {
                    properties[index] = property
                } else {
                    properties.append(property)
                }
            }
            required.append(contentsOf: resolved.required.filter { !required.contains($0) })
            if part.referencedName == nil, let description = resolved.description { descriptions.append(description) }
            return true
        }
        for part in schema.allOf where !absorb(part, depth: 0) { return nil }
        for property in schema.properties {
            if let index = properties.firstIndex(where: { $0.name == property.name }) {
                properties[index] = property
            } else {
                properties.append(property)
            }
        }
        required.append(contentsOf: schema.required.filter { !required.contains($0) })
        return Schema(
            types: ["object"], title: schema.title,
            description: schema.description ?? descriptions.first,
            properties: properties, required: required, deprecated: schema.deprecated,
            location: schema.location)
    }

    private func structDeclaration(for schema: Schema, name: String) -> ModelDeclaration {
        var names = MemberNameRegistry(reserving: ["init", "CodingKeys"])
        var properties: [PropertyDeclaration] = []
        var parameters: [InitParameter] = []
        var codingKeys: [CodingKeyDeclaration] = []
        var needsCodingKeys = false
        for property in schema.properties {
            let swiftName = names.claim(property.name)
            let required = schema.required.contains(property.name) && !isNullable(property.schema)
            let base = typeSpelling(
                for: property.schema, suggestedName: name + Naming.typeName(property.name))
            let type = required ? base : base + "?"
            let declaration = PropertyDeclaration(
                name: swiftName, type: type, originalName: property.name,
                docLines: docLines(for: property.schema),
                attributes: property.schema.deprecated ? ["@available(*, deprecated)"] : [])
            properties.append(declaration)
            parameters.append(InitParameter(for: declaration, required: required))
            let bareName = swiftName.trimmingBackticks
            if bareName != property.name { needsCodingKeys = true }
            codingKeys.append(
                CodingKeyDeclaration(
                    name: swiftName,
                    rawValueClause: bareName == property.name
                        ? "" : " = \(SwiftSourceText.stringLiteral(property.name))"))
        }
        if !parameters.isEmpty { parameters[parameters.count - 1].isLast = true }
        var model = declaration(kind: .struct, name: name, docLines: docLines(for: schema), schema: schema)
        model.properties = properties
        model.initParameters = parameters
        model.hasInitParameters = !parameters.isEmpty
        model.initDeclarationLines = initDeclarationLines(parameters)
        model.codingKeys = needsCodingKeys ? codingKeys : []
        model.hasCodingKeys = needsCodingKeys
        return model
    }

    // MARK: Enums

    private func enumDeclaration(for schema: Schema, name: String) -> ModelDeclaration {
        var names = MemberNameRegistry(reserving: ["unknown", "init", "rawValue"])
        var seen: Set<String> = []
        var cases: [EnumCaseDeclaration] = []
        for value in schema.enumValues ?? [] {
            guard let text = value.string else { continue }
            guard seen.insert(text).inserted else {
                warning("duplicate enum value '\(text)' is ignored", at: value.location)
                continue
            }
            let candidate = Naming.words(text).isEmpty ? (text.isEmpty ? "empty" : "value") : Naming.memberName(text)
            cases.append(
                EnumCaseDeclaration(
                    name: names.claimRaw(candidate), rawValueLiteral: SwiftSourceText.stringLiteral(text),
                    docLines: []))
        }
        var model = declaration(kind: .enum, name: name, docLines: docLines(for: schema), schema: schema)
        model.rawType = "String"
        model.cases = cases
        return model
    }

    // MARK: Shared

    /// Whether `null` is a valid value, however the spec says so: on the schema itself, on the
    /// component it refers to, through a single `allOf` wrapper, or as a `null` alternative of
    /// `oneOf`/`anyOf`. A required property that may be null is optional in Swift, or decoding
    /// the `null` would fail.
    func isNullable(_ schema: Schema, depth: Int = 0) -> Bool {
        if schema.nullable { return true }
        guard depth < 32 else { return false }
        if let name = schema.referencedName {
            return componentSchemas[name].map { isNullable($0, depth: depth + 1) } ?? false
        }
        if (schema.oneOf + schema.anyOf).contains(where: { isNullable($0, depth: depth + 1) }) {
            return true
        }
        if schema.allOf.count == 1, schema.properties.isEmpty {
            return isNullable(schema.allOf[0], depth: depth + 1)
        }
        return false
    }

    /// `public init(id: Int, name: String) {`, or one parameter per line when that is too long.
    func initDeclarationLines(_ parameters: [InitParameter]) -> [String] {
        SourceLayout.list(
            open: access + "init(", items: parameters.map(\.declaration), close: ") {", indent: 4,
            trailingComma: false)
    }

    func docLines(for schema: Schema) -> [String] {
        var paragraphs: [String?] = []
        if let title = schema.title, title != schema.description { paragraphs.append(title) }
        paragraphs.append(schema.description)
        return SwiftSourceText.docLines(paragraphs)
    }

    func declaration(
        kind: ModelDeclaration.Kind, name: String, docLines: [String], schema: Schema, aliasedType: String = ""
    ) -> ModelDeclaration {
        let template: String
        switch kind {
        case .struct: template = "Struct"
        case .enum: template = "Enum"
        case .typealias: template = "Typealias"
        }
        return ModelDeclaration(
            header: header, access: access, kind: kind, template: template, name: name, fileName: "Models/\(name).swift",
            docLines: docLines, attributes: schema.deprecated ? ["@available(*, deprecated)"] : [],
            properties: [], initParameters: [], hasInitParameters: false, initDeclarationLines: [], codingKeys: [],
            hasCodingKeys: false, rawType: "", cases: [], aliasedType: aliasedType)
    }
}

extension Schema {
    /// `{type: null}`: an alternative that only says "or null".
    var isNullOnly: Bool {
        referencedName == nil && types.isEmpty && nullable && properties.isEmpty && allOf.isEmpty
            && oneOf.isEmpty && anyOf.isEmpty
    }
}

extension String {
    var trimmingBackticks: String {
        hasPrefix("`") ? String(dropFirst().dropLast()) : self
    }
}
