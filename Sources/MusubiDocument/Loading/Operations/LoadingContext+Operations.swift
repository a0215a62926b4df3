import MusubiReader

extension LoadingContext {
    private static let pathItemFields = Set(
        ["$ref", "summary", "description", "servers", "parameters", "query", "additionalOperations"]
            + APIOperation.Method.allCases.map(\.rawValue))

    private static let operationFields: Set<String> = [
        "tags", "summary", "description", "externalDocs", "operationId", "parameters",
        "requestBody", "responses", "callbacks", "deprecated", "security", "servers",
    ]

    private static let parameterFields: Set<String> = [
        "name", "in", "description", "required", "deprecated", "allowEmptyValue", "style",
        "explode", "allowReserved", "schema", "example", "examples", "content",
    ]

    func loadOperations() -> [APIOperation] {
        loadPaths(itemFields: Self.pathItemFields) { path, pathLocation, item in
            let shared = parameters(item["parameters"])
            let pathServers = loadServers(item["servers"])
            return operationEntries(of: item).compactMap { method, node in
                var loaded = operation(method, path: path, pathLocation: pathLocation, node: node, shared: shared)
                let ownServers = loadServers(node["servers"])
                loaded?.servers = ownServers.isEmpty ? pathServers : ownServers
                return loaded
            }
        }
    }

    /// The walk over `paths` that every version shares: each path item, followed through its
    /// `$ref` (into another file too) and read in the file it is in, gives its operations.
    func loadPaths(
        itemFields: Set<String>,
        _ operations: (_ path: String, _ pathLocation: SourceLocation, _ item: Node) -> [APIOperation]
    ) -> [APIOperation] {
        guard let paths = root["paths"] else { return [] }
        guard let mapping = paths.mapping else {
            error("'paths' must be a mapping", at: paths.location)
            return []
        }
        var result: [APIOperation] = []
        for entry in mapping where !entry.key.hasPrefix("x-") {
            guard entry.key.hasPrefix("/") else {
                warning("path '\(entry.key)' should start with '/'", at: entry.keyLocation)
                continue
            }
            if let problem = Self.templateProblem(in: entry.key) {
                warning(
                    "path '\(entry.key)' is not a valid path template (\(problem)); its operations are skipped",
                    at: entry.keyLocation)
                continue
            }
            let found = withDereferenced(entry.value) { item -> [APIOperation] in
                checkKeys(of: item, known: itemFields, in: "path item '\(entry.key)'")
                // The path's key is in the document's own file, whichever file the item is in.
                return operations(entry.key, entry.keyLocation, item)
            }
            result += found ?? []
        }
        return result
    }

    /// The operations of a path item in the order the author wrote them, like everything
    /// else the client declares.
    func operationEntries(of item: Node) -> [(method: APIOperation.Method, node: Node)] {
        (item.mapping ?? Mapping([])).compactMap { field in
            APIOperation.Method(rawValue: field.key).map { ($0, field.value) }
        }
    }

    private func operation(
        _ method: APIOperation.Method, path: String, pathLocation: SourceLocation, node: Node, shared: [Parameter]
    ) -> APIOperation? {
        guard node.mapping != nil else {
            warning("an operation should be a mapping", at: node.location)
            return nil
        }
        checkKeys(of: node, known: Self.operationFields, in: "operation '\(method.rawValue.uppercased()) \(path)'")
        var merged = shared
        for parameter in parameters(node["parameters"]) {
            if let index = merged.firstIndex(where: { $0.name == parameter.name && $0.location == parameter.location })
            {
                merged[index] = parameter
            } else {
                merged.append(parameter)
            }
        }
        // Reported at the path's key, where the `{name}` without a definition is written.
        checkPathParameters(path: path, parameters: &merged, at: pathLocation)

        let responses: [Response]
        if let responsesNode = node["responses"], let mapping = responsesNode.mapping {
            responses = responseStatuses(mapping).compactMap { status, entry in
                response(status: status, node: entry.value)
            }
        } else {
            warning("operation '\(method.rawValue.uppercased()) \(path)' documents no responses", at: node.location)
            responses = []
        }

        return APIOperation(
            method: method, path: path,
            operationID: string(node, "operationId"),
            summary: string(node, "summary"),
            description: string(node, "description"),
            tags: node["tags"]?.sequence?.compactMap(\.scalarText) ?? [],
            parameters: merged,
            requestBody: node["requestBody"].flatMap { requestBody($0) },
            responses: responses,
            deprecated: bool(node, "deprecated") ?? false,
            location: node.location,
            security: securityRequirements(ofOperation: node))
    }

