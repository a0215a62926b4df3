import MusubiDocument
import MusubiReader

/// Request bodies to the body property and the `requestBody` that encodes it.
extension ModelBuilder {
    /// How one offered media type is sent.
    struct BodyOption {
        enum Kind: Equatable { case json, form, multipart, text, binary }
        var kind: Kind
        var media: MediaType
        var type: SwiftType
        /// The `RequestBody` expression for a value, given its name.
        var expression: (String) -> String
    }

    /// What a request needs for its body: the property's type, the `requestBody` lines, an
    /// enum when the caller picks among several media types, and the request properties and
    /// lines that a multipart encoding's part headers add.
    struct BodyShape {
        var type: SwiftType
        var cases: [BodyCaseDeclaration] = []
        /// `requestBody`'s expression for the body value; for an enum, per case.
        var expression: (String) -> String
        var encodingItems: [(function: String, arguments: [String])] = []
        var partHeaderProperties: [(PropertyDeclaration, required: Bool)] = []
    }

    /// The body's shape: one media type as a plain property, several as an enum whose cases
    /// name them, JSON first. XML and other media types musubi cannot encode are left to the
    /// caller as bytes, unless JSON is offered too.
    func bodyShape(
        _ body: RequestBody, requestName: String, signature: String, members: inout MemberNameRegistry
    ) -> BodyShape? {
        let bodyName = body.componentName.map { Naming.typeName($0) + "Body" } ?? requestName + "Body"
        var options: [BodyOption] = []
        let offersJSON = body.content.contains(where: \.isJSON)
        let ordered = body.content.filter(\.isJSON) + body.content.filter { !$0.isJSON }
        for media in ordered {
            let essence = media.essence
            if offersJSON, essence.contains("xml") { continue }
            let option = bodyOption(
                media, bodyName: bodyName, requestName: requestName, signature: signature, members: &members)
            if !options.contains(where: { $0.kind == option.kind && $0.type == option.type }) {
                options.append(option)
            }
        }
        guard let first = options.first else { return nil }
        var shape = BodyShape(type: first.type, expression: first.expression)
        if let encoding = options.compactMap({ $0.kind == .form || $0.kind == .multipart ? $0 : nil }).first {
            (shape.encodingItems, shape.partHeaderProperties) = encodingItems(
                encoding.media, multipart: encoding.kind == .multipart, members: &members)
        }
        if options.count == 1 { return shape }

        var caseNames = MemberNameRegistry()
        let named = options.map { option in (caseNames.claimRaw(Self.caseName(option)), option) }
        shape.type = .named("Body")
        shape.cases = named.map { name, option in
            BodyCaseDeclaration(
                name: name, payload: option.type,
                docLines: SwiftSourceText.docLines(["`\(option.media.contentType)`"]),
                statement: option.expression("value"))
        }
        return shape
    }

    private func bodyOption(
        _ media: MediaType, bodyName: String, requestName: String, signature: String, members: inout MemberNameRegistry
    ) -> BodyOption {
        let essence = media.essence
        let contentType = SwiftSourceText.stringLiteral(media.contentType)
        if media.isJSON {
            let type = media.schema.map { swiftType(for: $0, suggestedName: bodyName) } ?? .jsonValue
            // `application/vnd.api+json` and the like are sent as what the spec says.
            if media.contentType.lowercased() != "application/json" {
                return BodyOption(kind: .json, media: media, type: type) { ".json(\($0), contentType: \(contentType))" }
            }
            return BodyOption(kind: .json, media: media, type: type) { ".json(\($0))" }
        }
        let isForm = essence == "application/x-www-form-urlencoded"
        if isForm || essence.hasPrefix("multipart/") {
            let type = media.schema.map { swiftType(for: $0, suggestedName: bodyName) } ?? .object(of: .jsonValue)
            let resolved = resolvedAlias(type)
            let kind = resolved.name.flatMap { catalog.modelKinds[$0] }
            if kind == .struct || kind == .anyOf || resolved.objectValue != nil {
                // Only when the encoding object says something the body writer uses (Stripe's
                // multipart `style: deepObject` is for forms only): else there is no `bodyEncoding`.
                let described = media.encoding.contains { Self.isWritten($0, multipart: !isForm) }
                let encoding = described ? ", encoding: bodyEncoding" : ""
                if isForm {
                    let custom =
                        media.contentType == "application/x-www-form-urlencoded" ? "" : ", contentType: \(contentType)"
                    return BodyOption(kind: .form, media: media, type: type) { ".form(\($0)\(encoding)\(custom))" }
                }
                let custom =
                    essence == "multipart/form-data" ? "" : ", contentType: \(SwiftSourceText.stringLiteral(essence))"
                return BodyOption(kind: .multipart, media: media, type: type) {
                    ".multipart(\($0)\(encoding)\(custom))"
                }
            }
            warning(
                "the \(media.contentType) body of \(signature) is not an object (\(type)); the caller supplies its bytes",
                at: media.schema?.location)
        }
        if essence.hasPrefix("text/") {
            return BodyOption(kind: .text, media: media, type: .string) { ".text(\($0), contentType: \(contentType))" }
        }
        return BodyOption(kind: .binary, media: media, type: .named("FileUpload")) {
            ".binary(\($0), contentType: \(contentType))"
        }
    }

    /// Whether an encoding entry changes how its property is written: style (other than the
    /// default `form`) and explode apply to forms only, part headers to multipart only, a
    /// content type to both.
    private static func isWritten(_ encoding: PropertyEncoding, multipart: Bool) -> Bool {
        if encoding.contentType != nil { return true }
        if multipart { return !encoding.headers.isEmpty }
        return encoding.style.map { $0 != .form } == true || encoding.explode != nil
    }

