/// A protocol a generated model type conforms to.
///
/// Which protocols each kind of model adopts is decided here, as values, and the presentation
/// step writes the list (``ModelDeclaration/conformances``): making every model conform to
/// one more protocol is a change to ``everyModel``.
public enum Conformance: String, Hashable, Codable, Sendable, CaseIterable {
    case codable = "Codable"
    case hashable = "Hashable"
    case sendable = "Sendable"
    /// A struct with an `id` of a hashable scalar type: SwiftUI lists and `ForEach` take it as
    /// it is.
    case identifiable = "Identifiable"
    /// A struct that keeps its values in a storage class shows them, not the class, in `print`
    /// and `dump`.
    case customReflectable = "CustomReflectable"
    /// The runtime's protocol of structs: `==`, `hash(into:)` and `encode(to:)` from the
    /// one `visitValues` function each struct declares.
    case modelValue = "ModelValue"
    /// The runtime's protocol of open enums: coding, equality and hashing by raw value.
    case openEnum = "OpenEnum"
    /// A `oneOf` of scalars only, which can be sent as a path or query parameter.
    case parameterValue = "ParameterValue"
    /// An open enum of suggested values that takes any other string too: `model: "ft:gpt-4o"`
    /// is as good a value as `.gpt4o`. The runtime's `OpenEnum` supplies `init(stringLiteral:)`.
    case expressibleByStringLiteral = "ExpressibleByStringLiteral"

    /// What every model type is, whatever its kind: a value that SwiftUI, `Set`, diffable data
    /// sources and concurrent code take as it is.
    public static let everyModel: [Conformance] = [.codable, .hashable, .sendable]

    /// The protocols a runtime protocol refines, which a list that names it leaves out.
    var implied: Set<Conformance> {
        switch self {
        case .openEnum: return [.codable, .hashable, .sendable, .parameterValue]
        case .modelValue: return [.codable, .hashable, .sendable]
        default: return []
        }
    }

    /// `conformances` as a declaration lists them: in order, without those another in the list
    /// implies (`OpenEnum`, not `Codable, Hashable, Sendable, OpenEnum`).
    static func declarationNames(_ conformances: [Conformance]) -> [String] {
        let implied = conformances.reduce(into: Set<Conformance>()) { $0.formUnion($1.implied) }
        return conformances.filter { !implied.contains($0) }.map(\.rawValue)
    }

    /// Scalar types whose values identify a model when its `id` has one.
    static let identifierTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "UUID", "URL", "DecimalString", "CalendarDate", "IntOrString",
    ]

    /// The names of the declared types that can identify a model: open enums, and aliases of
    /// a scalar identifier type or of another such name.
    static func identifierNames(in declarations: [TypeDeclaration]) -> Set<String> {
        var names: Set<String> = []
        var aliases: [String: String] = [:]
        for declaration in declarations {
            switch declaration.definition {
            case .enumeration: names.insert(declaration.name)
            case .alias(.named(let target)): aliases[declaration.name] = target
            default: break
            }
        }
        let isIdentifier = { (name: String) in identifierTypes.contains(name) || names.contains(name) }
        for (alias, end) in AliasChains.ends(of: aliases, where: isIdentifier) where isIdentifier(end) {
            names.insert(alias)
        }
        return names
    }

    /// A struct's conformances: ``everyModel`` and the runtime's ``modelValue``, `Identifiable`
    /// when it has a required `id` whose type is a scalar identifier type or one of
    /// `identifierNames`, and ``customReflectable`` when its values live in a storage class.
    static func structure(
        _ properties: [TypeDeclaration.Property], keepsStorage: Bool, identifierNames: Set<String>
    ) -> [Conformance] {
        var conformances = everyModel
        let isIdentifiable = properties.contains { property in
            guard property.name == "id", case .key = property.coding, case .named(let type) = property.type else {
                return false
            }
            return identifierTypes.contains(type) || identifierNames.contains(type)
        }
        conformances.append(.modelValue)
        if isIdentifiable { conformances.append(.identifiable) }
        if keepsStorage { conformances.append(.customReflectable) }
        return conformances
    }
}
