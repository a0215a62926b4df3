import MusubiDocument
import MusubiReader

/// `oneOf` and `anyOf`: a value of one of several shapes.
///
/// A `oneOf` becomes an enum with one case per alternative. With a discriminator whose
/// alternatives are all named schemas, decoding reads the discriminator property and decodes
/// the alternative it names (an unknown name becomes `unknown(JSONValue)`, so a new variant on
/// the server does not break old clients). Without one, when every alternative requires a
/// property pinned to values of its own, that property is the discriminator; otherwise the
/// alternatives are tried in the order the spec lists them and the first that decodes wins.
///
/// An `anyOf` value may match several alternatives at once, so it becomes a struct with one
/// optional property per alternative, each set when the value decodes as it. It encodes as the
/// first alternative that is set. An `anyOf` that no value can match twice becomes an enum as a
/// `oneOf`: one with a tag (a discriminator, or a property every alternative requires and pins
/// to values of its own: OpenAI's stream events, Discord's interaction responses), and one whose
/// alternatives are different kinds of value (a string or an integer).
///
/// Alternatives that are all strings (`anyOf: [string, enum: [a, b]]`, common for "one of these
/// values, or any other") become one open enum, whose `unknown` case already holds any other
/// string. When one alternative takes any string, the enum is also written as a string literal
/// (`model: "ft:gpt-4o:acme"`, Elastic's `timeout: "30s"`): such a value is one the API takes,
/// not one it did not know of.
extension ModelBuilder {
    /// The alternatives of a `oneOf` or `anyOf` that make a type of its own: at least two
    /// besides `null`, and nothing else in the schema that would need a struct.
    func compositionAlternatives(_ schema: Schema) -> [Schema]? {
        guard schema.properties.isEmpty, schema.allOf.isEmpty, emptyStringUnion(schema) == nil else { return nil }
        let alternatives = Self.distinct((schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf).filter { !$0.isNullOnly })
        // Alternatives that only annotate a scalar the schema itself types (Lob's `SendDate`,
        // a string with `anyOf: [{format: date-time}, {format: date}]`) are that scalar.
        if !schema.types.isEmpty, schema.types.allSatisfy(Schema.scalarTypes.contains),
            alternatives.allSatisfy(\.isAnnotationOnly)
        {
            return nil
        }
        return alternatives.count >= 2 ? alternatives : nil
    }

    /// `alternatives` without a plain scalar one that an earlier one already is: Elastic's
    /// field values, `oneOf: [number, number, string, boolean, {type: string, nullable:
    /// true}]`, are a number, a string or a boolean (or null, which the union's own
    /// null-ness says), not two cases of each that decoding could never tell apart.
    /// A named schema listed again is left out too (``withoutRepeatedReferences(_:)``).
    static func distinct(_ alternatives: [Schema]) -> [Schema] {
        guard alternatives.count > 1 else { return alternatives }
        var seen: Set<[String]> = []
        return withoutRepeatedReferences(alternatives).filter { alternative in
            guard alternative.isScalarTypeRestatement else { return true }
            let key = alternative.types.filter { $0 != "null" }.sorted() + [alternative.format ?? ""]
            return seen.insert(key).inserted
        }
    }

    // MARK: A value or the empty string

    /// What a union of a value and the empty string is in Swift: Stripe writes "a value, or
    /// `""` to clear it" as `anyOf: [{…}, {type: string, enum: [""]}]`, for strings, objects,
    /// dictionaries, arrays and numbers alike.
    enum EmptyStringUnion {
        /// The other alternative is any string: `""` is one already, so the union is that
        /// string's type.
        case string(Schema)
        /// The other alternatives are something else: `OrEmpty<Value>`, of the one other
        /// alternative's type or of a union of them.
        case orEmpty([Schema])
    }

    /// The union `schema` is when it is a value or the empty string; nil for any other schema,
    /// and for strings that list their values (`anyOf: [{enum: [a, b]}, {enum: [""]}]`), which
    /// stay one open enum with an `empty` case.
    func emptyStringUnion(_ schema: Schema) -> EmptyStringUnion? {
        guard schema.properties.isEmpty, schema.allOf.isEmpty else { return nil }
        let alternatives = (schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf).filter { !$0.isNullOnly }
        let others = alternatives.filter { !isEmptyStringOnly($0) }
        guard alternatives.count >= 2, !others.isEmpty, others.count < alternatives.count else { return nil }
        if others.count == 1, isAnyString(others[0]) { return .string(others[0]) }
        if stringUnion(of: alternatives) != nil { return nil }
        return .orEmpty(others)
    }

    /// The Swift type of a union of a value and the empty string, declaring the union of the
    /// other alternatives (under `suggestedName`) when there are several.
    func emptyStringUnionType(
        _ union: EmptyStringUnion, of schema: Schema, suggestedName: String, partsName: String?
    ) -> SwiftType {
        switch union {
        case .string(let string):
            return swiftType(for: string, suggestedName: suggestedName, partsName: partsName)
        case .orEmpty(let others) where others.count == 1:
            // Named as the union's alternative would be: by its title when it has one.
            let other = others[0]
            let name =
                other.title.flatMap { title in
                    Naming.words(title).isEmpty ? nil : titleName(Naming.typeName(title), in: suggestedName)
                } ?? suggestedName
            return .generic("OrEmpty", [swiftType(for: other, suggestedName: name, partsName: partsName)])
        case .orEmpty(let others):
            // One schema for the other alternatives, made once per union so that the union
            // reached again is the type declared the first time.
            let id = SchemaKey(schema)
            let rest =
                catalog.emptyStringRests[id]
                ?? Schema(
                    oneOf: schema.oneOf.isEmpty ? [] : others, anyOf: schema.oneOf.isEmpty ? others : [],
                    discriminator: schema.discriminator, location: schema.location)
            catalog.emptyStringRests[id] = rest
            return .generic("OrEmpty", [swiftType(for: rest, suggestedName: suggestedName, partsName: partsName)])
        }
    }

    /// `{type: string, enum: [""]}` or `{const: ""}`: a string that can only be empty.
    private func isEmptyStringOnly(_ schema: Schema) -> Bool {
        guard schema.referencedName == nil, schema.properties.isEmpty,
            schema.types.isEmpty || schema.types == ["string"]
        else { return false }
        if let constant = schema.constValue { return constant.string == "" }
        guard let listed = schema.enumValues?.filter({ !$0.isNull }) else { return false }
        return listed.count == 1 && listed[0].string == ""
    }

    /// An inline string that takes any text: no values listed, no format that makes it
    /// another type (a date, a URL).
    private func isAnyString(_ schema: Schema) -> Bool {
        schema.referencedName == nil && schema.types == ["string"] && schema.enumValues == nil
            && schema.constValue == nil && schema.oneOf.isEmpty && schema.anyOf.isEmpty && schema.allOf.isEmpty
            && stringType(format: schema.format) == "String"
    }

