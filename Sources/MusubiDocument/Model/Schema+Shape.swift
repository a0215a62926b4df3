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

    /// The one part of an `allOf` that says what the value is, when the others only annotate
    /// it (`{nullable: true}`, `{description: …}`) and the schema adds no properties of its own.
    public var singleAllOfPart: Schema? {
        guard !allOf.isEmpty, properties.isEmpty, types.allSatisfy({ $0 == "object" }) else { return nil }
        let essential = allOf.filter { !$0.isAnnotationOnly }
        if essential.isEmpty { return allOf[0] }
        return essential.count == 1 ? essential[0] : nil
    }
}
