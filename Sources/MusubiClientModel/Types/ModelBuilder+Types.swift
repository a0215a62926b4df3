import MusubiDocument
import MusubiReader

/// Schemas to Swift types.
extension ModelBuilder {
    /// Declares the type for a component schema under its already claimed name.
    func declareComponent(_ named: NamedSchema) {
        let name = catalog.componentTypeNames[named.name]!
        let schema = named.schema
        if let declared = declareNamedType(for: schema, name: name) {
            catalog.declaredInline[SchemaKey(schema)] = declared
            return
        }
        // A nullable spelling of an inline enum or struct (OpenAI's `ServiceTier`, `anyOf:
        // [{type: string, enum: […]}, {type: null}]`) is that type under the schema's name, not
        // an alias of a `ServiceTierValue`: whether a property may be null is the property's.
        let branch = nullableSpellingBranch(schema)
        if let branch, branch.referencedName == nil, catalog.declaredInline[SchemaKey(branch)] == nil,
            let declared = declareNamedType(for: branch, name: name)
        {
            catalog.declaredInline[SchemaKey(schema)] = declared
            catalog.declaredInline[SchemaKey(branch)] = declared
            return
        }
        // Not a struct or enum: an alias keeps the spec's name usable in user code. Array items
        // and dictionary values are named from the alias (`Pets` → `Pet`, `Scores` →
        // `ScoresValue`); anything else declared for it would clash, so it is `<Name>Value`.
        var aliased = swiftType(for: schema, suggestedName: name + "Value", partsName: name)
        // A subtype that only repeats its base (`AlipayInstrument: {allOf: [$ref
        // PaymentInstrument]}`, a tag of the base's mapping) is the base's struct: the union the
        // base stands for elsewhere holds it as one of its cases.
        if let base = schema.singleAllOfPart?.referencedName, catalog.inheritanceUnions[base] != nil,
            let baseType = catalog.componentTypeNames[base]
        {
            aliased = .named(baseType)
        }
        if let cycle = aliasCycle(to: name, from: aliased) {
            // The spec's names, which the reader knows, rather than the Swift ones (`ListModel`).
            let path = ([name] + cycle).map { overrides.specSchemaNames[$0] ?? $0 }
            warning(
                "schema '\(named.name)' is made only of itself (\(path.joined(separator: " → "))), "
                    + "with no object in between: no Swift type can hold it, so it is generated as JSONValue",
                at: named.location)
            aliased = .jsonValue
        }
        // The description of a nullable spelling is often on its one real branch (OpenAI's
        // `Metadata`).
        var docs = docLines(for: schema)
        if docs.isEmpty, let branch { docs = docLines(for: branch) }
        catalog.declare(typeDeclaration(name: name, docLines: docs, schema: schema, definition: .alias(aliased)))
    }

    /// The one alternative of `oneOf`/`anyOf: [X, {type: null}]` (how OpenAPI 3.1 writes a
    /// nullable `X`), for a schema with nothing else; nil for any other schema.
    func nullableSpellingBranch(_ schema: Schema) -> Schema? {
        guard !schema.oneOf.isEmpty || !schema.anyOf.isEmpty, schema.properties.isEmpty, schema.allOf.isEmpty else {
            return nil
        }
        let alternatives = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        return alternatives.count == 1 ? alternatives[0] : nil
    }

    /// The aliases leading from the type `aliased` back to `name`, ending with `name`,
    /// when they do: `typealias A = A`, `= [A]`, `= [String: A]` or a chain of aliases around to
    /// `A` is a cyclic alias, which the compiler rejects. Aliases are declared acyclic, so each
    /// cycle is found when the last of its aliases is declared.
    func aliasCycle(to name: String, from aliased: SwiftType) -> [String]? {
        var visited: Set<String> = []
        func search(_ type: SwiftType) -> [String]? {
            for identifier in type.mentionedNames {
                if identifier == name { return [name] }
                guard let next = catalog.aliases[identifier], visited.insert(identifier).inserted else { continue }
                if let rest = search(next) { return [identifier] + rest }
            }
            return nil
        }
        return search(aliased)
    }

    /// The Swift type of a schema (never optional), declaring inline structs and
    /// enums on first sight under a name built from their context. Array items and dictionary
    /// values are named from `partsName` when given, else from `suggestedName`.
    func swiftType(
        for schema: Schema, suggestedName: @autoclosure () -> String, partsName: String? = nil
    ) -> SwiftType {
        if let referenced = schema.referencedName {
            // A filtered client generates the schemas its operations reach; one reached here
            // but not there would be a gap in `SchemaReachability`.
            assert(
                catalog.componentTypeNames[referenced] != nil || catalog.componentSchemas[referenced] == nil,
                "schema '\(referenced)' is used but was not selected")
            if let supplied = catalog.suppliedComponentTypes[referenced] { return supplied }
            // A base schema its subtypes extend is any of them (``inheritanceUnions(of:)``).
            if let union = catalog.inheritanceUnions[referenced], let base = catalog.componentTypeNames[referenced] {
                // `AnyEmailServer` for `BaseEmailServer`: the word says what `Any` says.
                let words = Naming.words(base)
                let own = words.count > 1 ? words.filter { $0 != "base" } : words
                return swiftType(for: union, suggestedName: Naming.typeName((["any"] + own).joined(separator: "_")))
            }
            return catalog.componentTypeNames[referenced].map(SwiftType.named) ?? .jsonValue
        }
        if let declared = catalog.declaredInline[SchemaKey(schema)] {
            // The same schema met again from another place (a response or parameter the spec
            // declares once and refers to from many operations) is a shared type as well.
            catalog.shapePlaces[declared, default: []].append(suggestedName())
            return .named(declared)
        }
        // `allOf: [$ref]` with nothing else is how specs attach a description to a reference;
        // `allOf: [$ref, {nullable: true}]` how 3.0 specs make one nullable.
        if let single = singleAllOfPart(schema) {
            return swiftType(for: single, suggestedName: suggestedName(), partsName: partsName)
        }
        // Values of a named enum, restricted to some of them (`{enum: [5], allOf: [{$ref:
        // OptionType}]}`, how Discord types each command option's `type`), are that enum: a
        // one-value enum of its own would say less, and be merged with unrelated ones.
        if let restricted = restrictedEnumReference(schema) ?? narrowingScalarEnum(schema) {
            return swiftType(for: restricted, suggestedName: suggestedName(), partsName: partsName)
        }
        // `oneOf`/`anyOf` of one real alternative beside `null` is a nullable spelling.
        let alternatives = Self.distinct((schema.oneOf + schema.anyOf).filter { !$0.isNullOnly })
        if !schema.oneOf.isEmpty || !schema.anyOf.isEmpty, alternatives.count == 1, schema.properties.isEmpty {
            return swiftType(for: alternatives[0], suggestedName: suggestedName(), partsName: partsName)
        }
        if let union = emptyStringUnion(schema) {
            return emptyStringUnionType(union, of: schema, suggestedName: suggestedName(), partsName: partsName)
        }
        if isNamedTypeCandidate(schema) {
            let shape = catalog.shapeNumber(of: schema)
            if let shared = catalog.declaredShapes[shape] {
                catalog.declaredInline[SchemaKey(schema)] = shared
                catalog.shapePlaces[shared, default: []].append(suggestedName())
                return .named(shared)
            }
            let name = naming.typeNames.claim(referenceUnionName(schema, suggestedName: suggestedName()))
            catalog.declaredInline[SchemaKey(schema)] = name
            catalog.declaredShapes[shape] = name
            if declareNamedType(for: schema, name: name) != nil {
                if let title = SharedTypeName.titleName(schema.title) { catalog.inlineTitles[name] = title }
                return .named(name)
            }
            catalog.declaredInline[SchemaKey(schema)] = nil
            catalog.declaredShapes[shape] = nil
        }
        return primitiveType(for: schema, suggestedName: partsName ?? suggestedName())
    }