    /// Declares the type for a composition named `name`.
    func declareComposition(_ schema: Schema, alternatives listed: [Schema], name: String) {
        // An alternative that is the composition itself (`Tree: {oneOf: [$ref Tree, …]}`)
        // adds no value, and decoding it would try the same alternatives again forever.
        let alternatives = listed.filter { alternative in
            guard isReference(alternative, to: name) else { return true }
            warning(
                "'\(name)' lists itself among its alternatives; that alternative could never decode a value "
                    + "and is left out",
                at: alternative.location, in: alternative)
            return false
        }
        guard !alternatives.isEmpty else {
            catalog.declare(
                typeDeclaration(
                    name: name, docLines: docLines(for: schema), schema: schema, definition: .alias(.jsonValue)))
            return
        }
        if let constants = documentedIntegers(alternatives) {
            let merged = Schema(
                types: ["integer"], title: schema.title, description: schema.description,
                enumValues: constants.map(\.value), enumVariableNames: constants.compactMap(\.title),
                deprecated: schema.deprecated, location: schema.location)
            catalog.declare(
                enumDeclaration(
                    for: merged, name: name,
                    caseDocLines: constants.map { SwiftSourceText.docLines([$0.description]) }))
            return
        }
        if let union = stringUnion(of: alternatives) {
            let merged = Schema(
                types: ["string"], title: schema.title, description: schema.description,
                enumValues: union.values, deprecated: schema.deprecated, location: schema.location)
            catalog.declare(enumDeclaration(for: merged, name: name, takesAnyString: union.takesAnyString))
            return
        }
        // An `anyOf` that no value can match twice is one value all the same, an enum like a
        // `oneOf`'s: a tag picks the alternative (a discriminator, or a property each requires
        // and pins to values of its own), or each is a different kind of value.
        let isAnyOf =
            schema.oneOf.isEmpty && !hasDistinctKinds(alternatives)
            && alternativeTag(schema, alternatives: alternatives) == nil
        if isAnyOf {
            catalog.declare(anyOfDeclaration(for: schema, alternatives: alternatives, name: name))
        } else {
            catalog.declare(oneOfDeclaration(for: schema, alternatives: alternatives, name: name))
        }
    }

    /// Whether no value can match two of the alternatives because each is a different kind of
    /// scalar or array (FastAPI's `anyOf: [{type: string}, {type: integer}]`, Mistral's
    /// `anyOf: [string, number, integer, boolean]`): such an `anyOf` is one of them, an enum
    /// like a `oneOf`'s, where a struct of optionals would say that several could be set at
    /// once. An integer is a number too, but the enum decodes an integer first (see
    /// ``decodingOrder(of:)``), so the two count as different kinds. Objects are left to the
    /// struct: two of them can match one value, and an ID beside an object is read through it.
    private func hasDistinctKinds(_ alternatives: [Schema]) -> Bool {
        var seen: Set<JSONKind> = []
        for alternative in alternatives {
            guard let kinds = jsonKinds(of: alternative), !kinds.isEmpty, seen.isDisjoint(with: kinds) else {
                return false
            }
            seen.formUnion(kinds)
        }
        return true
    }

    /// The kinds of JSON value a scalar or array schema allows (named schemas followed), the
    /// kinds of its listed values when it has no `type`; nil for objects, compositions, types
    /// the user supplies, and a schema that does not say.
    private func jsonKinds(of alternative: Schema) -> Set<JSONKind>? {
        // A named schema's kinds are found once: its enum may list many values, and many
        // unions (or one union many times) may list it.
        guard let name = alternative.referencedName else { return ownJSONKinds(of: alternative) }
        if let known = jsonKindsByName[name] { return known }
        let kinds = ownJSONKinds(of: alternative)
        jsonKindsByName[name] = .some(kinds)
        return kinds
    }

    private func ownJSONKinds(of alternative: Schema) -> Set<JSONKind>? {
        var schema = alternative
        for _ in 0..<32 {
            guard let name = schema.referencedName else { break }
            guard catalog.suppliedComponentTypes[name] == nil, let target = catalog.componentSchemas[name] else {
                return nil
            }
            schema = target
        }
        guard schema.referencedName == nil, schema.properties.isEmpty, schema.allOf.isEmpty,
            schema.oneOf.isEmpty, schema.anyOf.isEmpty, schema.additionalProperties == nil
        else { return nil }
        if !schema.types.isEmpty {
            var kinds: Set<JSONKind> = []
            for type in schema.types where type != "null" {
                guard let kind = JSONKind(rawValue: type) else { return nil }
                kinds.insert(kind)
            }
            return kinds
        }
        guard let values = schema.enumValues ?? schema.constValue.map({ [$0] }) else {
            return schema.items == nil ? nil : [.array]
        }
        var kinds: Set<JSONKind> = []
        for value in values where !value.isNull {
            switch value.value {
            case .string: kinds.insert(.string)
            case .bool: kinds.insert(.boolean)
            case .number: kinds.insert(value.int == nil ? .number : .integer)
            default: return nil
            }
        }
        return kinds
    }

    /// A kind of JSON value, as a schema's `type` names it.
    enum JSONKind: String {
        case string, integer, number, boolean, array, object
    }

    /// The order a `oneOf` without a tag tries its alternatives in: the spec's, except that an
    /// alternative that takes only some of the values of an earlier one that takes them all is
    /// tried before it, as that one would otherwise take them too:
    ///
    /// - integers before the first alternative that takes any number (`oneOf: [number,
    ///   integer]` never decoded an integer);
    /// - strings of a format that makes them another type (a date, a UUID) before the first
    ///   alternative that takes any string, a plain string or an open enum of strings (Box's
    ///   `oneOf: [{enum: [none]}, {format: date-time}]` read every date as the enum's unknown
    ///   value).
    private func decodingOrder(of alternatives: [Schema]) -> [Int] {
        let kinds = alternatives.map(jsonKinds(of:))
        var order = Array(alternatives.indices)
        if let firstNumber = kinds.firstIndex(where: { $0?.contains(.number) == true }) {
            let isInteger = kinds.indices.map { $0 > firstNumber && kinds[$0] == [.integer] }
            order = trying(order, first: isInteger, from: firstNumber)
        }
        let isAnyString = alternatives.indices.map { kinds[$0] == [.string] && takesAnyString(alternatives[$0]) }
        if let firstAnyString = order.firstIndex(where: { isAnyString[$0] }) {
            let isNarrower = order.indices.map { place in
                let offset = order[place]
                return place > firstAnyString && kinds[offset] == [.string] && !isAnyString[offset]
            }
            order = trying(order, first: isNarrower, from: firstAnyString)
        }
        return order
    }

    /// `order` with the places `moved` marks, all after `place`, moved before it, each group
    /// in its own order.
    private func trying(_ order: [Int], first moved: [Bool], from place: Int) -> [Int] {
        guard moved.contains(true) else { return order }
        let movedOffsets = order.indices.filter { moved[$0] }.map { order[$0] }
        let rest = order.indices.filter { $0 >= place && !moved[$0] }.map { order[$0] }
        return Array(order[0..<place]) + movedOffsets + rest
    }

