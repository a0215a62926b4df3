import MusubiDocument

/// What schemas allow, looked up through references, `allOf` parts and nested alternatives:
/// the values a property may take, the properties an object has and those it requires.
///
/// Each schema is visited once per lookup table: results are remembered by the schema's
/// identity, so a web of schemas that refer to each other along many paths (each `oneOf` of a
/// ladder listing both schemas of the next rung) costs its size, not its number of paths. A
/// schema met again while it is still being looked at is part of a cycle and adds nothing:
/// no values (so the values are not limited) and no required properties. Values gathered from
/// several alternatives are listed once each, in the order first met.
///
/// A look goes no deeper than ``depthLimit`` schemas at once: below that, as in a cycle, a
/// schema adds nothing. No real spec nests its compositions that deep, and a hostile one that
/// chains thousands of schemas cannot make a look overflow the stack.
struct AllowedValues {
    /// The most schemas one look may be inside at once.
    static let depthLimit = 256
    /// Component schema name → its schema, for following references.
    let componentSchemas: [String: Schema]
    private var required: [SchemaKey: [String]] = [:]
    private var requiredInProgress: Set<SchemaKey> = []
    private var allowed: [SchemaKey: [DocumentValue.Located]?] = [:]
    private var allowedInProgress: Set<SchemaKey> = []
    private var pinned: [PinnedKey: [DocumentValue.Located]?] = [:]
    private var properties: [SchemaKey: [Schema.Property]?] = [:]
    private var propertiesInProgress: Set<SchemaKey> = []
    private var pinnedInProgress: Set<PinnedKey> = []
    private var ownProperties: [SchemaKey: [String: Schema.Property]] = [:]
    /// The values of each member schema as a union's object shapes state them (see
    /// `ModelBuilder.objectShape`), made once per schema.
    var shapeValues: [SchemaKey: [TypeDeclaration.ObjectShape.PinnedValue]?] = [:]

    private struct PinnedKey: Hashable {
        var schema: SchemaKey
        var property: String
    }

    init(componentSchemas: [String: Schema]) {
        self.componentSchemas = componentSchemas
    }

    /// The schema a `$ref` points to, the schema itself when it is no reference, nil when the
    /// target is missing: the first step of every look into a schema.
    private func resolved(_ schema: Schema) -> Schema? {
        guard let referenced = schema.referencedName else { return schema }
        return componentSchemas[referenced]
    }

    /// The properties an object schema requires, its `allOf` parts' included, in order.
    mutating func requiredNames(of schema: Schema) -> [String] {
        guard let resolved = resolved(schema) else { return [] }
        let id = SchemaKey(resolved)
        if let known = required[id] { return known }
        guard requiredInProgress.count < Self.depthLimit, requiredInProgress.insert(id).inserted else { return [] }
        var names = resolved.required
        var listed = Set(names)
        for part in resolved.allOf {
            names.append(contentsOf: requiredNames(of: part).filter { listed.insert($0).inserted })
        }
        requiredInProgress.remove(id)
        required[id] = names
        return names
    }

    /// The properties of an object schema, its `allOf` parts' included (a property defined
    /// twice keeps its first place and its last schema, as merging the parts does); nil when
    /// the schema is no object with properties: a scalar, an enum, a union, a dictionary.
    mutating func objectProperties(of schema: Schema) -> [Schema.Property]? {
        guard let resolved = resolved(schema) else { return nil }
        let id = SchemaKey(resolved)
        if let known = properties[id] { return known }
        guard propertiesInProgress.count < Self.depthLimit, propertiesInProgress.insert(id).inserted else {
            return nil
        }
        var merged: [Schema.Property]?
        let isObject =
            (resolved.types.isEmpty || resolved.types == ["object"]) && resolved.enumValues == nil
            && resolved.constValue == nil && resolved.oneOf.isEmpty && resolved.anyOf.isEmpty
        if isObject {
            var list: [Schema.Property] = []
            var indexByName: [String: Int] = [:]
            func add(_ property: Schema.Property) {
                if let index = indexByName[property.name] {
                    list[index] = property
                } else {
                    indexByName[property.name] = list.count
                    list.append(property)
                }
            }
            for part in resolved.allOf {
                for property in objectProperties(of: part) ?? [] { add(property) }
            }
            for property in resolved.properties { add(property) }
            merged = list.isEmpty ? nil : list
        }
        propertiesInProgress.remove(id)
        properties[id] = .some(merged)
        return merged
    }