    /// `suggestedName`, or, when another type has that name already and the schema is a union
    /// of that type and others, a name saying so: `…OrID` beside a plain string (Stripe's
    /// `ownership`, the ID of a `FinancialConnectionsAccountOwnership` or the object:
    /// `FinancialConnectionsAccountOwnershipOrID`), `…Or` and the other type's own words beside
    /// one named type (Stripe's `card` options, `PaymentIntentPaymentMethodOptionsCard` or the
    /// `PaymentIntentTypeSpecificPaymentMethodOptionsClient` every method shares:
    /// `PaymentIntentPaymentMethodOptionsCardOrTypeSpecificClient`), not a numbered name.
    private func referenceUnionName(_ schema: Schema, suggestedName: String) -> String {
        guard naming.typeNames.wouldNumber(suggestedName) else { return suggestedName }
        let alternatives = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        let typeNames = alternatives.map { $0.referencedName.flatMap { catalog.componentTypeNames[$0] } }
        guard typeNames.contains(suggestedName) else { return suggestedName }
        let hasString = alternatives.contains {
            $0.referencedName == nil && $0.types == ["string"] && $0.format == nil && $0.enumValues == nil
        }
        if hasString { return suggestedName + "OrID" }
        let others = typeNames.filter { $0 != suggestedName }
        guard others.count == 1, let otherName = others[0] else { return suggestedName }
        let ownWords = Set(Naming.words(suggestedName))
        let distinct = Naming.words(otherName).filter { !ownWords.contains($0) }
        guard !distinct.isEmpty, !distinct.allSatisfy(SharedTypeName.vagueWords.contains) else { return suggestedName }
        let name = suggestedName + "Or" + Naming.typeName(distinct.joined(separator: "_"))
        return naming.typeNames.wouldNumber(name) ? suggestedName : name
    }

    /// The values part of `allOf: [{$ref: ResourceType}, {type: string, enum: [thing]}]`, a
    /// named string or integer narrowed to some values (how Lob types each resource's
    /// `object`): those values are the type. Every other part only annotates, restates the
    /// type, or refers to a schema that does. Nil for any other schema.
    private func narrowingScalarEnum(_ schema: Schema) -> Schema? {
        guard schema.allOf.count > 1, schema.properties.isEmpty, schema.oneOf.isEmpty, schema.anyOf.isEmpty
        else { return nil }
        let restrictions = schema.allOf.filter { $0.enumValues != nil || $0.constValue != nil }
        guard restrictions.count == 1, let restriction = restrictions.first, restriction.referencedName == nil,
            restriction.properties.isEmpty, restriction.allOf.isEmpty, !restriction.types.isEmpty,
            restriction.types.allSatisfy(["string", "integer"].contains)
        else { return nil }
        for part in schema.allOf where part !== restriction {
            let target = part.referencedName.flatMap { catalog.componentSchemas[$0] } ?? part
            if part.referencedName == nil, part.isAnnotationOnly { continue }
            guard target.isScalarTypeRestatement, Set(target.types).isSuperset(of: restriction.types) else {
                return nil
            }
        }
        return restriction
    }

    /// The reference of `{enum: [values], allOf: [{$ref: E}]}` when `E` is an enum that has
    /// every one of those values; nil for anything else.
    private func restrictedEnumReference(_ schema: Schema) -> Schema? {
        guard schema.allOf.count == 1, let name = schema.allOf[0].referencedName,
            let target = catalog.componentSchemas[name],
            schema.properties.isEmpty, schema.oneOf.isEmpty, schema.anyOf.isEmpty
        else { return nil }
        var lookup = AllowedValues(componentSchemas: catalog.componentSchemas)
        guard let own = lookup.values(allowedBy: schema), !own.isEmpty else { return nil }
        let isEnum =
            isOpenEnum(target) || compositionAlternatives(target).flatMap(documentedIntegers) != nil
        guard isEnum, let allowed = lookup.values(allowedBy: target) else { return nil }
        let texts = Set(allowed.compactMap(\.scalarText))
        return own.allSatisfy { $0.scalarText.map(texts.contains) == true } ? schema.allOf[0] : nil
    }

    private func isNamedTypeCandidate(_ schema: Schema) -> Bool {
        if isOpenEnum(schema) { return true }
        if compositionAlternatives(schema) != nil { return true }
        if !schema.allOf.isEmpty, singleAllOfPart(schema) == nil { return true }
        return !schema.properties.isEmpty && (schema.types.isEmpty || schema.types == ["object"])
    }

    /// Whether the schema lists string values (`enum`, or a string `const`), or integer ones.
    private func isOpenEnum(_ schema: Schema) -> Bool {
        enumRawType(schema) != nil
    }

    /// `String` for an enumeration of strings, `Int` for one of integers, nil for anything
    /// else (booleans and numbers stay plain types: their values make poor case names).
    private func enumRawType(_ schema: Schema) -> SwiftType? {
        let values = schema.enumValues ?? schema.constValue.map { [$0] } ?? []
        let listed = values.filter { !$0.isNull }
        guard !listed.isEmpty else { return nil }
        if listed.allSatisfy({ $0.string != nil }), schema.types.isEmpty || schema.types == ["string"] {
            return .string
        }
        if schema.types == ["integer"] || schema.types.isEmpty,
            listed.allSatisfy({ if case .number(let text) = $0.value { Int(text) != nil } else { false } })
        {
            return .int
        }
        return nil
    }