    /// Whether a string alternative decodes from any string: it has no format that makes it
    /// another type, or it lists values (an open enum, which keeps any other as its unknown
    /// value). Named schemas are followed.
    private func takesAnyString(_ alternative: Schema) -> Bool {
        var schema = alternative
        for _ in 0..<32 {
            guard let name = schema.referencedName, let target = catalog.componentSchemas[name] else { break }
            schema = target
        }
        if schema.enumValues != nil || schema.constValue != nil { return true }
        return stringType(format: schema.format) == "String"
    }

    /// One constant of a `oneOf` of constants, with what documents it.
    typealias DocumentedConstant = (value: DocumentValue.Located, title: String?, description: String?)

    /// The constants of alternatives that are all inline integer constants, how JSON Schema
    /// 2020-12 documents an integer enum (Discord's `{type: integer, oneOf: [{title: SUB_COMMAND,
    /// const: 1, description: …}, …]}`): one open enum, its cases named from the titles when
    /// every constant has one (else from the values) and documented with the descriptions. Made
    /// into a union instead, each constant was a one-value enum of its own.
    func documentedIntegers(_ alternatives: [Schema]) -> [DocumentedConstant]? {
        var constants: [DocumentedConstant] = []
        for alternative in alternatives {
            guard alternative.referencedName == nil, alternative.types.isEmpty || alternative.types == ["integer"],
                alternative.properties.isEmpty, alternative.oneOf.isEmpty, alternative.anyOf.isEmpty
            else { return nil }
            let value = alternative.constValue ?? alternative.enumValues.flatMap { $0.count == 1 ? $0[0] : nil }
            guard let value, case .number(let text) = value.value, Int(text) != nil else { return nil }
            constants.append((value, alternative.title, alternative.description))
        }
        guard constants.allSatisfy({ $0.title != nil }) else {
            return constants.map { ($0.value, nil, $0.description) }
        }
        return constants
    }

    /// What a union of strings is: the values it lists, and whether it takes any other string.
    struct StringUnion {
        /// Every listed value, once, in the order the alternatives list them.
        var values: [DocumentValue.Located]
        /// Whether an alternative is any string (no values, no format that makes it another
        /// type), directly or in a union of strings it refers to.
        var takesAnyString: Bool
    }

    /// The union of alternatives that are all strings, at least one of them with listed
    /// values; nil otherwise. An alternative may be a named string enum, or a union of strings
    /// itself: OpenAI's `model` is `anyOf: [$ref: ModelIdsShared, {enum: [o1-pro, …]}]`, one
    /// open enum of every model rather than a struct of two, both set for every shared model
    /// (one of them `unknown`).
    ///
    /// Each named schema counts once however often the alternatives list it
    /// (``withoutRepeatedReferences(_:)``), and every value read counts towards
    /// ``stringUnionValueLimit``.
    func stringUnion(of alternatives: [Schema], depth: Int = 0) -> StringUnion? {
        var values: [DocumentValue.Located] = []
        var seen: Set<String> = []
        var listsValues = false
        var takesAnyString = false
        func add(_ value: DocumentValue.Located) {
            if seen.insert(value.string!).inserted { values.append(value) }
        }
        for alternative in Self.withoutRepeatedReferences(alternatives) {
            if let name = alternative.referencedName {
                guard let referenced = referencedStringUnion(name, depth: depth + 1),
                    countStringUnionValues(referenced.values.count, at: alternative)
                else { return nil }
                referenced.values.forEach(add)
                takesAnyString = takesAnyString || referenced.takesAnyString
                listsValues = true
                continue
            }
            guard alternative.types == ["string"] || alternative.constValue?.string != nil
            else { return nil }
            if let constant = alternative.constValue {
                guard constant.string != nil else { return nil }
                add(constant)
                listsValues = true
            } else if let listed = alternative.enumValues {
                guard listed.allSatisfy({ $0.string != nil || $0.isNull }),
                    countStringUnionValues(listed.count, at: alternative)
                else { return nil }
                listed.filter { $0.string != nil }.forEach(add)
                listsValues = true
            } else if stringType(format: alternative.format) != "String" {
                // `string` with a format that makes it another type (a date, a UUID) is that
                // type, not an other value; one that does not (`int32` on Box's string of
                // digits, `email`) is any other string.
                return nil
            } else {
                takesAnyString = true
            }
        }
        guard listsValues else { return nil }
        return StringUnion(values: values, takesAnyString: takesAnyString)
    }

    /// The most values the unions of strings of one build may read together, about a hundred
    /// times what real specs' do (OpenAI's model lists, read by every union that lists them, are
    /// the most). Each value read becomes a case of an enum; unions that list the same large
    /// enums, or each other, would otherwise make a short spec declare cases for minutes.
    static let stringUnionValueLimit = 200_000

    /// Counts `count` values read by a union of strings; false, with an error at `alternative`
    /// the first time, once the build has read more than ``stringUnionValueLimit``.
    private func countStringUnionValues(_ count: Int, at alternative: Schema) -> Bool {
        stringUnionValueCount += count
        guard stringUnionValueCount > Self.stringUnionValueLimit else { return true }
        if !isStringUnionLimitReported {
            isStringUnionLimitReported = true
            record(
                .error(
                    "the unions of strings of this spec list more than \(Self.stringUnionValueLimit) values "
                        + "together; a spec this size is refused",
                    file: alternative.file ?? document.file, at: alternative.location))
        }
        return false
    }

    /// The component schema `name` as a union of strings when it is a string enum, or a union
    /// of strings that lists some (``stringUnion(of:depth:)``); nil for any other schema. Found
    /// once per schema, and nil for one met again while its own values are being found, or
    /// more than ``maximumStringUnionDepth`` unions deep (a hostile chain of 40 000 unions each
    /// listing the next would otherwise exhaust the stack).
    private func referencedStringUnion(_ name: String, depth: Int) -> StringUnion? {
        if let known = stringUnions[name] { return known }
        guard depth <= Self.maximumStringUnionDepth else { return nil }
        stringUnions[name] = .some(nil)
        var union: StringUnion?
        if catalog.suppliedComponentTypes[name] == nil, let schema = catalog.componentSchemas[name],
            schema.referencedName == nil, schema.properties.isEmpty, schema.allOf.isEmpty
        {
            if schema.types == ["string"], let listed = schema.enumValues, schema.oneOf.isEmpty, schema.anyOf.isEmpty {
                let strings = listed.filter { $0.string != nil }
                if strings.count == listed.filter({ !$0.isNull }).count, !strings.isEmpty {
                    union = StringUnion(values: strings, takesAnyString: false)
                }
            } else if let alternatives = compositionAlternatives(schema) {
                union = stringUnion(of: alternatives, depth: depth)
            }
        }
        stringUnions[name] = .some(union)
        return union
    }

    /// How many named unions of strings deep ``stringUnion(of:depth:)`` looks.
    static let maximumStringUnionDepth = 16

    /// Whether the schema is a reference to the type `name`, directly or through aliases.
    private func isReference(_ schema: Schema, to name: String) -> Bool {
        guard var type = schema.referencedName.flatMap({ catalog.componentTypeNames[$0] }) else { return false }
        for _ in 0..<32 {
            if type == name { return true }
            guard let aliased = catalog.aliases[type]?.nonOptional.name else { return false }
            type = aliased
        }
        return false
    }

