import MusubiDocument
import MusubiReader

/// Request bodies to the body property and the `requestBody` that encodes it.
extension ModelBuilder {
    /// What a request body becomes: the media types it is sent in and the field encodings of a
    /// form or multipart body.
    struct BodyContent {
        var content: RequestDecision.Content
        var fieldEncodings: [RequestDecision.FieldEncoding] = []
    }

    /// The body's content: one media type as a plain property, several as an enum whose cases
    /// name them, JSON first. XML and other media types musubi cannot encode are left to the
    /// caller as bytes, unless JSON is offered too.
    func bodyContent(
        _ body: RequestBody, requestName: String, signature: String, members: inout MemberNameRegistry
    ) -> BodyContent? {
        let stem = body.componentName.map { Naming.typeName($0) } ?? requestName
        var options: [(media: MediaType, format: RequestDecision.BodyFormat)] = []
        let offersJSON = body.content.contains(where: \.isJSON)
        let ordered = body.content.filter(\.isJSON) + body.content.filter { !$0.isJSON }
        // A few kinds of file are a case each; a long list (YouTube's video upload names a
        // hundred video types) is one file whose `contentType` the caller sets, as a careful
        // hand-written client would take it.
        let separatesFiles =
            Set(
                ordered.filter {
                    !$0.isJSON && !$0.isText && !$0.essence.hasPrefix("multipart/")
                        && $0.essence != "application/x-www-form-urlencoded"
                }.map(\.essence)
            ).count <= Self.maximumFileCases
        for media in ordered {
            let essence = media.essence
            if offersJSON, essence.contains("xml") { continue }
            // The first media type's body is `…Body`; another one's, when its schema is a type
            // of its own, says its kind (Discord's invite as JSON or as a multipart form:
            // `CreateChannelInviteBody` and `CreateChannelInviteMultipartBody`).
            let bodyName = stem + (options.isEmpty ? "" : Self.kindWord(media)) + "Body"
            let format = bodyFormat(media, bodyName: bodyName, signature: signature)
            // Bytes are sent under the media type they are (WhatsApp's media upload takes PDF,
            // JPEG, MP4…: a JPEG sent as `application/pdf` is refused or misread), so each is a
            // case of its own; a JSON, form, multipart or text body is read by its shape.
            let isOffered = options.contains {
                Self.isSameKind($0.format, format) && $0.format.type == format.type
                    && !Self.isPatchFormat($0.media.essence, beside: essence)
                    && (!separatesFiles || !Self.isLabelledByMediaType(format) || $0.media.essence == essence)
            }
            if !isOffered { options.append((media, format)) }
        }
        guard let first = options.first else { return nil }
        var content = BodyContent(content: .single(first.format))
        if let encoded = options.first(where: { Self.isObjectFormat($0.format) }) {
            content.fieldEncodings = fieldEncodings(
                encoded.media, multipart: Self.isMultipart(encoded.format), members: &members)
        }
        if options.count == 1 { return content }

        var caseNames = MemberNameRegistry()
        var named: Set<String> = []
        content.content = .alternatives(
            options.map { media, format in
                // Two media types of one subtype (`audio/mp4`, `video/mp4`) say their types too.
                var name = Self.caseName(media, format: format)
                if !named.insert(name).inserted, Self.isLabelledByMediaType(format) {
                    name = Naming.memberName(media.essence.replacingOccurrences(of: "+", with: "_"))
                }
                return RequestDecision.BodyAlternative(
                    name: caseNames.claimRaw(name), mediaType: media.contentType, format: format)
            })
        return content
    }

    /// The kind of body a media type is, as a word of a type name.
    private static func kindWord(_ media: MediaType) -> String {
        let essence = media.essence
        if media.isJSON { return "JSON" }
        if essence == "application/x-www-form-urlencoded" { return "Form" }
        if essence.hasPrefix("multipart/") { return "Multipart" }
        return Naming.typeName(essence.split(separator: "/").last.map(String.init) ?? essence)
    }