    /// Declares a struct or enum for `schema` named `name`; nil when the schema is neither.
    @discardableResult
    private func declareNamedType(for schema: Schema, name: String) -> String? {
        if let restriction = narrowingScalarEnum(schema) { return declareNamedType(for: restriction, name: name) }
        if isOpenEnum(schema) {
            catalog.declare(enumDeclaration(for: schema, name: name))
            return name
        }
        if let alternatives = compositionAlternatives(schema) {
            declareComposition(schema, alternatives: alternatives, name: name)
            return name
        }
        if !schema.allOf.isEmpty, singleAllOfPart(schema) == nil {
            if let merged = mergedAllOf(schema) {
                // A multipart body written as `allOf` (every Onfido upload) sends its parts'
                // binary properties as files, as a body written whole does.
                if catalog.uploadSchemas.contains(SchemaKey(schema)) {
                    catalog.uploadSchemas.insert(SchemaKey(merged.schema))
                }
                catalog.declare(
                    structDeclaration(
                        for: merged.schema, name: name, embedding: merged.embedded + ownUnionPart(of: schema)))
                return name
            }
            if allOfMerging.isOverLimit {
                reportAllOfLimit(at: schema.location)
                return nil
            }
            warning(
                "allOf whose parts are neither objects nor oneOf/anyOf is generated as JSONValue", at: schema.location,
                in: schema)
        }
        if let alternatives = scalarOrObjectAlternatives(schema) {
            declareComposition(schema, alternatives: alternatives, name: name)
            return name
        }
        if !schema.properties.isEmpty && (schema.types.isEmpty || schema.types == ["object"]) {
            catalog.declare(structDeclaration(for: schema, name: name, embedding: ownUnionPart(of: schema)))
            return name
        }
        return nil
    }

    /// The alternatives of a value that is a scalar or an object with the schema's own
    /// properties: Lob's return envelope is `oneOf: [{type: boolean}, {type: object}]` beside
    /// `properties: {id, url}`, so `false` or an envelope. The properties apply to the object
    /// alternatives, which get them (a struct); the scalar ones stay as they are, so that
    /// `false` decodes. Nil unless every alternative is a scalar, array or plain object
    /// written in place, and there is one of each kind.
    func scalarOrObjectAlternatives(_ schema: Schema) -> [Schema]? {
        guard !schema.properties.isEmpty, schema.allOf.isEmpty, schema.oneOf.isEmpty != schema.anyOf.isEmpty,
            schema.types.isEmpty || schema.types == ["object"]
        else { return nil }
        let alternatives = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        let isPlain = { (alternative: Schema) in
            alternative.referencedName == nil && alternative.allOf.isEmpty && alternative.oneOf.isEmpty
                && alternative.anyOf.isEmpty && alternative.types.count == 1
        }
        let isObject = { (alternative: Schema) in alternative.types == ["object"] }
        guard alternatives.allSatisfy(isPlain), alternatives.contains(where: isObject),
            alternatives.contains(where: { !isObject($0) })
        else { return nil }
        return alternatives.map { alternative in
            guard isObject(alternative) else { return alternative }
            let own = Set(alternative.properties.map(\.name))
            return Schema(
                types: ["object"], title: alternative.title, description: alternative.description,
                properties: schema.properties.filter { !own.contains($0.name) } + alternative.properties,
                required: schema.required + alternative.required.filter { !schema.required.contains($0) },
                additionalProperties: alternative.additionalProperties ?? schema.additionalProperties,
                location: alternative.location)
        }
    }

    /// Types that are not declarations of their own: scalars, arrays, dictionaries.
    private func primitiveType(for schema: Schema, suggestedName: String) -> SwiftType {
        if schema.types.count > 1 {
            return .jsonValue
        }
        if schema.singleType != "array", schema.singleType != "object", let supplied = suppliedFormatType(for: schema) {
            return supplied
        }
        // Kubernetes' `IntOrString` says `type: string` but holds numbers too.
        if schema.format == "int-or-string", schema.singleType.map({ $0 == "string" || $0 == "integer" }) ?? true {
            return .named("IntOrString")
        }
        switch schema.singleType {
        case "string":
            return .named(stringType(format: schema.format))
        case "integer":
            let values = schema.enumValues ?? schema.constValue.map { [$0] } ?? []
            for value in values {
                guard case .number(let text) = value.value, Int(text) == nil else { continue }
                warning(
                    "integer enum value \(text) is not a 64-bit Int: the schema is a plain Int, without cases",
                    at: value.location, in: schema)
                break
            }
            switch schema.format {
            case "int32": return .named("Int32")
            case "int64": return .named("Int64")
            default: return .int
            }
        case "number":
            switch schema.format {
            // `float` too: servers write more digits than a `Float` keeps (Lob's coordinates,
            // 37.77597542841264, came back as 37.775974), and JSON numbers are doubles.
            case "decimal": return .named("Decimal")
            default: return .named("Double")
            }
        case "boolean":
            return .named("Bool")
        case "array":
            guard let items = schema.items else { return .array(.jsonValue) }
            return .array(elementType(for: items, suggestedName: itemName(for: suggestedName)))
        case "object", nil:
            if schema.singleType == nil, let items = schema.items {
                return .array(elementType(for: items, suggestedName: itemName(for: suggestedName)))
            }
            if case .schema(let valueSchema) = schema.additionalProperties {
                return .object(of: elementType(for: valueSchema, suggestedName: suggestedName + "Value"))
            }
            if schema.singleType == "object" || schema.additionalProperties != nil {
                return .object(of: .jsonValue)
            }
            return Self.impliedScalarType(of: schema) ?? .jsonValue
        default:
            warning(
                "unknown type '\(schema.singleType ?? "")' is generated as JSONValue", at: schema.location, in: schema)
            return .jsonValue
        }
    }

    /// The type of an array's items or a dictionary's values: optional when they may be null
    /// (`additionalProperties: {type: string, nullable: true}`, `items: {type: [string,
    /// 'null']}`), so a `null` among them decodes; `JSONValue` holds `null` itself.
    private func elementType(for schema: Schema, suggestedName: String) -> SwiftType {
        let type = swiftType(for: schema, suggestedName: suggestedName)
        return isNullable(schema) && type != .jsonValue ? type.optional : type
    }

    /// The type a schema without `type` has by the values it allows (Cloudflare's `retry: {enum:
    /// [true]}`) or defaults to (`page: {default: 1, minimum: 1}`): `Bool`, `Int`, `Double` or
    /// `String`, when all of them are of that kind; nil for anything else (a free-form value).
    /// A schema of structure (properties, items, alternatives) never gets here.
    static func impliedScalarType(of schema: Schema) -> SwiftType? {
        guard schema.types.isEmpty, schema.properties.isEmpty, schema.items == nil, schema.allOf.isEmpty,
            schema.oneOf.isEmpty, schema.anyOf.isEmpty
        else { return nil }
        let listed = (schema.enumValues ?? schema.constValue.map { [$0] })?.map(\.value)
        let values = (listed ?? schema.defaultValue.map { [$0] } ?? []).filter { !$0.isNull }
        guard !values.isEmpty else { return nil }
        if values.allSatisfy({ if case .bool = $0 { true } else { false } }) { return .named("Bool") }
        if listed == nil, values.allSatisfy({ $0.int != nil }) { return .int }
        if values.allSatisfy({ if case .number = $0 { true } else { false } }) { return .named("Double") }
        if listed == nil, values.allSatisfy({ $0.string != nil }) { return .string }
        return nil
    }

    /// The Swift type of a string with the given `format`.
    func stringType(format: String?) -> String {
        switch format {
        case "date-time": return "Date"
        case "date": return "CalendarDate"
        case "byte", "binary": return "Data"
        case "uuid": return "UUID"
        case "uri", "url": return "URL"
        // Amounts sent as strings so no digit is lost (`"12.50"`); Decimal would lose the
        // string form on the way back, so the runtime keeps both.
        case "decimal": return "DecimalString"
        default: return "String"
        }
    }