    // MARK: oneOf

    private func oneOfDeclaration(for schema: Schema, alternatives listed: [Schema], name: String) -> TypeDeclaration {
        var names = MemberNameRegistry(reserving: ["unknown", "init", "alternativeShapes"])
        let tag = alternativeTag(schema, alternatives: listed)
        let alternatives = tag == nil ? decodingOrder(of: listed).map { listed[$0] } : listed
        var declarations: [TypeDeclaration.Alternative] = []
        let counts = PropertyCounts(alternatives.map(propertySchema(of:)), pinnedText: pinnedText(of:))
        for (offset, alternative) in alternatives.enumerated() {
            let suggested = inlineAlternativeName(alternative, offset: offset, counts: counts, in: name)
            let type = swiftType(for: alternative, suggestedName: suggested)
            noteTitle(of: alternative)
            let member =
                tagMemberName(tag?.values[offset], type: type)
                ?? alternativeMemberName(alternative, type: type, suggested: suggested, in: name)
            declarations.append(
                TypeDeclaration.Alternative(
                    name: names.claimRaw(Naming.unambiguousCaseName(member)), type: type,
                    docLines: alternativeDocLines(alternative, type: type), tagValues: tag?.values[offset] ?? []))
        }
        if tag == nil {
            var lookup = AllowedValues(componentSchemas: catalog.componentSchemas)
            let shapes = Self.keepingTellingListings(alternatives.map { objectShape(of: $0, lookup: &lookup) })
            if shapes.count(where: { $0 != nil }) >= 2 {
                for offset in declarations.indices {
                    declarations[offset].shape = shapes[offset]
                    declarations[offset].isScalar = isScalar(declarations[offset].type)
                }
            }
        }
        let isParameterUnion = declarations.allSatisfy { isParameterValue($0.type) }
        if isParameterUnion { catalog.parameterValueUnions.insert(name) }
        return typeDeclaration(
            name: name, docLines: docLines(for: schema), schema: schema,
            definition: .oneOf(
                TypeDeclaration.OneOf(
                    alternatives: declarations,
                    tag: tag.map { TypeDeclaration.OneOf.Tag(property: $0.property, isInteger: $0.isInteger) },
                    isParameterValue: isParameterUnion)))
    }

    /// What an alternative that becomes a struct needs of a JSON object (see
    /// ``TypeDeclaration/ObjectShape``); nil for any other alternative, and for a type the user
    /// supplies, whose decoding the spec does not describe.
    private func objectShape(
        of alternative: Schema, lookup: inout AllowedValues, nested: Bool = true
    ) -> TypeDeclaration.ObjectShape? {
        if let referenced = alternative.referencedName, catalog.suppliedComponentTypes[referenced] != nil { return nil }
        guard let properties = lookup.objectProperties(of: alternative) else {
            return nested ? unionShape(of: alternative, lookup: &lookup) : nil
        }
        let required = Set(lookup.requiredNames(of: alternative))
        var shape = TypeDeclaration.ObjectShape()
        // Required members that may be `null`: a server may leave them out, so they are only
        // asked for when the alternative requires and pins nothing else; then the key must be there
        // (`"context": null` is a context query, `{"fusion": "rrf"}` is not), as otherwise
        // the alternative would match every object.
        var nullableRequired: [String] = []
        for property in properties {
            let schema = property.schema
            if required.contains(property.name), !schema.writeOnly {
                if isNullable(schema) {
                    nullableRequired.append(property.name)
                } else {
                    shape.required.append(property.name)
                }
            }
            guard !isNullable(schema), let pinned = Self.shapeValues(allowedBy: schema, lookup: &lookup) else {
                continue
            }
            if pinned.count == 1 {
                shape.pins.append(TypeDeclaration.ObjectShape.Pin(key: property.name, value: pinned[0]))
            } else {
                shape.lists.append(TypeDeclaration.ObjectShape.Listing(key: property.name, values: pinned))
            }
        }
        if shape.required.isEmpty, shape.pins.isEmpty, !nullableRequired.isEmpty {
            shape.required = nullableRequired
            shape.requiresNullable = true
        }
        if shape.required.isEmpty, shape.pins.isEmpty { shape.keys = properties.map(\.name) }
        return shape
    }

    /// The values a member's schema allows as a shape states them, when all are of one kind;
    /// nil otherwise. Remembered by the schema: subtypes that inherit one tag enum share one
    /// list of its values, not a copy each.
    private static func shapeValues(
        allowedBy schema: Schema, lookup: inout AllowedValues
    ) -> [TypeDeclaration.ObjectShape.PinnedValue]? {
        let key = SchemaKey(schema)
        if let known = lookup.shapeValues[key] { return known }
        var result: [TypeDeclaration.ObjectShape.PinnedValue]?
        if let values = lookup.values(allowedBy: schema), !values.isEmpty {
            let pinned = values.compactMap(Self.pinnedValue)
            let kinds = Set(
                pinned.map { value in
                    switch value {
                    case .string: 0
                    case .integer: 1
                    case .boolean: 2
                    }
                })
            if pinned.count == values.count, kinds.count == 1 { result = pinned }
        }
        lookup.shapeValues[key] = .some(result)
        return result
    }

    /// A member's allowed value as a shape states it; nil for a value of another kind (a number
    /// with a fraction, an object).
    private static func pinnedValue(_ value: DocumentValue.Located) -> TypeDeclaration.ObjectShape.PinnedValue? {
        switch value.value {
        case .string(let text): .string(text)
        case .bool(let flag): .boolean(flag)
        case .number where value.int != nil: .integer(value.int!)
        default: nil
        }
    }

    /// `shapes` with only the listed members that tell alternatives apart: those of a shape
    /// that pins nothing (a pinned member tells it apart already), which another shape lists
    /// or pins too, with values no two shapes share (Adyen's payment methods, each an optional
    /// `type` of its own values). A member that two alternatives list alike, or only one lists
    /// (Stripe's `status` of a dispute beside a payout's), is an open enum like any other, and
    /// must not rule a value out when the server adds a value.
    static func keepingTellingListings(_ shapes: [TypeDeclaration.ObjectShape?]) -> [TypeDeclaration.ObjectShape?] {
        var holders: [String: Int] = [:]
        var values: [String: Set<TypeDeclaration.ObjectShape.PinnedValue>] = [:]
        var shared: Set<String> = []
        for shape in shapes {
            guard let shape else { continue }
            // A member's values, by key: a listing's own array when it is all the shape says
            // of the member, so that alternatives sharing one list (an inherited tag enum) do
            // not each copy it.
            var own: [String: [TypeDeclaration.ObjectShape.PinnedValue]] = [:]
            for pin in shape.pins { own[pin.key, default: []].append(pin.value) }
            for listing in shape.lists {
                if let known = own[listing.key] {
                    own[listing.key] = known + listing.values
                } else {
                    own[listing.key] = listing.values
                }
            }
            for (key, listed) in own {
                holders[key, default: 0] += 1
                // A key shared once is shared: its values need no more reading.
                guard !shared.contains(key) else { continue }
                var seen: Set<TypeDeclaration.ObjectShape.PinnedValue> = []
                for value in listed where seen.insert(value).inserted {
                    guard values[key, default: []].insert(value).inserted else {
                        shared.insert(key)
                        break
                    }
                }
            }
        }
        return shapes.map { shape in
            guard var shape else { return nil }
            if !shape.pins.isEmpty {
                shape.lists = []
            } else {
                shape.lists.removeAll { (holders[$0.key] ?? 0) < 2 || shared.contains($0.key) }
            }
            return shape
        }
    }

