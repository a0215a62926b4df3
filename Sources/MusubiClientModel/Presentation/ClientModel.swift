/// Everything the templates render, decided and laid out.
///
/// This is the contract between Musubi and template authors: every name, type spelling,
/// literal and comment line is computed here, so templates only place text. The template
/// context's fields are plain strings, booleans and lists (never optionals), because that is
/// what logic-less Mustache can test. Model types, requests and the API file are here twice:
/// as decisions (``types``, ``requestDecisions`` and ``apiDecision``, what `musubi dump-model`
/// prints) and as the context their templates receive (``models``, ``requests`` and ``api``,
/// laid out from them by ``ModelPresentation``, ``RequestPresentation`` and ``APIPresentation``).
public struct ClientModel: Codable, Sendable {
    /// The Swift module the generated files are compiled into.
    public var moduleName: String
    /// The first line of every generated file.
    public var header: String
    /// The access modifier with its trailing space (`public `), or empty for internal.
    public var access: String
    /// The API file as decided: base protocol, servers and security schemes.
    public var apiDecision: APIDecision
    /// The API file's template context, laid out from ``apiDecision`` (see ``APIPresentation``),
    /// rendered by `API`.
    public var api = APIDeclaration(
        header: "", access: "", fileName: "", protocolName: "", docLines: [], servers: [], hasServers: false,
        serverEnums: [])
    /// The model types as decided, in the order of ``models``: what `musubi dump-model` shows.
    public var types: [TypeDeclaration]
    /// The template context of each model type, laid out from ``types`` (see
    /// ``ModelPresentation``), rendered by the template its `template` names.
    public var models: [ModelDeclaration] = []
    /// One request type per operation, as decided, in the order of ``requests``.
    public var requestDecisions: [RequestDecision]
    /// The template context of each request type, laid out from ``requestDecisions`` (see
    /// ``RequestPresentation``), each rendered by `Request`.
    public var requests: [RequestDeclaration] = []
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
    /// The enum of the webhooks and callbacks, as decided; nil when the spec has none or the
    /// options leave them out.
    public var webhooksDecision: WebhooksDecision? = nil
    /// The webhooks file's template context, laid out from ``webhooksDecision`` (see
    /// ``WebhooksPresentation``), rendered by `Webhooks`.
    public var webhooks: WebhooksDeclaration? = nil

    /// The decisions, without the laid-out context of the model types, requests and API file.
    private enum CodingKeys: String, CodingKey {
        case moduleName, header, access, apiDecision, types, requestDecisions, imports, runtimeDirectory
        case embedsRuntime, package, isPackage, webhooksDecision
    }
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
    /// Where the spec writes the schema the type comes from (`openapi.yaml:120:7`), for
    /// errors about the declaration; absent for a type Musubi made up.
    public var place: SpecPlace? = nil
    /// The schema's title and description (and a deprecation note), as `///` lines.
    public var docLines: [String]
    /// Lines such as `@available(*, deprecated)`.
    public var attributes: [String]
    /// The declaration's first lines: a struct's or enum's up to its opening brace (`public
    /// struct Pet: ModelValue, Identifiable {`), a type alias whole (`public typealias
    /// NullablePet = Pet`); one line unless it does not fit, then laid out as swift-format
    /// breaks it (``conformances`` after the first on lines of their own, an alias's type on
    /// the next line). A `oneOf` whose every case is boxed is an `indirect enum` here, its cases
    /// then without ``AlternativeDeclaration/indirectKeyword``.
    public var declarationLines: [String] = []