    /// `Pets` → `Pet`, or `PetsItem` when the singular is taken or the same word. When the
    /// singular would repeat the word before it (`ValidationError`'s `errors`, whose name is
    /// `ValidationErrorErrors`), the item is `ValidationErrorItem` rather than
    /// `ValidationErrorError`.
    private func itemName(for name: String) -> String {
        let words = Naming.words(name)
        guard let last = words.last else { return name + "Item" }
        let singular = Naming.singular(last)
        guard singular != last else { return name + "Item" }
        let repeatsWord = words.count > 1 && words[words.count - 2].lowercased() == singular.lowercased()
        let candidate = Naming.typeName((words.dropLast() + [repeatsWord ? "Item" : singular]).joined(separator: "_"))
        return naming.typeNames.isTaken(candidate) ? name + "Item" : candidate
    }

    // MARK: Structs

    /// Properties and required names of every object part of an `allOf`, in order (later
    /// parts win for a property defined twice, but not over values an earlier part lists:
    /// ``AllOfContribution/narrows(_:_:)``), and the parts that are `oneOf`/`anyOf` values
    /// of the same object, which the struct embeds, found at any depth: Meilisearch's
    /// `SearchResultWithIndex` is `allOf: [SearchResult, {indexUid}]`, and `SearchResult` is
    /// `allOf: [HitsInfo, {query}]` with `HitsInfo` a `oneOf`. A part that is a `oneOf` of one
    /// alternative beside `null` is that alternative. Nil when a part is none of these, when
    /// the parts are nested in themselves, or once the build's `allOf`s have passed a limit of
    /// ``AllOfMerging`` (an error, reported once).
    ///
    /// Each part's own contribution is merged once for the whole build, however many parts
    /// and schemas include it: a web of parts that include each other along many paths costs
    /// its size, not its paths. Merging a part's contribution is the same as merging its parts
    /// one after another, as a property keeps the place where it was first met and the value
    /// it was last given. A part that reaches a cycle has no contribution, wherever the walk
    /// started, so what is kept does not depend on the order schemas are declared in.
    private func mergedAllOf(_ schema: Schema) -> (schema: Schema, embedded: [Schema])? {
        guard !allOfMerging.isOverLimit else { return nil }
        var inProgress: Set<SchemaKey> = []

        /// The contribution of a part that is neither annotation only nor a reference to a
        /// missing schema: its own parts', then its own properties; nil when it is no object.
        func contribution(of resolved: Schema) -> AllOfContribution? {
            let id = SchemaKey(resolved)
            if let known = allOfMerging.contributions[id] { return known }
            guard !allOfMerging.isOverLimit else { return nil }
            guard inProgress.count < AllOfMerging.depthLimit else {
                allOfMerging.passDepthLimit()
                return nil
            }
            guard inProgress.insert(id).inserted else { return nil }
            var merged = AllOfContribution()
            var fails = false
            for inner in Self.withoutRepeatedReferences(resolved.allOf) where !absorb(inner, into: &merged) {
                fails = true
                break
            }
            // `oneOf: [{type: 'null'}, $ref: Settings]` as a part: the settings' properties.
            let single = Self.onlyAlternative(of: resolved)
            if let single, !fails, !absorb(single, into: &merged) { fails = true }
            // Beside properties, a `oneOf`/`anyOf` is a union decoded from the same object, or
            // only says which of the properties are required (Lob's addresses: `anyOf:
            // [{required: [name]}, {required: [company]}]`), which no type holds.
            let hasUnion = !resolved.oneOf.isEmpty || !resolved.anyOf.isEmpty
            let hasMembers = !resolved.properties.isEmpty || !resolved.allOf.isEmpty
            let isObject =
                (resolved.types.isEmpty || resolved.types == ["object"]) && (!hasUnion || single != nil || hasMembers)
            if !fails && isObject {
                merged.merge(properties: resolved.properties, required: resolved.required)
                merged.allowOtherMembers(resolved.additionalProperties)
                if hasUnion, single == nil {
                    for union in ownUnionPart(of: resolved) { merged.embed(union) }
                }
            }
            inProgress.remove(id)
            let result = !fails && isObject ? merged : nil
            guard allOfMerging.countPart(result?.properties.count ?? 0) else { return nil }
            allOfMerging.contributions[id] = result
            return result
        }

        /// Adds one part of an `allOf` to `merged`; false when it cannot be merged.
        func absorb(_ part: Schema, into merged: inout AllOfContribution) -> Bool {
            var resolved = part
            if let name = part.referencedName {
                guard let target = catalog.componentSchemas[name] else { return false }
                resolved = target
            }
            let ownDescription = part.referencedName == nil ? resolved.description : nil
            if resolved.isAnnotationOnly {
                // `{required: [message, serviceId]}` as a part: names the other parts' properties.
                merged.merge(properties: [], required: resolved.required)
                merged.describe(ownDescription)
                return true
            }
            if resolved.properties.isEmpty, resolved.allOf.isEmpty, let alternatives = compositionAlternatives(resolved)
            {
                // Alternatives that only say which properties are required (DigitalOcean's
                // firewalls: `anyOf: [{required: [inbound_rules]}, {required: [outbound_rules]}]`)
                // are a rule of the server's, not a value of the object's.
                if !alternatives.allSatisfy(Self.isRequirementOnly) { merged.embed(part) }
                return true
            }
            guard let added = contribution(of: resolved) else { return false }
            merged.merge(added)
            merged.describe(ownDescription)
            return true
        }

        var merged = AllOfContribution()
        for part in Self.withoutRepeatedReferences(schema.allOf) {
            guard absorb(part, into: &merged) else { return nil }
        }
        merged.merge(properties: schema.properties, required: schema.required)
        guard allOfMerging.countStruct(merged.properties.count) else { return nil }
        let result = Schema(
            types: ["object"], title: schema.title,
            description: schema.description ?? merged.description,
            properties: merged.properties, required: merged.required,
            additionalProperties: schema.additionalProperties ?? merged.additionalProperties,
            deprecated: schema.deprecated, location: schema.location)
        return (result, merged.embedded)
    }

    /// The parts of an `allOf` or the alternatives of a union, a named schema listed again left
    /// out: it is the same part or alternative, and one schema listed thousands of times (YAML
    /// aliases make each listing a few bytes) was merged, declared, shaped and decoded as often.
    static func withoutRepeatedReferences(_ schemas: [Schema]) -> [Schema] {
        guard schemas.count > 1 else { return schemas }
        var names: Set<String> = []
        return schemas.filter { schema in schema.referencedName.map { names.insert($0).inserted } ?? true }
    }

