/// Decides what a YAML scalar is: null, a boolean, a number or a string.
///
/// Follows the YAML 1.2 core schema, which is what OpenAPI documents assume: only plain
/// (unquoted) scalars are resolved, so `"200"` and `'true'` stay strings, and YAML 1.1's
/// `yes`/`no`/`on`/`off` are strings too (an enum `[yes, no]` must not turn into booleans).
/// Explicit core tags (`!!str`, `!!int`, `!!float`, `!!bool`, `!!null`) override resolution.
///
/// Numbers keep their source text, with three exceptions so that `Node.int`/`Node.double` can
/// read every number: hexadecimal and octal integers (`0x1F`, `0o17`) become their decimal
/// text (`31`, `15`), and `.inf`/`-.Inf`/`.NaN` become `inf`/`-inf`/`nan`.
enum YAMLScalarResolver {
    /// The core-schema tags libyaml reports after expanding the `!!` handle.
    enum Tag {
        case string, integer, float, boolean, null
        /// A tag this reader does not interpret (`!!binary`, `!custom`): resolved as if untagged.
        case other

        init(_ name: String) {
            switch name {
            case "tag:yaml.org,2002:str", "!": self = .string
            case "tag:yaml.org,2002:int": self = .integer
            case "tag:yaml.org,2002:float": self = .float
            case "tag:yaml.org,2002:bool": self = .boolean
            case "tag:yaml.org,2002:null": self = .null
            default: self = .other
            }
        }

        /// The tag as an author writes it, for diagnostics.
        var shorthand: String {
            switch self {
            case .string: return "!!str"
            case .integer: return "!!int"
            case .float: return "!!float"
            case .boolean: return "!!bool"
            case .null: return "!!null"
            case .other: return "tag"
            }
        }
    }

    /// The value of an untagged plain scalar.
    ///
    /// Most plain scalars in a spec are words (`type: object`), so the first byte rules out
    /// every non-string form before any further look.
    static func resolvePlain(_ text: UnsafeBufferPointer<UInt8>) -> Node.Value {
        guard let first = text.first else { return .null }
        switch first {
        case UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "~"):
            if isNull(text) { return .null }
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            if let flag = boolean(text) { return .bool(flag) }
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            if let form = YAMLNumberForm(text) { return .number(form.text(of: text)) }
        default:
            break
        }
        return .string(String(decoding: text, as: UTF8.self))
    }

    /// The value of a scalar with an explicit tag, or nil if its text is not valid for the tag.
    static func resolve(_ text: UnsafeBufferPointer<UInt8>, tag: Tag, isPlain: Bool) -> Node.Value? {
        switch tag {
        case .string:
            return .string(String(decoding: text, as: UTF8.self))
        case .integer:
            guard let form = YAMLNumberForm(text), form.isInteger else { return nil }
            return .number(form.text(of: text))
        case .float:
            return YAMLNumberForm(text).map { .number($0.text(of: text)) }
        case .boolean:
            return boolean(text).map { .bool($0) }
        case .null:
            return isNull(text) ? .null : nil
        case .other:
            return isPlain ? resolvePlain(text) : .string(String(decoding: text, as: UTF8.self))
        }
    }

    static func isNull(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.isEmpty || matches(text, "~") || matches(text, "null") || matches(text, "Null") || matches(text, "NULL")
    }

    static func boolean(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        if matches(text, "true") || matches(text, "True") || matches(text, "TRUE") { return true }
        if matches(text, "false") || matches(text, "False") || matches(text, "FALSE") { return false }
        return nil
    }

    static func matches(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard text.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            (0..<expected.count).allSatisfy { text[$0] == expected[$0] }
        }
    }
}
