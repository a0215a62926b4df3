/// One type the client declares, as decided: what it is, not yet how it is written.
///
/// The builder and its passes (recursion, identical types, inline values) work on these
/// values; the presentation step (``ModelPresentation``) turns each into the template context,
/// ``ModelDeclaration``, with every line laid out. `musubi dump-model` shows them.
public struct TypeDeclaration: Hashable, Codable, Sendable {
    /// The type name (`Pet`), unique in the module.
    public var name: String
    /// Path relative to the output directory (`Models/Pet.swift`).
    public var fileName: String
    /// The type's doc comment, as `///` lines.
    public var docLines: [String]
    /// What the type is.
    public var definition: Definition
    /// Where the spec writes the schema the type comes from; nil for a type Musubi made up.
    public var place: SpecPlace? = nil

    /// What a type is, one case per Swift construct, each holding only the decisions that
    /// construct needs.
    public enum Definition: Hashable, Codable, Sendable {
        case structure(Structure)
        case enumeration(Enumeration)
        case oneOf(OneOf)
        case anyOf(AnyOf)
        /// `typealias Name = Target`.
        case alias(SwiftType)
    }

    /// Which template renders the type.
    public var kind: ModelDeclaration.Kind {
        switch definition {
        case .structure: return .struct
        case .enumeration: return .enum
        case .oneOf: return .oneOf
        case .anyOf: return .anyOf
        case .alias: return .typealias
        }
    }

    /// The target of an alias; nil for the other kinds.
    public var aliasedType: SwiftType? {
        if case .alias(let target) = definition { return target }
        return nil
    }
}

extension TypeDeclaration {
    /// A struct of properties.
    public struct Structure: Hashable, Codable, Sendable {
        public var properties: [Property]
        /// Whether the values sit in stored `var`s of the struct itself rather than in an
        /// instance of a private storage class (see ``ModelDeclaration/storesValuesInline``).
        public var storesValuesInline = false
    }

    /// One property of a struct.
    public struct Property: Hashable, Codable, Sendable {
        /// Where the value is in the JSON object.
        public enum Coding: Hashable, Codable, Sendable {
            /// Under its own key, the name the JSON uses (which may be empty).
            case key(String)
            /// Decoded from the whole object: an embedded `oneOf` or `anyOf` of an `allOf`.
            case wholeObject
            /// The object's members besides the properties, by name.
            case otherMembers
        }

        /// The Swift name, backticked if needed.
        public var name: String
        public var type: SwiftType
        public var coding: Coding
        /// Whether the initializer's parameter has no default value.
        public var isRequired: Bool
        public var docLines: [String]
        public var isDeprecated = false
        /// Set by the server only: left out when encoding (see ``PropertyDeclaration/isReadOnly``).
        public var isReadOnly = false
        /// Set by the server, yet required: left out of a request body's own object only (see
        /// ``PropertyDeclaration/isReadOnlyAtTop``).
        public var isReadOnlyAtTop = false
        /// What `null` is for the property: no value of it, or one of its states.
        public var nullability: Nullability = .notNullable
        /// The case of its enum the initializer's parameter defaults to: the one tag a base's
        /// discriminator maps to this subtype (Rebilly's `Discount` is `method: .discount`), so
        /// a value is not sent under another subtype's tag by mistake.
        public var defaultCase: String? = nil
        /// The one value a boolean property can have (`stream: {const: true}`, an `enum` of one
        /// flag), its initializer's default: a free `Bool` would let a caller send the other.
        public var onlyFlag: Bool? = nil
        /// The tag a union names the struct by, when the tag property is a plain string (Ory
        /// Kratos' `method: {type: string}`, mapped to `password`, `totp`…): its initializer's
        /// default, so the value is not sent under another alternative's tag by mistake.
        public var onlyText: String? = nil

        /// Whether the struct keeps the link's text (`URLText`) and makes the `URL` when the
        /// property is read (see ``PropertyDeclaration/keepsURLText``): a `URL` other than an
        /// `id`, which every `Identifiable` use reads, and not one kept in three states.
        public var keepsURLText: Bool {
            guard type.nonOptional == .named("URL"), name != "id" else { return false }
            if case .optional = nullability { return false }
            return true
        }
    }

    /// What `null` is for a property keyed in the JSON object, which the spec lets be null
    /// (3.0's `nullable: true`, 3.1's `type: [T, "null"]`, a `null` alternative) or not.
    public enum Nullability: Hashable, Codable, Sendable {
        /// Not a value of the property: nil leaves the key out.
        case notNullable
        /// A required property that may be null: `T?`, encoded as `null` when nil (the key
        /// must be there).
        case required
        /// An optional property that may be null: absent, `null` and a value are three states,
        /// which servers treat differently (GitHub removes an issue's milestone only for
        /// `"milestone": null`). Kept as `Nullable<T>?` and read as `T?`; `companion` is the
        /// property that reads the three states (`nullableMilestone`).
        case optional(companion: String)
    }