    /// The one alternative of a `oneOf` or `anyOf` beside `null`, when that is all the schema
    /// is besides properties: an `allOf` part written so (Meilisearch) says "these properties,
    /// or null", and with the other parts' properties the value is an object.
    private static func onlyAlternative(of schema: Schema) -> Schema? {
        guard schema.oneOf.isEmpty != schema.anyOf.isEmpty else { return nil }
        let alternatives = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        return alternatives.count == 1 ? alternatives[0] : nil
    }

    /// The `oneOf`/`anyOf` of an object that has properties beside it (LaunchDarkly's
    /// maintainer: `properties: {kind}` and `oneOf: [Member, Team]`), as a part of its own: the
    /// object is both, as if written `allOf: [{properties}, {oneOf}]`, so the struct holds the
    /// properties and the union decoded from the same object. Nothing for alternatives that
    /// only constrain the properties (`oneOf: [{required: [a]}, {required: [b]}]`, which of two
    /// fields is sent; GitHub's check run, whose alternatives narrow its own `status`): those
    /// say nothing a type could hold.
    func ownUnionPart(of schema: Schema) -> [Schema] {
        guard !schema.properties.isEmpty || !schema.allOf.isEmpty else { return [] }
        let alternatives = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        let known = Set(schema.properties.map(\.name))
        let isStructural = { (alternative: Schema) in
            alternative.referencedName != nil || alternative.properties.contains { !known.contains($0.name) }
                || alternative.types.contains { $0 != "object" } || !alternative.allOf.isEmpty
                || !alternative.oneOf.isEmpty || !alternative.anyOf.isEmpty
        }
        guard alternatives.count >= 2, alternatives.allSatisfy(isStructural) else { return [] }
        return [
            Schema(
                oneOf: schema.oneOf, anyOf: schema.oneOf.isEmpty ? schema.anyOf : [],
                discriminator: schema.discriminator, location: schema.location)
        ]
    }

    /// The one flag a boolean schema allows (`const: true`, `enum: [false]`); nil when it
    /// allows both, or is no boolean.
    static func onlyFlag(of schema: Schema) -> Bool? {
        let values = schema.constValue.map { [$0] } ?? schema.enumValues ?? []
        guard values.count == 1, case .bool(let flag) = values[0].value else { return nil }
        return flag
    }

    /// Whether a schema says only which members are required (and how it is titled or
    /// described): no type but an object, no members, values or parts of its own.
    static func isRequirementOnly(_ schema: Schema) -> Bool {
        schema.referencedName == nil && schema.properties.isEmpty
            && (schema.types.isEmpty || schema.types == ["object"])
            && schema.allOf.isEmpty && schema.oneOf.isEmpty && schema.anyOf.isEmpty && schema.enumValues == nil
            && schema.constValue == nil && schema.items == nil && schema.additionalProperties == nil
    }

    /// The one part of an `allOf` that says what the value is (``Schema/singleAllOfPart``).
    func singleAllOfPart(_ schema: Schema) -> Schema? { schema.singleAllOfPart }

    /// Declares the struct of a response's documented headers: one property per header, read
    /// from the field of that name, `X-` dropped from the Swift name (`X-Rate-Limit` → `rateLimit`).
    func declareHeadersStruct(for schema: Schema, name: String) {
        catalog.headerTypeNames.insert(name)
        catalog.declare(structDeclaration(for: schema, name: name, memberName: Self.headerMemberName))
    }

    static func headerMemberName(_ header: String) -> String {
        if header.lowercased().hasPrefix("x-"), !Naming.words(String(header.dropFirst(2))).isEmpty {
            return Naming.memberName(String(header.dropFirst(2)))
        }
        return Naming.memberName(header)
    }

    private func structDeclaration(
        for schema: Schema, name: String, embedding embedded: [Schema] = [],
        memberName namer: ((String) -> String)? = nil
    ) -> TypeDeclaration {
        let memberName = namer ?? memberName
        var names = MemberNameRegistry(reserving: ["init", "CodingKeys"])
        var properties: [TypeDeclaration.Property] = []
        var threeStateOffsets: [Int] = []
        let requiredNames = Set(schema.required)
        for property in schema.properties {
            let swiftName =
                chosenMemberName(options.names.properties, kind: "properties", typeName: name, key: property.name)
                .map { claimChosenMemberName($0, in: &names) } ?? names.claimRaw(memberName(property.name))
            // A write-only value (a password) is never in a response, so it cannot be required
            // when decoding one.
            let required =
                requiredNames.contains(property.name) && !isNullable(property.schema)
                && !property.schema.writeOnly
            let isUpload = catalog.uploadSchemas.contains(SchemaKey(schema))
            let base =
                (isUpload ? uploadType(for: property.schema) : nil)
                ?? swiftType(for: property.schema, suggestedName: name + typeName(property.name))
            properties.append(
                TypeDeclaration.Property(
                    name: swiftName, type: required ? base : .optional(base), coding: .key(property.name),
                    isRequired: required,
                    docLines: propertyDocLines(for: property.schema, isRequired: requiredNames.contains(property.name)),
                    isDeprecated: property.schema.deprecated,
                    isReadOnly: isReadOnly(property.schema) && !requiredNames.contains(property.name),
                    isReadOnlyAtTop: isReadOnly(property.schema) && requiredNames.contains(property.name),
                    nullability: requiredNames.contains(property.name) && isNullable(property.schema)
                        ? .required : .notNullable))
            if !requiredNames.contains(property.name), isNullable(property.schema) {
                threeStateOffsets.append(properties.count - 1)
            }
            if base == .named("Bool"), let flag = Self.onlyFlag(of: property.schema) {
                properties[properties.count - 1].onlyFlag = flag
            }
        }
        // `oneOf`/`anyOf` parts of an `allOf`: values decoded from the same object.
        for part in embedded {
            let type = swiftType(for: part, suggestedName: name + "Value")
            properties.append(
                TypeDeclaration.Property(
                    name: names.claimRaw(alternativeMemberName(type: type, in: name)), type: type,
                    coding: .wholeObject, isRequired: true,
                    docLines: SwiftSourceText.docLines([
                        part.description, "Decoded from the same object as the other properties.",
                    ])))
        }
        // Other members the schema allows beside the properties, typed (`additionalProperties:
        // {type: string}`) or any (`true`, `{}`): a dictionary property holds them, so that a
        // value decoded and sent back keeps them. Where the schema says nothing of them, they
        // are not kept, as for a hand-written struct.
        if !properties.isEmpty, let valueType = otherMembersType(of: schema, in: name) {
            properties.append(
                TypeDeclaration.Property(
                    name: names.claimRaw("additionalProperties"), type: .object(of: valueType), coding: .otherMembers,
                    isRequired: false, docLines: SwiftSourceText.docLines(["The object's other members, by name."])))
        }
        // The companions of optional properties that may be null come after every property
        // has its name, so that a companion never takes the name of a property.
        for offset in threeStateOffsets {
            let companion = names.claimRaw(Naming.memberName("nullable_" + properties[offset].name.trimmingBackticks))
            properties[offset].nullability = .optional(companion: companion)
        }
        return typeDeclaration(
            name: name, docLines: docLines(for: schema), schema: schema,
            definition: .structure(TypeDeclaration.Structure(properties: properties)))
    }

