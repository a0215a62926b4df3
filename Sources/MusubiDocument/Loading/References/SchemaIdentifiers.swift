import MusubiReader

/// The schema resources (`$id`, and a document's own `$self`) and plain-name anchors
/// (`$anchor`, `$dynamicAnchor`) one file declares, with where: what a `$ref` naming an
/// embedded resource (`box.json`, `https://example.com/pet.json`) or a plain-name fragment
/// (`#tag`) designates in JSON Schema 2020-12, which OpenAPI 3.1 uses, and what a
/// `$dynamicRef` looks for.
///
/// Found in one walk of the file, without recursion, when the first such reference needs it.
/// Values that are instance data rather than schemas (`example`, `default`, `const`, `enum`)
/// are not looked into, unless the key names a property or a definition.
struct SchemaIdentifiers {
    /// Each `$id` as written, with the pointer tokens of the schema that declares it; the
    /// first declaration of an identifier wins.
    private(set) var resources: [String: [String]] = [:]
    /// Each anchor name, with the pointer tokens of every schema that declares it, in the
    /// order of the tokens (different resources may reuse a name), so that those under one
    /// schema are found by a binary search however many there are.
    private var anchors: [String: [[String]]] = [:]
    /// The first schema declaring each anchor, in source order.
    private var firstAnchors: [String: [String]] = [:]
    /// Each `$dynamicAnchor` name alone, sorted as ``anchors``: what a `$dynamicRef` looks for.
    private var dynamicAnchors: [String: [[String]]] = [:]
    /// The schemas with an `$id`, in the order of their tokens.
    private var resourcePaths: [[String]] = []

    /// Resources inside one schema looked at, at most, for a pointer written inside it: a spec
    /// that nests thousands of them must not make each such reference look at all of them.
    static let nestedResourceLimit = 64

    /// Keys whose values are data, not schemas, unless they name a property or a definition.
    private static let dataKeywords: Set<String> = ["example", "examples", "default", "const", "enum"]
    /// Keys under which every key is a name rather than a keyword.
    private static let namingKeywords: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "schemas", "dependentSchemas",
    ]

    init(root: Node) {
        // OpenAPI 3.2's `$self` is the document's own URI: a reference to it is to the file.
        if let own = root["$self"]?.string { resources[own] = [] }
        // Each node reached, as its parent's index here and its key or index under the parent:
        // the tokens of a declaring node are read back from it only when one is found.
        var trail: [(parent: Int, token: String)] = []
        var pending: [(node: Node, at: Int)] = [(root, -1)]
        func tokens(_ index: Int) -> [String] {
            var result: [String] = []
            var at = index
            while at >= 0 {
                result.append(trail[at].token)
                at = trail[at].parent
            }
            return result.reversed()
        }
        while let (node, at) = pending.popLast() {
            switch node.value {
            case .mapping(let mapping):
                if let id = mapping["$id"]?.string {
                    if resources[id] == nil { resources[id] = tokens(at) }
                    resourcePaths.append(tokens(at))
                }
                if let name = mapping["$anchor"]?.string { anchors[name, default: []].append(tokens(at)) }
                if let name = mapping["$dynamicAnchor"]?.string {
                    anchors[name, default: []].append(tokens(at))
                    dynamicAnchors[name, default: []].append(tokens(at))
                }
                let keysAreNames = at >= 0 && Self.namingKeywords.contains(trail[at].token)
                for entry in mapping.entries.reversed() where entry.value.isContainer {
                    guard keysAreNames || !Self.dataKeywords.contains(entry.key) else { continue }
                    trail.append((at, entry.key))
                    pending.append((entry.value, trail.count - 1))
                }
            case .sequence(let items):
                for (index, item) in items.enumerated().reversed() where item.isContainer {
                    trail.append((at, String(index)))
                    pending.append((item, trail.count - 1))
                }
            case .null, .bool, .number, .string:
                continue
            }
        }
        for (name, places) in anchors {
            firstAnchors[name] = places[0]
            anchors[name] = places.sorted { $0.lexicographicallyPrecedes($1) }
        }
        for (name, places) in dynamicAnchors {
            dynamicAnchors[name] = places.sorted { $0.lexicographicallyPrecedes($1) }
        }
        resourcePaths.sort { $0.lexicographicallyPrecedes($1) }
    }

    /// A schema declaring the anchor `name` whose tokens start with `prefix`: the first in the
    /// file when `prefix` is empty; nil when none does.
    func anchor(_ name: String, under prefix: [String]) -> [String]? {
        guard let places = anchors[name] else { return nil }
        if prefix.isEmpty { return firstAnchors[name] }
        return Self.first(under: prefix, in: places)
    }

    /// A schema declaring `$dynamicAnchor: name` whose tokens start with `prefix` (the schema
    /// at `prefix` itself included); nil when none does.
    func dynamicAnchor(_ name: String, under prefix: [String]) -> [String]? {
        dynamicAnchors[name].flatMap { Self.first(under: prefix, in: $0) }
    }

    /// The first of the sorted `paths` that starts with `prefix`.
    private static func first(under prefix: [String], in paths: [[String]]) -> [String]? {
        let index = lowerBound(of: prefix, in: paths)
        return index < paths.count && paths[index].starts(with: prefix) ? paths[index] : nil
    }

    /// The schemas with an `$id` strictly inside the schema at `prefix`, deepest first, at most
    /// ``nestedResourceLimit`` of them.
    func resources(inside prefix: [String]) -> [[String]] {
        var found: [[String]] = []
        var index = Self.lowerBound(of: prefix, in: resourcePaths)
        while index < resourcePaths.count, found.count < Self.nestedResourceLimit,
            resourcePaths[index].starts(with: prefix)
        {
            if resourcePaths[index].count > prefix.count { found.append(resourcePaths[index]) }
            index += 1
        }
        return found.sorted { $0.count > $1.count }
    }

    /// The index of the first of the sorted `paths` not ordered before `tokens`.
    private static func lowerBound(of tokens: [String], in paths: [[String]]) -> Int {
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle].lexicographicallyPrecedes(tokens) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `text` is a plain-name fragment as JSON Schema writes anchors: a letter or `_`,
    /// then letters, digits, `-`, `_` and `.`.
    static func isAnchorName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)
        }
    }
}

extension Node {
    /// Whether the node is a mapping or a sequence, the only nodes that can hold a schema.
    fileprivate var isContainer: Bool { mapping != nil || sequence != nil }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