    /// An open enum of string or integer values.
    public struct Enumeration: Hashable, Codable, Sendable {
        /// `String` or `Int`.
        public var rawType: SwiftType
        public var cases: [Case]
        /// Whether a raw value's case is looked up in a dictionary rather than found by a
        /// `switch` (see ``ModelDeclaration/decodesByLookup``).
        public var decodesByLookup: Bool
        /// Whether the API takes any string besides the listed values (a union of a plain
        /// string and string enums): then the enum is also written as a string literal, and
        /// its `unknown` case says it holds any other value the API takes.
        public var takesAnyString = false

        /// The number of values up to which an enum decodes with a `switch` over its values; more
        /// make it look the value up in a dictionary (see ``ModelDeclaration/decodesByLookup``).
        public static let switchLimit = 100

        public struct Case: Hashable, Codable, Sendable {
            /// The case name, backticked if needed.
            public var name: String
            /// The value as the JSON has it: a string's text, an integer's digits.
            public var value: String
            public var docLines: [String]
        }
    }

    /// One alternative of a `oneOf` enum or an `anyOf` struct.
    public struct Alternative: Hashable, Codable, Sendable {
        /// The case or property name, backticked if needed.
        public var name: String
        public var type: SwiftType
        public var docLines: [String]
        /// A `oneOf` picked by a discriminator: the property's values that choose this
        /// alternative, as the JSON has them.
        public var tagValues: [String] = []
        /// Whether the value is boxed so that the type has a finite size: an `indirect` case
        /// of a `oneOf`, an `Indirect` property of an `anyOf`.
        public var isBoxed = false
        /// A `oneOf` without discriminator: what the alternative needs of a JSON object when it
        /// is a struct; nil for any other alternative, and for every alternative of a union with
        /// fewer than two structs, which tries its alternatives in order. An `anyOf`: the same,
        /// without ``ObjectShape/keys``, when an alternative pins a member, so that a value is
        /// not also an alternative whose pinned member it has another value for, or when a
        /// scalar alternative stands beside an object one (``isScalar``); an object alternative
        /// whose companions are all scalars requires and pins nothing, as it is the only one an
        /// object can be.
        public var shape: ObjectShape?
        /// Whether the alternative's values are strings, numbers or booleans (an enum of them
        /// included), in a union with shapes: once it decodes, the value is known to be no
        /// object, and no object alternative is looked at (the runtime's
        /// `AlternativeShape.scalar(_:)`).
        public var isScalar = false
    }

    /// What an object alternative of a `oneOf` needs of a value, so that decoding tries only
    /// the alternatives a value can be, most specific first (the runtime's `AlternativeShape`).
    /// A member pinned to one value, `type: {const: user}`, decodes as an open enum that takes
    /// any value: without its shape, `{"type": "file"}` would decode as the first alternative
    /// whose other members fit.
    public struct ObjectShape: Hashable, Codable, Sendable {
        /// Members the struct cannot be decoded without: required, not nullable, not write-only;
        /// or, for a struct that requires and pins nothing else, its required members that may
        /// be `null` (``requiresNullable``), which must then be there, `null` or not.
        public var required: [String] = []
        /// Whether ``required`` lists members that may be `null`: the struct's own decoding
        /// takes an object without them, so only the shape tells that the value is not this
        /// alternative, and an `anyOf` needs its shapes for it.
        public var requiresNullable = false
        /// Members with one allowed value (a `const`, a one-value `enum`), not nullable.
        public var pins: [Pin] = []
        /// Members with several allowed values (an `enum`), not nullable, that another
        /// alternative of the union lists or pins too: a value another alternative allows rules
        /// this one out (Adyen's payment methods, each with an optional `type` of its own).
        public var lists: [Listing] = []
        /// Every member, for an alternative that requires and pins none: how many of them a
        /// value has is all that tells it from another such alternative.
        public var keys: [String] = []

        public struct Pin: Hashable, Codable, Sendable {
            /// The member's name as the JSON has it.
            public var key: String
            public var value: PinnedValue
        }

        public struct Listing: Hashable, Codable, Sendable {
            /// The member's name as the JSON has it.
            public var key: String
            /// Its allowed values, all of one kind.
            public var values: [PinnedValue]
        }