    /// The shape of an alternative that is itself a union of objects: the members every one of
    /// its alternatives requires, and those every one pins to the same value. Figma's `Action`
    /// lists `UpdateMediaRuntimeAction`, three objects that all say `type: UPDATE_MEDIA_RUNTIME`,
    /// after an object whose `type` is `BACK` or `CLOSE`: without a shape the union came last
    /// and every media action decoded as the first object, its `type` unknown. Nil when an
    /// inner alternative is no object or has no shape, or when they pin nothing alike (what they
    /// require alone tells nothing apart that decoding would not); the inner union's own alternatives are
    /// looked at one level deep only, and a named one once per build.
    private func unionShape(of alternative: Schema, lookup: inout AllowedValues) -> TypeDeclaration.ObjectShape? {
        let name = alternative.referencedName
        if let name, let known = unionShapes[name] { return known }
        var schema = alternative
        for _ in 0..<32 {
            guard let referenced = schema.referencedName, let target = catalog.componentSchemas[referenced] else {
                break
            }
            schema = target
        }
        var shape: TypeDeclaration.ObjectShape?
        if schema.referencedName == nil, let inner = compositionAlternatives(schema) {
            let shapes = inner.map { objectShape(of: $0, lookup: &lookup, nested: false) }
            if let first = shapes.first ?? nil, shapes.allSatisfy({ $0 != nil }) {
                let all = shapes.compactMap { $0 }
                var common = TypeDeclaration.ObjectShape()
                common.required = first.required.filter { key in all.allSatisfy { $0.required.contains(key) } }
                common.pins = first.pins.filter { pin in all.allSatisfy { $0.pins.contains(pin) } }
                if !common.pins.isEmpty { shape = common }
            }
        }
        if let name { unionShapes[name] = .some(shape) }
        return shape
    }

    /// The property a `oneOf` tells its alternatives apart by, and each alternative's values
    /// for it (by offset).
    private struct AlternativeTag {
        var property: String
        var values: [[String]]
        var isInteger: Bool
    }

    /// The declared discriminator when its alternatives are named schemas; else, with no
    /// discriminator declared, one the alternatives imply (``impliedTag(_:)``).
    private func alternativeTag(_ schema: Schema, alternatives: [Schema]) -> AlternativeTag? {
        guard let discriminator = schema.discriminator else { return impliedTag(alternatives) }
        // Inline alternatives have no name to map (OpenAI's Responses WebSocket events, each an
        // `allOf` of an event and its `stream_id`): the values each pins the property to.
        guard let values = discriminatorValues(discriminator, alternatives: alternatives) else {
            return impliedTag(alternatives, property: discriminator.propertyName)
        }
        return AlternativeTag(property: discriminator.propertyName, values: values, isInteger: false)
    }

    /// A property that every alternative requires and pins to values of its own (strings, or
    /// integers as Discord's `type: {enum: [5]}`), none shared: then a value can only be valid
    /// for the alternative whose values hold its property, so decoding switches on it as on a
    /// discriminator, and a value no alternative names is kept in `unknown`. Without this the
    /// alternatives are tried in order, and as a pinned property decodes into an open enum that
    /// takes any value, the first alternative with the right members won whatever its `type`.
    private func impliedTag(_ alternatives: [Schema], property: String? = nil) -> AlternativeTag? {
        guard !alternatives.isEmpty else { return nil }
        var lookup = AllowedValues(componentSchemas: catalog.componentSchemas)
        let required = alternatives.map { lookup.requiredNames(of: $0) }
        let requiredSets = required.map(Set.init)
        candidates: for name in property.map({ [$0] }) ?? required[0] where !name.isEmpty {
            var tagValues: [[String]] = []
            var seen: Set<String> = []
            var isInteger: Bool?
            for (offset, alternative) in alternatives.enumerated() {
                guard requiredSets[offset].contains(name),
                    let values = lookup.pinnedValues(of: name, in: alternative)
                else { continue candidates }
                var own: [String] = []
                for value in values {
                    let text: String
                    let integer: Bool
                    if let string = value.string {
                        (text, integer) = (string, false)
                    } else if let number = value.int {
                        (text, integer) = (String(number), true)
                    } else {
                        continue candidates
                    }
                    // Values of one kind only, so a value's text tells it apart from the others.
                    guard isInteger == nil || isInteger == integer, seen.insert(text).inserted else {
                        continue candidates
                    }
                    isInteger = integer
                    own.append(text)
                }
                tagValues.append(own)
            }
            return AlternativeTag(property: name, values: tagValues, isInteger: isInteger ?? false)
        }
        return nil
    }

    /// The discriminator values naming each alternative, by offset, when every alternative is
    /// a named schema; nil when there is no discriminator or an alternative has no name to go by.
    ///
    /// An alternative's values are those the mapping lists for it. Without a mapping entry, the
    /// specification's implicit mapping is the schema's name, but real specs rarely send that:
    /// OpenAI's 52 discriminated unions have no mapping, and every alternative pins the property
    /// to its own values (`type: {enum: [response.completed]}`). So when the alternative's own
    /// schema says which strings the property takes (a `const`, an `enum`, through `allOf`
    /// parts, a nullable `anyOf`, or a nested union's alternatives), those are its values;
    /// only when it does not is the schema's name used. Alternatives that allow the very same
    /// values (one shared enum of every kind, say) pin nothing, so they go by their names too.
    /// A value already claimed by an earlier alternative is not repeated: the first in source
    /// order wins, as a `switch` would.
    func discriminatorValues(_ discriminator: Schema.Discriminator?, alternatives: [Schema]) -> [[String]]? {
        guard let discriminator else { return nil }
        var lookup = AllowedValues(componentSchemas: catalog.componentSchemas)
        // A mapping entry names its schema by reference (`#/components/schemas/Cat`, perhaps
        // in another file) or by name (`Cat`): each entry is listed under its reference and its
        // last component, as the other readers of the mapping name it, so finding an
        // alternative's entries is one look-up, not a pass over the mapping. (Listing every
        // ending after a `/` made a reference of 100 000 slashes, kept as written with a
        // warning, take memory quadratic in its length.)
        var entriesByEnding: [String: [String]] = [:]
        for entry in discriminator.mapping {
            entriesByEnding[entry.reference, default: []].append(entry.value)
            if let slash = entry.reference.lastIndex(of: "/") {
                let name = String(entry.reference[entry.reference.index(after: slash)...])
                if name != entry.reference { entriesByEnding[name, default: []].append(entry.value) }
            }
        }
        var names: [String] = []
        var mapped: [[String]] = []
        // Each alternative's pinned strings, as the number of a distinct list: subtypes that
        // inherit their base's tag enum all pin the very same list, and reading it out once
        // per subtype made N subtypes of an N-value enum cost N² (20 000 took 6.6 GB).
        var pinned: [Int?] = []
        var lists = PinnedLists()
        for alternative in alternatives {
            guard let referenced = alternative.referencedName else { return nil }
            names.append(referenced)
            mapped.append(entriesByEnding[referenced] ?? [])
            pinned.append(lists.number(of: lookup.pinnedValues(of: discriminator.propertyName, in: alternative)))
        }
        var pinnedCounts: [Int: Int] = [:]
        for number in pinned { if let number { pinnedCounts[number, default: 0] += 1 } }
        var result: [[String]] = []
        var claimed: Set<String> = []
        for offset in alternatives.indices {
            var values = mapped[offset]
            if values.isEmpty {
                let own = pinned[offset]
                let isShared = own.map { pinnedCounts[$0, default: 0] > 1 } ?? false
                values = own.flatMap { isShared ? nil : lists.strings[$0] } ?? [names[offset]]
            }
            result.append(values.filter { claimed.insert($0).inserted })
        }
        return result
    }