    /// The most media types of files a body takes as a case each (``bodyContent(_:requestName:signature:members:)``).
    static let maximumFileCases = 8

    /// Whether a body of `format` is bytes, which only their media type says the kind of. Text
    /// is text under any of its types (GitHub's Markdown as `text/plain` or `text/x-markdown`).
    private static func isLabelledByMediaType(_ format: RequestDecision.BodyFormat) -> Bool {
        if case .binary = format { return true }
        return false
    }

    private static func isObjectFormat(_ format: RequestDecision.BodyFormat) -> Bool {
        switch format {
        case .form, .multipart: return true
        case .json, .text, .binary: return false
        }
    }

    private static func isMultipart(_ format: RequestDecision.BodyFormat) -> Bool {
        if case .multipart = format { return true }
        return false
    }

    /// Whether one of two different media types is a patch format (RFC 6902's
    /// `application/json-patch+json`, RFC 7396's `application/merge-patch+json`, Kubernetes'
    /// strategic merge and apply patches): the server reads the body by its media type, so each
    /// is a case of its own though all are JSON of one type.
    private static func isPatchFormat(_ lhs: String, beside rhs: String) -> Bool {
        lhs != rhs && (lhs.contains("patch") || rhs.contains("patch"))
    }

    /// Whether two formats are the same kind (JSON, form, multipart, text or binary), whatever
    /// their media types: a second media type of a kind and type already offered adds nothing.
    private static func isSameKind(_ lhs: RequestDecision.BodyFormat, _ rhs: RequestDecision.BodyFormat) -> Bool {
        switch (lhs, rhs) {
        case (.json, .json), (.form, .form), (.multipart, .multipart), (.text, .text), (.binary, .binary): return true
        default: return false
        }
    }

    private func bodyFormat(_ media: MediaType, bodyName: String, signature: String) -> RequestDecision.BodyFormat {
        let essence = media.essence
        // A range (`application/*+json`, `text/*`, `*/*`) says what the server accepts, not
        // what to send: a `Content-Type` is always concrete, and validating servers reject a
        // wildcard. The format's own type is sent instead (the caller's, for bytes).
        let isRange = Self.isRange(essence)
        // Any media type with a string schema is the bytes of a file (GitHub's release asset
        // upload, "the raw file data"), not a JSON string.
        if essence == "*/*", let schema = media.schema, isString(schema) {
            return .binary(contentType: media.contentType)
        }
        if media.isJSON {
            let type = media.schema.map { swiftType(for: $0, suggestedName: bodyName) } ?? .jsonValue
            // `application/vnd.api+json` and the like are sent as what the spec says.
            let contentType = media.contentType.lowercased() != "application/json" && !isRange ? media.contentType : nil
            return .json(type, contentType: contentType)
        }
        let isForm = essence == "application/x-www-form-urlencoded"
        if isForm || essence.hasPrefix("multipart/") {
            let type = media.schema.map { swiftType(for: $0, suggestedName: bodyName) } ?? .object(of: .jsonValue)
            let resolved = resolvedAlias(type)
            let kind = resolved.name.flatMap { catalog.modelKinds[$0] }
            if kind == .struct || kind == .anyOf || resolved.objectValue != nil || isUnionOfObjects(resolved) {
                // Only when the encoding object says something the body writer uses (Stripe's
                // multipart `style: deepObject` is for forms only): else there is no `bodyEncoding`.
                let described = media.encoding.contains { Self.isWritten($0, multipart: !isForm) }
                if isForm {
                    let custom = media.contentType == "application/x-www-form-urlencoded" ? nil : media.contentType
                    return .form(type, contentType: custom, usesFieldEncodings: described)
                }
                let custom = essence == "multipart/form-data" || isRange ? nil : essence
                return .multipart(type, contentType: custom, usesFieldEncodings: described)
            }
            warning(
                "the \(media.contentType) body of \(signature) is not an object (\(type)); the caller supplies its bytes",
                at: media.schema?.location, in: media.schema)
        }
        if media.isText {
            // The runtime's default for text, which it writes as UTF-8.
            return .text(contentType: isRange ? "text/plain; charset=utf-8" : media.contentType)
        }
        // A range stays: the runtime sends the upload's own media type (`image/png` within
        // `image/*`), else `application/octet-stream`, never the range.
        return .binary(contentType: media.contentType)
    }