    /// The type of the values of an object's other members, when the schema keeps them: the
    /// schema of `additionalProperties`, or any JSON value for `additionalProperties: true`.
    private func otherMembersType(of schema: Schema, in name: String) -> SwiftType? {
        switch schema.additionalProperties {
        case .schema(let valueSchema): swiftType(for: valueSchema, suggestedName: name + "AdditionalProperty")
        case .allowed(true): .jsonValue
        case .allowed(false), nil: nil
        }
    }

    /// Whether a property's value is the server's to set: a `readOnly` one, or an array of
    /// read-only objects (Linode's `active_promotions`). An optional one stays out of request
    /// bodies; a required one only out of the body's own object, as the initializer asks for
    /// it and specs mark a reference's `id` read-only (PagerDuty's `service: {id, type}` in a
    /// new incident, where it names the service).
    private func isReadOnly(_ schema: Schema) -> Bool {
        schema.readOnly || schema.items?.readOnly == true
    }

    /// A property's documentation: its schema's, then what a caller should know about the
    /// value: its default, an example when it is short, and who sends it.
    private func propertyDocLines(for written: Schema, isRequired: Bool) -> [String] {
        let schema = documentedSchema(written)
        var paragraphs: [String?] = []
        if let title = schema.title, title != schema.description, !Self.isIdentifier(title) {
            paragraphs.append(title)
        }
        paragraphs.append(schema.description)
        if let value = documentedDefault(schema), !SwiftSourceText.says(schema.description, theDefault: value) {
            paragraphs.append("Defaults to `\(value)`.")
        }
        // An example helps for free text, whose shape the type does not tell (an ID's prefix, a
        // name's style); for numbers, dates and enums the type already says it.
        let isFreeText =
            schema.types == ["string"] && schema.enumValues == nil
            && stringType(format: schema.format) == "String"
        if isFreeText, let example = schema.examples.first?.string, !example.isEmpty, !example.contains("`"),
            example.count <= 60, !example.contains("\n")
        {
            paragraphs.append("Example: `\(example)`.")
        }
        if schema.readOnly || written.readOnly {
            paragraphs.append(
                isRequired
                    ? "Read-only, yet required: left out of a request body's own object, sent in an object inside one, which it names."
                    : "Read-only: set by the server, left out of request bodies.")
        }
        if schema.writeOnly || written.writeOnly { paragraphs.append("Write-only: sent in requests, never returned.") }
        return SwiftSourceText.docLines(paragraphs)
    }

    /// A default short enough to show in a doc comment, as the spec writes it (`30`, `auto`).
    /// The empty string is shown as Swift writes it, `""` (GitHub's commit status
    /// `description` and `target_url`), as an empty code span would show nothing.
    func documentedDefault(_ schema: Schema) -> String? {
        let written = documentedSchema(schema).defaultValue
        guard let value = written?.scalarText, !value.contains("`"), value.count <= 60,
            !value.contains(where: \.isNewline)
        else { return nil }
        if value.isEmpty { return written == .string("") ? "\"\"" : nil }
        return value
    }

    /// The schema whose documentation a value has: the one non-null alternative of a nullable
    /// spelling that says nothing itself (`anyOf: [{type: number, description: …, default: 1},
    /// {type: 'null'}]`, how OpenAI writes `temperature`); the part of an `allOf` that documents
    /// the reference it wraps (`allOf: [{$ref: Scope}, {description: …}]`, a property's own
    /// words about a shared type); otherwise the schema.
    func documentedSchema(_ schema: Schema) -> Schema {
        guard schema.title == nil, schema.description == nil, schema.defaultValue == nil, schema.properties.isEmpty
        else { return schema }
        if schema.singleAllOfPart != nil,
            let annotating = schema.allOf.first(where: {
                ($0.isAnnotationOnly || $0.isScalarTypeRestatement)
                    && ($0.description != nil || $0.title != nil || $0.defaultValue != nil)
            })
        {
            return annotating
        }
        let alternatives = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        guard alternatives.count == 1, schema.oneOf.count + schema.anyOf.count > 1 else { return schema }
        return alternatives[0]
    }

    // MARK: Enums

    /// An open enum of the schema's string or integer values. Case names come from the
    /// values (`in_progress` → `inProgress`), or from `x-enum-varnames` when the spec gives
    /// them, which is how specs name integer values (`200` alone makes a poor name).
    ///
    /// - Parameters:
    ///   - caseDocLines: Each value's doc comment lines, by the value's offset (a `oneOf` of
    ///     documented constants has them); none by default.
    ///   - takesAnyString: Whether the API takes any other string too (see
    ///     ``TypeDeclaration/Enumeration/takesAnyString``).
    func enumDeclaration(
        for schema: Schema, name: String, caseDocLines: [[String]] = [], takesAnyString: Bool = false
    ) -> TypeDeclaration {
        let values = schema.enumValues ?? schema.constValue.map { [$0] } ?? []
        let decodesByLookup = values.count > TypeDeclaration.Enumeration.switchLimit
        var names = MemberNameRegistry(
            reserving: Set(
                ["unknown", "init", "rawValue"] + (decodesByLookup ? ["casesByRawValue", "knownCases"] : [])))
        let rawType = enumRawType(schema) ?? .string
        var seen: Set<String> = []
        var cases: [TypeDeclaration.Enumeration.Case] = []
        let givenNames = schema.enumVariableNames
        let spellsSigns = rawType != .int && signsTellApart(values.compactMap(\.string))
        let spellsPoints = rawType != .int && pointsTellApart(values.compactMap(\.string))
        let letterCaseWords = rawType == .int ? [:] : self.letterCaseWords(values.compactMap(\.string))
        for (offset, value) in values.enumerated() {
            let text: String
            var candidate: String
            if rawType == .int {
                guard case .number(let number) = value.value, let integer = Int(number) else { continue }
                text = String(integer)
                candidate = integer < 0 ? "minus\(integer.magnitude)" : "value\(integer)"
            } else {
                guard let string = value.string else { continue }
                text = string
                // Text with no words (`-`) is named `value`, as the word `value` is; the empty
                // text is `empty`.
                // A version (`1.0`, `2.0.1`) says its points: `_10` reads as ten.
                let spelled = spellsPoints || Self.isVersion(text) ? Naming.spellingOutPoints(text) : text
                let name = spellsSigns ? Naming.memberName(signed: spelled) : memberName(spelled)
                candidate = name == Naming.memberName("") ? (text.isEmpty ? "empty" : "value") : name
                candidate += letterCaseWords[text] ?? ""
            }
            guard seen.insert(text).inserted else {
                warning("duplicate enum value '\(text)' is ignored", at: value.location, in: schema)
                continue
            }
            if offset < givenNames.count, !Naming.words(givenNames[offset]).isEmpty {
                candidate = Naming.memberName(givenNames[offset])
            }
            candidate = Naming.unambiguousCaseName(candidate)
            let caseName =
                chosenMemberName(options.names.enumCases, kind: "enum-cases", typeName: name, key: text)
                .map { claimChosenMemberName($0, in: &names) } ?? names.claimRaw(candidate)
            cases.append(
                TypeDeclaration.Enumeration.Case(
                    name: caseName, value: text, docLines: offset < caseDocLines.count ? caseDocLines[offset] : []))
        }
        return typeDeclaration(
            name: name, docLines: docLines(for: schema), schema: schema,
            definition: .enumeration(
                TypeDeclaration.Enumeration(
                    rawType: rawType, cases: cases, decodesByLookup: decodesByLookup,
                    takesAnyString: takesAnyString && rawType == .string)))
    }