    // Structs
    /// A struct's properties in the schema's order (an `anyOf`'s alternatives too).
    public var properties: [PropertyDeclaration]
    /// The memberwise initializer's parameters, required ones first.
    public var initParameters: [InitParameter]
    /// Whether ``initParameters`` is not empty.
    public var hasInitParameters: Bool
    /// The initializer's first lines up to its opening brace, laid out to fit the line length.
    public var initDeclarationLines: [String]
    /// A struct that does not store its values itself (see ``storesValuesInline``) keeps them
    /// in an instance of a private final class, which each property reads and writes
    /// (`get { storage.id }`, `_modify { yield &uniqueStorage().id }`): copying the model
    /// copies one reference, and a type can contain itself. A change first gives the model an
    /// instance of its own when another copy shares it (``uniqueStorageMethod``), so models
    /// keep value semantics. The stored property's name: `storage`, or `_storage` when a
    /// property is called that.
    public var storageProperty = "storage"
    /// The private class's name: `Storage`, unless a property's type mentions that name.
    public var storageClass = "Storage"
    /// The private method that makes the storage the model's own before a change, copying it
    /// when another copy of the model shares it: `uniqueStorage`, or `_uniqueStorage` when a
    /// property is called that.
    public var uniqueStorageMethod = "uniqueStorage"
    /// The struct initializer's statement that stores its values in a new instance of the
    /// storage class (`storage = Storage(id: id, name: name)`), laid out to fit the line length.
    public var storageInitCallLines: [String] = []
    /// The storage class's initializer up to its opening brace (`init(id: Int, name: String) {`),
    /// its parameters in the properties' order with the stored types, laid out to fit.
    public var storageInitDeclarationLines: [String] = []
    /// Whether the struct keeps its values in stored `var`s of its own, as a hand-written model
    /// does. It does unless it lies on a cycle of types held by value, keeps a link's text, has
    /// members beside its properties or a deprecated property, or holds more than sixteen
    /// values by value counting those of the structs and compositions it holds inline; those
    /// keep a storage class (see ``storageProperty``). Its properties then have no
    /// ``PropertyDeclaration/getter`` (but one kept in three states, computed from its stored
    /// companion), and ``storageInitCallLines`` is empty.
    public var storesValuesInline = false
    /// Whether `visitValues` is `@inlinable`: in a struct that stores its values itself, and in
    /// an `anyOf` without boxed alternatives, whose stored values are all as visible as the type.
    /// A caller in another module (an app comparing two arrays of models) then compares and
    /// hashes the values in place, as a synthesized `==` would; otherwise each comparison went
    /// through the conformance, which takes the model at an address, so each element of an
    /// array was first copied, every string in it retained and released: about five times a
    /// synthesized `==` for a struct of strings. A struct with a storage class is one reference
    /// to copy, and its storage is private.
    public var inlinesVisitValues = false
    /// Whether a property is decoded under a key of its own, so `init(from:)` opens the keyed
    /// container; a struct made only of embedded values and other members reads the decoder
    /// itself, and an unused container would be a compiler warning in the generated code.
    public var decodesKeyedValues = false

