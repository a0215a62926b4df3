/// The types of a client as a directed graph (an edge from a type to each type it holds), to
/// find the types that lead back to themselves.
///
/// The walk keeps its own stack rather than recursing: a spec may nest thousands of schemas,
/// and the generator must not run out of stack on any of them. Time is linear in nodes and
/// edges (Tarjan's strongly connected components), so a spec of many types cannot make it slow.
struct TypeGraph {
    let nodeCount: Int
    /// The nodes an edge leads to from the given one; asked once per node.
    let edges: (Int) -> [Int]

    /// The nodes that lie on a cycle: those in a strongly connected component of more than one
    /// node, and those with an edge to themselves.
    func nodesOnCycles() -> Set<Int> {
        var order = [Int?](repeating: nil, count: nodeCount)
        var lowest = [Int](repeating: 0, count: nodeCount)
        var isOnStack = [Bool](repeating: false, count: nodeCount)
        var stack: [Int] = []
        var onCycles: Set<Int> = []
        var visited = 0

        /// A node being walked: its targets, and how many of them were looked at.
        struct Frame {
            let node: Int
            let targets: [Int]
            var next = 0
        }

        for root in 0..<nodeCount where order[root] == nil {
            var frames: [Frame] = []
            func enter(_ node: Int) {
                order[node] = visited
                lowest[node] = visited
                visited += 1
                stack.append(node)
                isOnStack[node] = true
                frames.append(Frame(node: node, targets: edges(node).filter { (0..<nodeCount).contains($0) }))
            }
            enter(root)
            while let frame = frames.last {
                let node = frame.node
                if frame.next < frame.targets.count {
                    let target = frame.targets[frame.next]
                    frames[frames.count - 1].next += 1
                    if target == node {
                        onCycles.insert(node)
                    }
                    if let targetOrder = order[target] {
                        if isOnStack[target] {
                            lowest[node] = min(lowest[node], targetOrder)
                        }
                    } else {
                        enter(target)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node {
                    lowest[parent] = min(lowest[parent], lowest[node])
                }
                guard lowest[node] == order[node] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    isOnStack[member] = false
                    component.append(member)
                    if member == node { break }
                }
                if component.count > 1 {
                    onCycles.formUnion(component)
                }
            }
        }
        return onCycles
    }
}
