/// A JSON parser (RFC 8259) that builds `Node`s straight from the bytes.
///
/// JSON specs are large (GitHub's is 3.6 MB) and JSON is simple, so a dedicated parser is much
/// faster than reading JSON through libyaml. It is iterative rather than recursive: open
/// containers live on an explicit stack and their children on two shared stacks, so nesting
/// costs no call-stack depth and every collection's array is allocated once, at its final size.
///
/// Locations are 1-based. Columns count Unicode scalars, not bytes, matching libyaml so that a
/// location means the same in both syntaxes; a tab counts as one column. Line breaks are LF,
/// CR LF or a lone CR.
struct JSONParser {
    let text: UnsafeBufferPointer<UInt8>
    let fileName: String
    /// Offset of the next byte to read.
    var position: Int
    /// Line of `position`, 1-based.
    var line = 1
    /// Offset of the first byte of the current line.
    var lineStart: Int
    /// Bytes on the current line before `position` that do not start a scalar (the 2nd to 4th
    /// bytes of multi-byte UTF-8 sequences); subtracting them turns a byte offset into a column.
    var continuationBytesOnLine = 0
    /// Reused for strings with escapes, which cannot be sliced from the input directly.
    var scratch: [UInt8] = []
    /// Keys written twice in one object, in the order their objects closed.
    private(set) var duplicateKeys: [MappingAssembly.DuplicateKey] = []
    /// What the spec has used so far, this text included: each value is charged as it is read
    /// (a collection as it opens), so reading stops at the first value past a limit.
    private(set) var budget: Reader.Budget

    init(text: UnsafeBufferPointer<UInt8>, fileName: String, budget: Reader.Budget = Reader.Budget()) {
        self.text = text
        self.fileName = fileName
        self.budget = budget
        let start = SyntaxDetection.byteOrderMarkLength(text)
        self.position = start
        self.lineStart = start
    }

    /// A collection whose closing bracket has not been read yet.
    private struct OpenContainer {
        var isObject: Bool
        var location: SourceLocation
        /// Where this container's children start on the shared `members` or `elements` stack.
        var firstChild: Int
        /// The key of the member whose value is being read (objects only).
        var key = ""
        var keyLocation = SourceLocation(line: 0, column: 0)
    }