    /// Whether some of an enum's values would get one name but for their signs (Stripe's time
    /// zones `Etc/GMT+1`, `Etc/GMT-1` and `Etc/GMT0`, Discord's filters `bot` and `-bot`): then
    /// every value's signs are words (`etcGmtPlus1`, `etcGmtMinus1`, `etcGmt0`; `minusBot`),
    /// rather than the names being numbered in the spec's order (`etcGmt1`, `etcGmt13`;
    /// `bot2`), which reads as another value or the same one.
    private func signsTellApart(_ values: [String]) -> Bool {
        let signs: Set<UInt8> = [UInt8(ascii: "+"), UInt8(ascii: "-")]
        guard values.contains(where: { $0.utf8.contains(where: signs.contains) }) else { return false }
        return tellApart(values) { Naming.memberName(signed: $0) }
    }

    /// Whether two of `values` are named alike only because a point between digits is left
    /// out (Jira's `1.1` and `11`, both `_11`): then every point between digits is spelled out
    /// (`_1Dot1`).
    private func pointsTellApart(_ values: [String]) -> Bool {
        guard values.contains(where: { $0.utf8.contains(UInt8(ascii: ".")) }) else { return false }
        return tellApart(values, by: Naming.spellingOutPoints)
    }

    /// Whether two of `values` that get one name are told apart by `spelling`.
    private func tellApart(_ values: [String], by spelling: (String) -> String) -> Bool {
        var firstByName: [String: String] = [:]
        for text in values {
            let name = memberName(text)
            guard let other = firstByName[name] else {
                firstByName[name] = text
                continue
            }
            if spelling(text) != spelling(other) { return true }
        }
        return false
    }

    /// Whether `text` is a version number: digits with points between them (`1.0`, `2.0.1`).
    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count > 1
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// For enum values that differ from another value only in letter case (GitHub's SCIM
    /// operations `add` and `Add`, `remove` and `Remove`), the word that tells each apart, by
    /// the value: `Capitalized` for `Add`, `Uppercased` for `ADD`, none for the lower-case value
    /// (or the first, when none is lower case). Without them the names would be numbered in
    /// the spec's order (`add`, `add2`), which says nothing about which is which. A value
    /// capitalized some other way (`aDd`) is numbered as before.
    private func letterCaseWords(_ values: [String]) -> [String: String] {
        var textsByName: [String: [String]] = [:]
        for text in values where !text.isEmpty { textsByName[memberName(text), default: []].append(text) }
        var words: [String: String] = [:]
        for texts in textsByName.values where texts.count > 1 {
            // The document loader has dropped repeated values, so the texts differ.
            guard Set(texts.map { $0.lowercased() }).count == 1 else { continue }
            let plain = texts.first { $0 == $0.lowercased() } ?? texts[0]
            for text in texts where text != plain {
                if text == text.uppercased() {
                    words[text] = "Uppercased"
                } else if text == text.prefix(1).uppercased() + text.dropFirst().lowercased() {
                    words[text] = "Capitalized"
                }
            }
        }
        return words
    }

    // MARK: Shared

    /// Whether `null` is a valid value, however the spec says so: the document folded every
    /// spelling into ``Schema/acceptsNull``. A required property that may be null is optional
    /// in Swift, or decoding the `null` would fail.
    func isNullable(_ schema: Schema) -> Bool { schema.acceptsNull }

    /// `public init(id: Int, name: String) {`, or one parameter per line when that is too long.
    func initDeclarationLines(_ parameters: [InitParameter]) -> [String] {
        ModelPresentation.initDeclarationLines(parameters, access: access)
    }

    func docLines(for schema: Schema) -> [String] {
        var paragraphs: [String?] = []
        if let title = schema.title, title != schema.description, !Self.isIdentifier(title) {
            paragraphs.append(title)
        }
        paragraphs.append(schema.description)
        return SwiftSourceText.docLines(paragraphs)
    }

    /// Whether a title is a name only (Stripe's `AccountBrandingSettings`,
    /// `verification_session_redaction`, GitHub's `Issue`): one word of letters, digits, `_`,
    /// `-` and `.`, which the type's own name already says.
    static func isIdentifier(_ title: String) -> Bool {
        !title.isEmpty
            && title.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-"
                    || $0 == "."
            }
    }

    /// A declaration of the type `name`, in its file, with its doc comment.
    func typeDeclaration(
        name: String, docLines: [String], schema: Schema, definition: TypeDeclaration.Definition
    ) -> TypeDeclaration {
        TypeDeclaration(
            name: name, fileName: files.modelFile(name),
            // A deprecated type is still used by other generated types, which would each warn if
            // it carried `@available(*, deprecated)`; the doc comment says it instead.
            docLines: schema.deprecated
                ? docLines + (docLines.isEmpty ? [] : ["///"]) + ["/// \(Self.deprecationNote)"] : docLines,
            definition: definition, place: SpecPlace(file: schema.file ?? document.file, location: schema.location))
    }
}