    // Enums
    /// `String` or `Int`.
    public var rawType: String
    /// An enum's known values; an `unknown(…)` case keeps values added later.
    public var cases: [EnumCaseDeclaration]
    /// The `unknown(…)` case's doc comment: a value added after generation, or, for an enum of
    /// suggested values that takes any string, any other value.
    public var unknownCaseDocLines: [String] = []
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
    /// Whether a `oneOf` without discriminator, of at least two structs, tries only the
    /// alternatives a value can be, most specific first: the runtime's `AlternativeDecoder`
    /// ranks them by what each needs of an object (a `static let alternativeShapes`, from each
    /// alternative's ``AlternativeDeclaration/shapeLines``), and the alternative at each offset
    /// it gives is decoded by its ``AlternativeDeclaration/rankedCaseLines``.
    public var ranksAlternatives = false
    /// Whether an `anyOf` decodes only the alternatives a value can be: the runtime's
    /// `AlternativeDecoder` leaves out the structs whose shapes rule the value out (a `static
    /// let alternativeShapes`, from each alternative's ``AlternativeDeclaration/shapeLines``),
    /// and each ``AlternativeDeclaration/decodeLines`` passes its alternative's offset.
    public var checksAlternativeShapes = false
    /// Whether one of the shapes is `.scalar(Type.self)` (a string, number or boolean
    /// alternative), which the shapes' doc comment then explains.
    public var hasScalarShape = false
    /// An `anyOf`'s `self.init(…)` call from its decoded alternatives, laid out to fit.
    public var initCallLines: [String]
    /// An `anyOf` of an ID and the objects it names (Stripe's expandable fields): its `id`,
    /// the ID itself or the `id` of the object that is set (`var id: String? { if let string
    /// { return string } if let customer { return customer.id } … }`), a statement a line;
    /// empty for any other type.
    public var identifierLines: [String] = []
    /// Whether ``identifierLines`` has lines.
    public var hasIdentifier = false
    /// An `anyOf`'s `encode(to:)`, its doc comment first: a scalar or array alternative that
    /// is set is encoded alone; the object alternatives that are set are all encoded, the last
    /// first, so that of a member two of them have the first alternative's value is kept.
    public var encodeLines: [String] = []
    /// The protocols the type declares, as ``Conformance`` decides them: every model is
    /// `Codable`, `Hashable` and `Sendable` (``Conformance/everyModel``). A struct or `anyOf` is
    /// `ModelValue`, the runtime's protocol that makes `==`, `hash(into:)` and `encode(to:)` from
    /// its one `visitValues` function (no model declares an `==` operator of its own, which
    /// the compiler would look through for every `Equatable` conformance); a struct with a
    /// required `id` of a scalar type is also `Identifiable`, and one with a storage class
    /// `CustomReflectable`, so that `print` and `dump` show its values. An enum is `OpenEnum`.
    /// A `oneOf` is also `ParameterValue` when every alternative is a scalar, so the value can
    /// be sent as a path or query parameter. Protocols a runtime protocol refines are left out
    /// (`OpenEnum`, not `Codable, Hashable, Sendable, OpenEnum`). Empty for a type alias.
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
    /// itself), else empty; empty too when every case is, and the enum is `indirect` instead.
    public var indirectKeyword: String
    /// A `oneOf`'s case, `indirect case name(Type)`, the type on the next line when the case is
    /// too long.
    public var caseLines: [String] = []
    /// `oneOf` without discriminator: the opening line of this alternative's branch of the
    /// `if let … else if let …` chain that tries each alternative in order.
    public var decodeBranchLines: [String]
    /// `oneOf` with discriminator: the `switch` case choosing this alternative by its values.
    public var discriminatorCaseLines: [String]
    /// `oneOf`: the `encode(to:)` switch case.
    public var encodeCaseLines: [String]
    /// `anyOf`: `let name = alternatives.decode(Type.self)` (`Type.self, at: 2)` when the
    /// `anyOf` checks its alternatives' shapes), laid out as swift-format breaks a long call.
    public var decodeLines: [String]
    /// A scalar `oneOf`: the `parameterValue` switch case.
    public var parameterValueCaseLines: [String]
    /// A `oneOf` that ranks its alternatives: the `switch` case decoding this alternative when
    /// its offset comes up (`case 0: alternatives.decode(Self.user)`).
    public var rankedCaseLines: [String] = []
    /// A `oneOf` that ranks its alternatives, or an `anyOf` that checks their shapes: this
    /// alternative's element of `alternativeShapes`, what it needs of an object
    /// (`AlternativeShape(User.self, requires: ["id", "type"], pins: ["type": "user"]),`;
    /// nothing, `AlternativeShape(Customer.self),`, for the one object of an `anyOf` whose other
    /// alternatives are scalars), `.scalar(String.self),` for a string, number or boolean, or
    /// `nil,` for an alternative that is no struct.
    public var shapeLines: [String] = []
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
    /// Whether the property is computed from another stored one, ``storageName``: an `anyOf`'s
    /// alternative that is itself a `oneOf` or `anyOf`, boxed so that the type has a finite
    /// size (`Indirect<Shape>?`), and in a struct that stores its values itself, a value kept
    /// in three states (``keepsNull``), stored in its companion.
    public var isComputed: Bool
    /// The stored property's name: ``name``; `_name` for a boxed one, ``nullableName`` for one
    /// kept in three states in a struct that stores its values itself.
    public var storageName: String
    /// The stored property's type: ``type``, or `Indirect<T>?` for a boxed value.
    public var storageType: SwiftType
    /// How the initializer stores the parameter: `self.name = name`, or the boxed form.
    public var initAssignment: String
    /// ``initAssignment`` laid out to fit where the initializer puts it (broken after its `=`).
    public var initAssignmentLines: [String] = []
    /// In a struct's storage class, the statement of `init(copying:)` that copies the value
    /// (`self.name = other.name`), laid out as ``initAssignmentLines``.
    public var copyAssignmentLines: [String] = []
    /// The property's declaration: a stored property whole (`public var name: String`), one with
    /// accessors up to its opening brace (`public var name: String {`); a type too long for its
    /// line goes on the next, as swift-format breaks it.
    public var declarationLines: [String] = []
    /// Where the value is stored apart from the property: in a struct's storage class,
    /// `@exclusivity(unchecked) var name: Type`; in an `anyOf`, a boxed alternative's `private
    /// var _name: Indirect<Type>?`; laid out as ``declarationLines``.
    public var storageDeclarationLines: [String] = []
    /// The getter's expression: a struct's property reads its storage (`storage.id`), a
    /// boxed one its box.
    public var getter: String
    /// For a computed property, its setter statement (`_storage = Indirect(newValue)`).
    public var setter: String
    /// A struct's property kept in its storage: `get { … }` with ``getter``, and
    /// `_modify { yield &uniqueStorage().id }`, which changes the stored value in place (or
    /// `set { … }` with ``setter`` for a value stored in another form), each on one line when
    /// it fits, else its statement on a line of its own; an `anyOf`'s boxed alternative's `get`
    /// and `set` the same way.
    public var accessorLines: [String] = []
    /// A struct's property: the statement of its (storage class's) `init(from:)` that decodes
    /// the value (`self.id = try container.decode(…)`), laid out to fit the line length.
    public var decodeLines: [String]
    /// The property's statement in `visitValues`, which the runtime's `ModelValue` compares,
    /// hashes and encodes the model by: `visitor.value(lhs.id, rhs.id, key: "id")`
    /// (`lhs.storage.id` for a value in a storage class), `optional(…)` for an optional value
    /// (with `options: .readOnly` or `.writesNull` as the property needs), `members(…)` for a
    /// value decoded from the whole object and `otherMembers(…)` for the object's other
    /// members; laid out to fit.
    public var visitLines: [String] = []
    /// A `readOnly` property: set by the server, so `encode(to:)` leaves it out of request
    /// bodies (OpenAPI: it "SHOULD NOT be sent as part of the request"), and a value decoded
    /// from a response can be sent back without the server rejecting its read-only members.
    public var isReadOnly = false
    /// A required `readOnly` property: the initializer asks for it, so it is sent where it
    /// names an object inside a request body, and left out of the body's own object.
    public var isReadOnlyAtTop = false
    /// A required property that may be null: absent and null mean different things to the
    /// server, so `encode(to:)` writes `null` for nil rather than leaving the key out.
    public var encodesNil = false
    /// An optional property that may be null, kept in three states: absent, `null` and a
    /// value, which servers treat differently. The storage and the initializer's parameter
    /// hold a `Nullable<T>?` (``storageType``); the property reads the plain optional, and
    /// ``nullableName`` reads the three states.
    public var keepsNull = false
    /// For a property that ``keepsNull``: its companion, which reads the three states
    /// (`nullableMilestone`); empty otherwise.
    public var nullableName = ""
    /// For a property that ``keepsNull``: the companion's accessors, as ``accessorLines``
    /// (`get { storage.milestone }`, `_modify { yield &uniqueStorage().milestone }`).
    public var nullableAccessorLines: [String] = []
    /// For a property that ``keepsNull``: the companion's declaration, as ``declarationLines``.
    public var nullableDeclarationLines: [String] = []
    /// A `URL` property of a struct with a storage class: the class keeps the link's text, a
    /// `URLText` (``storageType``), which decoding only checks, and the property makes the
    /// `URL` when it is read (see the runtime's `URLText`). An `id`, which every `Identifiable`
    /// use reads, stays a `URL`, and so does a value kept in three states.
    public var keepsURLText = false

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