    /// Lists of pinned values numbered by their strings, equal lists alike, each list read
    /// once: a list met again as the same array (a tag enum every subtype inherits, which the
    /// look-up hands out from one table entry) is known by its storage, without reading it.
    struct PinnedLists {
        /// The strings of each distinct list, by its number.
        private(set) var strings: [[String]] = []
        private var numberByStrings: [[String]: Int] = [:]
        private var numberByStorage: [UnsafeRawPointer: Int?] = [:]
        /// The arrays known by their storage, kept so that no storage is freed and reused by
        /// another list while this table knows its address.
        private var kept: [[DocumentValue.Located]] = []

        /// The number of the list of `values`' strings; nil when it has none.
        mutating func number(of values: [DocumentValue.Located]?) -> Int? {
            guard let values, !values.isEmpty else { return nil }
            let storage = values.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
            if let storage, let known = numberByStorage[storage] { return known }
            let own = values.compactMap(\.string)
            var number: Int?
            if !own.isEmpty {
                if let known = numberByStrings[own] {
                    number = known
                } else {
                    number = strings.count
                    numberByStrings[own] = strings.count
                    strings.append(own)
                }
            }
            if let storage {
                numberByStorage[storage] = .some(number)
                kept.append(values)
            }
            return number
        }
    }

    // MARK: anyOf

    private func anyOfDeclaration(for schema: Schema, alternatives: [Schema], name: String) -> TypeDeclaration {
        var names = MemberNameRegistry(reserving: ["init", "alternatives", "decoder", "encoder", "alternativeShapes"])
        var declarations: [TypeDeclaration.Alternative] = []
        let counts = PropertyCounts(alternatives.map(propertySchema(of:)), pinnedText: pinnedText(of:))
        for (offset, alternative) in alternatives.enumerated() {
            let suggested = inlineAlternativeName(alternative, offset: offset, counts: counts, in: name)
            let type = swiftType(for: alternative, suggestedName: suggested)
            noteTitle(of: alternative)
            declarations.append(
                TypeDeclaration.Alternative(
                    name: names.claimRaw(
                        alternativeMemberName(alternative, type: type, suggested: suggested, in: name)),
                    type: type,
                    docLines: alternativeDocLines(alternative, type: type)))
        }
        // A value is each alternative it decodes as, but a pinned member decodes as an open
        // enum that takes any value: without the shapes, OpenAI's `{"type": "audio/pcmu"}`
        // was also a PCM and a PCMA format, and encoded back as the last of them. An anyOf
        // tries every alternative, so only what rules one out counts, not what ranks them;
        // and a missing required member fails decoding anyway, so only pins call for shapes,
        // and required members that may be `null`, which the struct decodes when missing.
        var lookup = AllowedValues(componentSchemas: catalog.componentSchemas)
        var shapes = Self.keepingTellingListings(
            alternatives.map { alternative in
                objectShape(of: alternative, lookup: &lookup).map { shape in
                    var shape = shape
                    shape.keys = []
                    return shape
                }
            })
        // A scalar alternative beside an object one: once the scalar decodes (a Stripe ID, the
        // usual value of `anyOf: [string, Customer]`), the object is not tried, which would
        // fail with an error costlier than decoding the ID.
        let scalars = declarations.map { isScalar($0.type) }
        // The one object alternative beside scalars is the only one an object can be: nothing
        // is to be told apart, so decoding it decides, and its shape only says it is an object
        // (an expanded Stripe field is not first looked up member by member). A pinned member
        // with another value then decodes into its open enum, as any property's would.
        let objects = shapes.indices.filter { shapes[$0] != nil }
        if objects.count == 1, scalars.contains(true),
            declarations.indices.allSatisfy({ $0 == objects[0] || scalars[$0] })
        {
            shapes[objects[0]] = TypeDeclaration.ObjectShape()
        }
        // Objects beside each other are ruled out by their required members too, before
        // decoding: an alternative whose required member a value lacks fails only after
        // decoding the members it has, and throwing that error costs more than the look-up.
        // GitHub's 21 timeline events, told apart by nothing else, took 2.3 times a plain
        // struct's time to decode.
        if shapes.contains(where: { $0?.pins.isEmpty == false || $0?.lists.isEmpty == false })
            || shapes.contains(where: { $0?.requiresNullable == true })
            || (scalars.contains(true) && shapes.contains(where: { $0 != nil }))
            || shapes.filter({ $0.map { !$0.required.isEmpty } ?? false }).count >= 2
        {
            for offset in declarations.indices {
                declarations[offset].shape = shapes[offset]
                declarations[offset].isScalar = scalars[offset]
            }
        }
        return typeDeclaration(
            name: name, docLines: docLines(for: schema), schema: schema,
            definition: .anyOf(
                TypeDeclaration.AnyOf(
                    alternatives: declarations,
                    // Decided by `ObjectUnionsPass`, once the alternatives are declared.
                    mergedAlternatives: [],
                    identifier: identifier(of: declarations, alternatives: alternatives, lookup: &lookup))))
    }