    /// Whether values of the type are a `oneOf` of structs (Lob's `AddressEditable`, a US or an
    /// international address): each is an object, so the union is a form or multipart body as
    /// a struct is, written as the alternative it holds.
    private func isUnionOfObjects(_ type: SwiftType) -> Bool {
        guard let name = type.name, case .oneOf(let oneOf)? = catalog.declaration(named: name)?.definition else {
            return false
        }
        return oneOf.alternatives.allSatisfy { isObject($0.type) }
    }

    /// Whether a media type's essence is a range (`*/*`, `text/*`, `application/*+json`)
    /// rather than one type.
    static func isRange(_ essence: String) -> Bool {
        essence.contains("*")
    }

    /// Whether an encoding entry changes how its property is written: style (other than the
    /// default `form`) and explode apply to forms only, part headers to multipart only, a
    /// content type to both.
    private static func isWritten(_ encoding: PropertyEncoding, multipart: Bool) -> Bool {
        if encoding.contentType != nil { return true }
        if multipart { return !encoding.headers.isEmpty }
        return encoding.style.map { $0 != .form } == true || encoding.explode != nil
    }

    /// The encoding of each property the encoding object describes in a way the body writer
    /// uses, and for multipart a request property per documented part header.
    private func fieldEncodings(
        _ media: MediaType, multipart: Bool, members: inout MemberNameRegistry
    ) -> [RequestDecision.FieldEncoding] {
        var encodings: [RequestDecision.FieldEncoding] = []
        for encoding in media.encoding where Self.isWritten(encoding, multipart: multipart) {
            var field = RequestDecision.FieldEncoding(
                property: encoding.name, style: nil, explode: nil, contentType: encoding.contentType, headers: [])
            if !multipart {
                field.style = encoding.style.flatMap { $0 == .form ? nil : $0 }
                field.explode = encoding.explode
            }
            if multipart {
                for header in encoding.headers {
                    let stem = header.name.lowercased().hasPrefix("x-") ? String(header.name.dropFirst(2)) : header.name
                    let name = members.claimRaw(Naming.memberName(encoding.name + "_" + stem), suffix: "Header")
                    var type = header.schema.map { swiftType(for: $0, suggestedName: Naming.typeName(name)) } ?? .string
                    if !isParameterValue(resolvedAlias(type)) { type = .string }
                    field.headers.append(
                        RequestDecision.PartHeader(
                            name: name, specName: header.name, part: encoding.name, type: type,
                            isRequired: header.required, description: header.description))
                }
            }
            if field.style == nil, field.explode == nil, field.contentType == nil, field.headers.isEmpty { continue }
            encodings.append(field)
        }
        return encodings
    }

    /// `json`, `form`, `multipart`, `text`, `binary`; another type by its subtype (`png`).
    private static func caseName(_ media: MediaType, format: RequestDecision.BodyFormat) -> String {
        let essence = media.essence
        switch format {
        case .json where essence == "application/json" || isRange(essence): return "json"
        case .form: return "form"
        case .multipart where essence == "multipart/form-data" || isRange(essence): return "multipart"
        case .text where essence == "text/plain" || isRange(essence): return "text"
        case .binary where essence == "application/octet-stream" || isRange(essence): return "binary"
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
                catalog.uploadSchemas.insert(SchemaKey(schema))
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

    private func isString(_ schema: Schema) -> Bool {
        if let name = schema.referencedName, let target = catalog.componentSchemas[name] { return isString(target) }
        return schema.singleType == "string"
    }

    private func isBinary(_ schema: Schema) -> Bool {
        if let name = schema.referencedName, let target = catalog.componentSchemas[name] { return isBinary(target) }
        return schema.singleType == "string" && schema.format == "binary"
    }
}
