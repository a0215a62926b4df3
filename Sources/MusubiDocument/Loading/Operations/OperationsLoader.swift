import MusubiReader

/// Reads OpenAPI 3's operations: every path item's operations with their parameters, request
/// bodies, responses, servers and security requirements.
///
/// It needs the path walk shared with Swagger 2.0, the resolver for the `$ref`s of parameters,
/// bodies, responses and headers, the schema loader for their schemas, the servers reader, the
/// security requirements reader and the reporter. It returns the operations in source order
/// (``operations()``).
struct OperationsLoader: SpecReading {
    let reporter: LoadingReporter
    let resolver: ReferenceResolver
    let paths: PathWalker
    let schemas: SchemaLoader
    let servers: ServersReader
    let security: SecurityRequirementsReader
    /// The media types and headers read so far, by where they are written.
    private let readParts = ReadParts()

    /// What ``content(_:)`` and ``headers(_:)`` read, by the node they read it from: a response
    /// or body the spec declares once and refers to from every operation is read once, and
    /// every operation shares the one list (Swift's arrays share their storage), so a shared
    /// response of N media types under N operations costs N, not N².
    private final class ReadParts {
        var content: [NodeKey: [MediaType]] = [:]
        var headers: [NodeKey: [Header]] = [:]
        /// A path item's parameters, which every path that `$ref`s the item shares.
        var parameters: [NodeKey: [Parameter]] = [:]
        /// A path item's or an operation's servers, which every path that `$ref`s it shares.
        var servers: [NodeKey: [ServerDescription]] = [:]
        /// The media types, headers and encodings the operations' bodies and responses hold so
        /// far, each counted for every operation that holds it.
        var uses = 0
    }

    /// The most media types, headers and encodings the operations' bodies and responses may
    /// hold in all, each counted for every operation that holds it (DigitalOcean's 15 657):
    /// every later stage reads each operation's own, so a shared response of N media types
    /// under N operations is N² of work however it is stored.
    static let maximumPartUses = 200_000

    /// Counts what `content` and `headers` add to the operations' bodies and responses; false,
    /// after one error for the spec, once they hold more than ``maximumPartUses``.
    private func counting(_ content: [MediaType], _ headers: [Header] = [], at location: SourceLocation) -> Bool {
        guard readParts.uses <= Self.maximumPartUses else { return false }
        readParts.uses += content.count + headers.count + content.reduce(0) { $0 + $1.encoding.count }
        guard readParts.uses <= Self.maximumPartUses else {
            error(
                "the operations of this spec hold more than \(Self.maximumPartUses) media types, headers and "
                    + "encodings in their bodies and responses, counting each shared one for every operation",
                at: location)
            return false
        }
        return true
    }

