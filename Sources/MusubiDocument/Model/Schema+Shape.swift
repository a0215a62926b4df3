extension Schema {
    /// A schema that says nothing about the value's shape, only about it (`{nullable: true}`,
    /// `{description: …}`): as an `allOf` part it annotates the others.
    public var isAnnotationOnly: Bool {
        referencedName == nil && types.isEmpty && properties.isEmpty && items == nil && enumValues == nil
            && constValue == nil && allOf.isEmpty && oneOf.isEmpty && anyOf.isEmpty && additionalProperties == nil
    }

    /// `{type: null}`: an alternative that only says "or null".
    public var isNullOnly: Bool {
        referencedName == nil && types.isEmpty && nullable && properties.isEmpty && allOf.isEmpty
            && oneOf.isEmpty && anyOf.isEmpty
    }

    /// A schema that only names a scalar type (`{type: string, description: …, nullable: true}`):
    /// beside a reference to a schema of that type in an `allOf`, it annotates the reference, as
    /// Plaid and Cloudflare write a property's own description.
    public var isScalarTypeRestatement: Bool {
        referencedName == nil && !types.isEmpty && types.allSatisfy(Self.scalarTypes.contains) && properties.isEmpty
            && items == nil && enumValues == nil && constValue == nil && allOf.isEmpty && oneOf.isEmpty
            && anyOf.isEmpty && additionalProperties == nil
    }

    /// The JSON types of single values.
    public static let scalarTypes: Set<String> = ["string", "integer", "number", "boolean", "null"]

    /// The one part of an `allOf` that says what the value is, when the others only annotate
    /// it (`{nullable: true}`, `{description: …}`, or only restate the scalar type a referenced
    /// part has) and the schema adds no properties of its own. The schema's own `type`, if it
    /// has one, is `object` or the referenced scalar type (`{type: string, nullable: true,
    /// allOf: [$ref: Iban]}`). A part or the schema listing `required` names says more than
    /// the one part (Opsgenie's `allOf: [{$ref: IncidentBase}, {required: [id, message]}]`):
    /// the object is then the parts merged.
    public var singleAllOfPart: Schema? {
        guard !allOf.isEmpty, properties.isEmpty, required.isEmpty else { return nil }
        var essential = allOf.filter { !$0.isAnnotationOnly || !$0.required.isEmpty }
        if essential.isEmpty { return types.allSatisfy({ $0 == "object" }) ? allOf[0] : nil }
        let referenced = essential.filter { $0.referencedName != nil }
        if referenced.count == 1, referenced[0].types.allSatisfy(Self.scalarTypes.contains) {
            let restating = essential.filter(\.isScalarTypeRestatement)
            if restating.count == essential.count - 1,
                restating.allSatisfy({ referenced[0].types.isEmpty || Set($0.types).isSubset(of: referenced[0].types) })
            {
                essential = referenced
            }
        }
        guard essential.count == 1 else { return nil }
        let part = essential[0]
        if types.allSatisfy({ $0 == "object" }) { return part }
        // A reference's own schema names no type (its target does, which a schema cannot see).
        // Values of its own (Discord's `{type: string, enum: [user], allOf: [$ref: Types]}`)
        // restrict the reference rather than annotate it.
        let fits = part.types.isEmpty ? part.referencedName != nil : Set(types).isSubset(of: part.types)
        return fits && types.allSatisfy(Self.scalarTypes.contains) && enumValues == nil && constValue == nil
            ? part : nil
    }
}
