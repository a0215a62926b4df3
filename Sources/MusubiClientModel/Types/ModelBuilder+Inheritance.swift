import MusubiDocument

/// Schemas that extend a base schema whose `discriminator` tells them apart.
///
/// OpenAPI's own example of polymorphism: `Pet` has a `discriminator` on `petType`, and `Cat`
/// and `Dog` are `allOf: [$ref Pet, {…}]`. A response of `Pet` is any of them, told apart by
/// `petType`; read as the `Pet` struct alone, a cat's hunting skill was dropped (Okta's default
/// management spec: every application, policy and rule). Where such a base is used as a value,
/// it is the union of the schemas that extend it, `AnyPet`, with a case per subtype and
/// `unknown` for any other tag; the subtypes themselves still merge the base's properties, and
/// the base keeps its struct.
extension ModelBuilder {
    /// For each selected base schema with a `discriminator`, properties and no `oneOf`/`anyOf`
    /// of its own, by name: a `oneOf` of the selected schemas that extend it (the
    /// `discriminator`'s mapping, and every schema whose `allOf` refers to it, tagged by its
    /// name), with the base's discriminator; none for a base without subtypes, or with one the
    /// mapping does not name. A schema that only repeats the base (`allOf: [$ref Pet]`) is a
    /// subtype only when the mapping names it (a tag whose values have just the base's
    /// properties); the base itself never is.
    func inheritanceUnions(of schemas: [NamedSchema]) -> [String: Schema] {
        let selected = Set(schemas.map(\.name))
        var bases: [String: Schema] = [:]
        for named in schemas {
            let schema = named.schema
            guard let discriminator = schema.discriminator, schema.oneOf.isEmpty, schema.anyOf.isEmpty,
                !schema.properties.isEmpty, !discriminator.propertyName.isEmpty
            else { continue }
            bases[named.name] = schema
        }
        guard !bases.isEmpty else { return [:] }
        var subtypes: [String: [String]] = [:]
        var added: Set<[String]> = []
        var mapped: Set<[String]> = []
        func add(_ subtype: String, to base: String, mapped: Bool) {
            guard subtype != base, selected.contains(subtype), let schema = catalog.componentSchemas[subtype],
                mapped || schema.allOf.count > 1 || !schema.properties.isEmpty || schema.allOf.isEmpty,
                added.insert([base, subtype]).inserted
            else { return }
            subtypes[base, default: []].append(subtype)
        }
        for (base, schema) in bases.sorted(by: { $0.key < $1.key }) {
            for entry in schema.discriminator?.mapping ?? [] {
                let name = entry.reference.split(separator: "/").last.map(String.init) ?? entry.reference
                add(name, to: base, mapped: true)
                mapped.insert([base, name])
            }
        }
        for named in schemas {
            for part in named.schema.allOf {
                guard let base = part.referencedName, bases[base] != nil else { continue }
                add(named.name, to: base, mapped: false)
            }
        }
        var unions: [String: Schema] = [:]
        for (base, names) in subtypes {
            guard let schema = bases[base] else { continue }
            // One subtype alone is read as that subtype (a `oneOf` of one alternative is that
            // alternative): right when the base's mapping names it, as every value is then of
            // it (Rebilly's `ClearhausMpis`, whose one `ClearhausMpi` holds the credentials),
            // not when it only extends the base, whose values may be of others.
            if names.count == 1, !mapped.contains([base, names[0]]) { continue }
            unions[base] = Schema(
                title: schema.title, description: schema.description,
                oneOf: names.map { Schema(referencedName: $0, location: schema.location) },
                discriminator: schema.discriminator, location: schema.location)
        }
        return unions
    }

    /// Gives each subtype's discriminator property, in its initializer, the one tag the base's
    /// mapping gives the subtype as its default (``TypeDeclaration/Property/defaultCase``):
    /// the property's type is the base's enum of every subtype's tag, so without it a caller
    /// chooses the tag, and may choose another subtype's.
    func defaultSubtypeTags() {
        for (_, union) in catalog.inheritanceUnions {
            guard let discriminator = union.discriminator else { continue }
            var tags: [String: [String]] = [:]
            for entry in discriminator.mapping {
                let name = entry.reference.split(separator: "/").last.map(String.init) ?? entry.reference
                tags[name, default: []].append(entry.value)
            }
            for (subtype, values) in tags where values.count == 1 {
                guard let typeName = catalog.componentTypeNames[subtype],
                    case .structure(let structure) = catalog.declaration(named: typeName)?.definition,
                    let offset = structure.properties.firstIndex(where: {
                        $0.coding == .key(discriminator.propertyName) && $0.isRequired
                    }),
                    case .named(let enumName) = structure.properties[offset].type,
                    case .enumeration(let enumeration) = catalog.declaration(named: enumName)?.definition,
                    let tag = enumeration.cases.first(where: { $0.value == values[0] })
                else { continue }
                catalog.update(named: typeName) { declaration in
                    guard case .structure(var structure) = declaration.definition else { return }
                    structure.properties[offset].defaultCase = tag.name
                    declaration.definition = .structure(structure)
                }
            }
        }
    }
}
