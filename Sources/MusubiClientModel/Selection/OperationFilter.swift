import MusubiDocument

/// Which operations to generate: those matching any `include` pattern (every operation when
/// there is none), minus those matching any `exclude` pattern. Only the schemas the kept
/// operations reach are generated.
public struct OperationFilter: Sendable {
    /// Glob patterns (see ``Glob``) per thing an operation is matched by.
    public struct Patterns: Sendable {
        /// Matched against each of the operation's tags.
        public var tags: [Configured<Glob>]
        /// Matched against the `operationId`; an operation without one matches none.
        public var operations: [Configured<Glob>]
        /// Matched against the path template as written (`/repos/{owner}/{repo}/issues`).
        public var paths: [Configured<Glob>]

        public init(
            tags: [Configured<Glob>] = [], operations: [Configured<Glob>] = [], paths: [Configured<Glob>] = []
        ) {
            self.tags = tags
            self.operations = operations
            self.paths = paths
        }

        public var isEmpty: Bool { tags.isEmpty && operations.isEmpty && paths.isEmpty }

        /// Every pattern with what it is matched against.
        var all: [(pattern: Configured<Glob>, subject: Subject)] {
            tags.map { ($0, .tag) } + operations.map { ($0, .operationID) } + paths.map { ($0, .path) }
        }

        /// Whether any pattern matches the operation.
        func matchAny(_ operation: APIOperation) -> Bool {
            all.contains { $0.subject.matches($0.pattern.value, operation) }
        }
    }

    enum Subject {
        case tag, operationID, path

        func matches(_ glob: Glob, _ operation: APIOperation) -> Bool {
            switch self {
            case .tag: operation.tags.contains { glob.matches($0) }
            case .operationID: operation.operationID.map { glob.matches($0) } ?? false
            case .path: glob.matches(operation.path)
            }
        }

        var noun: String {
            switch self {
            case .tag: "tag"
            case .operationID: "operationId"
            case .path: "path"
            }
        }
    }

    public var include: Patterns
    public var exclude: Patterns

    public init(include: Patterns = Patterns(), exclude: Patterns = Patterns()) {
        self.include = include
        self.exclude = exclude
    }

    public var isEmpty: Bool { include.isEmpty && exclude.isEmpty }

    /// Whether the operation is generated.
    public func keeps(_ operation: APIOperation) -> Bool {
        (include.isEmpty || include.matchAny(operation)) && !exclude.matchAny(operation)
    }
}
