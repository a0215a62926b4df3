import MusubiReader

/// Reads Swagger 2.0 into the same ``Document`` as OpenAPI 3: later stages never learn which
/// version they were given. This file has the document level; operations, parameters and
/// responses are in the other `Swagger2Normaliser…` files.
///
/// What 2.0 spells differently and where it ends up:
/// - `definitions` → named schemas, `#/definitions/X` → a reference by name (read by the
///   ``SchemaLoader``, which knows the dialect);
/// - `host` + `basePath` + `schemes` → servers;
/// - `in: body` and `in: formData` parameters → a request body, `consumes` → its media types;
/// - a response's `schema` → its content, one media type per `produces` entry;
/// - a non-body parameter's `type`, `items`, `collectionFormat` → a schema, style and explode.
///
/// It needs the reporter, the resolver for the `$ref`s of parameters and responses, the
/// schema loader, and the path walk it shares with ``OperationsLoader``; its operations need
/// the security requirements reader too. It returns the version (``checkedVersion()``), the
/// servers (``servers()``) and the operations (``operations(security:)``).
struct Swagger2Normaliser: SpecReading {
    let reporter: LoadingReporter
    let resolver: ReferenceResolver
    let schemas: SchemaLoader
    let paths: PathWalker
    /// The root of the document's own file.
    var root: Node { resolver.main.root }

    private static let swagger2DocumentFields: Set<String> = [
        "swagger", "info", "host", "basePath", "schemes", "consumes", "produces", "paths",
        "definitions", "parameters", "responses", "securityDefinitions", "security", "tags",
        "externalDocs",
    ]

    /// The media type 2.0 assumes when neither the operation nor the document says
    /// (`consumes`/`produces` are optional; JSON is what nearly every 2.0 API speaks).
    static let swagger2DefaultMediaType = "application/json"

    /// `2.0`, or nil after reporting any other `swagger` version; the document's keys are
    /// checked when it is 2.0.
    func checkedVersion() -> String? {
        guard let versionNode = root["swagger"], let version = versionNode.scalarText, version == "2.0" else {
            let written = root["swagger"]?.scalarText.map { "'\($0)'" } ?? "of this kind"
            error(
                "unsupported Swagger version \(written); supported are 2.0, 3.0.x, 3.1.x and 3.2.x",
                at: root["swagger"]?.location ?? root.location)
            return nil
        }
        if let openapi = root["openapi"] {
            warning("a document has either 'swagger' or 'openapi'; read as Swagger 2.0", at: openapi.location)
        }
        checkKeys(of: root, known: Self.swagger2DocumentFields, in: "the document")
        return version
    }

    /// One server per scheme at `host` + `basePath`. Without `host` the API is served where
    /// the description is: a relative server URL (`/api`), as 3.x writes it; with no
    /// `basePath` either, no server at all, which is what 3.x's absent `servers` means.
    /// Without `schemes` 2.0 means the scheme the description was fetched with, unknown here:
    /// HTTPS, which is what a client should try first anyway.
    func servers() -> [ServerDescription] {
        var basePath = string(root, "basePath") ?? ""
        if !basePath.isEmpty, !basePath.hasPrefix("/") {
            warning("'basePath' should start with '/'; read as '/\(basePath)'", at: root["basePath"]?.location)
            basePath = "/" + basePath
        }
        if basePath.hasSuffix("/") {
            // Paths start with `/`; `/api/` + `/pets` would request `/api//pets`.
            basePath.removeLast()
        }
        guard var host = string(root, "host"), !host.isEmpty else {
            guard !basePath.isEmpty else { return [] }
            let location = root["basePath"]?.location ?? root.location
            return [ServerDescription(url: basePath, description: nil, variables: [], location: location)]
        }
        let hostLocation = root["host"]?.location ?? root.location
        if let schemeEnd = host.range(of: "://") {
            warning(
                "'host' should be a host name without a scheme; read as '\(host[schemeEnd.upperBound...])'",
                at: hostLocation)
            host = String(host[schemeEnd.upperBound...])
        }
        if host.hasSuffix("/") { host.removeLast() }
        let schemes = strings(root, "schemes") ?? []
        var servers: [ServerDescription] = []
        // HTTPS first, so it is the client's default whatever order the spec lists them in.
        let ordered = schemes.filter { $0 == "https" } + schemes.filter { $0 != "https" }
        for scheme in schemes.isEmpty ? ["https"] : ordered {
            guard scheme == "http" || scheme == "https" else {
                warning("scheme '\(scheme)' is not HTTP; no server is made of it", at: root["schemes"]?.location)
                continue
            }
            servers.append(
                ServerDescription(
                    url: "\(scheme)://\(host)\(basePath)", description: nil, variables: [], location: hostLocation))
        }
        return servers
    }
}
