extension Reader {
    /// How many nodes the files read for one spec may hold together, YAML aliases expanded:
    /// two million, about twenty times Stripe's spec (99 000).
    ///
    /// The size limit bounds one file, but a spec may `$ref` any number of files, and a file
    /// much smaller than the limit can still describe a huge tree: `[0,0,…]` takes two bytes of
    /// text per node and about eighty bytes of memory. A file of the limit's size written like
    /// a real spec (Stripe's has a node every 42 bytes) holds about 1.6 million.
    public static let maximumNodes = 2_000_000

    /// How many bytes of text (keys and scalar values) the files read for one spec may hold
    /// together, YAML aliases expanded: 64 MiB, as much as the largest file read and about
    /// thirty times Stripe's spec (2.2 MB).
    ///
    /// A file's text is hardly ever longer than the file, so one file reaches this through
    /// aliases: an alias to a long string shares its storage in the tree, but every later stage
    /// copies it again, and so does the generated code, so 800 aliases to one mebibyte would
    /// otherwise write 800 MB of client.
    public static let maximumTextSize = 64 << 20

    /// What the files read for one spec have used of ``Reader/maximumNodes`` and
    /// ``Reader/maximumTextSize``.
    ///
    /// A load passes one budget to every read (``Reader/read(contentsOf:fileName:budget:)``),
    /// so the limits hold for the spec as a whole rather than for each of its files. It is
    /// counted while a file is parsed, as each node is made, so memory stays bounded while
    /// reading: a file that would exceed it stops being read at the node that would, with an
    /// error there. A read that fails leaves the budget as it was, since its tree is not kept.
    public struct Budget: Sendable, Equatable {
        /// The most nodes allowed; ``Reader/maximumNodes`` unless a test asks for less.
        public let maximumNodes: Int
        /// The most bytes of text allowed; ``Reader/maximumTextSize`` unless a test asks for less.
        public let maximumTextSize: Int
        /// Nodes read so far, each alias counting the nodes it copies.
        public internal(set) var nodes = 0
        /// Bytes of keys and scalar values read so far, each alias counting the text it copies.
        public internal(set) var textSize = 0

        public init(maximumNodes: Int = Reader.maximumNodes, maximumTextSize: Int = Reader.maximumTextSize) {
            self.maximumNodes = maximumNodes
            self.maximumTextSize = maximumTextSize
        }

        /// Adds `nodes` nodes and `textSize` bytes of text; false once either limit is passed.
        @inline(__always)
        mutating func spend(nodes: Int, textSize: Int) -> Bool {
            self.nodes += nodes
            self.textSize += textSize
            return self.nodes <= maximumNodes && self.textSize <= maximumTextSize
        }

        /// Whether a limit has been passed.
        var isExceeded: Bool { nodes > maximumNodes || textSize > maximumTextSize }

        /// The budget for one of `count` parts of a text read side by side: an equal share of
        /// what is left, so that the parts together can never hold more than the budget allows.
        func share(of count: Int) -> Budget {
            Budget(
                maximumNodes: max(maximumNodes - nodes, 0) / count,
                maximumTextSize: max(maximumTextSize - textSize, 0) / count)
        }

        /// The error for the node at `location` that passed a limit; `alias` names the alias
        /// whose copy did, with what it copies.
        func exceeded(
            file: String, at location: SourceLocation, alias: (name: String, nodes: Int, textSize: Int)? = nil
        ) -> Diagnostic {
            let limit =
                nodes > maximumNodes
                ? "\(maximumNodes) nodes" : "\(FileLoader.describe(maximumTextSize)) of text (keys and scalar values)"
            let copies =
                alias.map {
                    "alias '*\($0.name)' copies \($0.nodes) node\($0.nodes == 1 ? "" : "s") and \($0.textSize) bytes of text: "
                } ?? ""
            return .error(
                copies + "the spec and the files it references hold more than \(limit), YAML aliases expanded; "
                    + "a spec this size is refused",
                file: file, at: location)
        }
    }
}