    /// `"tags": FieldEncoding(style: .pipeDelimited, explode: false)` per property the encoding
    /// object describes, and for multipart a request property per documented part header.
    private func encodingItems(
        _ media: MediaType, multipart: Bool, members: inout MemberNameRegistry
    ) -> ([(function: String, arguments: [String])], [(PropertyDeclaration, required: Bool)]) {
        var items: [(function: String, arguments: [String])] = []
        var properties: [(PropertyDeclaration, required: Bool)] = []
        for encoding in media.encoding where Self.isWritten(encoding, multipart: multipart) {
            var arguments: [String] = []
            if !multipart, let style = encoding.style, style != .form {
                arguments.append("style: .\(style)")
            }
            if !multipart, let explode = encoding.explode {
                arguments.append("explode: \(explode)")
            }
            if let contentType = encoding.contentType {
                arguments.append("contentType: \(SwiftSourceText.stringLiteral(contentType))")
            }
            if multipart, !encoding.headers.isEmpty {
                var headerItems: [String] = []
                for header in encoding.headers {
                    let stem = header.name.lowercased().hasPrefix("x-") ? String(header.name.dropFirst(2)) : header.name
                    let name = members.claimRaw(Naming.memberName(encoding.name + "_" + stem), suffix: "Header")
                    var type = header.schema.map { swiftType(for: $0, suggestedName: Naming.typeName(name)) } ?? .string
                    if !isParameterValue(resolvedAlias(type)) { type = .string }
                    let property = PropertyDeclaration(
                        name: name, type: header.required ? type : .optional(type), originalName: header.name,
                        docLines: SwiftSourceText.docLines([
                            header.description, "Sent as the `\(header.name)` header of the `\(encoding.name)` part.",
                        ]),
                        attributes: [])
                    properties.append((property, header.required))
                    headerItems.append("HeaderParameter(\(SwiftSourceText.stringLiteral(header.name)), \(name))")
                }
                arguments.append("headers: [\(headerItems.joined(separator: ", "))]")
            }
            if arguments.isEmpty { continue }
            items.append((SwiftSourceText.stringLiteral(encoding.name) + ": FieldEncoding", arguments))
        }
        return (items, properties)
    }

    /// The `bodyEncoding` dictionary literal: on one line when it fits, else one entry per line,
    /// an entry too long for its line with its arguments wrapped as swift-format does.
    static func encodingLines(_ items: [(function: String, arguments: [String])]) -> [String] {
        let single = items.map { $0.function + "(" + $0.arguments.joined(separator: ", ") + ")" }
        let oneLine = LineLayout.list(open: "[", items: single, close: "]", indent: 8, trailingComma: true)
        guard oneLine.contains(where: { !LineLayout.fits($0, indent: 8) }) else { return oneLine }
        var lines = ["["]
        for item in items {
            var entry = LineLayout.call(item.function, arguments: item.arguments, indent: 12)
            // swift-format wants no trailing comma after the only element of a literal.
            if items.count > 1 { entry[entry.count - 1] += "," }
            lines += entry.map { "    " + $0 }
        }
        return lines + ["]"]
    }

    /// `json`, `form`, `multipart`, `text`, `binary`; another type by its subtype (`png`).
    private static func caseName(_ option: BodyOption) -> String {
        let essence = option.media.essence
        switch option.kind {
        case .json where essence == "application/json": return "json"
        case .form: return "form"
        case .multipart where essence == "multipart/form-data": return "multipart"
        case .text where essence == "text/plain": return "text"
        case .binary where essence == "application/octet-stream": return "binary"
        default:
            var subtype = String(essence.split(separator: "/").last ?? "")
            if subtype.hasPrefix("x-") { subtype.removeFirst(2) }
            let name = Naming.memberName(subtype.replacingOccurrences(of: "+", with: "_"))
            return Naming.words(name).isEmpty || name == "*" ? "other" : name
        }
    }

    // MARK: - Files in multipart bodies

    /// The schemas of multipart bodies, whose binary properties are `FileUpload`s (bytes or a
    /// file streamed from disk) rather than `Data`.
    func collectUploadSchemas() {
        for operation in surface.operations {
            for media in operation.requestBody?.content ?? []
            where media.essence.hasPrefix("multipart/") {
                guard var schema = media.schema else { continue }
                if let name = schema.referencedName, let target = catalog.componentSchemas[name] { schema = target }
                catalog.uploadSchemas.insert(ObjectIdentifier(schema))
            }
        }
    }

    /// `FileUpload` for a binary property of a multipart body, `[FileUpload]` for an array of
    /// them (or a choice between one and many, as OpenAI's image edits offer); nil otherwise.
    func uploadType(for schema: Schema) -> SwiftType? {
        let file = SwiftType.named("FileUpload")
        if isBinary(schema) { return file }
        if schema.singleType == "array", let items = schema.items, isBinary(items) { return .array(file) }
        let alternatives = (schema.oneOf + schema.anyOf).filter { !$0.isNullOnly }
        guard !alternatives.isEmpty, schema.properties.isEmpty else { return nil }
        let types = alternatives.map { uploadType(for: $0) }
        guard types.allSatisfy({ $0 != nil }) else { return nil }
        return types.contains(SwiftType.array(file)) ? .array(file) : file
    }

    private func isBinary(_ schema: Schema) -> Bool {
        if let name = schema.referencedName, let target = catalog.componentSchemas[name] { return isBinary(target) }
        return schema.singleType == "string" && schema.format == "binary"
    }
}
