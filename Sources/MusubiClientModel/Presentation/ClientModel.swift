/// Everything the templates render, decided and laid out.
///
/// This is the contract between Musubi and template authors: every name, type spelling,
/// literal and comment line is computed here, so templates only place text. Fields are plain
/// strings, booleans and lists (never optionals), because that is what logic-less Mustache
/// can test. Model types are here twice: as decisions (``types``, what `musubi dump-model`
/// prints) and as the context their templates receive (``models``, laid out from them by
/// ``ModelPresentation``).
public struct ClientModel: Codable, Sendable {
    /// The Swift module the generated files are compiled into.
    public var moduleName: String
    /// The first line of every generated file.
    public var header: String
    /// The access modifier with its trailing space (`public `), or empty for internal.
    public var access: String
    /// The API file: base protocol, servers and security schemes, rendered by `API`.
    public var api: APIDeclaration
    /// The model types as decided, in the order of ``models``: what `musubi dump-model` shows.
    public var types: [TypeDeclaration]
    /// The template context of each model type, laid out from ``types`` (see
    /// ``ModelPresentation``), rendered by the template its `template` names.
    public var models: [ModelDeclaration] = []
    /// One request type per operation, each rendered by `Request`.
    public var requests: [RequestDeclaration]
    /// The import lines of every generated Swift file (also on each declaration):
    /// `import Foundation` and `import MusubiRuntime`, without the latter when the runtime's
    /// sources are embedded in the client's own module.
    public var imports: [String]
    /// Where the runtime's sources are copied (`Runtime/`, `Sources/MusubiRuntime/`), or
    /// empty when they are not.
    public var runtimeDirectory: String
    /// Whether the runtime's sources are copied into the output (`--embed-runtime`, or a
    /// package told no other place to get the runtime from).
    public var embedsRuntime: Bool
    /// The package around the client; rendered only in package mode, ``isPackage``.
    public var package: PackageDeclaration
    /// Whether the output is a whole package (`--package`).
    public var isPackage: Bool

    /// The decisions, without the model types' laid-out context.
    private enum CodingKeys: String, CodingKey {
        case moduleName, header, access, api, types, requests, imports, runtimeDirectory, embedsRuntime, package
        case isPackage
    }
}

/// The file shared by all requests of the API: its base protocol and its servers.
public struct APIDeclaration: Codable, Sendable {
    /// The first line of the file (also on ``ClientModel``, repeated so each template
    /// receives everything it renders in one object).
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    /// The import lines, as on ``ClientModel``.
    public var imports: [String] = []
    /// Path relative to the output directory (`PetstoreAPI.swift`).
    public var fileName: String
    /// `PetstoreRequest`: every request of the API conforms to it.
    public var protocolName: String
    /// The protocol's doc comment from the spec's `info`, as `///` lines.
    public var docLines: [String]
    /// The spec's servers, each a static member of `Server`.
    public var servers: [ServerDeclaration]
    /// Whether ``servers`` is not empty, for the `extension Server` around them.
    public var hasServers: Bool
    /// An enum per enumerated server variable, nested in `Server`.
    public var serverEnums: [ServerEnumDeclaration]
    /// The API's security schemes as `SecurityScheme` static members, in source order.
    public var securitySchemes: [SecuritySchemeDeclaration] = []
    /// Whether ``securitySchemes`` is not empty, for the extension around them.
    public var hasSecuritySchemes = false
}

public struct SecuritySchemeDeclaration: Codable, Sendable {
    /// The static member name (`petstoreAuth`), backticked if needed.
    public var name: String
    /// The scheme's key in the spec as a string literal (`"petstore_auth"`).
    public var nameLiteral: String
    /// Whether it is the first member; the others follow a blank line, as their doc
    /// comments run over several lines.
    public var isFirst: Bool
    /// The member's doc comment (the scheme's kind and description), as `///` lines.
    public var docLines: [String]
    /// `static let petstoreAuth = SecurityScheme("petstore_auth", .oauth2)`, laid out to fit.
    public var declarationLines: [String]
    /// The runtime `Credential` that serves the scheme: `apiKey`, `basic`, `bearer` (HTTP
    /// bearer, OAuth 2.0, OpenID Connect), `authorization` (other HTTP schemes) or
    /// `clientCertificate`.
    public var credentialKind: String
}