    /// Parses the whole text as one JSON value; anything but whitespace after it is an error.
    mutating func parseDocument() throws(Diagnostic) -> Node {
        var containers: [OpenContainer] = []
        var members: [Mapping.Entry] = []
        var elements: [Node] = []

        skipWhitespace()
        while true {
            // Read the start of one value: a scalar completes at once, a bracket opens a container.
            guard position < text.count else {
                throw unexpected(expected: "a value")
            }
            let start = location()
            var completed: Node
            switch text[position] {
            case UInt8(ascii: "{"):
                try checkDepth(containers.count, at: start)
                try spend(textSize: 0, at: start)
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    completed = Node(.mapping(Mapping([])), at: start)
                } else {
                    var container = OpenContainer(isObject: true, location: start, firstChild: members.count)
                    (container.key, container.keyLocation) = try parseMemberKey(expected: "a string key or '}'")
                    containers.append(container)
                    continue
                }
            case UInt8(ascii: "["):
                try checkDepth(containers.count, at: start)
                try spend(textSize: 0, at: start)
                position += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    completed = Node(.sequence([]), at: start)
                } else {
                    containers.append(OpenContainer(isObject: false, location: start, firstChild: elements.count))
                    continue
                }
            case UInt8(ascii: "\""):
                let string = try parseString()
                try spend(textSize: string.utf8.count, at: start)
                completed = Node(.string(string), at: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let number = try parseNumber()
                try spend(textSize: number.utf8.count, at: start)
                completed = Node(.number(number), at: start)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                try spend(textSize: 4, at: start)
                completed = Node(.bool(true), at: start)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                try spend(textSize: 5, at: start)
                completed = Node(.bool(false), at: start)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                try spend(textSize: 4, at: start)
                completed = Node(.null, at: start)
            default:
                throw unexpected(expected: "a value")
            }

            // Hand the value to its container, closing every container that ends right after it.
            while true {
                guard let top = containers.last else {
                    skipWhitespace()
                    if position < text.count {
                        throw unexpected(expected: "end of input after the JSON value")
                    }
                    return completed
                }
                if top.isObject {
                    members.append(Mapping.Entry(key: top.key, keyLocation: top.keyLocation, value: completed))
                    skipWhitespace()
                    switch peek() {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                        let (key, keyLocation) = try parseMemberKey(expected: "a string key after ','")
                        containers[containers.count - 1].key = key
                        containers[containers.count - 1].keyLocation = keyLocation
                    case UInt8(ascii: "}"):
                        position += 1
                        let entries = MappingAssembly.firstOccurrences(
                            members[top.firstChild...], duplicates: &duplicateKeys)
                        members.removeLast(members.count - top.firstChild)
                        containers.removeLast()
                        completed = Node(.mapping(Mapping(entries)), at: top.location)
                        continue
                    default:
                        throw unexpected(expected: "',' or '}' after object member")
                    }
                } else {
                    elements.append(completed)
                    skipWhitespace()
                    switch peek() {
                    case UInt8(ascii: ","):
                        position += 1
                        skipWhitespace()
                    case UInt8(ascii: "]"):
                        position += 1
                        let items = Array(ownCopyOf: elements[top.firstChild...])
                        elements.removeLast(elements.count - top.firstChild)
                        containers.removeLast()
                        completed = Node(.sequence(items), at: top.location)
                        continue
                    default:
                        throw unexpected(expected: "',' or ']' after array element")
                    }
                }
                break
            }
        }
    }

    /// Reads `"key"` and the `:` after it, leaving `position` at the member's value.
    private mutating func parseMemberKey(expected: String) throws(Diagnostic) -> (String, SourceLocation) {
        guard peek() == UInt8(ascii: "\"") else {
            throw unexpected(expected: expected)
        }
        let keyLocation = location()
        let key = try parseString()
        try spend(nodes: 0, textSize: key.utf8.count, at: keyLocation)
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            throw unexpected(expected: "':' after object key")
        }
        position += 1
        skipWhitespace()
        return (key, keyLocation)
    }

    /// Charges the budget with a value (or, with no node, a key) and the bytes of its text.
    @inline(__always)
    private mutating func spend(nodes: Int = 1, textSize: Int, at location: SourceLocation) throws(Diagnostic) {
        if !budget.spend(nodes: nodes, textSize: textSize) {
            throw budget.exceeded(file: fileName, at: location)
        }
    }

    private func checkDepth(_ openContainers: Int, at location: SourceLocation) throws(Diagnostic) {
        if openContainers >= Reader.maximumNestingDepth {
            throw Diagnostic.error(
                "collections nest deeper than \(Reader.maximumNestingDepth) levels",
                file: fileName, at: location)
        }
    }

    /// The byte at `position`, or nil at the end of the input.
    func peek() -> UInt8? {
        position < text.count ? text[position] : nil
    }

    /// The location of `position`.
    func location() -> SourceLocation {
        SourceLocation(line: line, column: position - lineStart - continuationBytesOnLine + 1)
    }

    /// Skips JSON's four whitespace characters, counting line breaks.
    mutating func skipWhitespace() {
        while position < text.count {
            switch text[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                startLine()
            case UInt8(ascii: "\r"):
                position += 1
                if position < text.count, text[position] == UInt8(ascii: "\n") {
                    position += 1
                }
                startLine()
            default:
                return
            }
        }
    }

    private mutating func startLine() {
        line += 1
        lineStart = position
        continuationBytesOnLine = 0
    }
}
