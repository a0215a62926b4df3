/// Recursive structs: a struct that contains itself, directly or through other structs, has
/// no finite size. Arrays and dictionaries already store their elements out of line, so only
/// plain (optional or not) struct-valued properties on a cycle need a box.
extension ModelBuilder {
    func boxRecursiveProperties() {
        var index: [String: Int] = [:]
        for (offset, model) in models.enumerated() { index[model.name] = offset }

        /// The struct a property's type stores inline, following type aliases; nil for
        /// collections, scalars and enums.
        func inlineStruct(_ type: String) -> Int? {
            var name = type.hasSuffix("?") ? String(type.dropLast()) : type
            for _ in 0..<16 {
                guard let offset = index[name] else { return nil }
                switch models[offset].kind {
                case .struct: return offset
                case .enum: return nil
                case .typealias:
                    let aliased = models[offset].aliasedType
                    name = aliased.hasSuffix("?") ? String(aliased.dropLast()) : aliased
                }
            }
            return nil
        }

        // Edges: property `p` of struct `s` stores struct `t` inline.
        var edges: [[(property: Int, target: Int)]] = Array(repeating: [], count: models.count)
        for offset in models.indices where models[offset].kind == .struct {
            for (property, declaration) in models[offset].properties.enumerated() {
                if let target = inlineStruct(declaration.type) {
                    edges[offset].append((property, target))
                }
            }
        }

        // An edge is on a cycle exactly when both ends are in the same strongly connected
        // component; one pass of Tarjan's algorithm finds them all.
        let component = StronglyConnectedComponents(edges: edges.map { $0.map(\.target) }).component
        for offset in models.indices {
            for edge in edges[offset] where component[edge.target] == component[offset] {
                box(property: edge.property, of: offset)
            }
        }
    }

    private func box(property: Int, of offset: Int) {
        updateModel(at: offset) { model in
            model.properties[property].makeIndirect()
            model.initParameters[property].assignment = model.properties[property].initAssignment
            model.codingKeys = model.properties.map { property in
                let key = property.storageName.trimmingBackticks
                return CodingKeyDeclaration(
                    name: property.storageName,
                    rawValueClause: key == property.originalName
                        ? "" : " = \(SwiftSourceText.stringLiteral(property.originalName))")
            }
            model.hasCodingKeys = true
        }
    }
}

/// Tarjan's strongly connected components, iterative so that a long chain of types cannot
/// overflow the stack. `component[v]` numbers the component of vertex `v`.
struct StronglyConnectedComponents {
    private(set) var component: [Int]

    init(edges: [[Int]]) {
        let count = edges.count
        var order = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var next = 0
        var components = 0
        component = [Int](repeating: -1, count: count)

        for root in 0..<count where order[root] == -1 {
            // Each frame is a vertex and how many of its edges have been followed.
            var frames: [(vertex: Int, edge: Int)] = [(root, 0)]
            order[root] = next
            lowLink[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let vertex = frame.vertex
                if frame.edge < edges[vertex].count {
                    frames[frames.count - 1].edge += 1
                    let target = edges[vertex][frame.edge]
                    if order[target] == -1 {
                        order[target] = next
                        lowLink[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        lowLink[vertex] = min(lowLink[vertex], order[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.vertex {
                    lowLink[parent] = min(lowLink[parent], lowLink[vertex])
                }
                if lowLink[vertex] == order[vertex] {
                    while let member = stack.popLast() {
                        onStack[member] = false
                        component[member] = components
                        if member == vertex { break }
                    }
                    components += 1
                }
            }
        }
    }
}
