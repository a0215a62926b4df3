import Dispatch

/// The last step for model types: decisions (``TypeDeclaration``) to what the `Struct`, `Enum`,
/// `OneOf`, `AnyOf` and `Typealias` templates receive (``ModelDeclaration``), every statement
/// and list laid out to fit the line length.
///
/// Layout needs the column a line starts at, which the templates decide; ``Column`` names each
/// such column once, beside the template line it sits at.
struct ModelPresentation {
    let header: String
    /// The access modifier with its trailing space (`public `), or empty.
    let access: String
    let imports: [String]

    /// The columns at which the templates place the laid-out lines.
    enum Column {
        /// A member of the type: the initializer's declaration (`    public init(`).
        static let member = 4
        /// A statement in a member of the type: a `switch` case, an initializer's call.
        static let statement = 8
        /// A member of a struct's storage class (its initializers).
        static let storageMember = 8
        /// A statement in a member of a struct's storage class (its `init(from:)`).
        static let storageStatement = 12
        /// A case of the `switch` in a ranking `oneOf`'s decoding loop.
        static let rankedCase = 16
    }

    /// Each declaration's context, in order, laid out on all cores: each declaration's lines
    /// depend on it alone (and on which declared names can identify a model).
    func present(_ declarations: [TypeDeclaration]) -> [ModelDeclaration] {
        let identifierNames = Conformance.identifierNames(in: declarations)
        let soleCases = Self.soleCases(in: declarations)
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<ModelDeclaration>.allocate(
            capacity: declarations.count)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: declarations.count) { index in
            (results.baseAddress! + index).initialize(
                to: present(declarations[index], identifierNames: identifierNames, soleCases: soleCases))
        }
        let presented = Array(results)
        _ = results.deinitialize()
        return presented
    }

    /// One declaration's context; `identifierNames` are the declared types an `id` can have
    /// for its struct to be `Identifiable` (see ``Conformance/identifierNames(in:)``), and
    /// `soleCases` the one case of each single-value enum (see ``soleCases(in:)``).
    func present(
        _ declaration: TypeDeclaration, identifierNames: Set<String> = [], soleCases: [String: String] = [:]
    ) -> ModelDeclaration {
        var model = ModelDeclaration(
            header: header, access: access, imports: imports, kind: declaration.kind,
            template: Self.template(declaration.kind), name: declaration.name, fileName: declaration.fileName,
            docLines: declaration.docLines, attributes: [], properties: [], initParameters: [],
            hasInitParameters: false, initDeclarationLines: [], rawType: "", cases: [], alternatives: [],
            hasDiscriminator: false, discriminatorLiteral: "", discriminatorProperty: "", initCallLines: [],
            conformances: "", isParameterValue: false, aliasedType: .none)
        model.place = declaration.place
        var conformances = Conformance.everyModel
        switch declaration.definition {
        case .structure(let structure):
            present(structure, into: &model, soleCases: soleCases)
            conformances = Conformance.structure(
                structure.properties, keepsStorage: !structure.storesValuesInline && !structure.properties.isEmpty,
                identifierNames: identifierNames)
        case .enumeration(let enumeration):
            present(enumeration, into: &model)
            conformances.insert(.openEnum, at: 0)
            if enumeration.takesAnyString { conformances.append(.expressibleByStringLiteral) }
        case .oneOf(let oneOf):
            present(oneOf, into: &model)
            if oneOf.isParameterValue { conformances.append(.parameterValue) }
        case .anyOf(let anyOf):
            present(anyOf, into: &model)
            conformances.append(.modelValue)
        case .alias(let target): model.aliasedType = target
        }
        switch declaration.definition {
        case .alias(let target):
            model.declarationLines = LineLayout.typeAlias(
                "\(access)typealias \(declaration.name) =", type: target, indent: 0)
        case .structure, .anyOf:
            let names = Conformance.declarationNames(conformances)
            model.conformances = names.joined(separator: ", ")
            model.declarationLines = LineLayout.typeHeader(
                access + "struct", name: declaration.name, conformances: names, indent: 0)
        case .enumeration, .oneOf:
            let names = Conformance.declarationNames(conformances)
            model.conformances = names.joined(separator: ", ")
            model.declarationLines = LineLayout.typeHeader(
                access + (Self.isIndirect(declaration.definition) ? "indirect enum" : "enum"), name: declaration.name,
                conformances: names, indent: 0)
        }
        return model
    }

    /// Whether every case of a `oneOf` is boxed, so the enum itself is declared `indirect` (as
    /// swift-format asks) and its cases are not; one with a discriminator also has an
    /// `unknown` case, which is not.
    static func isIndirect(_ definition: TypeDeclaration.Definition) -> Bool {
        guard case .oneOf(let oneOf) = definition, oneOf.tag == nil, !oneOf.alternatives.isEmpty else {
            return false
        }
        return oneOf.alternatives.allSatisfy(\.isBoxed)
    }

    static func template(_ kind: ModelDeclaration.Kind) -> String {
        switch kind {
        case .struct: return "Struct"
        case .enum: return "Enum"
        case .oneOf: return "OneOf"
        case .anyOf: return "AnyOf"
        case .typealias: return "Typealias"
        }
    }

    // MARK: Structs

    /// The one case of each enum of a single value, by the enum's name: a required property of
    /// such a type can only hold that value, so the initializer has it as the default
    /// (`role: ChatCompletionRequestUserMessageRole = .user`, in every OpenAI message).
    static func soleCases(in declarations: [TypeDeclaration]) -> [String: String] {
        var cases: [String: String] = [:]
        var aliases: [String: String] = [:]
        for declaration in declarations {
            switch declaration.definition {
            case .enumeration(let enumeration) where enumeration.cases.count == 1:
                cases[declaration.name] = enumeration.cases[0].name
            case .alias(.named(let target)): aliases[declaration.name] = target
            default: break
            }
        }
        // An alias of such an enum (`ChatCompletionRequestUserMessageRole = UserUserObject`,
        // made by merging identical types) has its case too, however many aliases lead there.
        for (alias, end) in AliasChains.ends(of: aliases, where: { cases[$0] != nil }) {
            if let sole = cases[end] { cases[alias] = sole }
        }
        return cases
    }

    private func present(
        _ structure: TypeDeclaration.Structure, into model: inout ModelDeclaration, soleCases: [String: String]
    ) {
        model.storesValuesInline = structure.storesValuesInline
        model.inlinesVisitValues = structure.storesValuesInline && !structure.properties.isEmpty
        model.decodesKeyedValues = structure.properties.contains {
            if case .key = $0.coding { return true }
            return false
        }
        let target = "self."
        // A struct with a storage class decodes its values in the class's `init(from:)`.
        let decodeColumn = structure.storesValuesInline ? Column.statement : Column.storageStatement
        let knownKeys = structure.properties.compactMap { property -> String? in
            guard case .key(let key) = property.coding else { return nil }
            return SwiftSourceText.stringLiteral(key)
        }
        var parameters: [InitParameter] = []
        var visitKinds: [PropertyDeclaration.VisitKind] = []
        for decided in structure.properties {
            var property = PropertyDeclaration(
                name: decided.name, type: decided.type, originalName: "", docLines: decided.docLines,
                attributes: decided.isDeprecated ? ["@available(*, deprecated)"] : [])
            property.isReadOnly = decided.isReadOnly
            property.isReadOnlyAtTop = decided.isReadOnlyAtTop
            switch decided.nullability {
            case .notNullable: break
            case .required: property.encodesNil = true
            case .optional(let companion): property.keepNull(companion: companion)
            }
            if decided.keepsURLText {
                property.keepURLAsText()
            }
            if structure.storesValuesInline {
                property.storeInline(indent: Column.statement)
            }
            switch decided.coding {
            case .key(let key):
                property.originalName = key
                property.layOutCoding(into: target, indent: decodeColumn)
                if decided.isRequired, case .named(let type) = decided.type,
                    let sole = decided.defaultCase ?? soleCases[type]
                {
                    parameters.append(InitParameter(for: property, defaultValue: "." + sole))
                } else if !decided.isRequired, let tag = decided.defaultCase {
                    parameters.append(InitParameter(for: property, defaultValue: "." + tag))
                } else if let flag = decided.onlyFlag {
                    parameters.append(InitParameter(for: property, defaultValue: flag ? "true" : "false"))
                } else if let text = decided.onlyText {
                    parameters.append(
                        InitParameter(for: property, defaultValue: SwiftSourceText.stringLiteral(text)))
                } else {
                    parameters.append(InitParameter(for: property, required: decided.isRequired))
                }
            case .wholeObject:
                property.isKeyed = false
                property.decodeLines = ["\(target)\(property.name) = try \(property.type)(from: decoder)"]
                parameters.append(InitParameter(for: property, required: true))
            case .otherMembers:
                property.isKeyed = false
                // From the container the declared properties are read from, when there is one.
                let source = knownKeys.isEmpty ? "decoder.additionalProperties" : "container.otherMembers"
                property.decodeLines = LineLayout.list(
                    open: "\(target)\(property.name) = try \(source)(excluding: [",
                    items: knownKeys, close: "])", indent: decodeColumn, trailingComma: true)
                parameters.append(InitParameter(for: property, defaultValue: "[:]"))
            }
            visitKinds.append(PropertyDeclaration.VisitKind(decided.coding))
            model.properties.append(property)
        }
        if !parameters.isEmpty { parameters[parameters.count - 1].isLast = true }
        model.initParameters = parameters
        model.hasInitParameters = !parameters.isEmpty
        model.initDeclarationLines = initDeclarationLines(parameters)
        layOutStorage(of: &model, visitKinds: visitKinds)
        for index in model.properties.indices {
            layOutDeclarations(of: &model.properties[index], storesValuesInline: model.storesValuesInline)
        }
    }

    /// A struct's property's declarations: a stored `var` when the struct stores it itself,
    /// else the property's accessors' first line; its companion's when it is kept in three
    /// states; its `var` in the storage class; and its assignment in the initializer that
    /// stores it.
    private func layOutDeclarations(of property: inout PropertyDeclaration, storesValuesInline: Bool) {
        let head = "\(access)var \(property.name):"
        property.declarationLines =
            storesValuesInline && !property.isComputed
            ? LineLayout.stored(head, type: property.type, indent: Column.member)
            : LineLayout.computedHeader(head, type: property.type.swiftText, indent: Column.member)
        if property.keepsNull {
            let nullableHead = "\(access)var \(property.nullableName):"
            property.nullableDeclarationLines =
                storesValuesInline
                ? LineLayout.stored(nullableHead, type: property.storageType, indent: Column.member)
                : LineLayout.computedHeader(nullableHead, type: property.storageType.swiftText, indent: Column.member)
        }
        property.initAssignmentLines = LineLayout.assignment(
            property.initAssignment, indent: storesValuesInline ? Column.statement : Column.storageStatement)
        if !storesValuesInline {
            property.storageDeclarationLines = LineLayout.stored(
                "@exclusivity(unchecked) var \(property.name):", type: property.storageType,
                indent: Column.storageMember)
            property.copyAssignmentLines = LineLayout.assignment(
                "self.\(property.name) = other.\(property.name)", indent: Column.storageStatement)
        }
    }

    /// Names the struct's storage class, its stored reference and the method that makes the
    /// storage the model's own, so that none hides a property or a type the properties use;
    /// lays out each property's statement in `visitValues` and its accessors, and the storage
    /// class's initializer.
    private func layOutStorage(of model: inout ModelDeclaration, visitKinds: [PropertyDeclaration.VisitKind]) {
        let properties = model.properties
        let propertyNames = Set(properties.map(\.name.trimmingBackticks))
        model.storageProperty = propertyNames.contains("storage") ? "_storage" : "storage"
        model.uniqueStorageMethod = propertyNames.contains("uniqueStorage") ? "_uniqueStorage" : "uniqueStorage"
        let mentioned = properties.flatMap(\.type.mentionedNames)
        if mentioned.contains(where: { $0.containsBytes(of: "Storage") }) {
            // A supplied type's name may be qualified (`Cache.Storage`): each part hides a name.
            let typeNames = Set(mentioned.flatMap { $0.split(separator: ".").map(String.init) })
            model.storageClass =
                ["Storage", "Fields", "StoredFields", "StoredValues"].first { !typeNames.contains($0) } ?? "Storage"
        }
        // `visitValues` reads a storage class's values where they are: `lhs.storage.id`.
        let reference = model.storesValuesInline || properties.isEmpty ? "" : model.storageProperty + "."
        for index in properties.indices {
            model.properties[index].layOutVisit(
                visitKinds[index], lhs: "lhs." + reference, rhs: "rhs." + reference, indent: Column.statement)
        }
        guard !model.storesValuesInline, !properties.isEmpty else { return }
        for index in properties.indices {
            model.properties[index].readFromStorage(
                model.storageProperty, unique: model.uniqueStorageMethod + "()", indent: Column.statement)
        }
        let arguments = properties.map { SwiftKeywords.argument($0.name) }
        model.storageInitCallLines = LineLayout.call(
            "\(model.storageProperty) = \(model.storageClass)", arguments: arguments, indent: Column.statement)
        model.storageInitDeclarationLines = LineLayout.list(
            open: "init(", items: properties.map { "\($0.name): \($0.parameterType)" }, close: ") {",
            indent: Column.storageMember, trailingComma: false)
    }

    /// `public init(id: Int, name: String) {`, or one parameter per line when that is too long.
    func initDeclarationLines(_ parameters: [InitParameter]) -> [String] {
        Self.initDeclarationLines(parameters, access: access)
    }

    static func initDeclarationLines(_ parameters: [InitParameter], access: String) -> [String] {
        LineLayout.list(
            open: access + "init(", items: parameters.map(\.declaration), close: ") {", indent: Column.member,
            trailingComma: false)
    }

    // MARK: Enums

    private func present(_ enumeration: TypeDeclaration.Enumeration, into model: inout ModelDeclaration) {
        model.rawType = enumeration.rawType.swiftText
        model.decodesByLookup = enumeration.decodesByLookup
        model.unknownCaseDocLines =
            enumeration.takesAnyString
            ? [
                "/// Any other value: the API takes any string here. A string literal is the value",
                "/// it spells, a known case for a listed value.",
            ]
            : ["/// A value this client did not know when it was generated."]
        let isInteger = enumeration.rawType == .int
        model.cases = enumeration.cases.map { decided in
            let literal = isInteger ? decided.value : SwiftSourceText.stringLiteral(decided.value)
            return EnumCaseDeclaration(
                name: decided.name, rawValueLiteral: literal, docLines: decided.docLines,
                initCaseLines: LineLayout.switchCase(
                    label: "case \(literal)", statement: "self = .\(decided.name)", indent: Column.statement),
                rawValueCaseLines: LineLayout.switchCase(
                    label: "case .\(decided.name)",
                    statement: enumeration.decodesByLookup ? "return " + literal : literal,
                    indent: Column.statement))
        }
    }

    // MARK: oneOf

    private func present(_ oneOf: TypeDeclaration.OneOf, into model: inout ModelDeclaration) {
        let isInteger = oneOf.tag?.isInteger == true
        let isIndirect = Self.isIndirect(.oneOf(oneOf))
        let ranksAlternatives = oneOf.ranksAlternatives
        model.alternatives = oneOf.alternatives.enumerated().map { offset, decided in
            let indirectKeyword = decided.isBoxed && !isIndirect ? "indirect " : ""
            var alternative = AlternativeDeclaration(
                name: decided.name, type: decided.type, docLines: decided.docLines,
                indirectKeyword: indirectKeyword,
                decodeBranchLines: LineLayout.conditionBranch(
                    keyword: offset == 0 ? "if" : "} else if", binding: "let value = ",
                    call: "alternatives.decode(\(decided.type).self)", indent: Column.statement),
                discriminatorCaseLines: [],
                encodeCaseLines: LineLayout.switchCase(
                    label: "case .\(decided.name)(let value)", statement: "try encoder.encodeAlternative(value)",
                    indent: Column.statement),
                decodeLines: [], parameterValueCaseLines: [])
            alternative.caseLines = LineLayout.payloadCase(
                "\(indirectKeyword)case \(decided.name)", payload: decided.type.swiftText, indent: Column.member)
            if !decided.tagValues.isEmpty {
                alternative.discriminatorCaseLines = LineLayout.switchCase(
                    patterns: decided.tagValues.map { isInteger ? $0 : SwiftSourceText.stringLiteral($0) },
                    statement: "self = try .\(decided.name)(\(decided.type)(from: decoder))",
                    indent: Column.statement)
            }
            if ranksAlternatives {
                alternative.rankedCaseLines = LineLayout.switchCase(
                    patterns: ["\(offset)"],
                    statement: "alternatives.decode(Self.\(decided.name))",
                    indent: Column.rankedCase)
                alternative.shapeLines = Self.shapeLines(decided)
            }
            if oneOf.isParameterValue {
                alternative.parameterValueCaseLines = LineLayout.switchCase(
                    label: "case .\(decided.name)(let value)", statement: "value.parameterValue",
                    indent: Column.statement)
            }
            return alternative
        }
        model.isParameterValue = oneOf.isParameterValue
        model.ranksAlternatives = ranksAlternatives
        model.hasScalarShape = ranksAlternatives && oneOf.alternatives.contains { $0.isScalar }
        if let tag = oneOf.tag {
            model.hasDiscriminator = true
            model.discriminatorProperty = SwiftSourceText.commentText(tag.property)
            model.discriminatorLiteral = SwiftSourceText.stringLiteral(tag.property)
            model.discriminatorCall =
                "decoder.\(tag.isInteger ? "integerDiscriminator" : "discriminator")(\(model.discriminatorLiteral))"
        }
    }

    /// An element of a ranking `oneOf`'s `alternativeShapes`: `AlternativeShape(Type.self,
    /// requires: […], pins: […], lists: […], keys: […]),` laid out to fit, a list too long for its line one
    /// element per line; `.scalar(String.self),` for a string, number or boolean alternative;
    /// `nil,` for any other alternative without shape.
    static func shapeLines(_ alternative: TypeDeclaration.Alternative) -> [String] {
        let type = alternative.type
        guard let shape = alternative.shape else {
            return [alternative.isScalar ? ".scalar(\(type).self)," : "nil,"]
        }
        var arguments: [(label: String, items: [String])] = [("", ["\(type).self"])]
        if !shape.required.isEmpty {
            arguments.append(("requires: ", shape.required.map(SwiftSourceText.stringLiteral)))
        }
        let literal = { (value: TypeDeclaration.ObjectShape.PinnedValue) in
            switch value {
            case .string(let text): SwiftSourceText.stringLiteral(text)
            case .integer(let number): String(number)
            case .boolean(let flag): flag ? "true" : "false"
            }
        }
        if !shape.pins.isEmpty {
            arguments.append(
                ("pins: ", shape.pins.map { SwiftSourceText.stringLiteral($0.key) + ": " + literal($0.value) }))
        }
        if !shape.lists.isEmpty {
            arguments.append(
                (
                    "lists: ",
                    shape.lists.map { listing in
                        SwiftSourceText.stringLiteral(listing.key) + ": ["
                            + listing.values.map(literal).joined(separator: ", ") + "]"
                    }
                ))
        }
        if !shape.keys.isEmpty {
            arguments.append(("keys: ", shape.keys.map(SwiftSourceText.stringLiteral)))
        }
        let texts = arguments.map {
            $0.label.isEmpty ? $0.items[0] : $0.label + "[" + $0.items.joined(separator: ", ") + "]"
        }
        let single = "AlternativeShape(" + texts.joined(separator: ", ") + "),"
        if LineLayout.fits(single, indent: Column.statement) { return [single] }
        let packed = "    " + texts.joined(separator: ", ") + "),"
        if LineLayout.fits(packed, indent: Column.statement) { return ["AlternativeShape(", packed] }
        var lines = ["AlternativeShape("]
        for (index, argument) in arguments.enumerated() {
            let end = index == arguments.count - 1 ? ")," : ","
            let line = "    " + texts[index] + end
            if argument.label.isEmpty || LineLayout.fits(line, indent: Column.statement) {
                lines.append(line)
            } else if argument.label == "lists: " {
                lines += listsLines(shape.lists, literal: literal, end: end).map { "    " + $0 }
            } else {
                lines += LineLayout.list(
                    open: argument.label + "[", items: argument.items, close: "]" + end,
                    indent: Column.statement + 4, trailingComma: true
                ).map { "    " + $0 }
            }
        }
        return lines
    }

    /// The `lists:` argument of a shape on lines of its own: each member's values on one line
    /// when they fit, else one per line, with the trailing commas swift-format puts.
    private static func listsLines(
        _ lists: [TypeDeclaration.ObjectShape.Listing], literal: (TypeDeclaration.ObjectShape.PinnedValue) -> String,
        end: String
    ) -> [String] {
        var lines = ["lists: ["]
        // As swift-format, a trailing comma only after the last of several elements.
        let comma = lists.count > 1 ? "," : ""
        for listing in lists {
            let key = SwiftSourceText.stringLiteral(listing.key)
            let values = listing.values.map(literal)
            let single = "    " + key + ": [" + values.joined(separator: ", ") + "]" + comma
            if LineLayout.fits(single, indent: Column.statement + 4) {
                lines.append(single)
            } else {
                lines.append("    " + key + ": [")
                lines += values.map { "        " + $0 + "," }
                lines.append("    ]" + comma)
            }
        }
        lines.append("]" + end)
        return lines
    }

    // MARK: anyOf

    private func present(_ anyOf: TypeDeclaration.AnyOf, into model: inout ModelDeclaration) {
        let checksShapes = anyOf.checksShapes
        var parameters: [InitParameter] = []
        for (offset, decided) in anyOf.alternatives.enumerated() {
            var property = PropertyDeclaration(
                name: decided.name, type: .optional(decided.type), originalName: decided.name.trimmingBackticks,
                docLines: decided.docLines, attributes: [])
            if decided.isBoxed {
                property.makeIndirect()
                property.accessorLines =
                    LineLayout.computedProperty("get", expression: property.getter, indent: Column.statement)
                    + LineLayout.computedProperty("set", expression: property.setter, indent: Column.statement)
            }
            property.layOutVisit(.alternative, lhs: "lhs.", rhs: "rhs.", indent: Column.statement)
            let head = "\(access)var \(property.name):"
            property.declarationLines =
                property.isComputed
                ? LineLayout.computedHeader(head, type: property.type.swiftText, indent: Column.member)
                : LineLayout.stored(head, type: property.type, indent: Column.member)
            if property.isComputed {
                property.storageDeclarationLines = LineLayout.stored(
                    "private var \(property.storageName):", type: property.storageType, indent: Column.member)
            }
            model.properties.append(property)
            parameters.append(InitParameter(for: property, required: false))
            var alternative = AlternativeDeclaration(
                name: decided.name, type: decided.type, docLines: decided.docLines, indirectKeyword: "",
                decodeBranchLines: [], discriminatorCaseLines: [], encodeCaseLines: [],
                decodeLines: LineLayout.call(
                    "let \(decided.name) = alternatives.decode",
                    arguments: ["\(decided.type).self"] + (checksShapes ? ["at: \(offset)"] : []),
                    indent: Column.statement),
                parameterValueCaseLines: [])
            if checksShapes { alternative.shapeLines = Self.shapeLines(decided) }
            model.alternatives.append(alternative)
        }
        model.checksAlternativeShapes = checksShapes
        model.inlinesVisitValues = !anyOf.alternatives.contains(where: \.isBoxed)
        model.hasScalarShape = checksShapes && anyOf.alternatives.contains { $0.isScalar }
        if !parameters.isEmpty { parameters[parameters.count - 1].isLast = true }
        model.initParameters = parameters
        model.hasInitParameters = !parameters.isEmpty
        model.initDeclarationLines = initDeclarationLines(parameters)
        model.initCallLines = LineLayout.list(
            open: "self.init(", items: model.properties.map { SwiftKeywords.argument($0.name) }, close: ")",
            indent: Column.statement, trailingComma: false)
        model.encodeLines = Self.anyOfEncodeLines(
            anyOf.alternatives.map(\.name), merged: anyOf.mergedAlternatives, access: model.access)
        if let identifier = anyOf.identifier {
            model.identifierLines =
                [model.access + "var id: String? {", "    if let \(identifier.string) { return \(identifier.string) }"]
                + identifier.objects.map { "    if let \($0) { return \($0).id }" } + ["    return nil", "}"]
            model.hasIdentifier = true
        }
    }
}

