import CLibYAML

/// Builds the `Node` tree from libyaml events, one event at a time.
///
/// Like the JSON parser it keeps open collections on an explicit stack and their children on two
/// shared stacks, so each collection's array is allocated once, at its final size. It also does
/// the YAML-only work: resolving scalars, turning keys of any scalar type into key strings
/// (`200:` is the key "200"), recording anchors, expanding aliases and applying merge keys.
struct YAMLTreeBuilder {
    let fileName: String
    /// Lines before the text being read, when it is a part of a file (see
    /// `YAMLParser.parseInParts`); added to every location.
    let lineOffset: Int

    /// A collection whose end event has not arrived yet.
    private struct OpenCollection {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        /// Where this collection's children start on the shared `entries` or `items` stack.
        var firstChild: Int
        /// The key whose value comes next; nil while the next scalar is a key (mappings only).
        var pendingKey: String?
        var pendingKeyLocation = SourceLocation(line: 0, column: 0)
        /// Whether the pending key is a plain `<<`, whose value is merged rather than stored.
        var pendingKeyIsMerge = false
        var merges: [MappingAssembly.Merge] = []
        /// Levels of collections below this one, to keep aliases under the nesting limit.
        var childHeight = 0
        /// Nodes below this one, to keep aliases under the expansion limit.
        var descendantCount = 0
        /// Bytes of the keys and scalars below this one, which an alias copies.
        var descendantTextSize = 0
    }

    /// An anchored node with the measures an alias to it adds to the document.
    private struct AnchoredNode {
        var node: Node
        var height: Int
        var nodeCount: Int
        var textSize: Int
    }

    private var open: [OpenCollection] = []
    private var entries: [Mapping.Entry] = []
    private var items: [Node] = []
    private var anchors: [String: AnchoredNode] = [:]
    private var root: Node?
    /// Nodes aliases added so far, limited by ``Reader/maximumAliasExpansion``.
    private(set) var nodesAddedByAliases = 0
    /// Keys written twice in one mapping, in the order their mappings closed.
    private(set) var duplicateKeys: [MappingAssembly.DuplicateKey] = []
    /// What the spec has used so far, this text included: each node is charged as it starts,
    /// and each alias with all it copies, so reading stops at the first node past a limit.
    private(set) var budget: Reader.Budget

    init(fileName: String, lineOffset: Int = 0, budget: Reader.Budget = Reader.Budget()) {
        self.fileName = fileName
        self.lineOffset = lineOffset
        self.budget = budget
    }

