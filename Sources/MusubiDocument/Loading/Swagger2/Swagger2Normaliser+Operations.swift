import MusubiReader

/// Swagger 2.0 operations: parameters of every kind in one list, split here into 3.x's
/// parameters and request body; `consumes`/`produces` turned into media types.
extension Swagger2Normaliser {
    private static let swagger2PathItemFields: Set<String> = [
        "$ref", "get", "put", "post", "delete", "options", "head", "patch", "parameters",
    ]

    private static let swagger2OperationFields: Set<String> = [
        "tags", "summary", "description", "externalDocs", "operationId", "consumes", "produces",
        "parameters", "responses", "schemes", "deprecated", "security",
    ]

    /// The operations in source order, their security requirements read by `security`.
    /// A path item's parameters are read once, and shared by every path that `$ref`s the item.
    func operations(security: SecurityRequirementsReader) -> [APIOperation] {
        var read: [NodeKey: [Swagger2Parameter]] = [:]
        return paths.operations(itemFields: Self.swagger2PathItemFields) { path, pathLocation, item in
            var shared: [Swagger2Parameter] = []
            if let node = item["parameters"] {
                shared = read[key(node)] ?? swagger2Parameters(node)
                read[key(node)] = shared
            }
            return paths.operations(of: item) { method, node -> APIOperation? in
                // `trace` is 3.x only; the key check above has reported it.
                guard Self.swagger2PathItemFields.contains(method.rawValue) else { return nil }
                return swagger2Operation(
                    method, path: path, pathLocation: pathLocation, node: node, shared: shared, security: security)
            }
        }
    }

    private func swagger2Operation(
        _ method: APIOperation.Method, path: String, pathLocation: SourceLocation, node: Node,
        shared: [Swagger2Parameter], security: SecurityRequirementsReader
    ) -> APIOperation? {
        guard node.mapping != nil else {
            warning("an operation should be a mapping", at: node.location)
            return nil
        }
        let name = "operation '\(method.rawValue.uppercased()) \(path)'"
        checkKeys(of: node, known: Self.swagger2OperationFields, in: name)
        // An operation's parameter replaces the path's of the same name and place.
        struct Key: Hashable {
            var place: String
            var name: String
        }
        let own = swagger2Parameters(node["parameters"])
        // Counted before they are merged, which takes as long as the path's are many.
        let counted = paths.counting(shared.count + own.count, at: pathLocation)
        var merged = counted ? shared : []
        var positions: [Key: Int] = [:]
        for (index, parameter) in merged.enumerated() {
            let key = Key(place: parameter.place, name: parameter.name)
            positions[key] = positions[key] ?? index
        }
        for parameter in counted ? own : [] {
            let key = Key(place: parameter.place, name: parameter.name)
            if let index = positions[key] {
                merged[index] = parameter
            } else {
                positions[key] = merged.count
                merged.append(parameter)
            }
        }
        var parameters = merged.compactMap(\.plain)
        paths.checkPathParameters(path: path, parameters: &parameters, at: pathLocation)
        // Operation-level lists replace the document's, as in 2.0 they are not merged.
        let consumes = mediaTypes(node, "consumes") ?? mediaTypes(root, "consumes") ?? []
        let produces = mediaTypes(node, "produces") ?? mediaTypes(root, "produces") ?? []

        let responses: [Response]
        if let mapping = node["responses"]?.mapping {
            responses = paths.responseStatuses(mapping).compactMap { status, entry in
                swagger2Response(status: status, node: entry.value, produces: produces)
            }
        } else {
            warning("\(name) documents no responses", at: node.location)
            responses = []
        }

        var operation = APIOperation(
            method: method, path: path,
            operationID: string(node, "operationId"),
            summary: string(node, "summary"),
            description: string(node, "description"),
            tags: node["tags"]?.sequence?.compactMap(\.scalarText) ?? [],
            parameters: parameters,
            requestBody: swagger2RequestBody(merged, consumes: consumes, operation: name),
            responses: responses,
            deprecated: bool(node, "deprecated") ?? false,
            location: node.location,
            security: security.requirements(ofOperation: node))
        operation.paginationExtension = node["x-musubi-pagination"].map(DocumentValue.Located.init)
        return operation
    }

