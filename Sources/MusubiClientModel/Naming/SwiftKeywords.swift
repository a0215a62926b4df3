/// Names that generated code cannot use as they are.
enum SwiftKeywords {
    /// Keywords that need backticks when used as a property, parameter or case name.
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
        "init", "inout", "internal", "let", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any",
        "await", "package", "consume", "borrowing", "consuming", "some", "any",
    ]

    /// Names no member may have, backticks or not: besides the language's, the members every
    /// model has from its conformances (`Hashable`'s `hashValue`, `CustomReflectable`'s
    /// `customMirror`), which a property or case of that name would clash with.
    static let unusableMembers: Set<String> = ["self", "init", "Type", "Protocol", "hashValue", "customMirror"]

    /// Type names that generated code or its users refer to unqualified: a model with one of
    /// these names would shadow the real type in the generated module. The platform
    /// frameworks' types are in ``PlatformTypeNames``; ``TypeNameRegistry`` takes both.
    static let takenTypeNames: Set<String> = [
        // Swift's own names that are no declared type (the types of Swift, Foundation and the
        // other platform frameworks are in `PlatformTypeNames`), and names generated code uses.
        "Any", "Protocol", "Self", "Type", "CodingKeys", "Foundation", "Swift",
        // MusubiRuntime
        "CalendarDate", "CancellableTask", "Client", "ClientError", "Coding", "HeaderParameter",
        "HTTPHeaders", "HTTPMethod", "HTTPRequest", "HTTPResponse", "Interceptor", "JSONValue",
        "MusubiRuntime", "NoContent", "OpenEnum", "ParameterValue", "QueryParameter", "Request",
        "RequestBody", "RequestPath", "Server", "Transport", "UnexpectedStatus",
        "URLSessionTransport", "Response", "Failure", "Indirect", "AlternativeDecoder", "DecimalString",
        "IntOrString", "OrEmpty", "DictionaryLiteralValue",
        "StringCodingKey", "ModelStorage", "ModelValue", "ModelMembers", "ModelMember", "ModelDecodingContainer",
        "FileUpload", "FieldEncoding", "WithHeaders", "URLEncodedForm", "MultipartForm", "HTTPHeadersDecoder",
        "StreamingRequest", "Event", "EventStream", "ServerSentEvent", "StreamFormat", "HTTPBody",
        "HTTPBodyStream", "StreamedHTTPResponse", "MockTransport",
        "SecurityScheme", "SecurityRequirement", "Credential", "AuthenticationError", "Redaction",
        "WebhookRequest", "WebhookEventRoute", "WebhookSignature", "WebhookSignatureError", "HMACSHA256",
        "PaginatedRequest", "Pagination", "PaginatedItems", "Pages", "Nullable", "ModelVisitor",
        "ModelKeyOptions", "EqualityVisitor", "HashingVisitor", "EncodingVisitor", "AlternativeShape",
        "PinnedValue", "CallOptions", "ClientClock", "CookieParameter", "ParameterStyle", "RetryAfter",
        "RetryPolicy", "OAuth2TokenProvider", "OAuth2Error", "OAuth2Flow", "URLText",
    ]

    /// A member name made safe to declare: keywords get backticks.
    static func escapedMember(_ name: String) -> String {
        reserved.contains(name) ? "`\(name)`" : name
    }

    /// A member name as an argument label in a call (`Storage(private: `private`)`): only
    /// `inout`, `var` and `let` keep their backticks there; the compiler warns about others.
    static func argumentLabel(_ name: String) -> String {
        guard name.hasPrefix("`") else { return name }
        let bare = name.trimmingBackticks
        return ["inout", "var", "let"].contains(bare) ? name : bare
    }

    /// `name: name`, an argument passing a value of the same name.
    static func argument(_ name: String) -> String {
        "\(argumentLabel(name)): \(name)"
    }
}