    /// Every `{name}` in the path template needs a path parameter, or the client could not
    /// build the URL; that is an error. A declared path parameter the template lacks is
    /// dropped with a warning, since sending it nowhere is what the author must have meant.
    func checkPathParameters(path: String, parameters: inout [Parameter], at location: SourceLocation) {
        let names = Self.templateNames(in: path)
        for name in names where !parameters.contains(where: { $0.location == .path && $0.name == name }) {
            error("path parameter '\(name)' in '\(path)' has no definition", at: location)
        }
        parameters.removeAll { parameter in
            guard parameter.location == .path, !names.contains(parameter.name) else { return false }
            warning(
                "path parameter '\(parameter.name)' does not appear in '\(path)' and is ignored",
                at: parameter.sourceLocation)
            return true
        }
        for index in parameters.indices where parameters[index].location == .path && !parameters[index].required {
            warning(
                "path parameter '\(parameters[index].name)' must be required; treating it as required",
                at: parameters[index].sourceLocation)
            parameters[index].required = true
        }
    }

    /// Why a path key is no template a client can fill in, or nil when it is one: every `{`
    /// closed by a `}` before the next `{`, with a non-empty name between; no line breaks or
    /// other control characters; and no template expression after a `?` or
    /// `#`, where the value would land in the query or the fragment rather than the path
    /// (`/search?term={term}`: `term` belongs among the query parameters). A fixed suffix such as
    /// `?beta=true` or `#uploads`, which some real specs use to tell operations apart, is kept
    /// as written.
    static func templateProblem(in path: String) -> String? {
        var isOpen = false
        var nameIsEmpty = true
        var suffix: Character?
        for character in path {
            let isLineBreakOrControl = character.unicodeScalars.contains { scalar in
                let category = scalar.properties.generalCategory
                return category == .control || category == .lineSeparator || category == .paragraphSeparator
            }
            if isLineBreakOrControl { return "it contains a line break or a control character" }
            switch character {
            case "{":
                if isOpen { return "a '{' inside another" }
                if let suffix { return "a template expression after '\(suffix)'; only the path may have them" }
                isOpen = true
                nameIsEmpty = true
            case "}":
                if !isOpen { return "a '}' without a '{' before it" }
                if nameIsEmpty { return "an empty '{}'" }
                isOpen = false
            case "?", "#":
                if isOpen { return "a '\(character)' inside a template expression" }
                if suffix == nil { suffix = character }
            default:
                if isOpen { nameIsEmpty = false }
            }
        }
        return isOpen ? "a '{' that is never closed" : nil
    }

