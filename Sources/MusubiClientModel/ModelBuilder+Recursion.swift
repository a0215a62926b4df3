/// Recursive types: a struct or enum that contains itself, directly or through other structs
/// and enums, has no finite size. Arrays and dictionaries already store their elements out of
/// line, so only plain (optional or not) struct- or enum-valued members on a cycle need a box:
/// a struct's property goes into an `Indirect`, an enum's case becomes `indirect`. Alternatives
/// of a `oneOf` or `anyOf` that are models are always out of line, which bounds type sizes.
extension ModelBuilder {
    func boxRecursiveProperties() {
        var index: [String: Int] = [:]
        for (offset, model) in models.enumerated() { index[model.name] = offset }

        /// The struct or `oneOf` enum a member's type stores inline, following type aliases;
        /// nil for collections, scalars and open enums.
        func inlineStruct(_ type: String) -> Int? {
            var name = type.hasSuffix("?") ? String(type.dropLast()) : type
            for _ in 0..<16 {
                guard let offset = index[name] else { return nil }
                switch models[offset].kind {
                case .struct, .oneOf, .anyOf: return offset
                case .enum: return nil
                case .typealias:
                    let aliased = models[offset].aliasedType
                    name = aliased.hasSuffix("?") ? String(aliased.dropLast()) : aliased
                }
            }
            return nil
        }

        // Edges: member `m` (a property, or a `oneOf` case) of type `s` stores type `t` inline.
        var edges: [[(property: Int, target: Int)]] = Array(repeating: [], count: models.count)
        for offset in models.indices {
            let memberTypes: [String]
            switch models[offset].kind {
            case .struct, .anyOf: memberTypes = models[offset].properties.map(\.type)
            case .oneOf: memberTypes = models[offset].alternatives.map(\.type)
            case .enum, .typealias: memberTypes = []
            }
            for (member, type) in memberTypes.enumerated() {
                if let target = inlineStruct(type) {
                    edges[offset].append((member, target))
                }
            }
        }

        // A `oneOf` or `anyOf` keeps each alternative that is a model out of line (`indirect`
        // cases, boxed properties) whether or not it is on a cycle: Stripe's expandable fields
        // (`anyOf: [string, Customer]`) would otherwise nest every object inside every other,
        // and the compiler spends minutes on the copy and layout code of types kilobytes
        // large. It also breaks every cycle through a composition.
        for offset in models.indices where models[offset].kind == .oneOf || models[offset].kind == .anyOf {
            for edge in edges[offset] {
                box(property: edge.property, of: offset)
            }
            edges[offset] = []
        }
        // Of the cycles that remain (through structs only), an edge is on one exactly when both
        // ends are in the same strongly connected component; one pass of Tarjan's algorithm
        // finds them all.
        let component = StronglyConnectedComponents(edges: edges.map { $0.map(\.target) }).component
        for offset in models.indices {
            for edge in edges[offset] where component[edge.target] == component[offset] {
                box(property: edge.property, of: offset)
            }
        }
    }

    private func box(property: Int, of offset: Int) {
        updateModel(at: offset) { model in
            if model.kind == .oneOf {
                model.alternatives[property].indirectKeyword = "indirect "
                return
            }
            model.properties[property].makeIndirect()
            model.initParameters[property].assignment = model.properties[property].initAssignment
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
