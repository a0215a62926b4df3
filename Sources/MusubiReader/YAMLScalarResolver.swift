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
            if let form = NumberForm(text) { return .number(form.text(of: text)) }
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
            guard let form = NumberForm(text), form.isInteger else { return nil }
            return .number(form.text(of: text))
        case .float:
            return NumberForm(text).map { .number($0.text(of: text)) }
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

/// The numeric forms of the YAML 1.2 core schema.
enum NumberForm: Equatable {
    /// `[-+]?[0-9]+`
    case decimal
    /// `0x[0-9a-fA-F]+`
    case hexadecimal
    /// `0o[0-7]+`
    case octal
    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    case float
    /// `[-+]?\.(inf|Inf|INF)`
    case infinity(negative: Bool)
    /// `\.(nan|NaN|NAN)`
    case notANumber

    init?(_ text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        if count > 2, text[0] == UInt8(ascii: "0") {
            if text[1] == UInt8(ascii: "x") {
                guard NumberForm.allDigits(text, from: 2, radix: 16) else { return nil }
                self = .hexadecimal
                return
            }
            if text[1] == UInt8(ascii: "o") {
                guard NumberForm.allDigits(text, from: 2, radix: 8) else { return nil }
                self = .octal
                return
            }
        }
        var position = 0
        var negative = false
        if count > 0, text[0] == UInt8(ascii: "-") || text[0] == UInt8(ascii: "+") {
            negative = text[0] == UInt8(ascii: "-")
            position = 1
        }
        let rest = UnsafeBufferPointer(rebasing: text[position...])
        if YAMLScalarResolver.matches(rest, ".inf") || YAMLScalarResolver.matches(rest, ".Inf")
            || YAMLScalarResolver.matches(rest, ".INF") {
            self = .infinity(negative: negative)
            return
        }
        if position == 0, YAMLScalarResolver.matches(rest, ".nan") || YAMLScalarResolver.matches(rest, ".NaN")
            || YAMLScalarResolver.matches(rest, ".NAN") {
            self = .notANumber
            return
        }

        let integerDigits = NumberForm.countDigits(text, from: position)
        position += integerDigits
        var fractionDigits = 0
        var hasPoint = false
        if position < count, text[position] == UInt8(ascii: ".") {
            hasPoint = true
            position += 1
            fractionDigits = NumberForm.countDigits(text, from: position)
            position += fractionDigits
        }
        // `.5` and `5.` are floats, a lone `.` is not.
        guard integerDigits > 0 || fractionDigits > 0 else { return nil }
        var hasExponent = false
        if position < count, text[position] == UInt8(ascii: "e") || text[position] == UInt8(ascii: "E") {
            hasExponent = true
            position += 1
            if position < count, text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+") {
                position += 1
            }
            let exponentDigits = NumberForm.countDigits(text, from: position)
            guard exponentDigits > 0 else { return nil }
            position += exponentDigits
        }
        guard position == count else { return nil }
        self = hasPoint || hasExponent ? .float : .decimal
    }

    var isInteger: Bool {
        self == .decimal || self == .hexadecimal || self == .octal
    }

    /// The text a `.number` node stores for this form.
    func text(of source: UnsafeBufferPointer<UInt8>) -> String {
        switch self {
        case .decimal, .float:
            return String(decoding: source, as: UTF8.self)
        case .hexadecimal:
            return NumberForm.decimalText(ofDigits: UnsafeBufferPointer(rebasing: source[2...]), radix: 16)
        case .octal:
            return NumberForm.decimalText(ofDigits: UnsafeBufferPointer(rebasing: source[2...]), radix: 8)
        case .infinity(let negative):
            return negative ? "-inf" : "inf"
        case .notANumber:
            return "nan"
        }
    }

    private static func countDigits(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        while position < text.count, text[position] &- UInt8(ascii: "0") < 10 {
            position += 1
        }
        return position - start
    }

    private static func allDigits(_ text: UnsafeBufferPointer<UInt8>, from start: Int, radix: UInt32) -> Bool {
        text[start...].allSatisfy { digitValue($0).map { $0 < radix } ?? false }
    }

    private static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Converts digits of any length to decimal text, exactly: hexadecimal literals such as
    /// 128-bit masks do not fit a machine integer, and a code generator must not round them.
    static func decimalText(ofDigits digits: UnsafeBufferPointer<UInt8>, radix: UInt32) -> String {
        let limbBase: UInt64 = 1_000_000_000
        var limbs: [UInt64] = [0]  // little-endian, base 10^9
        for byte in digits {
            var carry = UInt64(digitValue(byte) ?? 0)
            for index in limbs.indices {
                let value = limbs[index] * UInt64(radix) + carry
                limbs[index] = value % limbBase
                carry = value / limbBase
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text
    }
}
