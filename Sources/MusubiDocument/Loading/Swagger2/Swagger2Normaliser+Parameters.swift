import MusubiReader

/// A Swagger 2.0 parameter before it is split into 3.x's shapes: 2.0 lists the body and the
/// form fields among the parameters, 3.x has a request body for them.
struct Swagger2Parameter {
    /// A body parameter or a form field: what becomes (part of) the request body.
    struct Field {
        var name: String
        var description: String?
        var required: Bool
        var schema: Schema
        /// `type: file`, which only multipart can carry.
        var isFile: Bool
        var location: SourceLocation
        /// How an array form field is written, from its `collectionFormat`.
        var encoding: PropertyEncoding? = nil
    }

    enum Kind {
        case plain(Parameter)
        case body(Field)
        case formField(Field)
    }

    var name: String
    /// `in` as written, which with the name identifies a parameter when an operation's
    /// parameters override the path's.
    var place: String
    var kind: Kind

    var plain: Parameter? {
        if case .plain(let parameter) = kind { return parameter }
        return nil
    }

    var body: Field? {
        if case .body(let field) = kind { return field }
        return nil
    }

    var formField: Field? {
        if case .formField(let field) = kind { return field }
        return nil
    }
}

extension Swagger2Normaliser {
    private static let swagger2ParameterFields: Set<String> = [
        "name", "in", "description", "required", "schema", "type", "format", "allowEmptyValue",
        "items", "collectionFormat", "default", "maximum", "exclusiveMaximum", "minimum",
        "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems",
        "uniqueItems", "enum", "multipleOf",
    ]

    func swagger2Parameters(_ node: Node?) -> [Swagger2Parameter] {
        guard let node else { return [] }
        guard let list = node.sequence else {
            warning("'parameters' should be a list", at: node.location)
            return []
        }
        return list.compactMap { original in
            resolver.withDereferenced(original) { swagger2Parameter($0, writtenAt: original.location) }
        }
    }

    private func swagger2Parameter(_ node: Node, writtenAt location: SourceLocation) -> Swagger2Parameter? {
        checkKeys(of: node, known: Self.swagger2ParameterFields, in: "a parameter")
        guard let name = string(node, "name") else {
            warning("a parameter needs a 'name'; it is ignored", at: node.location)
            return nil
        }
        guard let place = string(node, "in") else {
            warning("parameter '\(name)' needs 'in'; it is ignored", at: node.location)
            return nil
        }
        let description = string(node, "description")
        let required = bool(node, "required") ?? false
        switch place {
        case "body":
            let bodySchema: Schema
            if let schemaNode = node["schema"] {
                bodySchema = schemas.schema(schemaNode)
            } else {
                warning("body parameter '\(name)' needs a 'schema'; the body is a free-form value", at: node.location)
                bodySchema = Schema(location: node.location)
            }
            let field = Swagger2Parameter.Field(
                name: name, description: description, required: required, schema: bodySchema, isFile: false,
                location: location)
            return Swagger2Parameter(name: name, place: place, kind: .body(field))
        case "formData":
            // The field's description documents the property it becomes.
            var field = Swagger2Parameter.Field(
                name: name, description: description, required: required,
                schema: swagger2ParameterSchema(node, name: name, description: description),
                isFile: node["type"]?.string == "file", location: location)
            if field.schema.types == ["array"] {
                // A form field is written like a query parameter: `multi` repeats the name.
                let layout = collectionStyle(node, place: .query)
                field.encoding = PropertyEncoding(name: name, style: layout.style, explode: layout.explode)
            }
            return Swagger2Parameter(name: name, place: place, kind: .formField(field))
        case "query", "header", "path":
            let parameterLocation = Parameter.Location(rawValue: place)!
            if parameterLocation == .header, !HTTPSyntax.isToken(name) {
                warning(
                    "header parameter '\(name)' is not a valid header name (an HTTP token); it is ignored",
                    at: node["name"]?.location)
                return nil
            }
            let schema = swagger2ParameterSchema(node, name: name, description: nil)
            // Only arrays have a `collectionFormat`; other values are laid out by the location's
            // default style, as in 3.x.
            let style = ParameterStyle.defaultStyle(in: parameterLocation)
            let layout =
                schema.types == ["array"]
                ? collectionStyle(node, place: parameterLocation) : (style: style, explode: style.explodesByDefault)
            // An array of arrays (EVE's route `connections`, pairs joined by `|`): OpenAPI 3 has
            // no style for the inner arrays, which are sent as one flat list.
            if schema.types == ["array"], let items = node["items"], string(items, "type") == "array" {
                warning(
                    "\(place) parameter '\(Diagnostic.excerpt(name))' is an array of arrays, which has no OpenAPI 3 "
                        + "serialization; the inner arrays' values are sent as one list"
                        + (string(items, "collectionFormat").map { ", not joined by their collectionFormat '\($0)'" }
                            ?? ""),
                    at: items.location)
            }
            let parameter = Parameter(
                name: name, location: parameterLocation, required: required, description: description,
                deprecated: false, schema: schema, style: layout.style, explode: layout.explode,
                sourceLocation: location)
            return Swagger2Parameter(name: name, place: place, kind: .plain(parameter))
        default:
            warning("parameter '\(name)' has unknown location '\(place)'; it is ignored", at: node["in"]?.location)
            return nil
        }
    }