public struct ServerDeclaration: Codable, Sendable {
    /// The static member name (`production`), backticked if needed.
    public var name: String
    /// The URL as a string literal, server variables filled with their defaults.
    public var urlLiteral: String
    /// The server's description and variables, as `///` lines.
    public var docLines: [String]
    /// The static member: a constant for an absolute URL, a function of the variables for
    /// one with variables, a function of the origin for a server the spec gives as a path only.
    public var declarationLines: [String]
    /// Whether an empty line separates it from the server before.
    public var hasBlankLineBefore: Bool
}

/// The values of an enumerated server variable: `enum Region: String { case eu, us }`.
public struct ServerEnumDeclaration: Codable, Sendable {
    /// The enum's name, from the variable's (`Region`).
    public var name: String
    /// The variable's description, as `///` lines.
    public var docLines: [String]
    /// `case eu`, `case euWest1 = "eu-west-1"`.
    public var caseLines: [String]
}

/// One model type, each in its own file: a struct, an open enum, a `oneOf` enum with
/// associated values, an `anyOf` struct of optional alternatives, or a type alias.
public struct ModelDeclaration: Codable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        case `struct`, `enum`, oneOf, anyOf, `typealias`
    }

    /// The first line of the file (also on ``ClientModel``, repeated so each template
    /// receives everything it renders in one object).
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    /// The import lines, as on ``ClientModel``.
    public var imports: [String] = []
    /// Which Swift construct the schema becomes.
    public var kind: Kind
    /// The template that renders it: `Struct`, `Enum`, `OneOf`, `AnyOf` or `Typealias`.
    public var template: String
    /// The type name (`Pet`), unique in the module.
    public var name: String
    /// Path relative to the output directory (`Models/Pet.swift`), shared with the types
    /// whose names start alike (`PetStatus`) unless `--file-per-type` is given. Declarations of
    /// one file are rendered each on its own and joined under one header and one import list.
    public var fileName: String
    /// The schema's title and description (and a deprecation note), as `///` lines.
    public var docLines: [String]
    /// Lines such as `@available(*, deprecated)`.
    public var attributes: [String]

    // Structs
    /// A struct's properties in the schema's order (an `anyOf`'s alternatives too).
    public var properties: [PropertyDeclaration]
    /// The memberwise initializer's parameters, required ones first.
    public var initParameters: [InitParameter]
    /// Whether ``initParameters`` is not empty.
    public var hasInitParameters: Bool
    /// The initializer's first lines up to its opening brace, laid out to fit the line length.
    public var initDeclarationLines: [String]
    /// A struct with more than a few properties keeps their values in one private, immutable
    /// class instance, which each property reads (`public var id: Int { storage.id }`): copying
    /// the model copies one reference, and a model holding other models holds references to
    /// them. The compiler then emits no value-witness and copy code that spans the whole tree
    /// of nested models (the largest part of a debug build of a big client), a type cannot
    /// contain itself inline, and the values cannot change after decoding. The stored
    /// property's name: `storage`, or `_storage` when a property is called that.
    public var storageProperty = "storage"
    /// The private class's name: `Storage`, unless a property's type mentions that name.
    public var storageClass = "Storage"
    /// The struct initializer's call of the class's (`storage = Storage(id: id, name: name)`),
    /// laid out to fit the line length.
    public var storageInitCallLines: [String] = []
    /// The class initializer's first lines up to its opening brace: every property, in order,
    /// without defaults.
    public var storageInitDeclarationLines: [String] = []
    /// A struct of at most four values that holds no other such struct and no `oneOf` or
    /// `anyOf` by value keeps them in stored `let`s of its own instead, with no storage class:
    /// for so few values the class cost more code than the values. Its properties then have
    /// no ``PropertyDeclaration/getter``, and ``storageInitCallLines`` is empty.
    public var storesValuesInline = false

    // Enums
    /// `String` or `Int`.
    public var rawType: String
    /// An enum's known values; an `unknown(…)` case keeps values added later.
    public var cases: [EnumCaseDeclaration]
    /// Whether an enum of more than ``TypeDeclaration/Enumeration/switchLimit`` values finds a raw
    /// value's case in a dictionary built once from an array of its cases, and its `rawValue`
    /// `switch` is a statement of `return`s. The compiler type-checks a `switch` *expression*
    /// (`case .a: "a"`) as one expression whose branches are joined, in time that grows faster
    /// than the number of cases, while
    /// statements and an array of `Self.a` elements take time linear in it. Decoding then
    /// costs one hash look-up instead of a comparison with each value in turn.
    public var decodesByLookup = false

    // oneOf enums and anyOf structs
    /// The alternatives: enum cases of a `oneOf`, optional properties of an `anyOf` (which
    /// also lists them in ``properties``).
    public var alternatives: [AlternativeDeclaration]
    /// Whether a `oneOf` picks its alternative by a discriminator property rather than by
    /// trying each in turn; it then also has an `unknown(JSONValue)` case.
    public var hasDiscriminator: Bool
    /// The discriminator property's name as a string literal (`"type"`).
    public var discriminatorLiteral: String
    /// The discriminator property's name as written, on one line with invisible characters
    /// dropped: the template quotes it in a `///` line.
    public var discriminatorProperty: String
    /// The expression reading the discriminator's value: `decoder.discriminator("type")` for a
    /// string, `decoder.integerDiscriminator("type")` for an integer (Discord tags its unions so).
    public var discriminatorCall = ""
    /// An `anyOf`'s `self.init(…)` call from its decoded alternatives, laid out to fit.
    public var initCallLines: [String]
    /// Whether an `anyOf` encodes every alternative that is set rather than the first: when
    /// all are objects, a value matching several has the members of each, and their members
    /// merge into one object.
    public var encodesEveryAlternative = false
    /// The protocols of a struct, `oneOf` or `anyOf`. A struct or `anyOf` is `Codable, Sendable,
    /// ModelValue`: the runtime's `ModelValue` makes it `Equatable` with one `==` for all models
    /// (a synthesized `==` in each made the module's `Equatable` conformances look through
    /// hundreds of operators). A `oneOf` is `Codable,
    /// Equatable, Sendable`, and also `ParameterValue` when every alternative is a scalar, so the
    /// value can be sent as a path or query parameter. `Equatable` rather than `Hashable`:
    /// `Hashable` costs more to compile, and models are compared far
    /// more often than used as keys.
    public var conformances: String
    /// Whether ``conformances`` includes `ParameterValue`.
    public var isParameterValue: Bool

    // Type aliases
    /// The Swift type the alias names (`[Pet]`); ``SwiftType/none`` for the other kinds.
    public var aliasedType: SwiftType
}

