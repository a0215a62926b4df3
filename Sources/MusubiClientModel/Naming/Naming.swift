import Foundation

/// How names in a spec become Swift identifiers.
///
/// A spec's names come in every style (`pet_id`, `pet-id`, `PetID`, `x-rate-limit`, `2fa`,
/// `Ünïcode`). They are split into words once, then joined in the Swift style the position
/// needs, with well-known initialisms kept upper case the way Swift's own APIs write them
/// (`petID`, `baseURL`, `HTTPHeader`).
public enum Naming {
    /// Words written all upper case in Swift names, except at the start of a member name.
    /// Their plurals keep the `s` lower case (`IDs`, `URLs`); see ``capitalized(_:)``.
    static let initialisms: Set<String> = [
        "id", "url", "uri", "uuid", "api", "ai", "http", "https",
        "json", "xml", "html", "ip", "sql", "ssh", "tls", "ssl", "dns", "jwt", "sku", "cpu", "gpu", "pdf", "sms",
        "acl", "arn", "aws", "csv", "gcp", "iam", "kms", "ldap", "mfa", "oidc", "otp", "saml", "scim", "sdk",
        "smtp", "sso", "tcp", "ttl", "udp", "ui", "utc", "vm", "vpn",
    ]

    /// ICU's transliteration of any script to Latin letters, then to ASCII.
    private static let toASCII = StringTransform("Any-Latin; Latin-ASCII")

    /// Splits a name into lowercase words at separators, case changes and letter/digit
    /// changes that start a new word: `petID_v2Count` → `pet`, `id`, `v2`, `count`.
    public static func words(_ name: String) -> [String] {
        casedWords(name).map(\.text)
    }

    /// A word of a name: lower case, and whether the name wrote it in capitals.
    struct Word {
        var text: String
        /// Two or more letters (and any digits) all upper case, in a name that has lower-case
        /// letters too: an abbreviation its author spelled (`OS` in `OSDisk`, `AIS` in
        /// `PayByBankAISDirectDebitDetails`, `EC2` in `EC2ThrottledException`), kept so in
        /// type and member names. A name all in capitals (`IN_PROGRESS`) says nothing by it.
        var isCapitals: Bool
    }