    static let pathItemFields = Set(
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

    /// The operations in source order, and the callbacks they declare in the same order (see
    /// ``callbacks(of:registeredBy:)``).
    ///
    /// A callback one `$ref` shares between operations is an event of each of them: past
    /// ``maximumCallbackEvents`` the rest are left out, with a warning at the first operation
    /// whose callbacks are (10 000 operations sharing a callback of 100 paths were a million
    /// events and 4 GB).
    func operations() -> (operations: [APIOperation], callbacks: [WebhookEvent]) {
        var callbacks: [WebhookEvent] = []
        var leftOut = false
        let operations = paths.operations(itemFields: Self.pathItemFields) { path, pathLocation, item in
            let shared = remembered(item["parameters"], in: \.parameters) { parameters($0) }
            let pathServers = remembered(item["servers"], in: \.servers) { servers.servers($0) }
            return paths.operations(of: item) { method, node in
                var loaded = operation(method, path: path, pathLocation: pathLocation, node: node, shared: shared)
                    .map { documented($0, by: item) }
                let ownServers = remembered(node["servers"], in: \.servers) { servers.servers($0) }
                loaded?.servers = ownServers.isEmpty ? pathServers : ownServers
                if loaded != nil, let declared = node["callbacks"] {
                    if callbacks.count < Self.maximumCallbackEvents {
                        callbacks += self.callbacks(of: node, registeredBy: "\(method.rawValue.uppercased()) \(path)")
                    } else if !leftOut {
                        leftOut = true
                        warning(
                            "the operations' callbacks are more than \(Self.maximumCallbackEvents) events; "
                                + "these and the rest are left out",
                            at: declared.location)
                    }
                }
                return loaded
            }
        }
        return (operations, callbacks)
    }

    /// `operation` with the path item's `summary` and `description` where it has none of its
    /// own: they apply to every operation of the path (HashiCorp Vault documents 522 of its
    /// 1 049 operations only there).
    func documented(_ operation: APIOperation, by item: Node) -> APIOperation {
        var operation = operation
        if operation.summary == nil { operation.summary = string(item, "summary") }
        if operation.description == nil { operation.description = string(item, "description") }
        return operation
    }

    /// How many events the operations' callbacks may make together before the rest are left
    /// out (Stripe-sized specs declare tens; a callback shared by every operation of a big
    /// spec is still far below).
    static let maximumCallbackEvents = 20_000

    /// The longest name, in UTF-8 bytes, of a query, header or cookie parameter. Servers
    /// refuse request lines and headers of a few kilobytes (8 KiB is common), and each
    /// request sends and the generated code spells the name again, so a name of a megabyte on
    /// a parameter many operations share wrote hundreds of megabytes. A path parameter's name
    /// is only the path template's, written once.
    static let maximumParameterNameLength = 1_024

    /// What makes two parameters the same one: their location and name.
    private struct ParameterKey: Hashable {
        var location: Parameter.Location
        var name: String

        init(_ parameter: Parameter) {
            location = parameter.location
            name = parameter.name
        }
    }

    /// An operation of a path item. `isEvent` is set for a webhook's or a callback's, whose
    /// `path` is a name or a runtime expression rather than a template of this API's paths,
    /// so its path parameters are not checked against it.
    func operation(
        _ method: APIOperation.Method, path: String, pathLocation: SourceLocation, node: Node, shared: [Parameter],
        isEvent: Bool = false
    ) -> APIOperation? {
        guard node.mapping != nil else {
            warning("an operation should be a mapping", at: node.location)
            return nil
        }
        checkKeys(of: node, known: Self.operationFields, in: "operation '\(method.rawValue.uppercased()) \(path)'")
        let own = parameters(node["parameters"])
        // Counted before they are merged, which takes as long as the path's are many.
        let counted = paths.counting(shared.count + own.count, at: pathLocation)
        // An operation's parameter replaces the path's of the same name and location.
        var merged = counted ? shared : []
        var positions: [ParameterKey: Int] = [:]
        for (index, parameter) in merged.enumerated() {
            positions[ParameterKey(parameter)] = positions[ParameterKey(parameter)] ?? index
        }
        for parameter in counted ? own : [] {
            if let index = positions[ParameterKey(parameter)] {
                merged[index] = parameter
            } else {
                positions[ParameterKey(parameter)] = merged.count
                merged.append(parameter)
            }
        }
        // Reported at the path's key, where the `{name}` without a definition is written.
        if !isEvent { paths.checkPathParameters(path: path, parameters: &merged, at: pathLocation) }

        let responses: [Response]
        if let responsesNode = node["responses"], let mapping = responsesNode.mapping {
            responses = paths.responseStatuses(mapping).compactMap { status, entry in
                response(status: status, node: entry.value)
            }
        } else {
            warning("operation '\(method.rawValue.uppercased()) \(path)' documents no responses", at: node.location)
            responses = []
        }

        var operation = APIOperation(
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
            security: security.requirements(ofOperation: node))
        operation.paginationExtension = node["x-musubi-pagination"].map(DocumentValue.Located.init)
        operation.file = current.path
        return operation
    }

    func parameters(_ node: Node?) -> [Parameter] {
        guard let node else { return [] }
        guard let list = node.sequence else {
            warning("'parameters' should be a list", at: node.location)
            return []
        }
        return list.compactMap { parameter($0) }
    }

    private func parameter(_ original: Node) -> Parameter? {
        var loaded: Parameter? = resolver.withDereferenced(original) { node in
            self.parameter(node, writtenAt: original.location)
        }
        loaded?.componentName = JSONPointer.componentName(referencedBy: original)
        return loaded
    }

    /// `X` of a `$ref` to `…#/…/X` (a shared parameter or body): its pointer's last token.

    private func parameter(_ node: Node, writtenAt sourceLocation: SourceLocation) -> Parameter? {
        checkKeys(of: node, known: Self.parameterFields, in: "a parameter")
        guard let name = string(node, "name") else {
            warning("a parameter needs a 'name'; it is ignored", at: node.location)
            return nil
        }
        // A shared parameter is read again for each operation using it: what a warning quotes of
        // its name is cut first, so that its length is not paid once per use.
        let quotedName = Diagnostic.excerpt(name)
        guard let placeText = string(node, "in") else {
            warning("parameter '\(quotedName)' needs 'in'; it is ignored", at: node.location)
            return nil
        }
        guard let place = Parameter.Location(rawValue: placeText) else {
            warning(
                "parameter '\(quotedName)' has unknown location '\(Diagnostic.excerpt(placeText))'; it is ignored",
                at: node["in"]?.location)
            return nil
        }
        if place != .path, name.utf8.count > Self.maximumParameterNameLength {
            warning(
                "\(place.rawValue) parameter '\(quotedName)' has a name of \(name.utf8.count) bytes, longer than "
                    + "\(Self.maximumParameterNameLength), which no server takes; it is ignored",
                at: node["name"]?.location)
            return nil
        }
        if place == .header || place == .cookie, !HTTPSyntax.isToken(name) {
            warning(
                "\(place.rawValue) parameter '\(quotedName)' is not a valid \(place.rawValue) name (an HTTP token); it is ignored",
                at: node["name"]?.location)
            return nil
        }
        var schemaValue = node["schema"].map { schemas.schema($0) }
        var contentType: String?
        if schemaValue == nil, let content = node["content"]?.mapping?.first {
            schemaValue = content.value["schema"].map { schemas.schema($0) }
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
        resolver.withDereferenced(original) { node in
            let content = content(node["content"])
            return RequestBody(
                description: string(node, "description"),
                required: bool(node, "required") ?? false,
                content: counting(content, at: original.location) ? content : [],
                location: original.location,
                componentName: JSONPointer.componentName(referencedBy: original))
        }
    }

    private func response(status: ResponseStatus, node original: Node) -> Response? {
        resolver.withDereferenced(original) { node in
            let headers = self.headers(node["headers"])
            let content = content(node["content"])
            let counted = counting(content, headers, at: original.location)
            return Response(
                status: status, description: string(node, "description"),
                content: counted ? content : [], headers: counted ? headers : [], location: original.location,
                componentName: JSONPointer.componentName(referencedBy: original))
        }
    }

    /// A `headers` map of a response or an encoding, references followed.
    private func headers(_ node: Node?) -> [Header] {
        remembered(node, in: \.headers, readHeaders)
    }

    /// What `read` makes of `node`, read once per node (see ``ReadParts``); nothing for none.
    private func remembered<Part>(
        _ node: Node?, in parts: ReferenceWritableKeyPath<ReadParts, [NodeKey: [Part]]>, _ read: (Node) -> [Part]
    ) -> [Part] {
        guard let node else { return [] }
        let key = key(node)
        if let known = readParts[keyPath: parts][key] { return known }
        let made = read(node)
        readParts[keyPath: parts][key] = made
        return made
    }

    private func readHeaders(_ node: Node) -> [Header] {
        node.mapping?.compactMap { entry -> Header? in
            guard HTTPSyntax.isToken(entry.key) else {
                warning(
                    "'\(entry.key)' is not a valid header name (an HTTP token); it is ignored", at: entry.keyLocation)
                return nil
            }
            return resolver.withDereferenced(entry.value) { header in
                var schemaNode = header["schema"]
                if schemaNode == nil, let content = header["content"]?.mapping?.first {
                    schemaNode = content.value["schema"]
                }
                return Header(
                    name: entry.key, description: string(header, "description"),
                    required: bool(header, "required") ?? false,
                    schema: schemaNode.map { schemas.schema($0) })
            }
        } ?? []
    }

    /// A `content` map's media types. OpenAPI 3.2 lets each media type's object be a `$ref`
    /// (to `components/mediaTypes`), which is followed; Lob writes the whole map as one, which
    /// no version allows, and that is followed too, with one warning for the spec.
    private func content(_ node: Node?) -> [MediaType] {
        remembered(node, in: \.content, readContent)
    }

    private func readContent(_ node: Node) -> [MediaType] {
        if let reference = node["$ref"] {
            reporter.warningOnce(
                "a 'content' map is written as a '$ref', which OpenAPI allows only for each media type's object; "
                    + "this one and every other are read where they point",
                kind: "content-reference", at: reference.location)
            return resolver.withDereferenced(node) { content($0) } ?? []
        }
        guard let mapping = node.mapping else { return [] }
        return mapping.compactMap { entry in
            guard HTTPSyntax.isMediaType(entry.key) else {
                warning(
                    "'\(entry.key)' is not a media type (type/subtype; parameters); it is ignored",
                    at: entry.keyLocation)
                return nil
            }
            return resolver.withDereferenced(entry.value) { value in
                MediaType(
                    contentType: entry.key,
                    schema: value["schema"].map { schemas.schema($0) },
                    itemSchema: value["itemSchema"].map { schemas.schema($0) },
                    example: value["example"].map(DocumentValue.init),
                    encoding: value["encoding"]?.mapping?.map { property in
                        PropertyEncoding(
                            name: property.key, contentType: encodingContentType(property.value),
                            headers: headers(property.value["headers"]).filter {
                                $0.name.lowercased() != "content-type"
                            },
                            style: encodingStyle(of: property.value, property: property.key),
                            explode: bool(property.value, "explode"))
                    } ?? [])
            }
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

extension LoadingReporter {
    /// An `operationId` must name one operation; a second one with it (Amazon's
    /// `linkCarrierAccount` on both `PUT` and `POST`) is reported, as its request is named as if
    /// the id were its own, with a number.
    func reportRepeatedOperationIDs(_ operations: [APIOperation]) {
        var first: [String: APIOperation] = [:]
        for operation in operations {
            guard let id = operation.operationID else { continue }
            guard let earlier = first[id] else {
                first[id] = operation
                continue
            }
            warning(
                "operationId '\(id)' is also that of \(earlier.method.rawValue.uppercased()) \(earlier.path); "
                    + "operation ids must be unique, and this operation's request gets a number",
                at: operation.location)
        }
    }
}