    /// Keeps an optional property that may be null in three states (see ``keepsNull``), read
    /// through `companion`.
    mutating func keepNull(companion: String) {
        keepsNull = true
        nullableName = companion
        storageType = .optional(.generic("Nullable", [type.nonOptional]))
    }

    /// Keeps a `URL` property's text in the storage class (see ``keepsURLText``); the storage
    /// class's initializer takes the `URL` and keeps its text.
    mutating func keepURLAsText() {
        let optional = type.isOptional
        keepsURLText = true
        storageType = optional ? .optional(.named("URLText")) : .named("URLText")
        initAssignment =
            optional ? "self.\(name) = \(name).map(URLText.init)" : "self.\(name) = URLText(\(name))"
    }

    /// A property of a struct that stores its values itself: a stored `var`, except one kept
    /// in three states (see ``keepsNull``), whose companion ``nullableName`` is the stored
    /// property and which reads and writes it through accessors at `indent`. Call after
    /// ``keepNull(companion:)`` and before laying out the coding and the visit, which use the
    /// stored name.
    mutating func storeInline(indent: Int) {
        guard keepsNull else { return }
        isComputed = true
        storageName = nullableName
        getter = storageName + "?.wrapped"
        setter = "\(storageName) = newValue.map(Nullable.value)"
        initAssignment = "self.\(storageName) = \(name)"
        accessorLines =
            LineLayout.computedProperty("get", expression: getter, indent: indent)
            + LineLayout.computedProperty("set", expression: setter, indent: indent)
    }