    /// Where an `anyOf` of an ID and the objects it names (Stripe's expandable fields, `anyOf:
    /// [string, Customer, DeletedCustomer]` in 310 properties) reads its `id` from, so that
    /// `charge.customer?.id` is the customer's ID whether or not it was expanded: one plain
    /// string alternative, and objects that each have an `id` string. Nil for any other union,
    /// for one with an alternative named `id`, and when the user renames some `id` property.
    private func identifier(
        of declarations: [TypeDeclaration.Alternative], alternatives: [Schema], lookup: inout AllowedValues
    ) -> TypeDeclaration.AnyOf.Identifier? {
        guard !declarations.contains(where: { $0.name.trimmingBackticks == "id" }),
            !options.names.properties.keys.contains(where: { $0.hasSuffix(".id") })
        else { return nil }
        var string: String?
        var objects: [String] = []
        for (declaration, alternative) in zip(declarations, alternatives) {
            if declaration.type == .string {
                guard string == nil, alternative.format == nil, alternative.enumValues == nil else { return nil }
                string = declaration.name
                continue
            }
            // Whether it is a struct is checked by `ObjectUnionsPass`, once every type is declared.
            guard let id = lookup.objectProperties(of: alternative)?.first(where: { $0.name == "id" }),
                id.schema.types == ["string"], id.schema.format == nil, id.schema.enumValues == nil
            else { return nil }
            objects.append(declaration.name)
        }
        guard let string, !objects.isEmpty else { return nil }
        return TypeDeclaration.AnyOf.Identifier(string: string, objects: objects)
    }

    /// Whether values of the Swift type are JSON strings, numbers or booleans (or null, for an
    /// optional one): the scalars a parameter can be (``parameterScalars``) and generated enums,
    /// directly or through an alias. A type the user supplies is not known to be one, nor is
    /// `Decimal`: decoded as an alternative, from the decoder itself rather than from a
    /// container, Foundation's `Decimal` reads a keyed container of its own parts.
    private func isScalar(_ type: SwiftType) -> Bool {
        guard let name = catalog.end(ofAliases: type).name, name != "Decimal" else { return false }
        return Self.parameterScalars.contains(name) || catalog.modelKinds[name] == .enum
    }

    /// Whether values of the Swift type encode as JSON objects: generated structs and
    /// dictionaries (directly or through an alias).
    func isObject(_ type: SwiftType) -> Bool {
        let end = catalog.end(ofAliases: type)
        return end.objectValue != nil || end.name.map { catalog.modelKinds[$0] == .struct } == true
    }

    // MARK: Names

    /// The name for an inline alternative: its title; else its own values, when it is an enum
    /// of one to three (``namingValues(of:)``); else the value of a property that can only
    /// have one value (`type: {const: text}` names `<Parent>Text`), which is how specs without
    /// a discriminator tell alternatives apart, unless another alternative pins it alike; else
    /// a property that no other alternative declares (`counts`), when it is required or the
    /// alternative's only one (GitHub's
    /// project card body, `{note}` or `{content_id, content_type}`, names `<Parent>Note` and
    /// `<Parent>ContentID`); else `<Parent>Object` for the one alternative with properties
    /// beside scalars and arrays (a GitHub label, its name or `{id, name, color, …}`); else,
    /// among several objects, the first property only this one declares (GitHub's protection
    /// rules, `{id, type, wait_timer}` or `{id, type, reviewers}`); else `<Parent>Option<n>`.
    ///
    /// A title another type has taken is told apart by the property the parent is the type of
    /// (``titleName(_:in:)``) rather than by a number.
    private func inlineAlternativeName(
        _ alternative: Schema, offset: Int, counts: PropertyCounts, in parent: String, requiredOutside: [String] = []
    ) -> String {
        if let title = alternative.title, !Naming.words(title).isEmpty {
            return titleName(Naming.typeName(title), in: parent)
        }
        // An alternative written as `allOf` of its own part and a shared base (Lob's creatives:
        // `allOf: [{title: Postcard Creative, properties: {resource_type: {enum: [postcard]}}},
        // $ref: CreativeBase]`) is named by that part, with what the alternative requires of
        // it (Fern writes every union's tag `required` beside the `allOf`).
        if alternative.properties.isEmpty,
            let part = alternative.allOf.first(where: { $0.referencedName == nil && !$0.isAnnotationOnly })
                ?? alternative.allOf.first(where: { $0.referencedName == nil && $0.title != nil })
        {
            return inlineAlternativeName(
                part, offset: offset, counts: counts, in: parent,
                requiredOutside: requiredOutside + alternative.required)
        }
        let required = Set(alternative.required + requiredOutside)
        for property in alternative.properties where required.contains(property.name) {
            // A value every alternative pins alike (Figma's media actions all say `type:
            // UPDATE_MEDIA_RUNTIME`) tells none of them apart.
            if let constant = pinnedText(of: property.schema), !Naming.words(constant).isEmpty,
                counts.pinning[property.name]?[constant] ?? 0 <= 1
            {
                return parent + Naming.typeName(constant)
            }
        }
        if let values = Self.namingValues(of: alternative) {
            return parent + values.map(Naming.typeName).joined(separator: "Or")
        }
        let declared = alternative.properties.map(\.name)
        if declared.isEmpty { return parent + "Option\(offset + 1)" }
        /// The first of `names` that only this alternative declares and that has words.
        func own(_ names: [String]) -> String? {
            names.first { counts.declaring[$0] == 1 && !Naming.words($0).isEmpty }
        }
        let properties = Set(declared)
        if let property = own(declared.count == 1 ? declared : alternative.required.filter(properties.contains)) {
            return parent + Naming.typeName(property)
        }
        if counts.withProperties == 1 { return parent + "Object" }
        if let property = own(declared) { return parent + Naming.typeName(property) }
        return parent + "Option\(offset + 1)"
    }

    /// Values that name an enum alternative better than its place: the one to three strings
    /// of an inline `enum` or `const` (Stripe's `trial_end`, a timestamp or `now`, names
    /// `…TrialEndNow`; its `billing_cycle_anchor`, `…NowOrUnchanged`); nil for more values,
    /// more than four words in all (a name, not a list), or a value without words.
    static func namingValues(of alternative: Schema) -> [String]? {
        let values = alternative.constValue.map { [$0] } ?? alternative.enumValues ?? []
        let texts = values.compactMap(\.string)
        guard (1...maximumNamingValues).contains(texts.count), texts.count == values.count else { return nil }
        let words = texts.map { Naming.words($0).count }
        guard !words.contains(0), words.reduce(0, +) <= maximumNamingWords else { return nil }
        return texts
    }

    /// Values of an enum alternative that its name spells out at most, and their words.
    static let maximumNamingValues = 3
    static let maximumNamingWords = 4

    /// How many of a union's alternatives declare each property name, and how many declare
    /// any: what tells an alternative's own properties from shared ones, counted once per
    /// union so that naming stays linear in the number of alternatives.
    struct PropertyCounts {
        var declaring: [String: Int] = [:]
        var withProperties = 0
        /// How many alternatives pin each required property to each value.
        var pinning: [String: [String: Int]] = [:]

        /// `pinnedText` is the one string a property can be, if any (``ModelBuilder/pinnedText(of:)``).
        init(_ alternatives: [Schema], pinnedText: (Schema) -> String?) {
            for alternative in alternatives where !alternative.properties.isEmpty {
                withProperties += 1
                for name in Set(alternative.properties.map(\.name)) { declaring[name, default: 0] += 1 }
                let required = Set(alternative.required)
                for property in alternative.properties where required.contains(property.name) {
                    if let value = pinnedText(property.schema) {
                        pinning[property.name, default: [:]][value, default: 0] += 1
                    }
                }
            }
        }
    }

