/// A Swift type, as the client model decides it: a name, or a type built from others.
///
/// Decisions hold this value rather than the type's spelling, so optionality, element types
/// and the types a declaration mentions are read from its structure, and renaming a type is a
/// substitution inside it. ``swiftText`` is the one place a type becomes Swift source; the
/// value encodes as that text, which is how templates and `musubi dump-model` see it.
public indirect enum SwiftType: Hashable, Sendable {
    /// A type by name: a generated type (`Pet`), a standard or runtime type (`String`,
    /// `JSONValue`), or one the user supplies (`MyModule.Money`).
    case named(String)
    /// `Wrapped?`.
    case optional(SwiftType)
    /// `[Element]`.
    case array(SwiftType)
    /// `[Key: Value]`.
    case dictionary(key: SwiftType, value: SwiftType)
    /// `Name<Arguments>`: `Indirect<Shape>`, `WithHeaders<Body, Headers>`.
    case generic(String, [SwiftType])

    /// No type, spelled as nothing: the value of a type field a declaration does not use
    /// (an enum's ``ModelDeclaration/aliasedType``).
    public static let none = SwiftType.named("")
    public static let string = SwiftType.named("String")
    public static let int = SwiftType.named("Int")
    public static let jsonValue = SwiftType.named("JSONValue")

    /// `[String: Value]`: what a JSON object of values of one type decodes to.
    public static func object(of value: SwiftType) -> SwiftType {
        .dictionary(key: .string, value: value)
    }

    /// The type's Swift spelling: `Pet`, `[String: Pet]?`, `Indirect<Shape>`.
    public var swiftText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .named(let name):
            text += name
        case .optional(let wrapped):
            wrapped.write(to: &text)
            text += "?"
        case .array(let element):
            text += "["
            element.write(to: &text)
            text += "]"
        case .dictionary(let key, let value):
            text += "["
            key.write(to: &text)
            text += ": "
            value.write(to: &text)
            text += "]"
        case .generic(let name, let arguments):
            text += name
            text += "<"
            for (offset, argument) in arguments.enumerated() {
                if offset > 0 { text += ", " }
                argument.write(to: &text)
            }
            text += ">"
        }
    }

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outer `?`: `Pet` for `Pet?` and for `Pet`.
    public var nonOptional: SwiftType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// `T?`, or the type itself when it is optional already.
    public var optional: SwiftType {
        isOptional ? self : .optional(self)
    }

    /// The name of a type given by name; nil for the others.
    public var name: String? {
        if case .named(let name) = self { return name }
        return nil
    }

    /// `[String: Value]`'s value type; nil for anything else.
    public var objectValue: SwiftType? {
        if case .dictionary(.string, let value) = self { return value }
        return nil
    }

    /// Every name the type mentions, outer first: `[String: Indirect<Pet>]?` → `String`,
    /// `Indirect`, `Pet`.
    public var mentionedNames: [String] {
        var names: [String] = []
        visitNames { names.append($0) }
        return names
    }

    private func visitNames(_ visit: (String) -> Void) {
        switch self {
        case .named(let name):
            visit(name)
        case .optional(let wrapped), .array(let wrapped):
            wrapped.visitNames(visit)
        case .dictionary(let key, let value):
            key.visitNames(visit)
            value.visitNames(visit)
        case .generic(let name, let arguments):
            visit(name)
            for argument in arguments { argument.visitNames(visit) }
        }
    }

    /// The type with each name `rename` maps replaced: renaming a type is a substitution in
    /// the value, never in its text.
    public func renaming(_ rename: (String) -> String?) -> SwiftType {
        switch self {
        case .named(let name):
            return rename(name).map(SwiftType.named) ?? self
        case .optional(let wrapped):
            return .optional(wrapped.renaming(rename))
        case .array(let element):
            return .array(element.renaming(rename))
        case .dictionary(let key, let value):
            return .dictionary(key: key.renaming(rename), value: value.renaming(rename))
        case .generic(let name, let arguments):
            return .generic(rename(name) ?? name, arguments.map { $0.renaming(rename) })
        }
    }
}

extension SwiftType: CustomStringConvertible {
    public var description: String { swiftText }
}

extension SwiftType {
    /// A type the user writes in a configuration (`types.schemas`, `types.formats`): the forms
    /// that read back exactly as written (`T?`, `[T]`, `[K: V]`, `G<A, B>`) become their
    /// structure, so the model treats a supplied `[Money]` as an array as it would a generated
    /// one; any other text is a name, spelled as written. Whatever the text, ``swiftText`` gives
    /// it back unchanged.
    public init(userSpelling text: String) {
        self = Self.parse(Substring(text)) ?? .named(text)
    }

    private static func parse(_ text: Substring) -> SwiftType? {
        if text.hasSuffix("?"), let wrapped = parse(text.dropLast()) {
            return .optional(wrapped)
        }
        if text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 {
            let inner = text.dropFirst().dropLast()
            var depth = 0
            for index in inner.indices {
                switch inner[index] {
                case "[", "<": depth += 1
                case "]", ">": depth -= 1
                case ":" where depth == 0:
                    let key = inner[..<index]
                    let rest = inner[inner.index(after: index)...]
                    guard rest.hasPrefix(" "), let keyType = parse(key), let valueType = parse(rest.dropFirst())
                    else { return nil }
                    return .dictionary(key: keyType, value: valueType)
                default: break
                }
            }
            return parse(inner).map(SwiftType.array)
        }
        if text.hasSuffix(">"), let open = text.firstIndex(of: "<"), open > text.startIndex {
            let name = text[..<open]
            guard !name.contains(where: { "[]<>?:, ".contains($0) }) else { return nil }
            var arguments: [SwiftType] = []
            var depth = 0
            var start = text.index(after: open)
            let inner = text[start..<text.index(before: text.endIndex)]
            for index in inner.indices {
                switch inner[index] {
                case "[", "<": depth += 1
                case "]", ">": depth -= 1
                case "," where depth == 0:
                    guard let argument = parse(inner[start..<index]) else { return nil }
                    arguments.append(argument)
                    start = inner.index(after: index)
                    guard start < inner.endIndex, inner[start] == " " else { return nil }
                    start = inner.index(after: start)
                default: break
                }
            }
            guard let last = parse(inner[start...]) else { return nil }
            return .generic(String(name), arguments + [last])
        }
        guard !text.isEmpty,
            !text.contains(where: { "[]<>?:, ".contains($0) })
        else { return nil }
        return .named(String(text))
    }
}

extension SwiftType: Codable {
    /// Encodes as its Swift spelling, the text templates place.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(swiftText)
    }

    public init(from decoder: any Decoder) throws {
        self.init(userSpelling: try decoder.singleValueContainer().decode(String.self))
    }
}