/// Finding a run of bytes in spec text of any length, in time linear in both (Knuth, Morris and
/// Pratt's search).
enum ByteSearch {
    /// Where `pattern` (not empty) first occurs in `text` at an offset `accepts` takes, as an
    /// offset into `text`; nil when it does not.
    static func firstMatch(
        of pattern: [UInt8], in text: some Sequence<UInt8>, where accepts: (Int) -> Bool
    ) -> Int? {
        // `fallback[i]`: the length of the longest proper prefix of `pattern[...i]` that is
        // also its suffix.
        var fallback = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in pattern.indices.dropFirst() {
            while length > 0, pattern[index] != pattern[length] { length = fallback[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            fallback[index] = length
        }
        var matched = 0
        for (offset, byte) in text.enumerated() {
            while matched > 0, byte != pattern[matched] { matched = fallback[matched - 1] }
            if byte == pattern[matched] { matched += 1 }
            if matched == pattern.count {
                if accepts(offset + 1 - pattern.count) { return offset + 1 - pattern.count }
                matched = fallback[matched - 1]
            }
        }
        return nil
    }
}

extension String {
    /// Whether `part` occurs in the string, compared byte by byte (see
    /// ``firstUTF8Offset(of:)``).
    func containsBytes(of part: String) -> Bool {
        firstUTF8Offset(of: part) != nil
    }

    /// Where `part` first occurs in the string, as an offset into its UTF-8 bytes; nil when it
    /// does not. Found in time linear in both lengths (Knuth, Morris and Pratt's search), as
    /// both may be spec text of any length: Foundation's `range(of:)` and a byte-by-byte
    /// comparison at each offset take their product (a 600 KB spec's operation ID and path,
    /// hundreds of seconds).
    func firstUTF8Offset(of part: String) -> Int? {
        let pattern = Array(part.utf8)
        guard !pattern.isEmpty else { return 0 }
        return ByteSearch.firstMatch(of: pattern, in: utf8) { _ in true }
    }

    var trimmingBackticks: String {
        hasPrefix("`") ? String(dropFirst().dropLast()) : self
    }
}

/// What the object parts of an `allOf` add up to: properties in the order first met, each with
/// the schema last given it; required names in the order first met; the first description of
/// an inline part.
struct AllOfContribution {
    private(set) var properties: [Schema.Property] = []
    private(set) var required: [String] = []
    private(set) var description: String?
    /// What the parts say of the object's other members: see ``allowOtherMembers(_:)``.
    private(set) var additionalProperties: Schema.AdditionalProperties?
    /// The parts that are `oneOf`/`anyOf` values of the same object, in order.
    private(set) var embedded: [Schema] = []
    private var embeddedParts: Set<ObjectIdentifier> = []
    private var embeddedNames: Set<String> = []
    /// Where each property's name is in ``properties``, and the names in ``required``: merging
    /// a part costs its own size, not the size of what it is merged into.
    private var propertyIndex: [String: Int] = [:]
    private var requiredNames: Set<String> = []

    mutating func merge(properties added: [Schema.Property], required addedRequired: [String]) {
        for property in added {
            if let index = propertyIndex[property.name] {
                if !Self.narrows(properties[index].schema, property.schema) { properties[index] = property }
            } else {
                propertyIndex[property.name] = properties.count
                properties.append(property)
            }
        }
        for name in addedRequired where requiredNames.insert(name).inserted {
            required.append(name)
        }
    }

    /// Whether `kept` says all that `added` says of a value and more: it lists the values
    /// (`type: {enum: [SECTION]}`) where `added` is a plain value of the same type
    /// (`type: {type: string}`). Every part of an `allOf` applies, so the value is the listed
    /// one even when a later part declares it plainly: Figma's 28 nodes pin `type` in their own
    /// part, then list a trait that declares it a string, and were `type: String` with no
    /// default.
    static func narrows(_ kept: Schema, _ added: Schema) -> Bool {
        guard kept.enumValues != nil || kept.constValue != nil,
            added.referencedName == nil, added.enumValues == nil, added.constValue == nil,
            added.properties.isEmpty, added.oneOf.isEmpty, added.anyOf.isEmpty, added.allOf.isEmpty
        else { return false }
        return added.types.isEmpty || added.types == kept.types
    }

    mutating func merge(_ other: AllOfContribution) {
        merge(properties: other.properties, required: other.required)
        describe(other.description)
        allowOtherMembers(other.additionalProperties)
        for part in other.embedded { embed(part) }
    }

    /// Adds a part that is a `oneOf`/`anyOf` value of the same object, once however many
    /// paths reach it.
    mutating func embed(_ part: Schema) {
        let isNew =
            if let name = part.referencedName {
                embeddedNames.insert(name).inserted
            } else {
                embeddedParts.insert(ObjectIdentifier(part)).inserted
            }
        if isNew { embedded.append(part) }
    }

    /// Records what a part says of the object's other members. A part that allows them
    /// (`additionalProperties: true`, Bitbucket's every object) or types them keeps them in
    /// the merged struct; the first part that types them decides their type. A part's
    /// `false` is not kept: it would forbid the other parts' properties, which no spec means.
    mutating func allowOtherMembers(_ allowed: Schema.AdditionalProperties?) {
        switch (additionalProperties, allowed) {
        case (.schema, _), (_, nil), (_, .allowed(false)): break
        case (_, .schema), (nil, .allowed(true)): additionalProperties = allowed
        case (.allowed, .allowed(true)): break
        }
    }

    mutating func describe(_ text: String?) {
        if description == nil { description = text }
    }
}

/// The `allOf` merging of one build: each part's contribution, merged once, and how many
/// properties the merged structs and the parts' contributions hold.
///
/// Merging copies a part's properties into every schema that includes it, so a short spec can
/// ask for a great many: 1 000 schemas, each adding one property to the next one's, make half a
/// million. Real specs stay far below ``propertyLimit`` (Stripe's whole client has about
/// 10 000 properties, GitHub's and OpenAI's fewer) and ``depthLimit``, so a spec that passes
/// either is refused with an error rather than generated for minutes into hundreds of
/// megabytes, or walked deeper than the stack allows.
struct AllOfMerging {
    /// The most properties the structs merged from `allOf`s may hold together, and the most
    /// the parts' contributions may.
    static let propertyLimit = 200_000
    /// The most parts a walk through `allOf`s that include each other may be inside at once.
    static let depthLimit = 256

    /// Each part's contribution by the part's identity; nil for a part that is no object or
    /// reaches a cycle.
    var contributions: [SchemaKey: AllOfContribution?] = [:]
    private var structProperties = 0
    private var partProperties = 0
    /// The limit the spec passed, if it did; nothing more is merged then.
    private(set) var passedLimit: Limit?
    var isOverLimit: Bool { passedLimit != nil }
    /// Whether the error about the limits has been reported; it is reported once.
    var isReported = false

    enum Limit {
        /// ``AllOfMerging/propertyLimit``.
        case properties
        /// ``AllOfMerging/depthLimit``.
        case depth
    }

    /// Counts the properties of a merged struct; false once they pass ``propertyLimit``.
    mutating func countStruct(_ properties: Int) -> Bool {
        structProperties += properties
        return check(structProperties)
    }

    /// Counts the properties of a part's contribution; false once they pass ``propertyLimit``.
    mutating func countPart(_ properties: Int) -> Bool {
        partProperties += properties
        return check(partProperties)
    }

    /// Notes a total past ``propertyLimit``; false once any limit is passed.
    private mutating func check(_ total: Int) -> Bool {
        if total > Self.propertyLimit { passedLimit = passedLimit ?? .properties }
        return !isOverLimit
    }

    /// Notes that the parts are nested deeper than ``depthLimit``.
    mutating func passDepthLimit() { passedLimit = passedLimit ?? .depth }
}

extension ModelBuilder {
    /// The error of a spec whose `allOf`s pass a limit of ``AllOfMerging``, at the schema whose
    /// merging passed it; once per build.
    fileprivate func reportAllOfLimit(at location: SourceLocation?) {
        guard !allOfMerging.isReported, let limit = allOfMerging.passedLimit else { return }
        allOfMerging.isReported = true
        let message =
            switch limit {
            case .properties:
                "the allOf parts of this spec merge into more than \(AllOfMerging.propertyLimit) properties; a spec this size is refused"
            case .depth:
                "allOf parts include each other more than \(AllOfMerging.depthLimit) deep; a spec this deep is refused"
            }
        record(.error(message, file: document.file, at: location))
    }
}
