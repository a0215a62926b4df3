/// Everything the templates render, decided.
///
/// This is the contract between Musubi and template authors: every name, type spelling,
/// literal and comment line is computed here, so templates only place text. Fields are plain
/// strings, booleans and lists (never optionals), because that is what logic-less Mustache
/// can test. `musubi dump-model` prints this structure as JSON.
public struct ClientModel: Codable, Sendable {
    /// The Swift module the generated files are compiled into.
    public var moduleName: String
    /// The first line of every generated file.
    public var header: String
    /// The access modifier with its trailing space (`public `), or empty for internal.
    public var access: String
    public var api: APIDeclaration
    public var models: [ModelDeclaration]
    public var requests: [RequestDeclaration]
}

/// The file shared by all requests of the API: its base protocol and its servers.
public struct APIDeclaration: Codable, Sendable {
    /// The first line of the file (also on ``ClientModel``, repeated so each template
    /// receives everything it renders in one object).
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    public var fileName: String
    /// `PetstoreRequest`: every request of the API conforms to it.
    public var protocolName: String
    public var docLines: [String]
    public var servers: [ServerDeclaration]
    public var hasServers: Bool
}

public struct ServerDeclaration: Codable, Sendable {
    /// The static member name (`production`), backticked if needed.
    public var name: String
    /// The URL as a string literal, server variables filled with their defaults.
    public var urlLiteral: String
    public var docLines: [String]
}

/// One model type: a struct, an open enum or a type alias, each in its own file.
public struct ModelDeclaration: Codable, Sendable {
    public enum Kind: String, Codable, Sendable {
        case `struct`, `enum`, `typealias`
    }

    /// The first line of the file (also on ``ClientModel``, repeated so each template
    /// receives everything it renders in one object).
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    public var kind: Kind
    /// The template that renders it: `Struct`, `Enum` or `Typealias`.
    public var template: String
    public var name: String
    /// Path relative to the output directory (`Models/Pet.swift`).
    public var fileName: String
    public var docLines: [String]
    /// Lines such as `@available(*, deprecated)`.
    public var attributes: [String]

    // Structs
    public var properties: [PropertyDeclaration]
    public var initParameters: [InitParameter]
    public var hasInitParameters: Bool
    /// The initializer's first lines up to its opening brace, laid out to fit the line length.
    public var initDeclarationLines: [String]
    public var codingKeys: [CodingKeyDeclaration]
    public var hasCodingKeys: Bool

    // Enums
    /// `String` or `Int`.
    public var rawType: String
    public var cases: [EnumCaseDeclaration]

    // Type aliases
    public var aliasedType: String
}

public struct PropertyDeclaration: Codable, Sendable {
    /// The Swift name, backticked if it is a keyword.
    public var name: String
    /// The Swift type spelling, `?` included when optional.
    public var type: String
    /// The name the JSON or the spec uses.
    public var originalName: String
    public var docLines: [String]
    public var attributes: [String]
    /// Whether the value is stored boxed, in ``storageName``, because the type contains itself
    /// (`APIErrors.source: APIErrors?`); the property is then computed from the box.
    public var isIndirect: Bool
    /// The stored property's name: ``name``, or `_name` for a boxed value.
    public var storageName: String
    /// The stored property's type: ``type``, or `Indirect<T>?` for a boxed value.
    public var storageType: String
    /// How the initializer stores the parameter: `self.name = name` or the boxed form.
    public var initAssignment: String
    /// For a boxed value, the computed property's getter expression and setter statement.
    public var indirectGetter: String
    public var indirectSetter: String
    /// The statement of `init(from:)` that decodes the stored property, laid out to fit the
    /// line length.
    public var decodeLines: [String]
    /// The statement of `encode(to:)` that encodes the stored property, laid out likewise.
    public var encodeLines: [String]

    public init(name: String, type: String, originalName: String, docLines: [String], attributes: [String]) {
        self.name = name
        self.type = type
        self.originalName = originalName
        self.docLines = docLines
        self.attributes = attributes
        isIndirect = false
        storageName = name
        storageType = type
        initAssignment = "self.\(name) = \(name)"
        indirectGetter = ""
        indirectSetter = ""
        decodeLines = []
        encodeLines = []
        layOutCoding()
    }

    /// Stores the value in an `Indirect` box, which gives a recursive struct a finite size.
    mutating func makeIndirect() {
        guard !isIndirect else { return }
        let bare = name.trimmingBackticks
        let optional = type.hasSuffix("?")
        let wrapped = optional ? String(type.dropLast()) : type
        isIndirect = true
        storageName = "_" + bare
        storageType = "Indirect<\(wrapped)>" + (optional ? "?" : "")
        initAssignment = optional
            ? "self.\(storageName) = \(name).map(Indirect.init)" : "self.\(storageName) = Indirect(\(name))"
        indirectGetter = optional ? "\(storageName)?.value" : "\(storageName).value"
        indirectSetter = optional ? "\(storageName) = newValue.map(Indirect.init)" : "\(storageName) = Indirect(newValue)"
        layOutCoding()
    }

