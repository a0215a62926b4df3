import MusubiReader

extension LoadingContext {
    /// A `$ref` to a named schema stays a named reference, so the client model can use that
    /// schema's type (and recursive schemas terminate). Named are the document's own
    /// components and what ``schemaName(for:)`` adopts from other files and `$defs`; any
    /// other pointer is parsed where it points, once.
    func referencedSchema(_ reference: Node, siblings: Node) -> Schema {
        guard let text = reference.string else {
            error("'$ref' must be a string, found \(reference.kindDescription)", at: reference.location)
            return Schema(location: reference.location)
        }
        guard let target = resolveReference(text, at: reference.location) else {
            return Schema(location: reference.location)
        }
        if let name = schemaName(for: target) {
            // 3.1 allows keywords beside `$ref`; the ones that matter for a client are
            // documentation, nullability and access.
            return Schema(
                referencedName: name,
                title: string(siblings, "title"),
                description: string(siblings, "description"),
                nullable: (bool(siblings, "nullable") ?? false) || (bool(siblings, "x-nullable") ?? false),
                defaultValue: siblings["default"].map(DocumentValue.init),
                examples: examples(siblings),
                readOnly: bool(siblings, "readOnly") ?? false,
                writeOnly: bool(siblings, "writeOnly") ?? false,
                deprecated: bool(siblings, "deprecated") ?? false,
                location: reference.location
            )
        }
        if let cached = schemasByPointer[target.identity] { return cached }
        guard referencesInProgress.insert(target.identity).inserted else {
            warning(
                "reference '\(text)' refers to itself without a named schema; it is generated as a free-form value",
                at: reference.location)
            return Schema(location: reference.location)
        }
        defer { referencesInProgress.remove(target.identity) }
        let parsed = inFile(target.file) { schema(target.node) }
        schemasByPointer[target.identity] = parsed
        return parsed
    }
}