extension ModelPresentation {
    /// An `anyOf`'s `encode(to:)` with its doc comment (``ModelDeclaration/encodeLines``).
    static func anyOfEncodeLines(_ names: [String], merged: [String], access: String) -> [String] {
        let isMerged = Set(merged)
        let alone = names.filter { !isMerged.contains($0) }
        let doc =
            merged.isEmpty
            ? ["/// Encodes the first alternative that is set."]
            : alone.isEmpty
                ? [
                    "/// Encodes every alternative that is set: all are objects, so their members make one",
                    "/// object, and of a member two of them have, the first alternative's value is kept.",
                ]
                : [
                    "/// Encodes the first alternative that is set and is no object; else every object",
                    "/// alternative that is set, their members making one object, and of a member two of",
                    "/// them have, the first alternative's value is kept.",
                ]
        var body: [String] = []
        for name in alone {
            body += ["if let \(name) {", "    return try encoder.encodeAlternative(\(name))", "}"]
        }
        if merged.isEmpty {
            body.append("throw EncodingError.noAlternative(in: self, at: encoder.codingPath)")
        } else {
            body.append("var isEncoded = false")
            for name in merged.reversed() {
                body += ["if let \(name) {", "    try encoder.encodeAlternative(\(name))", "    isEncoded = true", "}"]
            }
            body.append("guard isEncoded else { throw EncodingError.noAlternative(in: self, at: encoder.codingPath) }")
        }
        return doc + ["\(access)func encode(to encoder: any Encoder) throws {"] + body.map { "    " + $0 } + ["}"]
    }
}