    static func templateNames(in path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in path {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                names.append(name)
                current = nil
            } else if current != nil {
                current!.append(character)
            }
        }
        return names
    }

    private func parameters(_ node: Node?) -> [Parameter] {
        guard let node else { return [] }
        guard let list = node.sequence else {
            warning("'parameters' should be a list", at: node.location)
            return []
        }
        return list.compactMap { parameter($0) }
    }

    private func parameter(_ original: Node) -> Parameter? {
        var loaded: Parameter? = withDereferenced(original) { node in
            self.parameter(node, writtenAt: original.location)
        }
        loaded?.componentName = referencedComponentName(original)
        return loaded
    }

    /// `X` of a `$ref` to `…#/…/X` (a shared parameter or body): its pointer's last token.
    private func referencedComponentName(_ node: Node) -> String? {
        guard let text = node["$ref"]?.string, let hash = text.firstIndex(of: "#") else { return nil }
        return JSONPointer(fragment: String(text[hash...]))?.tokens.last
    }

    private func parameter(_ node: Node, writtenAt sourceLocation: SourceLocation) -> Parameter? {
        checkKeys(of: node, known: Self.parameterFields, in: "a parameter")
        guard let name = string(node, "name") else {
            warning("a parameter needs a 'name'; it is ignored", at: node.location)
            return nil
        }
        guard let placeText = string(node, "in") else {
            warning("parameter '\(name)' needs 'in'; it is ignored", at: node.location)
            return nil
        }
        guard let place = Parameter.Location(rawValue: placeText) else {
            warning("parameter '\(name)' has unknown location '\(placeText)'; it is ignored", at: node["in"]?.location)
            return nil
        }
        if place == .header || place == .cookie, !HTTPSyntax.isToken(name) {
            warning(
                "\(place.rawValue) parameter '\(name)' is not a valid \(place.rawValue) name (an HTTP token); it is ignored",
                at: node["name"]?.location)
            return nil
        }
        var schemaValue = node["schema"].map { schema($0) }
        var contentType: String?
        if schemaValue == nil, let content = node["content"]?.mapping?.first {
            schemaValue = content.value["schema"].map { schema($0) }
            if HTTPSyntax.isMediaType(content.key) {
                contentType = content.key
            } else {
                warning(
                    "'\(content.key)' is not a media type (type/subtype; parameters); it is ignored",
                    at: content.keyLocation)
            }
        }
        // Read in this order so warnings come in the order of the fields' meaning.
        let required = bool(node, "required") ?? false
        let description = string(node, "description")
        let deprecated = bool(node, "deprecated") ?? false
        let layout = serialization(of: node, name: name, in: place)
        return Parameter(
            name: name, location: place, required: required, description: description, deprecated: deprecated,
            schema: schemaValue,
            style: layout.style,
            explode: layout.explode,
            sourceLocation: sourceLocation,
            allowReserved: layout.allowReserved,
            contentType: contentType)
    }

    private func requestBody(_ original: Node) -> RequestBody? {
        withDereferenced(original) { node in
            RequestBody(
                description: string(node, "description"),
                required: bool(node, "required") ?? false,
                content: content(node["content"]),
                location: original.location,
                componentName: referencedComponentName(original))
        }
    }

    /// The entries of a `responses` mapping with their statuses. Extensions (`x-…`) are
    /// skipped; a key that is not a status (`"300 || x"`, `"2000"`), or names a status an
    /// earlier key named already (`2xx` after `2XX`), is warned about and its response dropped.
    func responseStatuses(_ mapping: Mapping) -> [(ResponseStatus, Mapping.Entry)] {
        var seen: [ResponseStatus: String] = [:]
        return mapping.compactMap { entry in
            guard !entry.key.hasPrefix("x-") else { return nil }
            guard let status = ResponseStatus(key: entry.key) else {
                warning(
                    "response key '\(entry.key)' is not a status code (three digits from 100 to 599, "
                        + "1XX to 5XX, or 'default'); the response is ignored",
                    at: entry.keyLocation)
                return nil
            }
            if let earlier = seen[status] {
                warning(
                    "response key '\(entry.key)' names the same status as '\(earlier)'; the response is ignored",
                    at: entry.keyLocation)
                return nil
            }
            seen[status] = entry.key
            return (status, entry)
        }
    }

    private func response(status: ResponseStatus, node original: Node) -> Response? {
        withDereferenced(original) { node in
            let headers = self.headers(node["headers"])
            return Response(
                status: status, description: string(node, "description"),
                content: content(node["content"]), headers: headers, location: original.location)
        }
    }

    /// A `headers` map of a response or an encoding, references followed.
    private func headers(_ node: Node?) -> [Header] {
        node?.mapping?.compactMap { entry -> Header? in
            guard HTTPSyntax.isToken(entry.key) else {
                warning(
                    "'\(entry.key)' is not a valid header name (an HTTP token); it is ignored", at: entry.keyLocation)
                return nil
            }
            return withDereferenced(entry.value) { header in
                var schemaNode = header["schema"]
                if schemaNode == nil, let content = header["content"]?.mapping?.first {
                    schemaNode = content.value["schema"]
                }
                return Header(
                    name: entry.key, description: string(header, "description"),
                    required: bool(header, "required") ?? false,
                    schema: schemaNode.map { schema($0) })
            }
        } ?? []
    }

    private func content(_ node: Node?) -> [MediaType] {
        guard let mapping = node?.mapping else { return [] }
        return mapping.compactMap { entry in
            guard HTTPSyntax.isMediaType(entry.key) else {
                warning(
                    "'\(entry.key)' is not a media type (type/subtype; parameters); it is ignored",
                    at: entry.keyLocation)
                return nil
            }
            return MediaType(
                contentType: entry.key,
                schema: entry.value["schema"].map { schema($0) },
                itemSchema: entry.value["itemSchema"].map { schema($0) },
                example: entry.value["example"].map(DocumentValue.init),
                encoding: entry.value["encoding"]?.mapping?.map { property in
                    PropertyEncoding(
                        name: property.key, contentType: encodingContentType(property.value),
                        headers: headers(property.value["headers"]).filter { $0.name.lowercased() != "content-type" },
                        style: encodingStyle(of: property.value, property: property.key),
                        explode: bool(property.value, "explode"))
                } ?? [])
        }
    }

    /// An Encoding Object's `contentType`: a media type or a comma-separated list of them;
    /// anything else is ignored with a warning, and the part gets its default type.
    private func encodingContentType(_ node: Node) -> String? {
        guard let text = string(node, "contentType") else { return nil }
        guard HTTPSyntax.isMediaTypeList(text) else {
            warning(
                "'\(text)' is not a media type (type/subtype; parameters); it is ignored",
                at: node["contentType"]?.location)
            return nil
        }
        return text
    }
}