    /// The body parameter, or the form fields as one object, as a request body. 2.0 allows
    /// one or the other, once.
    private func swagger2RequestBody(
        _ parameters: [Swagger2Parameter], consumes: [String], operation: String
    ) -> RequestBody? {
        let bodies = parameters.compactMap(\.body)
        let fields = parameters.compactMap(\.formField)
        for extra in bodies.dropFirst() {
            warning(
                "\(operation) has more than one body parameter; '\(extra.name)' is ignored", at: extra.location)
        }
        if let body = bodies.first {
            if let field = fields.first {
                warning(
                    "\(operation) has both a body parameter and form fields; the form fields are ignored",
                    at: field.location)
            }
            let types = consumes.isEmpty ? [Self.swagger2DefaultMediaType] : consumes
            return RequestBody(
                description: body.description, required: body.required,
                content: types.map { MediaType(contentType: $0, schema: body.schema, example: nil) },
                location: body.location)
        }
        guard let first = fields.first else { return nil }
        // Files can only travel in multipart; plain fields travel in the lighter urlencoded
        // form unless the operation asks for multipart.
        let isMultipart =
            fields.contains(where: \.isFile)
            || consumes.contains { $0.lowercased().hasPrefix("multipart/form-data") }
        let schema = Schema(
            types: ["object"],
            properties: fields.map { Schema.Property(name: $0.name, schema: $0.schema, location: $0.location) },
            required: fields.filter(\.required).map(\.name),
            location: first.location)
        return RequestBody(
            description: nil, required: fields.contains(where: \.required),
            content: [
                MediaType(
                    contentType: isMultipart ? "multipart/form-data" : "application/x-www-form-urlencoded",
                    schema: schema, example: nil, encoding: fields.compactMap(\.encoding))
            ],
            location: first.location)
    }

    /// A `consumes` or `produces` list without the entries that are not media types, each
    /// ignored with a warning at its location.
    private func mediaTypes(_ node: Node, _ key: String) -> [String]? {
        guard let list = strings(node, key) else { return nil }
        return list.filter { type in
            guard HTTPSyntax.isMediaType(type) else {
                let item = node[key]?.sequence?.first { $0.scalarText == type }
                warning(
                    "'\(type)' is not a media type (type/subtype; parameters); it is ignored",
                    at: item?.location ?? node[key]?.location)
                return false
            }
            return true
        }
    }

    /// A response; its `schema` becomes one media type per `produces` entry, sharing one
    /// schema, and its `examples` (by media type) the media types' examples.
    private func swagger2Response(status: ResponseStatus, node original: Node, produces: [String]) -> Response? {
        resolver.withDereferenced(original) { node in
            let headers =
                node["headers"]?.mapping?.compactMap { entry -> Header? in
                    guard HTTPSyntax.isToken(entry.key) else {
                        warning(
                            "'\(entry.key)' is not a valid header name (an HTTP token); it is ignored",
                            at: entry.keyLocation)
                        return nil
                    }
                    return Header(
                        name: entry.key, description: string(entry.value, "description"), required: false,
                        schema: swagger2SimpleSchema(entry.value))
                } ?? []
            var content: [MediaType] = []
            if let schemaNode = node["schema"] {
                let schema = schemas.schema(schemaNode)
                var types = produces.isEmpty ? [Self.swagger2DefaultMediaType] : produces
                // `produces` is one list for every response, and says what a success streams
                // (Docker's logs: `application/vnd.docker.raw-stream`); an error described by a
                // schema that is no string is JSON all the same, as Docker sends it.
                let isError = (status.classDigit ?? 4) >= 4
                let isText = schema.referencedName == nil && schema.types.allSatisfy { $0 == "string" || $0 == "file" }
                if isError, !isText,
                    !types.contains(where: { MediaType(contentType: $0, schema: schema).isJSON })
                {
                    types.append(Self.swagger2DefaultMediaType)
                }
                // Bytes (`type: file`, `format: binary`) are neither JSON nor text, whatever
                // `produces` says for the API's other responses (Docker's logs and image exports
                // under `produces: [application/json, text/plain]`): the other types, or any bytes.
                let isBytes =
                    schema.referencedName == nil && (schema.types == ["file"] || schema.format == "binary")
                if isBytes {
                    types.removeAll {
                        MediaType(contentType: $0, schema: schema).isJSON || $0.lowercased().hasPrefix("text/")
                    }
                    if types.isEmpty { types = ["application/octet-stream"] }
                }
                content = types.map { type in
                    MediaType(
                        contentType: type, schema: schema, example: node["examples"]?[type].map(DocumentValue.init))
                }
            }
            return Response(
                status: status, description: string(node, "description"),
                content: content, headers: headers, location: original.location,
                componentName: JSONPointer.componentName(referencedBy: original))
        }
    }
}