    /// ``words(_:)``, each with whether the name wrote it in capitals.
    static func casedWords(_ name: String) -> [Word] {
        var name = mayHaveOperators(name) ? spellingOutOperators(name) : name
        if name.utf8.contains(UInt8(ascii: "'")) || name.contains("\u{2019}") { name = joiningElisions(name) }
        // Nearly every name in a real spec is ASCII; bytes are much cheaper than Characters,
        // and a big spec splits tens of thousands of names.
        let bytes = Array(name.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }) { return asciiWords(bytes) }
        // Other scripts are spelled in Latin letters (`größe` → `grosse`, `名前` → `ming qian`):
        // Swift accepts Unicode identifiers, but style checkers and many readers expect ASCII.
        let latin = transliterated(name)
        // What transliteration leaves outside ASCII (emoji, symbols, invisible and
        // bidirectional controls) separates words: an identifier is ASCII letters, digits and
        // `_` only, so no character in a name can look like another or reorder the code
        // around it on screen.
        return asciiWords(latin.unicodeScalars.map { $0.isASCII ? UInt8($0.value) : UInt8(ascii: " ") })
    }

    /// `name` in ASCII letters, by ICU's transliteration a piece at a time: on a whole name it
    /// takes time that grows with the square of its length (a 400 000 character enum value,
    /// 25 s). A piece ends after 256 scalars at the first that is no letter, digit or mark, so
    /// that words come out as they would whole; a piece of 1 024 letters ends where it is,
    /// as a word apart, as the letters of scripts without spaces are anyway (`名前` → `ming qian`).
    ///
    /// Pieces are counted in Unicode scalars, not characters: one character may be a letter
    /// and a million vowel signs after it.
    private static func transliterated(_ name: String) -> String {
        var result = ""
        var piece = String.UnicodeScalarView()
        var count = 0
        func flush() {
            let text = String(piece)
            result += text.applyingTransform(Self.toASCII, reverse: false) ?? text
            piece = String.UnicodeScalarView()
            count = 0
        }
        for scalar in name.unicodeScalars {
            piece.append(scalar)
            count += 1
            let properties = scalar.properties
            let endsWord = !(properties.isAlphabetic || properties.numericType != nil || isMark(properties))
            if (count >= 256 && endsWord) || count >= 1_024 {
                flush()
                if !endsWord { result += " " }
            }
        }
        flush()
        return result
    }

    /// Whether a scalar is a mark (an accent, a vowel sign): part of the word before it.
    private static func isMark(_ properties: Unicode.Scalar.Properties) -> Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// `name` without the apostrophes inside words (`List a Project's Issues` → `List a
    /// Projects Issues`), which would otherwise split a word in two (`ProjectSIssues`).
    private static func joiningElisions(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            let isApostrophe = character == "'" || character == "\u{2019}"
            if isApostrophe, index > 0, index + 1 < characters.count, characters[index - 1].isLetter,
                characters[index + 1].isLetter
            {
                continue
            }
            result.append(character)
        }
        return result
    }

    /// Whether ``spellingOutOperators(_:)`` may change `name`: a quick look at its bytes, as
    /// `-` is in most names of some specs and only a sign before a digit counts.
    private static func mayHaveOperators(_ name: String) -> Bool {
        let sign: Set<UInt8> = [UInt8(ascii: "+"), UInt8(ascii: "-")]
        var previous: UInt8 = 0
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"): return true
            case UInt8(ascii: "0")...UInt8(ascii: "9") where sign.contains(previous): return true
            default: previous = byte
            }
        }
        return false
    }

    /// Operators that carry a name's meaning, as words, so that names made of them differ
    /// and read: filters written `DateSent<`, `DateSent>=` (`dateSentBefore`,
    /// `dateSentOnOrAfter`), GitHub's `+1` and `-1` reactions (`plus1`, `minus1`), `!=`
    /// (`not`). A sign counts only in front of a digit at the start of a word (`+1`, not the
    /// `+` of `a+b` or the `-` of `x-rate-limit`, which separate words as before), unless
    /// `everySign` says that any `+` or `-` in front of a digit is one (`GMT-1`), and one at
    /// the start of a word in front of a letter too (`-bot`; see ``memberName(signed:)``).
    static func spellingOutOperators(_ name: String, everySign: Bool = false) -> String {
        let characters = Array(name)
        var result = ""
        var index = 0
        func startsWord(at position: Int) -> Bool {
            position == 0 || !(characters[position - 1].isLetter || characters[position - 1].isNumber)
        }
        func isSign(at position: Int) -> Bool {
            guard position + 1 < characters.count else { return false }
            let next = characters[position + 1]
            if next.isNumber { return everySign || startsWord(at: position) }
            return everySign && next.isLetter && startsWord(at: position)
        }
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch character {
            case "<" where next == "=":
                result += " on or before "
                index += 2
            case ">" where next == "=":
                result += " on or after "
                index += 2
            case "!" where next == "=":
                result += " not "
                index += 2
            case "<":
                result += " before "
                index += 1
            case ">":
                result += " after "
                index += 1
            case "+" where isSign(at: index):
                result += " plus "
                index += 1
            case "-" where isSign(at: index):
                result += " minus "
                index += 1
            default:
                result.append(character)
                index += 1
            }
        }
        return result
    }

    /// ``casedWords(_:)`` for ASCII text, with the same rules on bytes.
    private static func asciiWords(_ bytes: [UInt8]) -> [Word] {
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        let hasLowerCase = bytes.contains { $0 >= 0x61 && $0 <= 0x7A }
        return asciiWordRanges(bytes).map { range in
            let word = bytes[range]
            let isCapitals =
                hasLowerCase && word.count(where: isUpper) >= 2
                && word.allSatisfy { isUpper($0) || ($0 >= 0x30 && $0 <= 0x39) }
            return Word(
                text: String(decoding: word.map { isUpper($0) ? $0 + 0x20 : $0 }, as: UTF8.self),
                isCapitals: isCapitals)
        }
    }

    /// Where the words of ASCII text are, as offsets into `bytes`: runs of letters and digits,
    /// split where lower case or a digit meets upper case (`petId`, `v2Beta`) and before the
    /// last capital of an initialism followed by lower case (`URLSession`), except a plural s
    /// (`IDs`). Everything else separates words.
    static func asciiWordRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isPluralS(at index: Int) -> Bool {
            bytes[index] == UInt8(ascii: "s") && (index + 1 == bytes.count || !isLower(bytes[index + 1]))
        }

        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            guard isUpper(byte) || isLower(byte) || isDigit(byte) else {
                if let wordStart = start { ranges.append(wordStart..<index) }
                start = nil
                continue
            }
            if let wordStart = start, isUpper(byte) {
                let previous = bytes[index - 1]
                let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
                if isLower(previous) || isDigit(previous)
                    || (isUpper(previous) && nextIsLower && !isPluralS(at: index + 1))
                {
                    ranges.append(wordStart..<index)
                    start = index
                }
            }
            if start == nil { start = index }
        }
        if let wordStart = start { ranges.append(wordStart..<bytes.count) }
        return ranges
    }

    /// `UpperCamelCase` for types: `pet_status` → `PetStatus`, `user-id` → `UserID`.
    public static func typeName(_ name: String) -> String {
        let joined = casedWords(name).map(capitalized).joined()
        return identifier(joined, fallback: "Value")
    }

    /// An enum case's name that reads as nothing else: `.none` would be `Optional.none`
    /// wherever the enum is optional (Stripe's `tax_behavior`: `status == .none` compares with
    /// nil), and `unknown(_:)` is the case that holds what the spec does not list, beside which a
    /// listed `unknown` (a common status, a webhook event) would be a numbered `unknown2`.
    public static func unambiguousCaseName(_ name: String) -> String {
        switch name {
        case "none": "noneValue"
        case "unknown": "unknownValue"
        default: name
        }
    }

    /// `lowerCamelCase` for properties, parameters and enum cases: `created_at` → `createdAt`,
    /// `ID` → `id`, `petId` → `petID`.
    public static func memberName(_ name: String) -> String {
        let named = casedWords(name)
        let parts = named.isEmpty ? (symbolWords(name) ?? []).map { Word(text: $0, isCapitals: false) } : named
        guard let first = parts.first else { return identifier("", fallback: "value") }
        let joined = first.text + parts.dropFirst().map(capitalized).joined()
        return identifier(fittedMember(joined), fallback: "value")
    }

    /// `name`, or when it is longer than ``TypeNameRegistry/maximumLength`` its last words and a
    /// stable hash, as type names are shortened, starting lower case. A member is spelled
    /// several times in the code (the property, the initializer's parameter, its assignment),
    /// and once per request that shares a parameter, so a name of a megabyte wrote hundreds.
    static func fittedMember(_ name: String) -> String {
        guard name.utf8.count > TypeNameRegistry.maximumLength else { return name }
        let fitted = TypeNameRegistry.fitted(name)
        return fitted.prefix(1).lowercased() + fitted.dropFirst()
    }

    /// The words for a short text made only of symbols (an S3 server variable's `.` or `-`,
    /// a wildcard `*`): `dot`, `dash`, `asterisk`, so that such values get names that read
    /// and differ rather than `value`, `value2`; nil for longer text, or a symbol without a
    /// word here.
    static func symbolWords(_ text: String) -> [String]? {
        guard (1...maximumSymbols).contains(text.unicodeScalars.count) else { return nil }
        var result: [String] = []
        for scalar in text.unicodeScalars {
            guard let word = symbolNames[scalar] else { return nil }
            result += word
        }
        return result
    }

    /// Symbols spelled out in one name at most.
    static let maximumSymbols = 4

    static let symbolNames: [Unicode.Scalar: [String]] = [
        ".": ["dot"], "-": ["dash"], "_": ["underscore"], "/": ["slash"], "\\": ["backslash"],
        "*": ["asterisk"], "+": ["plus"], ",": ["comma"], ":": ["colon"], ";": ["semicolon"], "|": ["pipe"],
        "=": ["equals"], "~": ["tilde"], "^": ["caret"], "#": ["hash"], "@": ["at"], "%": ["percent"],
        "&": ["ampersand"], "!": ["exclamation"], "?": ["question"], "$": ["dollar"], "'": ["apostrophe"],
        "\"": ["quote"], "`": ["backtick"], "(": ["left", "parenthesis"], ")": ["right", "parenthesis"],
        "[": ["left", "bracket"], "]": ["right", "bracket"], "{": ["left", "brace"], "}": ["right", "brace"],
        "<": ["less", "than"], ">": ["greater", "than"], " ": ["space"],
    ]

    /// `text` with each `.` between two digits spelled ` dot `: `1.1` → `1 dot 1`, so that its
    /// name (`_1Dot1`) is not that of `11`.
    static func spellingOutPoints(_ text: String) -> String {
        let characters = Array(text)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character == ".", index > 0, index + 1 < characters.count, characters[index - 1].isNumber,
                characters[index + 1].isNumber
            {
                result += " dot "
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// ``memberName(_:)`` with every `+` or `-` in front of a digit, or at the start of a word
    /// in front of a letter, read as a sign: `Etc/GMT-1` → `etcGmtMinus1`, `-bot` →
    /// `minusBot`. For names that differ only in such signs (Stripe's time zones `Etc/GMT+1`
    /// and `Etc/GMT-1`, both `etcGmt1` otherwise; Discord's search filters `bot` and `-bot`,
    /// both `bot`); elsewhere a `-` before a digit separates words (`gpt-4` → `gpt4`, `utf-8`
    /// → `utf8`), and one before a word is dropped.
    public static func memberName(signed name: String) -> String {
        memberName(spellingOutOperators(name, everySign: true))
    }

    /// ``capitalized(_:)-(String)``, or all of it upper case when the name wrote it so.
    static func capitalized(_ word: Word) -> String {
        word.isCapitals ? word.text.uppercased() : capitalized(word.text)
    }

    /// A word with its first letter upper case, or all of it for an initialism.
    static func capitalized(_ word: String) -> String {
        if initialisms.contains(word) {
            return word.uppercased()
        }
        // `ids` → `IDs`, `urls` → `URLs`: the plural s stays lower case. An initialism ending
        // in `s` is matched whole first, so `https` is `HTTPS`, not `HTTPs`.
        if word.count > 2, word.hasSuffix("s"), initialisms.contains(String(word.dropLast())) {
            return word.dropLast().uppercased() + "s"
        }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Whether `text` can be written as a Swift identifier as it is (keywords aside, which
    /// backticks or a suffix take care of): a letter or `_` first, then letters, digits and `_`,
    /// ASCII only, as generated names are.
    public static func isIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, bytes != [UInt8(ascii: "_")] else { return false }
        func isLetter(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
        }
        return isLetter(first) && bytes.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) }
    }

    /// Why `text` cannot name the generated module (and its package), or nil when it can: it
    /// must be an identifier (``isIdentifier(_:)``), no Swift keyword (`import class` does not
    /// parse), and not a module the generated code imports (`Foundation`, `MusubiRuntime`…),
    /// which the client's module would shadow.
    public static func moduleNameProblem(_ text: String) -> String? {
        if !isIdentifier(text) { return "needs a Swift identifier such as PetstoreClient, not '\(text)'" }
        if SwiftKeywords.reserved.contains(text) || ["Type", "Protocol"].contains(text) {
            return "cannot be '\(text)', a Swift keyword: `import \(text)` would not compile"
        }
        // Ignoring case: `musubiruntime` would be `Sources/MusubiRuntime/` on the file systems
        // of macOS and Windows.
        if importedModules.contains(where: { $0.lowercased() == text.lowercased() }) {
            return "cannot be '\(text)', a module the generated code imports"
        }
        if FilePlacement.portableName(text) != text {
            return "cannot be '\(text)', a name Windows keeps for a device: the module's folder could not be made there"
        }
        return nil
    }

    /// The modules generated code and its manifest import, and the ones they bring in.
    static let importedModules: Set<String> = [
        "Swift", "Foundation", "FoundationEssentials", "FoundationNetworking", "Dispatch", "_Concurrency",
        "MusubiRuntime", "MusubiAsyncHTTPClient", "PackageDescription", "Glibc", "Darwin", "Musl", "WinSDK",
    ]

    /// Makes `text` a valid identifier start: a leading digit gets an underscore (`_2fa`),
    /// an empty result the fallback.
    static func identifier(_ text: String, fallback: String) -> String {
        guard let first = text.first else { return fallback }
        if first.isNumber { return "_" + text }
        return text
    }

    /// A simple English singular for naming array items (`pets` → `pet`, `policies` →
    /// `policy`); good enough for names, where a wrong guess only costs a suffix.
    static func singular(_ word: String) -> String {
        if let irregular = irregularSingulars[word] { return irregular }
        if let first = word.first, first.isUppercase, let irregular = irregularSingulars[word.lowercased()] {
            return irregular.prefix(1).uppercased() + irregular.dropFirst()
        }
        if word.hasSuffix("ies"), word.count > 3 { return word.dropLast(3) + "y" }
        if word.hasSuffix("sses") || word.hasSuffix("xes") || word.hasSuffix("ches") || word.hasSuffix("shes") {
            return String(word.dropLast(2))
        }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), word.count > 1 {
            return String(word.dropLast())
        }
        return word
    }

    /// Plurals API specs use whose singular the rules above would get wrong (`statuses` is not
    /// `statuse`, `indices` not `indice`).
    static let irregularSingulars: [String: String] = [
        "statuses": "status", "aliases": "alias", "buses": "bus", "bonuses": "bonus", "campuses": "campus",
        "viruses": "virus", "analyses": "analysis", "indices": "index", "vertices": "vertex", "matrices": "matrix",
        "children": "child", "people": "person",
    ]

    /// A simple English plural for naming collections of alternatives (`pet` → `pets`,
    /// `policy` → `policies`, `address` → `addresses`).
    static func plural(_ word: String) -> String {
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) {
            return word.dropLast() + "ies"
        }
        if word.hasSuffix("s") || word.hasSuffix("x") || word.hasSuffix("ch") || word.hasSuffix("sh") {
            return word + "es"
        }
        return word + "s"
    }
}
