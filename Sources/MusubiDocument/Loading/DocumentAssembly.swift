import MusubiReader

/// One load of a document: makes the parts of the load, runs them in the order their inputs
/// need, and puts together what they return.
///
/// The parts and what each needs:
/// - ``ReferenceResolver``: the document's file and the folders references may read;
/// - ``SchemaLoader``: the resolver;
/// - ``SecurityLoader``: the resolver; its schemes' names make the
///   ``SecurityRequirementsReader``;
/// - ``OperationsLoader`` (OpenAPI 3) or ``Swagger2Normaliser`` (Swagger 2.0): the resolver,
///   the schema loader, the shared ``PathWalker`` and the requirements reader; the OpenAPI 3
///   loader also reads the webhooks and the operations' callbacks.
///
/// All of them report through the one ``LoadingReporter``. The document's own named schemas
/// are read before the operations, and the adopted ones are collected after them, as reading
/// operations may adopt more.
struct DocumentAssembly: SpecReading {
    let reporter: LoadingReporter
    let resolver: ReferenceResolver
    let schemas: SchemaLoader
    /// The document's own file.
    var main: SpecFile { resolver.main }
    private var root: Node { main.root }

    /// An assembly of the document in `main`, whose references may read files under its
    /// folder and under `referenceRoots`, as much as is left of `budget`.
    init(main: SpecFile, referenceRoots: [String], budget: Reader.Budget, reporter: LoadingReporter) {
        self.reporter = reporter
        resolver = ReferenceResolver(main: main, extraRoots: referenceRoots, budget: budget, reporter: reporter)
        schemas = SchemaLoader(resolver: resolver, reporter: reporter)
    }

    private static let documentFields: Set<String> = [
        "openapi", "info", "servers", "paths", "components", "security", "tags", "externalDocs",
        "webhooks", "jsonSchemaDialect", "$self",
    ]

    /// The whole document, or nil when it is not an OpenAPI document at all.
    func document() -> Document? {
        guard root.mapping != nil else {
            error("an OpenAPI document must be a mapping, found \(root.kindDescription)", at: root.location)
            return nil
        }
        let paths = PathWalker(reporter: reporter, resolver: resolver)
        let swagger2 =
            main.dialect == .swagger2
            ? Swagger2Normaliser(reporter: reporter, resolver: resolver, schemas: schemas, paths: paths) : nil
        let version: String?
        if let swagger2 {
            version = swagger2.checkedVersion()
        } else {
            version = checkedVersion()
            if version != nil { checkKeys(of: root, known: Self.documentFields, in: "the document") }
        }
        guard let version else { return nil }

        let info = loadInfo()
        let serversReader = ServersReader(reporter: reporter)
        let servers = swagger2?.servers() ?? serversReader.servers(root["servers"])
        let components = schemas.componentSchemas()
        let securitySchemes = SecurityLoader(reporter: reporter, resolver: resolver).schemes()
        let requirements = SecurityRequirementsReader(
            schemeNames: Set(securitySchemes.map(\.name)), documentSecurity: root["security"], reporter: reporter)
        var operations: [APIOperation]
        var webhooks: [WebhookEvent] = []
        if let swagger2 {
            operations = swagger2.operations(security: requirements)
        } else {
            let loader = OperationsLoader(
                reporter: reporter, resolver: resolver, paths: paths, schemas: schemas, servers: serversReader,
                security: requirements)
            let loaded = loader.operations()
            operations = loaded.operations
            webhooks = loader.webhooks() + loaded.callbacks
        }
        let settled = ServerDescription.settling(api: servers)
        for index in operations.indices where !operations[index].servers.isEmpty {
            operations[index].servers = settled(operations[index].servers)
        }
        reporter.reportRepeatedOperationIDs(operations)
        var document = Document(
            specVersion: version, file: main.path, info: info, servers: servers,
            operations: operations, schemas: schemas.namedSchemas(components: components), tags: loadTags(),
            securitySchemes: securitySchemes)
        document.webhooks = webhooks
        return document
    }

    private func loadTags() -> [Tag] {
        root["tags"]?.sequence?.compactMap { node -> Tag? in
            guard let name = string(node, "name") else { return nil }
            return Tag(name: name, description: string(node, "description"))
        } ?? []
    }

    /// OpenAPI 3.0, 3.1 and 3.2 share the shape this loader reads; anything else would be
    /// misread, so it is an error rather than a guess. (Swagger 2.0 has its own reader.)
    private func checkedVersion() -> String? {
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

    private func loadInfo() -> Info {
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
}