    /// The type of the initializer's parameter: the property's, or the three states of one
    /// that ``keepsNull``.
    var parameterType: SwiftType { keepsNull ? storageType : type }

    /// A struct's property: the statement of its `init(from:)` (indented to sit at `indent`)
    /// that sets it through `target` (`self.`), keyed by the
    /// JSON name; an optional is decoded only if present, as synthesized code does.
    /// A property not coded under a key of its own (the other members of an object, an
    /// embedded `oneOf`) has its decoding set by its presentation.
    mutating func layOutCoding(into target: String, indent: Int) {
        guard isKeyed else { return }
        let optional = type.isOptional
        let wrapped = type.nonOptional
        let key = "forKey: " + SwiftSourceText.stringLiteral(originalName)
        // A property kept in three states decodes `null` apart from an absent key.
        let threeStates = keepsNull ? "Nullable" : ""
        let ifPresent = optional ? "IfPresent" : ""
        if keepsURLText {
            decodeLines = LineLayout.call(
                "\(target)\(storageName) = try container.decode" + (optional ? "URLTextIfPresent" : ""),
                arguments: optional ? [key] : ["URLText.self", key], indent: indent)
        } else if optional && wrapped == .named("URL") {
            // An empty string is no link: see the runtime's `decodeURLIfPresent(forKey:)`.
            decodeLines = LineLayout.call(
                "\(target)\(storageName) = try container.decode\(threeStates)URLIfPresent", arguments: [key],
                indent: indent)
        } else {
            decodeLines = LineLayout.call(
                "\(target)\(storageName) = try container.decode\(threeStates)\(ifPresent)",
                arguments: ["\(wrapped).self", key], indent: indent)
        }
    }

    /// How `visitValues` hands the property's value to the visitor.
    enum VisitKind {
        /// Under its own key, ``originalName``.
        case keyed
        /// A value whose own members go into the object: an embedded `oneOf` or `anyOf`.
        case members
        /// The object's other members.
        case otherMembers
        /// An alternative of an `anyOf`, under its name.
        case alternative

        init(_ coding: TypeDeclaration.Property.Coding) {
            switch coding {
            case .key: self = .keyed
            case .wholeObject: self = .members
            case .otherMembers: self = .otherMembers
            }
        }
    }

