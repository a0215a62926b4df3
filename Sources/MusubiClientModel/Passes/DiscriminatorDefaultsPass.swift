/// Gives an alternative's tag property, in its initializer, the one tag its tagged `oneOf`s
/// name it by as its default (``TypeDeclaration/Property/defaultCase`` for an enum,
/// ``TypeDeclaration/Property/onlyText`` for a plain string), whether the property is required
/// or not.
///
/// FastAPI and pydantic write a message's role as an optional member with a default (`role:
/// {const: user, default: user}`, not required), and Cohere's `EmbedText` has an optional
/// `type` of the union's shared enum: without a default, `.user(UserMessage(content: "hi"))`
/// sends no `role`, so neither the server nor the client's own decoder can tell the message's
/// kind; and a caller could choose another alternative's tag.
///
/// Decided once every type is declared and identical ones merged: an alternative is often
/// declared after its union, a union inline in a request body after the components, and a
/// struct two unions name by different tags (or one union by several) gets no default.
struct DiscriminatorDefaultsPass: TypePass {
    func apply(to declared: [TypeDeclaration]) -> [TypeDeclaration] {
        let index = DeclarationIndex(declared)
        // Per struct, each (tag property, value) its unions name it by.
        var tags: [Int: Set<Tag>] = [:]
        for declaration in declared {
            guard case .oneOf(let oneOf) = declaration.definition, let tag = oneOf.tag, !tag.isInteger else { continue }
            for alternative in oneOf.alternatives {
                guard let offset = index.declarationStored(as: alternative.type) else { continue }
                if alternative.tagValues.count != 1 {
                    // Several tags for one alternative: none is its default.
                    tags[offset, default: []].insert(Tag(property: tag.property, value: nil))
                    continue
                }
                tags[offset, default: []].insert(Tag(property: tag.property, value: alternative.tagValues[0]))
            }
        }
        var types = declared
        for (offset, named) in tags {
            guard named.count == 1, let tag = named.first, let value = tag.value,
                case .structure(var structure) = types[offset].definition,
                let property = structure.properties.firstIndex(where: { $0.coding == .key(tag.property) }),
                structure.properties[property].defaultCase == nil
            else { continue }
            let type = structure.properties[property].type
            if let enumOffset = index.declarationStored(as: type),
                case .enumeration(let enumeration) = types[enumOffset].definition
            {
                guard let tagCase = enumeration.cases.first(where: { $0.value == value }) else { continue }
                structure.properties[property].defaultCase = tagCase.name
            } else if type.nonOptional == .named("String")
                || type.nonOptional == .generic("Nullable", [.named("String")])
            {
                structure.properties[property].onlyText = value
            } else {
                continue
            }
            types[offset].definition = .structure(structure)
        }
        return types
    }

    /// A tag property and the value a union names the struct by; nil for several.
    private struct Tag: Hashable {
        var property: String
        var value: String?
    }
}