    /// A libyaml mark as a location in the whole file.
    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: mark.line + 1 + lineOffset, column: mark.column + 1)
    }

    /// Applies one event; returns the root once the first document has ended.
    mutating func consume(_ event: UnsafePointer<yaml_event_t>) throws(Diagnostic) -> Node? {
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            try addScalar(event)
        case YAML_SEQUENCE_START_EVENT:
            let start = event.pointee.data.sequence_start
            try openCollection(isMapping: false, anchor: start.anchor, at: location(event.pointee.start_mark))
        case YAML_MAPPING_START_EVENT:
            let start = event.pointee.data.mapping_start
            try openCollection(isMapping: true, anchor: start.anchor, at: location(event.pointee.start_mark))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            try closeCollection()
        case YAML_ALIAS_EVENT:
            try addAlias(event)
        case YAML_DOCUMENT_END_EVENT:
            return root ?? Node(.null, at: location(event.pointee.start_mark))
        case YAML_STREAM_END_EVENT:
            return root ?? Node(.null, at: SourceLocation(line: 1 + lineOffset, column: 1))
        default:
            break
        }
        return nil
    }

    // MARK: Scalars

    private mutating func addScalar(_ event: UnsafePointer<yaml_event_t>) throws(Diagnostic) {
        let scalar = event.pointee.data.scalar
        let location = location(event.pointee.start_mark)
        let text = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
        let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE
        guard StreamSafeText.isStreamSafe(text) else { throw StreamSafeText.error(file: fileName, at: location) }

        // Keys are the bulk of a spec's scalars and need no resolution: whatever their type,
        // a key is its text, so `200:` and `"200":` are the same key.
        if scalar.anchor == nil, let top = open.indices.last, open[top].isMapping, open[top].pendingKey == nil {
            try spend(nodes: 0, textSize: text.count, at: location)
            open[top].descendantTextSize += text.count
            open[top].pendingKey = String(decoding: text, as: UTF8.self)
            open[top].pendingKeyLocation = location
            open[top].pendingKeyIsMerge = isPlain && scalar.tag == nil && YAMLScalarResolver.matches(text, "<<")
            return
        }

        let value: Node.Value
        if let tagName = scalar.tag {
            // libyaml decodes a tag's `%` escapes, which no check of the text has seen.
            guard StreamSafeText.isStreamSafe(UnsafeBufferPointer(start: tagName, count: strlen(tagName))) else {
                throw StreamSafeText.error(file: fileName, at: location)
            }
            let tag = YAMLScalarResolver.Tag(String(cString: tagName))
            guard let resolved = YAMLScalarResolver.resolve(text, tag: tag, isPlain: isPlain) else {
                let shown = String(decoding: text, as: UTF8.self)
                throw Diagnostic.error("'\(shown)' is not a valid \(tag.shorthand) value", file: fileName, at: location)
            }
            value = resolved
        } else if isPlain {
            value = YAMLScalarResolver.resolvePlain(text)
        } else {
            value = .string(String(decoding: text, as: UTF8.self))
        }
        let node = Node(value, at: location)
        let textSize = text.count
        if let anchor = scalar.anchor {
            anchors[String(cString: anchor)] = AnchoredNode(node: node, height: 0, nodeCount: 1, textSize: textSize)
        }
        if let top = open.indices.last, open[top].isMapping, open[top].pendingKey == nil {
            // An anchored key (`&name key:`): the key is still its source text.
            try spend(nodes: 0, textSize: text.count, at: location)
            open[top].descendantTextSize += text.count
            open[top].pendingKey = String(decoding: text, as: UTF8.self)
            open[top].pendingKeyLocation = location
            return
        }
        try spend(nodes: 1, textSize: textSize, at: location)
        try add(node, height: 0, nodeCount: 1, textSize: textSize)
    }

    // MARK: Collections

    private mutating func openCollection(
        isMapping: Bool, anchor: UnsafeMutablePointer<yaml_char_t>?, at location: SourceLocation
    ) throws(Diagnostic) {
        if let top = open.last, top.isMapping, top.pendingKey == nil {
            throw Diagnostic.error(
                "a mapping key must be a scalar; keys that are sequences or mappings are not supported",
                file: fileName, at: location)
        }
        if open.count >= Reader.maximumNestingDepth {
            throw Diagnostic.error(
                "collections nest deeper than \(Reader.maximumNestingDepth) levels", file: fileName, at: location)
        }
        try spend(nodes: 1, textSize: 0, at: location)
        open.append(
            OpenCollection(
                isMapping: isMapping,
                location: location,
                anchor: anchor.map { String(cString: $0) },
                firstChild: isMapping ? entries.count : items.count))
    }

    private mutating func closeCollection() throws(Diagnostic) {
        let collection = open.removeLast()
        let value: Node.Value
        if collection.isMapping {
            // The slices are temporaries on purpose: a slice kept alive past this statement
            // would make `removeLast` copy the whole shared stack.
            let combined =
                collection.merges.isEmpty
                ? MappingAssembly.firstOccurrences(entries[collection.firstChild...], duplicates: &duplicateKeys)
                : MappingAssembly.merging(
                    entries[collection.firstChild...], with: collection.merges, duplicates: &duplicateKeys)
            entries.removeLast(entries.count - collection.firstChild)
            value = .mapping(Mapping(combined))
        } else {
            value = .sequence(Array(ownCopyOf: items[collection.firstChild...]))
            items.removeLast(items.count - collection.firstChild)
        }
        let node = Node(value, at: collection.location)
        let height = collection.childHeight + 1
        let nodeCount = collection.descendantCount + 1
        let textSize = collection.descendantTextSize
        if let anchor = collection.anchor {
            anchors[anchor] = AnchoredNode(node: node, height: height, nodeCount: nodeCount, textSize: textSize)
        }
        try add(node, height: height, nodeCount: nodeCount, textSize: textSize)
    }

    // MARK: Aliases

    /// Expands `*name` to a copy of the anchored node; the copy shares storage with the original.
    private mutating func addAlias(_ event: UnsafePointer<yaml_event_t>) throws(Diagnostic) {
        let name = String(cString: event.pointee.data.alias.anchor)
        let location = location(event.pointee.start_mark)
        if open.contains(where: { $0.anchor == name }) {
            throw Diagnostic.error(
                "alias '*\(name)' refers to a collection that contains it; recursive structures are not supported",
                file: fileName, at: location)
        }
        guard let anchored = anchors[name] else {
            throw Diagnostic.error(
                "alias '*\(name)' refers to no anchor '&\(name)' before it", file: fileName, at: location)
        }
        if open.count + anchored.height > Reader.maximumNestingDepth {
            throw Diagnostic.error(
                "alias '*\(name)' makes collections nest deeper than \(Reader.maximumNestingDepth) levels",
                file: fileName, at: location)
        }
        nodesAddedByAliases += anchored.nodeCount
        if nodesAddedByAliases > Reader.maximumAliasExpansion {
            throw Diagnostic.error(
                "aliases expand to more than \(Reader.maximumAliasExpansion) nodes; refusing a document that grows this much",
                file: fileName, at: location)
        }
        if let top = open.indices.last, open[top].isMapping, open[top].pendingKey == nil {
            guard let key = anchored.node.scalarText ?? (anchored.node.isNull ? "null" : nil) else {
                throw Diagnostic.error(
                    "alias '*\(name)' is used as a mapping key but refers to \(anchored.node.kindDescription)",
                    file: fileName, at: location)
            }
            try spend(nodes: 0, textSize: key.utf8.count, at: location, alias: name)
            open[top].descendantTextSize += key.utf8.count
            open[top].pendingKey = key
            open[top].pendingKeyLocation = location
            return
        }
        try spend(nodes: anchored.nodeCount, textSize: anchored.textSize, at: location, alias: name)
        try add(anchored.node, height: anchored.height, nodeCount: anchored.nodeCount, textSize: anchored.textSize)
    }

    // MARK: Budget

    /// Charges the budget with what a node, a key or an alias's copy adds to the tree; `alias`
    /// names the alias, for the error.
    private mutating func spend(
        nodes: Int, textSize: Int, at location: SourceLocation, alias: String? = nil
    ) throws(Diagnostic) {
        guard !budget.spend(nodes: nodes, textSize: textSize) else { return }
        throw budget.exceeded(
            file: fileName, at: location, alias: alias.map { ($0, nodes, textSize) })
    }

    // MARK: Attaching nodes

    /// Attaches a finished node to the innermost open collection, or makes it the root.
    private mutating func add(_ node: Node, height: Int, nodeCount: Int, textSize: Int) throws(Diagnostic) {
        guard let top = open.indices.last else {
            root = node
            return
        }
        open[top].childHeight = max(open[top].childHeight, height)
        open[top].descendantCount += nodeCount
        open[top].descendantTextSize += textSize
        guard open[top].isMapping else {
            items.append(node)
            return
        }
        guard let key = open[top].pendingKey else {
            // Unreachable: scalars and aliases in key position become keys before reaching here,
            // and collections in key position are rejected when they open.
            throw Diagnostic.error("a mapping key must be a scalar", file: fileName, at: node.location)
        }
        if open[top].pendingKeyIsMerge {
            open[top].merges.append(try merge(node, position: entries.count - open[top].firstChild))
        } else {
            entries.append(Mapping.Entry(key: key, keyLocation: open[top].pendingKeyLocation, value: node))
        }
        open[top].pendingKey = nil
        open[top].pendingKeyIsMerge = false
    }

    /// The mappings a `<<` key names: one mapping, or a sequence of mappings.
    private func merge(_ node: Node, position: Int) throws(Diagnostic) -> MappingAssembly.Merge {
        if let mapping = node.mapping {
            return MappingAssembly.Merge(position: position, sources: [mapping])
        }
        if let sequence = node.sequence {
            var sources: [Mapping] = []
            for item in sequence {
                guard let mapping = item.mapping else {
                    throw Diagnostic.error(
                        "a merge key '<<' lists \(item.kindDescription); only mappings can be merged",
                        file: fileName, at: item.location)
                }
                sources.append(mapping)
            }
            return MappingAssembly.Merge(position: position, sources: sources)
        }
        throw Diagnostic.error(
            "the value of a merge key '<<' must be a mapping or a sequence of mappings, not \(node.kindDescription)",
            file: fileName, at: node.location)
    }
}