    /// Lays out ``visitLines``: the stored value read through `lhs` and `rhs` (`lhs.`), at
    /// `indent`. An optional is left out of the JSON when nil, as synthesized code
    /// does, except that a required one that may be null is written as `null`.
    mutating func layOutVisit(_ kind: VisitKind, lhs: String, rhs: String, indent: Int) {
        var arguments = [lhs + storageName, rhs + storageName]
        let method: String
        switch kind {
        case .keyed:
            method = keepsNull ? "nullable" : storageType.isOptional ? "optional" : "value"
            arguments.append("key: " + SwiftSourceText.stringLiteral(originalName))
            var options: [String] = []
            if isReadOnly { options.append(".readOnly") }
            if isReadOnlyAtTop { options.append(".readOnlyAtTop") }
            if encodesNil && storageType.isOptional { options.append(".writesNull") }
            if options.count == 1 { arguments.append("options: " + options[0]) }
            if options.count > 1 { arguments.append("options: [" + options.joined(separator: ", ") + "]") }
        case .members: method = "members"
        case .otherMembers: method = "otherMembers"
        case .alternative:
            method = "alternative"
            arguments.append("key: " + SwiftSourceText.stringLiteral(originalName))
        }
        visitLines = LineLayout.call("visitor." + method, arguments: arguments, indent: indent)
    }

    /// A struct's property: reads the value of the same name in the storage class through
    /// `storageProperty`, and changes it in place in the instance `unique` (`uniqueStorage()`)
    /// returns; the accessors sit at `indent`. One that ``keepsNull`` reads and writes the
    /// plain optional (nil leaves the key out), and its companion the three states.
    mutating func readFromStorage(_ storageProperty: String, unique: String, indent: Int) {
        let stored = "\(storageProperty).\(name)"
        let modify = "yield &\(unique).\(name)"
        getter = stored
        var change = LineLayout.computedProperty("_modify", expression: modify, indent: indent)
        if keepsURLText {
            getter = stored + (type.isOptional ? "?.url" : ".url")
            setter = "\(unique).\(name) = " + (type.isOptional ? "newValue.map(URLText.init)" : "URLText(newValue)")
            change = LineLayout.computedProperty("set", expression: setter, indent: indent)
        } else if keepsNull {
            nullableAccessorLines =
                LineLayout.computedProperty("get", expression: stored, indent: indent) + change
            getter = stored + "?.wrapped"
            setter = "\(unique).\(name) = newValue.map(Nullable.value)"
            change = LineLayout.computedProperty("set", expression: setter, indent: indent)
        }
        accessorLines = LineLayout.computedProperty("get", expression: getter, indent: indent) + change
    }
}

public struct InitParameter: Codable, Sendable {
    /// `name: Type` or `name: Type? = nil`.
    public var declaration: String
    /// The property to assign, backticked if needed.
    public var name: String
    /// The statement storing the parameter (`self.name = name`, or into a box).
    public var assignment: String
    /// ``assignment`` laid out to fit in the initializer (broken after its `=`).
    public var assignmentLines: [String]
    /// Whether a comma must not follow.
    public var isLast: Bool

    /// The parameter for a property; optional ones default to nil.
    init(for property: PropertyDeclaration, required: Bool) {
        let type = property.parameterType
        declaration = required ? "\(property.name): \(type)" : "\(property.name): \(type) = nil"
        name = property.name
        assignment = property.initAssignment
        assignmentLines = LineLayout.assignment(assignment, indent: ModelPresentation.Column.statement)
        isLast = false
    }

    /// A parameter declared and stored as given (`server: Server? = .uploads`).
    init(declaration: String, name: String, assignment: String) {
        self.declaration = declaration
        self.name = name
        self.assignment = assignment
        assignmentLines = LineLayout.assignment(assignment, indent: ModelPresentation.Column.statement)
        isLast = false
    }

    /// A parameter with the given default value (`[:]`, `.user`); kept in three states, a
    /// value, not `null` (`.value(.user)`).
    init(for property: PropertyDeclaration, defaultValue: String) {
        let value = property.keepsNull ? ".value(\(defaultValue))" : defaultValue
        declaration = "\(property.name): \(property.parameterType) = \(value)"
        name = property.name
        assignment = property.initAssignment
        assignmentLines = LineLayout.assignment(assignment, indent: ModelPresentation.Column.statement)
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
    /// The case of `rawValue`'s switch (`case .available: "available"`; with `return` in an
    /// enum that ``ModelDeclaration/decodesByLookup``), laid out to fit the line length.
    public var rawValueCaseLines: [String]
}