    /// The one string a property can be (`const`, or an `enum` of one value), its own or the
    /// component schema's it refers to (OpenRouter's `type: {$ref: MessageType}`, an enum of
    /// `message`); nil for any other property.
    func pinnedText(of schema: Schema) -> String? {
        let schema = propertySchema(of: schema)
        return schema.constValue?.string ?? schema.enumValues.flatMap { $0.count == 1 ? $0[0].string : nil }
    }

    /// The schema whose properties `schema` declares: itself, or the component schema it
    /// refers to (following a few references, so that a cycle of them ends).
    private func propertySchema(of schema: Schema) -> Schema {
        var current = schema
        for _ in 0..<8 {
            guard current.properties.isEmpty, let name = current.referencedName,
                let referenced = catalog.componentSchemas[name]
            else { break }
            current = referenced
        }
        return current
    }

    /// `title` when it is free; else `title` after the last words of `parent` that are not
    /// words of the title, the property the parent stands for.
    ///
    /// Stripe gives the same title to many different schemas: `payment_method_options_param`
    /// titles a different object under each payment method's key of `payment_method_options`.
    /// Numbered (`PaymentMethodOptionsParam2`…`12`) they said nothing of which was which; under
    /// `…PaymentMethodOptionsUsBankAccount` the title names `UsBankAccountPaymentMethodOptionsParam`.
    /// The first schema met keeps the plain title. When the parent's name ends in a title word,
    /// or the property is longer than ``maximumTitleQualifierWords`` words, or the qualified name
    /// is taken as well, the title is numbered as any taken name is.
    func titleName(_ title: String, in parent: String) -> String {
        guard naming.typeNames.wouldNumber(title) else { return title }
        let titleWords = Naming.words(title)
        let known = Set(titleWords)
        let own = Array(Naming.words(parent).reversed().prefix { !known.contains($0) }.reversed())
        guard !own.isEmpty, own.count <= Self.maximumTitleQualifierWords else { return title }
        let qualified = Naming.typeName((own + titleWords).joined(separator: "_"))
        return naming.typeNames.wouldNumber(qualified) ? title : qualified
    }

    /// Remembers the title of an inline alternative declared as a type of its own
    /// (``TypeCatalog/titles``), so that it merges only with types of the same title.
    private func noteTitle(of alternative: Schema) {
        guard alternative.referencedName == nil, let title = alternative.title,
            let declared = catalog.declaredInline[SchemaKey(alternative)], catalog.titles[declared] == nil
        else { return }
        catalog.titles[declared] = Naming.typeName(title)
    }

    /// Words of a property that may tell apart schemas with the same title; more are a path
    /// rather than a property.
    static let maximumTitleQualifierWords = 3

    /// The case or property name for `alternative`: an inline one by the name it was given in
    /// this union (`option2` for `…OffSessionOption2`), even when its type is an identical one
    /// declared for another place first, whose name says nothing here (Stripe's payment intent
    /// confirmation had `postPaymentIntentsBodyOffSessionOption2`); else by its type.
    private func alternativeMemberName(
        _ alternative: Schema, type: SwiftType, suggested: String, in parent: String
    ) -> String {
        if alternative.referencedName == nil, let declared = type.name, declared != suggested,
            catalog.modelKinds[declared] != nil
        {
            return alternativeMemberName(named: suggested, in: parent)
        }
        return alternativeMemberName(type: type, in: parent)
    }

    /// The case name of a tagged alternative whose one tag value says in fewer words what its
    /// type's name says: OpenAI's messages, told apart by `role`, are `.user` and `.system`
    /// rather than `.chatCompletionRequestUserMessage`; Figma's paints `.solid`, not
    /// `.solidPaint`. Nil when the value has words the type's name has not (a stream event's
    /// `response.output_text.delta` beside `ResponseTextDeltaEvent`), or is a number.
    private func tagMemberName(_ values: [String]?, type: SwiftType) -> String? {
        guard let values, values.count == 1, let name = type.name else { return nil }
        let tagWords = Naming.words(values[0])
        let typeWords = Naming.words(name)
        guard !tagWords.isEmpty, tagWords.count < typeWords.count, tagWords.allSatisfy(Set(typeWords).contains),
            tagWords.contains(where: { $0.first?.isLetter == true })
        else { return nil }
        return Naming.memberName(values[0])
    }

    /// The case or property name for an alternative of type `type`: the type's name as a
    /// member (`Card` → `card`) without the parent's name in front (`PaymentSourceCard` in
    /// `PaymentSource` → `card`); collections by their elements (`[Pet]` → `pets`).
    func alternativeMemberName(type: SwiftType, in parent: String) -> String {
        switch type {
        case .dictionary(key: .named("String"), value: .named("JSONValue")): return "object"
        case .array(.named("JSONValue")): return "array"
        case .dictionary(key: .named("String"), let value):
            return alternativeMemberName(type: value, in: parent) + "Dictionary"
        case .array(let element):
            // A list of lists by its element's singular (`[[Double]]` → `numberLists`); a list of
            // a type whose name is a plural already by that name (`[ContentChunks]` → `chunks`).
            let name = alternativeMemberName(type: element, in: parent)
            if case .array = element { return Naming.singular(name) + "Lists" }
            return Naming.singular(name) == name ? Naming.plural(name) : name
        case .dictionary(let key, let value):
            // A supplied `[Int: Money]`: named as the list its spelling looks like.
            return Naming.plural(alternativeMemberName(named: "\(key): \(value)", in: parent))
        case .named(let name):
            return alternativeMemberName(named: name, in: parent)
        case .optional, .generic:
            return alternativeMemberName(named: type.swiftText, in: parent)
        }
    }

    private func alternativeMemberName(named type: String, in parent: String) -> String {
        switch type {
        case "Int", "Int32", "Int64": return "integer"
        case "Double", "Float": return "number"
        case "Bool": return "boolean"
        case "JSONValue": return "value"
        case "CalendarDate": return "date"
        case "Date": return "dateTime"
        case "DecimalString", "Decimal": return "decimal"
        default: break
        }
        var stem = type
        // A schema renamed to step aside from a platform type (`Circle` → `CircleModel`) keeps
        // its own name as a case: `.circle(CircleModel)`.
        if let specName = overrides.specSchemaNames[type], type == typeName(specName) + "Model" {
            stem = typeName(specName)
        }
        if stem.count > parent.count, stem.hasPrefix(parent), stem.dropFirst(parent.count).first?.isUppercase == true {
            stem = String(stem.dropFirst(parent.count))
        }
        return Naming.memberName(stem)
    }

    /// A case's own documentation: what the spec says beside a reference, or of an inline
    /// scalar. An inline object's description is already on the type declared for it.
    private func alternativeDocLines(_ alternative: Schema, type: SwiftType) -> [String] {
        if alternative.referencedName != nil { return SwiftSourceText.docLines([alternative.description]) }
        return type.name.flatMap { catalog.modelKinds[$0] } == nil ? docLines(for: alternative) : []
    }
}