/// One alternative of a `oneOf` enum or an `anyOf` struct, with every line that mentions it.
public struct AlternativeDeclaration: Codable, Sendable {
    /// The enum case or property name, backticked if needed.
    public var name: String
    /// The alternative's Swift type.
    public var type: SwiftType
    /// The alternative's description, as `///` lines.
    public var docLines: [String]
    /// `indirect ` for an enum case on a cycle of types (the enum would otherwise contain
    /// itself), else empty.
    public var indirectKeyword: String
    /// `oneOf` without discriminator: the opening line of this alternative's branch of the
    /// `if let … else if let …` chain that tries each alternative in order.
    public var decodeBranchLines: [String]
    /// `oneOf` with discriminator: the `switch` case choosing this alternative by its values.
    public var discriminatorCaseLines: [String]
    /// `oneOf`: the `encode(to:)` switch case.
    public var encodeCaseLines: [String]
    /// `anyOf`: `let name = alternatives.decode(Type.self)`.
    public var decodeStatement: String
    /// `anyOf`: `if let name {` for the first alternative, `} else if let name {` after it.
    public var encodeBranch: String
    /// A scalar `oneOf`: the `parameterValue` switch case.
    public var parameterValueCaseLines: [String]
}

public struct PropertyDeclaration: Codable, Sendable {
    /// The Swift name, backticked if it is a keyword.
    public var name: String
    /// The Swift type, optional when the value may be absent.
    public var type: SwiftType
    /// The name the JSON or the spec uses.
    public var originalName: String
    /// Whether the property is coded under its own key, ``originalName`` (which may be empty:
    /// `""` is a valid JSON member name); false for the other members of an object and for an
    /// embedded `oneOf` or `anyOf`, which are decoded from the whole object.
    public var isKeyed = true
    /// The property's description, as `///` lines.
    public var docLines: [String]
    /// Lines such as `@available(*, deprecated)`.
    public var attributes: [String]
    /// Whether an `anyOf`'s property is computed from a private stored one, ``storageName``:
    /// an alternative that is itself a `oneOf` or `anyOf`, boxed so that the type has a finite
    /// size (`Indirect<Shape>?`).
    public var isComputed: Bool
    /// The stored property's name: ``name``, or `_name` for a computed property.
    public var storageName: String
    /// The stored property's type: ``type``, or `Indirect<T>?` for a boxed value.
    public var storageType: SwiftType
    /// How the initializer stores the parameter: `self.name = name`, or the boxed form.
    public var initAssignment: String
    /// The getter's expression: a struct's property reads its class instance (`storage.id`), a
    /// boxed one its box.
    public var getter: String
    /// For a computed property, its setter statement.
    public var setter: String
    /// A struct's property: the statement of its storage class's `init(from:)` that decodes
    /// the value (`self.id = try container.decode(…)`), laid out to fit the line length.
    public var decodeLines: [String]
    /// Where `encode(to:)` writes the value: its line in the `members` list of the storage
    /// class, or of the struct when it stores its values inline (`created_at`,
    /// `node_id read-only`, `*` for the object's own members; see the runtime's `ModelMembers`).
    public var member: String
    /// A `readOnly` property: set by the server, so `encode(to:)` leaves it out of request
    /// bodies (OpenAPI: it "SHOULD NOT be sent as part of the request"), and a value decoded
    /// from a response can be sent back without the server rejecting its read-only members.
    public var isReadOnly = false
    /// A required property that may be null: absent and null mean different things to the
    /// server, so `encode(to:)` writes `null` for nil rather than leaving the key out.
    public var encodesNil = false

