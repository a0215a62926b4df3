import MusubiDocument
import MusubiReader

/// Inline schemas that are written out identically in several places become one type.
///
/// Big specs repeat inline shapes: Stripe spells the same `metadata`, `address` or
/// `"" | {…}` choice in hundreds of request bodies. One type per spelling doubled the generated
/// code and with it the build time, and gave
/// users many names for one thing. Two inline schemas share a type only when they are the same
/// in everything but where they are written — titles, descriptions, defaults and examples
/// included — so every doc comment stays true of every use. The type is declared under the
/// name of the first place it was met in the builder's fixed order; each further place is
/// remembered (``TypeCatalog/shapePlaces``), and once every place is known the type is named
/// after all of them (``ModelBuilder/namingSharedShapes(_:)``).
struct ShapeNumbering {
    /// Shape numbers by schema identity, so each schema is described once.
    private var numbers: [SchemaKey: Int] = [:]
    /// Shape numbers by key: the number of the first schema written that way.
    private var keys: [ShapeKey: Int] = [:]

    /// A number that is the same for two schemas exactly when they are written the same,
    /// apart from their locations. A schema in `uploads` (a multipart body's, whose binary
    /// properties are `FileUpload`s) is not the same type as the same schema elsewhere.
    ///
    /// Hash-consing: a schema's key lists its own fields and its subschemas' numbers, so each
    /// schema is described once however deeply it is nested, and equal keys mean equal trees.
    mutating func number(of schema: Schema, uploads: Set<SchemaKey>) -> Int {
        if let known = numbers[SchemaKey(schema)] { return known }
        var key = ShapeKeyWriter()
        func schemas(_ field: ShapeKeyWriter.Field, _ list: [Schema]) {
            guard !list.isEmpty else { return }
            key.start(field)
            key.append(list.count)
            for item in list { key.append(number(of: item, uploads: uploads)) }
        }
        if let referenced = schema.referencedName { key.field(.reference, referenced) }
        if !schema.types.isEmpty { key.field(.types, schema.types) }
        if let format = schema.format { key.field(.format, format) }
        if let title = schema.title { key.field(.title, title) }
        if let description = schema.description { key.field(.description, description) }
        if schema.nullable { key.start(.nullable) }
        for property in schema.properties {
            key.field(.property, property.name)
            key.append(number(of: property.schema, uploads: uploads))
        }
        if !schema.required.isEmpty { key.field(.required, schema.required) }
        switch schema.additionalProperties {
        case .allowed(let allowed):
            key.start(.additionalProperties)
            key.append(allowed ? 1 : 0)
        case .schema(let values):
            key.start(.additionalPropertiesSchema)
            key.append(number(of: values, uploads: uploads))
        case nil: break
        }
        if let items = schema.items {
            key.start(.items)
            key.append(number(of: items, uploads: uploads))
        }
        if let values = schema.enumValues {
            key.start(.enumValues)
            key.append(values.count)
            for value in values { key.append(value.value) }
        }
        if let value = schema.constValue {
            key.start(.constValue)
            key.append(value.value)
        }
        if !schema.enumVariableNames.isEmpty { key.field(.enumVariableNames, schema.enumVariableNames) }
        schemas(.allOf, schema.allOf)
        schemas(.oneOf, schema.oneOf)
        schemas(.anyOf, schema.anyOf)
        if let discriminator = schema.discriminator {
            key.field(.discriminator, discriminator.propertyName)
            key.append(discriminator.mapping.count)
            for entry in discriminator.mapping {
                key.append(entry.value)
                key.append(entry.reference)
            }
        }
        if let value = schema.defaultValue {
            key.start(.defaultValue)
            key.append(value)
        }
        if !schema.examples.isEmpty {
            key.start(.examples)
            key.append(schema.examples.count)
            for example in schema.examples { key.append(example) }
        }
        if schema.readOnly { key.start(.readOnly) }
        if schema.writeOnly { key.start(.writeOnly) }
        if schema.deprecated { key.start(.deprecated) }
        if uploads.contains(SchemaKey(schema)) { key.start(.upload) }

        let assigned: Int
        if let existing = keys[key.key] {
            assigned = existing
        } else {
            assigned = keys.count
            keys[key.key] = assigned
        }
        numbers[SchemaKey(schema)] = assigned
        return assigned
    }
}

/// Writes a schema's shape as bytes that only an equal shape writes: every field starts with
/// its own tag, every text with its length, every list with its count, so no value can run
/// into the next. Bytes, not text: big specs describe tens of thousands of schemas.
struct ShapeKeyWriter {
    enum Field: UInt8 {
        case reference = 1
        case types, format, title, description, nullable, property, required
        case additionalProperties, additionalPropertiesSchema, items, enumValues, constValue
        case enumVariableNames, allOf, oneOf, anyOf, discriminator, defaultValue, examples
        case readOnly, writeOnly, deprecated, upload
    }

    private(set) var bytes: [UInt8] = []

    var key: ShapeKey { ShapeKey(bytes: bytes) }

    mutating func start(_ field: Field) {
        bytes.append(field.rawValue)
    }

    mutating func field(_ field: Field, _ text: String) {
        start(field)
        append(text)
    }

    mutating func field(_ field: Field, _ texts: [String]) {
        start(field)
        append(texts.count)
        for text in texts { append(text) }
    }

    mutating func append(_ number: Int) {
        withUnsafeBytes(of: number.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        append(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    /// A value of the spec (a default, an enum value, an example): strings and numbers
    /// differ, so `"1"` and `1` do.
    mutating func append(_ value: DocumentValue) {
        switch value {
        case .null: bytes.append(0)
        case .bool(let flag): bytes.append(flag ? 2 : 1)
        case .number(let text):
            bytes.append(3)
            append(text)
        case .string(let text):
            bytes.append(4)
            append(text)
        case .array(let items):
            bytes.append(5)
            append(items.count)
            for item in items { append(item) }
        case .object(let members):
            bytes.append(6)
            append(members.count)
            for member in members {
                append(member.key)
                append(member.value)
            }
        }
    }
}

/// A schema's shape key as a dictionary key, hashed as one run of bytes (an array's own
/// hashing feeds the hasher a byte at a time).
struct ShapeKey: Hashable {
    let bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
