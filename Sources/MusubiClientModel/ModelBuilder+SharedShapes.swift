import MusubiDocument
import MusubiReader

/// Inline schemas that are written out identically in several places become one type.
///
/// Big specs repeat inline shapes: Stripe spells the same `metadata`, `address` or
/// `"" | {…}` choice in hundreds of request bodies. One type per spelling doubled the generated
/// code (5,644 model files where 2,965 shapes are distinct) and with it the build time, and gave
/// users many names for one thing. Two inline schemas share a type only when they are the same
/// in everything but where they are written — titles, descriptions, defaults and examples
/// included — so every doc comment stays true of every use. The type keeps the name of the
/// first place it was met in the builder's fixed order.
extension ModelBuilder {
    /// A number that is the same for two schemas exactly when they are written the same,
    /// apart from their locations.
    ///
    /// Hash-consing: a schema's key lists its own fields and its subschemas' numbers, so each
    /// schema is described once however deeply it is nested, and equal keys mean equal trees.
    func shapeNumber(of schema: Schema) -> Int {
        if let known = shapeNumbers[ObjectIdentifier(schema)] { return known }
        var key = ""
        // Each value is prefixed with its length, so no text inside a value can end it early.
        func field(_ name: String, _ value: String) {
            key += name
            key += String(value.utf8.count)
            key += ":"
            key += value
        }
        func schemas(_ name: String, _ list: [Schema]) {
            guard !list.isEmpty else { return }
            field(name, list.map { String(shapeNumber(of: $0)) }.joined(separator: ","))
        }
        if let referenced = schema.referencedName { field("ref", referenced) }
        if !schema.types.isEmpty { field("type", schema.types.joined(separator: ",")) }
        if let format = schema.format { field("format", format) }
        if let title = schema.title { field("title", title) }
        if let description = schema.description { field("description", description) }
        if schema.nullable { field("nullable", "") }
        for property in schema.properties {
            field("property", property.name + ":" + String(shapeNumber(of: property.schema)))
        }
        if !schema.required.isEmpty { field("required", schema.required.joined(separator: ",")) }
        switch schema.additionalProperties {
        case .allowed(let allowed): field("additional", String(allowed))
        case .schema(let values): field("additional", String(shapeNumber(of: values)))
        case nil: break
        }
        if let items = schema.items { field("items", String(shapeNumber(of: items))) }
        if let values = schema.enumValues { field("enum", values.map(Self.canonicalText).joined(separator: ",")) }
        if let value = schema.constValue { field("const", Self.canonicalText(value)) }
        if !schema.enumVariableNames.isEmpty { field("names", schema.enumVariableNames.joined(separator: ",")) }
        schemas("allOf", schema.allOf)
        schemas("oneOf", schema.oneOf)
        schemas("anyOf", schema.anyOf)
        if let discriminator = schema.discriminator {
            field(
                "discriminator",
                discriminator.propertyName + "|"
                    + discriminator.mapping.map { $0.value + ">" + $0.reference }.joined(separator: ","))
        }
        if let value = schema.defaultValue { field("default", Self.canonicalText(value)) }
        if !schema.examples.isEmpty {
            field("examples", schema.examples.map(Self.canonicalText).joined(separator: ","))
        }
        if schema.readOnly { field("readOnly", "") }
        if schema.writeOnly { field("writeOnly", "") }
        if schema.deprecated { field("deprecated", "") }
        // A multipart body's binary properties are `FileUpload`s: not the same type as the
        // same schema elsewhere.
        if uploadSchemas.contains(ObjectIdentifier(schema)) { field("upload", "") }

        let number: Int
        if let existing = shapeKeys[key] {
            number = existing
        } else {
            number = shapeKeys.count
            shapeKeys[key] = number
        }
        shapeNumbers[ObjectIdentifier(schema)] = number
        return number
    }

    /// A node as unambiguous text: strings quoted, so `"1"` and `1` differ.
    private static func canonicalText(_ node: Node) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return quoted(text)
        case .sequence(let items): return "[" + items.map(canonicalText).joined(separator: ",") + "]"
        case .mapping(let mapping):
            return "{" + mapping.entries.map { quoted($0.key) + ":" + canonicalText($0.value) }.joined(separator: ",")
                + "}"
        }
    }

    /// Text in quotes with its length, so no text inside can end it early.
    private static func quoted(_ text: String) -> String {
        "\(text.utf8.count)\"" + text + "\""
    }
}
