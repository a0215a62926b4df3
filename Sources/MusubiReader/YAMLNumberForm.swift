/// The numeric forms of the YAML 1.2 core schema, recognised from the bytes of a scalar
/// without building a `String` first.
enum YAMLNumberForm: Equatable {
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

    /// The most digits a hexadecimal or octal number may have (a 128-bit mask has 32): its
    /// decimal text takes time quadratic in them, so a longer one, which no spec means as a
    /// number, is read as the text it is.
    static let maximumRadixDigits = 256

    init?(_ text: UnsafeBufferPointer<UInt8>) {
        let count = text.count
        if count > 2, count - 2 <= YAMLNumberForm.maximumRadixDigits, text[0] == UInt8(ascii: "0") {
            if text[1] == UInt8(ascii: "x") {
                guard YAMLNumberForm.allDigits(text, from: 2, radix: 16) else { return nil }
                self = .hexadecimal
                return
            }
            if text[1] == UInt8(ascii: "o") {
                guard YAMLNumberForm.allDigits(text, from: 2, radix: 8) else { return nil }
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
            || YAMLScalarResolver.matches(rest, ".INF")
        {
            self = .infinity(negative: negative)
            return
        }
        if position == 0,
            YAMLScalarResolver.matches(rest, ".nan") || YAMLScalarResolver.matches(rest, ".NaN")
                || YAMLScalarResolver.matches(rest, ".NAN")
        {
            self = .notANumber
            return
        }

        let integerDigits = YAMLNumberForm.countDigits(text, from: position)
        position += integerDigits
        var fractionDigits = 0
        var hasPoint = false
        if position < count, text[position] == UInt8(ascii: ".") {
            hasPoint = true
            position += 1
            fractionDigits = YAMLNumberForm.countDigits(text, from: position)
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
            let exponentDigits = YAMLNumberForm.countDigits(text, from: position)
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
            return YAMLNumberForm.decimalText(ofDigits: UnsafeBufferPointer(rebasing: source[2...]), radix: 16)
        case .octal:
            return YAMLNumberForm.decimalText(ofDigits: UnsafeBufferPointer(rebasing: source[2...]), radix: 8)
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