    /// The schema of a non-body parameter, written on the parameter itself in 2.0. A 3.x
    /// style `schema` is accepted too, as the intent is plain.
    private func swagger2ParameterSchema(_ node: Node, name: String, description: String?) -> Schema {
        if node["type"] == nil {
            if let schemaNode = node["schema"] {
                warning(
                    "parameter '\(name)' has a 'schema'; in Swagger 2.0 only body parameters do, but it is used",
                    at: schemaNode.location)
                return schemas.schema(schemaNode)
            }
            warning("parameter '\(name)' needs a 'type'; it is a free-form value", at: node.location)
        }
        return swagger2SimpleSchema(node, description: description)
    }

    /// A schema from 2.0's simple type fields (`type`, `format`, `items`, `enum`, `default`),
    /// as non-body parameters, their `items` and response headers write them.
    func swagger2SimpleSchema(_ node: Node, description: String? = nil) -> Schema {
        if node["$ref"] != nil {
            // Not allowed in `items` by 2.0, but written, and the meaning is plain.
            return schemas.schema(node)
        }
        return schemas.cachedSchema(at: node) {
            var nullable = bool(node, "x-nullable") ?? false
            var format = string(node, "format")
            let types = schemas.types(node, nullable: &nullable, format: &format)
            let items = node["items"].map { swagger2SimpleSchema($0) }
            let enumValues = schemas.enumValues(node, nullable: &nullable)
            return Schema(
                types: types, format: format, description: description, nullable: nullable, items: items,
                enumValues: enumValues, defaultValue: node["default"].map(DocumentValue.init), location: node.location
            )
        }
    }

    /// 2.0's `collectionFormat` of an array parameter as 3.x's `style` and `explode`: `csv`
    /// (2.0's default, where 3.x's query default would repeat the name) is `form` or `simple`
    /// unexploded, `multi` is exploded `form`, `ssv` `spaceDelimited`, `pipes`
    /// `pipeDelimited`. `tsv` has no 3.x style, and `multi`, `ssv` and `pipes` none outside the
    /// query: those, and unknown formats, are reported and sent comma-separated.
    func collectionStyle(_ node: Node, place: Parameter.Location) -> (style: ParameterStyle, explode: Bool) {
        let format = string(node, "collectionFormat") ?? "csv"
        let commaSeparated: ParameterStyle = place == .query ? .form : .simple
        switch (format, place) {
        case ("csv", _): return (commaSeparated, false)
        case ("multi", .query): return (.form, true)
        case ("ssv", .query): return (.spaceDelimited, false)
        case ("pipes", .query): return (.pipeDelimited, false)
        default:
            let reason =
                ["ssv", "pipes", "multi", "tsv"].contains(format)
                ? "has no OpenAPI 3 equivalent in the \(place.rawValue)" : "is unknown"
            warning(
                "collectionFormat '\(format)' \(reason); the items are sent comma-separated",
                at: node["collectionFormat"]?.location)
            return (commaSeparated, false)
        }
    }
}