        /// The one value of a pinned member.
        public enum PinnedValue: Hashable, Codable, Sendable {
            case string(String)
            case integer(Int)
            case boolean(Bool)
        }
    }

    /// A `oneOf`: an enum with a case per alternative.
    public struct OneOf: Hashable, Codable, Sendable {
        public var alternatives: [Alternative]
        /// The property whose value picks the alternative, if one does.
        public var tag: Tag?
        /// Whether every alternative is a parameter value, making the enum one too.
        public var isParameterValue: Bool

        /// Whether decoding ranks the alternatives by their shapes (see ``Alternative/shape``)
        /// rather than trying them in order.
        public var ranksAlternatives: Bool {
            tag == nil && alternatives.contains { $0.shape != nil }
        }

        public struct Tag: Hashable, Codable, Sendable {
            /// The property's name as the JSON has it.
            public var property: String
            /// Whether its values are integers rather than strings.
            public var isInteger: Bool
        }
    }

    /// An `anyOf`: a struct with an optional property per alternative.
    public struct AnyOf: Hashable, Codable, Sendable {
        public var alternatives: [Alternative]
        /// The alternatives that are objects, when there are two or more: a value matching
        /// several has the members of each, so every one of them that is set is encoded and their
        /// members merge into one object. Empty when the first alternative set is all there is.
        public var mergedAlternatives: [String]
        /// Where the union's `id` comes from, for an ID or the object it names (Stripe's
        /// expandable fields, `anyOf: [string, Customer, DeletedCustomer]`): nil for any other
        /// union.
        public var identifier: Identifier? = nil

        /// The alternatives an ID-or-object union reads its `id` from: the string alternative,
        /// which is the ID, else the `id` member of the object alternative that is set.
        public struct Identifier: Hashable, Codable, Sendable {
            /// The string alternative's name.
            public var string: String
            /// The object alternatives' names, each a struct with an `id` string.
            public var objects: [String]
        }

        /// Whether decoding leaves out the alternatives whose shapes rule a value out (see
        /// ``Alternative/shape``) rather than trying each.
        public var checksShapes: Bool {
            alternatives.contains { $0.shape != nil }
        }
    }
}

extension TypeDeclaration.Definition {
    /// The definition with every type name `rename` maps replaced: how the identical-types pass
    /// compares two declarations as if aliases were their targets.
    func renamingTypes(_ rename: (String) -> String?) -> Self {
        func renamed(_ alternatives: [TypeDeclaration.Alternative]) -> [TypeDeclaration.Alternative] {
            alternatives.map { alternative in
                var alternative = alternative
                alternative.type = alternative.type.renaming(rename)
                return alternative
            }
        }
        switch self {
        case .structure(var structure):
            for index in structure.properties.indices {
                structure.properties[index].type = structure.properties[index].type.renaming(rename)
            }
            return .structure(structure)
        case .enumeration(var enumeration):
            enumeration.rawType = enumeration.rawType.renaming(rename)
            return .enumeration(enumeration)
        case .oneOf(var oneOf):
            oneOf.alternatives = renamed(oneOf.alternatives)
            return .oneOf(oneOf)
        case .anyOf(var anyOf):
            anyOf.alternatives = renamed(anyOf.alternatives)
            return .anyOf(anyOf)
        case .alias(let target):
            return .alias(target.renaming(rename))
        }
    }

    /// Every type name the definition mentions.
    var mentionedNames: [String] {
        switch self {
        case .structure(let structure): return structure.properties.flatMap(\.type.mentionedNames)
        case .enumeration(let enumeration): return enumeration.rawType.mentionedNames
        case .oneOf(let oneOf): return oneOf.alternatives.flatMap(\.type.mentionedNames)
        case .anyOf(let anyOf): return anyOf.alternatives.flatMap(\.type.mentionedNames)
        case .alias(let target): return target.mentionedNames
        }
    }

    /// The types of a union's alternatives; empty for any other definition.
    var alternativeTypes: [SwiftType] {
        switch self {
        case .oneOf(let oneOf): return oneOf.alternatives.map(\.type)
        case .anyOf(let anyOf): return anyOf.alternatives.map(\.type)
        case .structure, .enumeration, .alias: return []
        }
    }

    /// The names of the members: equal for any two definitions that can be the same.
    var memberNames: [String] {
        switch self {
        case .structure(let structure): return structure.properties.map(\.name)
        case .enumeration(let enumeration): return enumeration.cases.map(\.name)
        case .oneOf(let oneOf): return oneOf.alternatives.map(\.name)
        case .anyOf(let anyOf): return anyOf.alternatives.map(\.name)
        case .alias: return []
        }
    }
}
