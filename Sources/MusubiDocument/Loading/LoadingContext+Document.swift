import MusubiReader

extension LoadingContext {
    private static let documentFields: Set<String> = [
        "openapi", "info", "servers", "paths", "components", "security", "tags", "externalDocs",
        "webhooks", "jsonSchemaDialect", "$self",
    ]

    /// The whole document, or nil when it is not an OpenAPI document at all.
    func loadDocument() -> Document? {
        guard root.mapping != nil else {
            error("an OpenAPI document must be a mapping, found \(root.kindDescription)", at: root.location)
            return nil
        }
        if main.dialect == .swagger2 {
            return loadSwagger2Document()
        }
        guard let version = checkVersion() else { return nil }
        checkKeys(of: root, known: Self.documentFields, in: "the document")

        let info = loadInfo()
        let servers = loadServers(root["servers"])
        let components = componentSchemas()
        let securitySchemes = loadSecuritySchemes()
        let operations = loadOperations()
        return Document(
            specVersion: version, file: file, info: info, servers: servers,
            operations: operations, schemas: namedSchemas(components: components), tags: loadTags(),
            securitySchemes: securitySchemes)
    }

    func loadTags() -> [Tag] {
        root["tags"]?.sequence?.compactMap { node -> Tag? in
            guard let name = string(node, "name") else { return nil }
            return Tag(name: name, description: string(node, "description"))
        } ?? []
    }

    /// OpenAPI 3.0, 3.1 and 3.2 share the shape this loader reads; anything else would be
    /// misread, so it is an error rather than a guess. (Swagger 2.0 has its own reader.)
    private func checkVersion() -> String? {
        guard let versionNode = root["openapi"] else {
            error("missing 'openapi' version field: this does not look like an OpenAPI document", at: root.location)
            return nil
        }
        guard let version = versionNode.scalarText else {
            error("'openapi' must be a version string", at: versionNode.location)
            return nil
        }
        let supported = ["3.0", "3.1", "3.2"]
        guard supported.contains(where: { version == $0 || version.hasPrefix($0 + ".") }) else {
            error(
                "unsupported OpenAPI version '\(version)'; supported are 3.0.x, 3.1.x and 3.2.x",
                at: versionNode.location)
            return nil
        }
        return version
    }

    func loadInfo() -> Info {
        guard let node = root["info"] else {
            warning("missing 'info'; the API is named 'API'", at: root.location)
            return Info(title: "API", version: "")
        }
        let title =
            string(node, "title")
            ?? {
                warning("missing 'info.title'; the API is named 'API'", at: node.location)
                return "API"
            }()
        return Info(
            title: title, version: string(node, "version") ?? "",
            summary: string(node, "summary"), description: string(node, "description"))
    }

    func loadServers(_ node: Node?) -> [ServerDescription] {
        guard let node else { return [] }
        guard let list = node.sequence else {
            warning("'servers' should be a list", at: node.location)
            return []
        }
        return list.compactMap { server -> ServerDescription? in
            guard let url = string(server, "url") else {
                warning("a server needs a 'url'", at: server.location)
                return nil
            }
            let variables =
                server["variables"]?.mapping?.map { entry in
                    ServerDescription.Variable(
                        name: entry.key,
                        defaultValue: string(entry.value, "default") ?? "",
                        allowedValues: entry.value["enum"]?.sequence?.compactMap(\.scalarText) ?? [],
                        description: string(entry.value, "description"))
                } ?? []
            return ServerDescription(
                url: url, description: string(server, "description"), variables: variables,
                location: server.location)
        }
    }
}