    public init(name: String, type: SwiftType, originalName: String, docLines: [String], attributes: [String]) {
        self.name = name
        self.type = type
        self.originalName = originalName
        self.docLines = docLines
        self.attributes = attributes
        isComputed = false
        storageName = name
        storageType = type
        initAssignment = "self.\(name) = \(name)"
        getter = ""
        setter = ""
        decodeLines = []
        member = "*"
    }

    /// Stores an `anyOf`'s alternative in an `Indirect` box, which gives the struct a finite
    /// size when the alternative is a `oneOf` or `anyOf` that could contain it.
    mutating func makeIndirect() {
        let bare = name.trimmingBackticks
        let optional = type.isOptional
        let boxed = SwiftType.generic("Indirect", [type.nonOptional])
        isComputed = true
        storageName = "_" + bare
        storageType = optional ? .optional(boxed) : boxed
        initAssignment =
            optional
            ? "self.\(storageName) = \(name).map(Indirect.init)" : "self.\(storageName) = Indirect(\(name))"
        getter = optional ? "\(storageName)?.value" : "\(storageName).value"
        setter = optional ? "\(storageName) = newValue.map(Indirect.init)" : "\(storageName) = Indirect(newValue)"
    }

    /// A struct's property: the statement of its `init(from:)` (indented to sit at `indent`)
    /// and its entry in the `members` list, keyed by the JSON name; an optional is decoded and
    /// encoded only if present, as synthesized code does, except that a required one that may
    /// be null is always encoded. A property not coded under a key of its own (the other
    /// members of an object, an embedded `oneOf`) has its decoding set by its presentation and
    /// is encoded into the same object.
    mutating func layOutCoding(indent: Int) {
        guard isKeyed else { return }
        let optional = type.isOptional
        let wrapped = type.nonOptional
        let key = "forKey: " + SwiftSourceText.stringLiteral(originalName)
        let ifPresent = optional ? "IfPresent" : ""
        decodeLines =
            optional && wrapped == .named("URL")
            // An empty string is no link: see the runtime's `decodeURLIfPresent(forKey:)`.
            ? LineLayout.call("self.\(name) = try container.decodeURLIfPresent", arguments: [key], indent: indent)
            : LineLayout.call(
                "self.\(name) = try container.decode\(ifPresent)", arguments: ["\(wrapped).self", key], indent: indent)
        member = Self.memberKey(originalName) + (encodesNil ? " writes-null" : "") + (isReadOnly ? " read-only" : "")
    }