    /// The `init(from:)` and `encode(to:)` statements for the stored property, keyed by the
    /// JSON name; an optional is decoded and encoded only if present, as synthesized code does.
    private mutating func layOutCoding() {
        let optional = storageType.hasSuffix("?")
        let wrapped = optional ? String(storageType.dropLast()) : storageType
        let key = "forKey: " + SwiftSourceText.stringLiteral(originalName)
        let ifPresent = optional ? "IfPresent" : ""
        decodeLines = SourceLayout.call(
            "self.\(storageName) = try container.decode\(ifPresent)", arguments: ["\(wrapped).self", key], indent: 8)
        encodeLines = SourceLayout.call(
            "try container.encode\(ifPresent)", arguments: ["self.\(storageName)", key], indent: 8)
    }

}

public struct InitParameter: Codable, Sendable {
    /// `name: Type` or `name: Type? = nil`.
    public var declaration: String
    /// The property to assign, backticked if needed.
    public var name: String
    /// The statement storing the parameter (`self.name = name`, or into a box).
    public var assignment: String
    /// Whether a comma must not follow.
    public var isLast: Bool

    /// The parameter for a property; optional ones default to nil.
    init(for property: PropertyDeclaration, required: Bool) {
        declaration = required ? "\(property.name): \(property.type)" : "\(property.name): \(property.type) = nil"
        name = property.name
        assignment = property.initAssignment
        isLast = false
    }
}

public struct CodingKeyDeclaration: Codable, Sendable {
    public var name: String
    /// ` = "created_at"` when the JSON key differs from the case name, else empty.
    public var rawValueClause: String
}

public struct EnumCaseDeclaration: Codable, Sendable {
    public var name: String
    /// The raw value as a Swift literal (`"available"`, `42`).
    public var rawValueLiteral: String
    public var docLines: [String]
    /// The case of `init(rawValue:)`'s switch, laid out to fit the line length.
    public var initCaseLines: [String]
    /// The case of `rawValue`'s switch, laid out to fit the line length.
    public var rawValueCaseLines: [String]

    public init(name: String, rawValueLiteral: String, docLines: [String]) {
        self.name = name
        self.rawValueLiteral = rawValueLiteral
        self.docLines = docLines
        initCaseLines = SourceLayout.switchCase(
            label: "case \(rawValueLiteral)", statement: "self = .\(name)", indent: 8)
        rawValueCaseLines = SourceLayout.switchCase(label: "case .\(name)", statement: rawValueLiteral, indent: 8)
    }
}

/// One operation as a request type tied to its response type.
public struct RequestDeclaration: Codable, Sendable {
    /// The first line of the file (also on ``ClientModel``, repeated so each template
    /// receives everything it renders in one object).
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    /// The API's base protocol the request conforms to.
    public var protocolName: String
    public var name: String
    public var fileName: String
    public var docLines: [String]
    public var attributes: [String]
    /// `GET /pets/{petId}`, for reference in docs and diagnostics.
    public var signature: String
    public var operationID: String

    /// `typealias Response = …` when there is one success shape.
    public var responseType: String
    public var hasResponseType: Bool
    /// `enum Response` when there are several.
    public var responseCases: [ResponseCaseDeclaration]
    public var hasResponseEnum: Bool
    public var decodeResponseCases: [StatusCaseDeclaration]
    public var hasDecodeResponse: Bool

    /// `typealias Failure = …` when documented errors share one body type.
    public var failureType: String
    public var hasFailureType: Bool
    public var failureCases: [ResponseCaseDeclaration]
    public var hasFailureEnum: Bool
    public var decodeFailureCases: [StatusCaseDeclaration]
    public var hasDecodeFailure: Bool

    public var properties: [PropertyDeclaration]
    public var initParameters: [InitParameter]
    public var hasInitParameters: Bool
    /// The initializer's first lines up to its opening brace, laid out to fit the line length.
    public var initDeclarationLines: [String]

    /// `.get`
    public var method: String
    /// The path as a `RequestPath` literal with interpolated parameters.
    public var pathLiteral: String
    /// The `path` property's lines: one when it fits, else the literal on its own line.
    public var pathLines: [String]
    public var queryItems: [String]
    public var hasQuery: Bool
    /// The `[QueryParameter]` array literal's lines.
    public var queryLines: [String]
    public var headerItems: [String]
    public var hasHeaders: Bool
    /// The `[HeaderParameter]` array literal's lines.
    public var headerLines: [String]
    /// `.json(body)` and the like.
    public var bodyExpression: String
    public var hasBody: Bool
    /// The condition on `statusCode` that accepts the documented successes, when they are
    /// not exactly the runtime's default of 2XX (a documented `300` answer, say).
    public var acceptableStatusCondition: String
    public var hasAcceptableStatus: Bool
    /// An `Accept` header value literal when it is not JSON's.
    public var acceptLiteral: String
    public var hasAccept: Bool
}

public struct ResponseCaseDeclaration: Codable, Sendable {
    public var name: String
    /// `(Pet)` or empty for a case without payload.
    public var payload: String
    public var docLines: [String]
}

public struct StatusCaseDeclaration: Codable, Sendable {
    /// `case 200`, `case 200...299`, or `default`.
    public var label: String
    /// The statement the case runs.
    public var statement: String
    /// The case as source lines: `label: statement` on one line when it fits, else the
    /// statement on its own line, indented.
    public var lines: [String]

    public init(label: String, statement: String) {
        self.label = label
        self.statement = statement
        lines = SourceLayout.switchCase(label: label, statement: statement, indent: 8)
    }
}