    /// The values a schema allows for its property `name`, in source order, or nil when it
    /// does not limit them (or the property is not there).
    mutating func pinnedValues(of name: String, in schema: Schema) -> [DocumentValue.Located]? {
        guard let resolved = resolved(schema) else { return nil }
        let key = PinnedKey(schema: SchemaKey(resolved), property: name)
        if let known = pinned[key] { return known }
        guard pinnedInProgress.count < Self.depthLimit, pinnedInProgress.insert(key).inserted else { return nil }
        let values = pinnedValues(of: name, inResolved: resolved)
        pinnedInProgress.remove(key)
        pinned[key] = values
        return values
    }

    private mutating func pinnedValues(of name: String, inResolved resolved: Schema) -> [DocumentValue.Located]? {
        if let property = ownProperty(name, of: resolved) {
            return values(allowedBy: property.schema)
        }
        // The property may come from an `allOf` part; the last part that pins it decides, as
        // the last part's property wins when the parts are merged.
        var fromParts: [DocumentValue.Located]?
        for part in resolved.allOf {
            if let values = pinnedValues(of: name, in: part) { fromParts = values }
        }
        if let fromParts { return fromParts }
        // A nested union takes the values of all its alternatives, each of which must pin them.
        let nested = (resolved.oneOf.isEmpty ? resolved.anyOf : resolved.oneOf).filter { !$0.isNullOnly }
        guard !nested.isEmpty else { return nil }
        var values: [DocumentValue.Located] = []
        for alternative in nested {
            guard let inner = pinnedValues(of: name, in: alternative) else { return nil }
            values.append(contentsOf: inner)
        }
        return Self.listedOnce(values)
    }

    /// The first property of `schema` itself named `name`, found through an index of the
    /// schema's properties made once: a union's tag is looked for property by property.
    private mutating func ownProperty(_ name: String, of schema: Schema) -> Schema.Property? {
        let id = SchemaKey(schema)
        if let index = ownProperties[id] { return index[name] }
        var index: [String: Schema.Property] = [:]
        for property in schema.properties where index[property.name] == nil { index[property.name] = property }
        ownProperties[id] = index
        return index[name]
    }

    /// The values a property schema allows: its `const` or `enum`, or those of the
    /// alternatives of an `anyOf`/`oneOf` (`null` aside); nil when it allows any value of its type.
    mutating func values(allowedBy schema: Schema) -> [DocumentValue.Located]? {
        guard let resolved = resolved(schema) else { return nil }
        let id = SchemaKey(resolved)
        if let known = allowed[id] { return known }
        guard allowedInProgress.count < Self.depthLimit, allowedInProgress.insert(id).inserted else { return nil }
        let values = values(allowedByResolved: resolved)
        allowedInProgress.remove(id)
        allowed[id] = values
        return values
    }

    private mutating func values(allowedByResolved resolved: Schema) -> [DocumentValue.Located]? {
        if let constant = resolved.constValue { return constant.isNull ? nil : [constant] }
        if let listed = resolved.enumValues {
            let values = listed.filter { !$0.isNull }
            return values.isEmpty ? nil : values
        }
        let alternatives = (resolved.oneOf.isEmpty ? resolved.anyOf : resolved.oneOf).filter { !$0.isNullOnly }
        guard !alternatives.isEmpty else { return nil }
        var values: [DocumentValue.Located] = []
        for alternative in alternatives {
            guard let inner = self.values(allowedBy: alternative) else { return nil }
            values.append(contentsOf: inner)
        }
        return Self.listedOnce(values)
    }

    /// The values with each one kept at its first place only: alternatives that allow the
    /// same value allow it once.
    private static func listedOnce(_ values: [DocumentValue.Located]) -> [DocumentValue.Located] {
        var seen: Set<DocumentValue> = []
        return values.filter { seen.insert($0.value).inserted }
    }
}