    /// A JSON key as the runtime's `ModelMembers` list spells it: percent-encoding what would
    /// end the line or the word, break the string literal or be invisible in it (bidirectional
    /// controls); `""` for the empty key.
    static func memberKey(_ key: String) -> String {
        if key.isEmpty { return "\"\"" }
        if key == "*" { return "%2A" }
        var text = ""
        for scalar in key.unicodeScalars {
            let needsEscape =
                scalar.value < 0x21 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar == "%" || scalar == "\"" || scalar == "\\" || scalar == "\u{2028}" || scalar == "\u{2029}"
                || SwiftSourceText.isInvisible(scalar)
            if needsEscape {
                for byte in String(scalar).utf8 {
                    text += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// A struct's property: reads the storage class's value of the same name.
    mutating func readFromStorage(_ storageProperty: String) {
        getter = "\(storageProperty).\(name)"
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

    /// A parameter declared and stored as given (`server: Server? = .uploads`).
    init(declaration: String, name: String, assignment: String) {
        self.declaration = declaration
        self.name = name
        self.assignment = assignment
        isLast = false
    }

    /// A parameter with the given default value (`[:]`).
    init(for property: PropertyDeclaration, defaultValue: String) {
        declaration = "\(property.name): \(property.type) = \(defaultValue)"
        name = property.name
        assignment = property.initAssignment
        isLast = false
    }
}

public struct EnumCaseDeclaration: Codable, Sendable {
    /// The case name (`available`), backticked if needed.
    public var name: String
    /// The raw value as a Swift literal (`"available"`, `42`).
    public var rawValueLiteral: String
    /// Doc comment lines for the case: the descriptions of a `oneOf` of documented constants
    /// (`{const: 1, title: SUB_COMMAND, description: …}`); an `enum` list has none to give.
    public var docLines: [String]
    /// The case of `init(rawValue:)`'s switch, laid out to fit the line length.
    public var initCaseLines: [String]
    /// The case of `rawValue`'s switch, laid out to fit the line length.
    public var rawValueCaseLines: [String]
}

/// One operation as a request type tied to its response type.
public struct RequestDeclaration: Codable, Sendable {
    /// The first line of the file (also on ``ClientModel``, repeated so each template
    /// receives everything it renders in one object).
    public var header: String
    /// The access modifier with its trailing space, as on ``ClientModel``.
    public var access: String
    /// The import lines, as on ``ClientModel``.
    public var imports: [String] = []
    /// The API's base protocol the request conforms to.
    public var protocolName: String
    /// The type name, from the `operationId` (`ShowPetByID`) or else the method and path.
    public var name: String
    /// Path relative to the output directory: `Requests/PetsRequests.swift`, shared with the
    /// other requests of the operation's first tag; `Requests/Pets/ShowPetByID.swift` with
    /// `--file-per-type`.
    public var fileName: String
    /// The operation's summary, description and signature, as `///` lines.
    public var docLines: [String]
    /// Lines such as `@available(*, deprecated)` for a deprecated operation.
    public var attributes: [String]
    /// `GET /pets/{petId}`, for reference in docs and diagnostics.
    public var signature: String
    /// The spec's `operationId` as written, empty when it has none.
    public var operationID: String

    /// `typealias Response = …` when there is one success shape.
    public var responseType: SwiftType
    /// Whether ``responseType`` is set.
    public var hasResponseType: Bool
    /// `enum Response` when there are several.
    public var responseCases: [ResponseCaseDeclaration]
    /// Whether ``responseCases`` is not empty.
    public var hasResponseEnum: Bool
    /// The cases of `decodeResponse`'s `switch` over the status, for a `Response` enum.
    public var decodeResponseCases: [StatusCaseDeclaration]
    /// Whether a `decodeResponse` switching on the status is generated.
    public var hasDecodeResponse: Bool
    /// The body of `decodeResponse` for one success shape the runtime cannot decode by
    /// default: text, bytes, or a body with documented headers.
    public var singleDecodeLines: [String]
    /// Whether ``singleDecodeLines`` is not empty.
    public var hasSingleDecode: Bool

    /// `typealias Failure = …` when documented errors share one body type.
    public var failureType: SwiftType
    /// Whether ``failureType`` is set.
    public var hasFailureType: Bool
    /// `enum Failure` cases when documented errors have several body types.
    public var failureCases: [ResponseCaseDeclaration]
    /// Whether ``failureCases`` is not empty.
    public var hasFailureEnum: Bool
    /// The cases of `decodeFailure`'s `switch` over the status, for a `Failure` enum.
    public var decodeFailureCases: [StatusCaseDeclaration]
    /// Whether a `decodeFailure` switching on the status is generated.
    public var hasDecodeFailure: Bool

    /// One stored property per parameter (path, then required, then optional) and the body.
    public var properties: [PropertyDeclaration]
    /// The initializer's parameters, in the properties' order, then `server` for an operation
    /// with servers of its own.
    public var initParameters: [InitParameter]
    /// Whether ``initParameters`` is not empty; without, the request gets `init() {}`.
    public var hasInitParameters: Bool
    /// The initializer's first lines up to its opening brace, laid out to fit the line length.
    public var initDeclarationLines: [String]

    /// The `HTTPMethod` member (`.get`).
    public var method: String
    /// The path as a `RequestPath` literal with interpolated parameters.
    public var pathLiteral: String
    /// The `path` property's lines: one when it fits, else the literal on its own line.
    public var pathLines: [String]
    /// One `QueryParameter(…)` expression per query parameter.
    public var queryItems: [String]
    /// Whether ``queryItems`` is not empty.
    public var hasQuery: Bool
    /// The `[QueryParameter]` array literal's lines.
    public var queryLines: [String]
    /// One `HeaderParameter(…)` expression per header parameter.
    public var headerItems: [String]
    /// Whether ``headerItems`` is not empty.
    public var hasHeaders: Bool
    /// The `[HeaderParameter]` array literal's lines.
    public var headerLines: [String]
    /// One `CookieParameter(…)` expression per cookie parameter.
    public var cookieItems: [String]
    /// Whether ``cookieItems`` is not empty.
    public var hasCookies: Bool
    /// The `[CookieParameter]` array literal's lines.
    public var cookieLines: [String]
    /// The server the operation goes to (`.uploads`) when the spec gives it servers of its
    /// own, the default of the initializer's last parameter, `server:`; empty otherwise.
    public var serverExpression: String
    /// Whether ``serverExpression`` is set.
    public var hasServer: Bool
    /// The `server` property's doc comment, as `///` lines.
    public var serverDocLines: [String]
    /// The `RequestBody` expression of a body sent in one media type (`.json(body)`).
    public var bodyExpression: String
    /// Whether the operation takes a body, so ``requestBodyLines`` is set.
    public var hasBody: Bool
    /// The `requestBody` property's lines: one expression, or a `switch` over ``bodyCases``.
    public var requestBodyLines: [String]
    /// `enum Body` when the caller picks among several media types.
    public var bodyCases: [BodyCaseDeclaration]
    /// Whether ``bodyCases`` is not empty.
    public var hasBodyEnum: Bool
    /// With a `Body` enum whose first case is JSON: an initializer taking the JSON value
    /// itself, so JSON is what a caller sends without choosing (`UpdateProfile(body: profile)`).
    public var jsonBodyInitLines: [String] = []
    /// Whether ``jsonBodyInitLines`` is not empty.
    public var hasJSONBodyInit: Bool = false
    /// The `bodyEncoding` dictionary literal's lines (OpenAPI's Encoding Object).
    public var bodyEncodingLines: [String]
    /// Whether ``bodyEncodingLines`` is not empty.
    public var hasBodyEncoding: Bool
    /// The condition on `statusCode` that accepts the documented successes, when they are
    /// not exactly the runtime's default of 2XX (a documented `300` answer, say).
    public var acceptableStatusCondition: String
    /// Whether ``acceptableStatusCondition`` is set.
    public var hasAcceptableStatus: Bool
    /// An `Accept` header value literal when it is not JSON's.
    public var acceptLiteral: String
    /// Whether ``acceptLiteral`` is set.
    public var hasAccept: Bool

    /// The `static var operationID` lines, when the spec names the operation.
    public var operationIDLines: [String] = []
    /// Whether ``operationIDLines`` is not empty.
    public var hasOperationID: Bool = false

    /// Whether a success response is a stream of events (`text/event-stream`, JSON Lines),
    /// making the request a `StreamingRequest` too.
    public var isStreaming: Bool = false
    /// `typealias Event = …`: the schema of one event, else `ServerSentEvent` or `JSONValue`.
    public var eventType: SwiftType = .none
    /// Whether the `Event` typealias follows an enum and so needs a blank line before it.
    public var eventFollowsEnum: Bool = false
    /// `.jsonLines(mediaType: "application/x-ndjson")`, when not the default server-sent events.
    public var streamFormatExpression: String = ""
    /// Whether ``streamFormatExpression`` is set.
    public var hasStreamFormat: Bool = false

    /// The `static var security` property's lines — the operation's requirements as a literal
    /// of `SecurityScheme` members and scopes — when it has any.
    public var securityLines: [String] = []
    /// Whether ``securityLines`` is not empty.
    public var hasSecurity = false
}

/// One media type a body can be sent in, as a case of the request's `Body` enum.
public struct BodyCaseDeclaration: Codable, Sendable {
    /// `json`, `form`, `multipart`, …
    public var name: String
    /// The value's Swift type.
    public var payload: SwiftType
    /// The media type the case sends, as `///` lines.
    public var docLines: [String]
    /// The `RequestBody` expression for the case's `value`.
    public var statement: String
}

public struct ResponseCaseDeclaration: Codable, Sendable {
    /// The case name, from the status (`ok`, `notFound`, `clientError` for `4XX`), backticked if needed.
    public var name: String
    /// `(Pet)` or empty for a case without payload.
    public var payload: String
    /// The response's description, as `///` lines.
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
        lines = LineLayout.switchCase(label: label, statement: statement, indent: 8)
    }

    /// A statement already laid out over several lines goes below its label.
    init(label: String, statementLines: [String]) {
        self.init(label: label, statement: statementLines.joined(separator: " "))
        if statementLines.count > 1 {
            lines = ["\(label):"] + statementLines.map { "    " + $0 }
        }
    }
}
