// The model runtime benchmark's instruction counter: runs each operation once on the items of
// one kind, for one variant, each operation in a function of its own, so that callgrind's
// inclusive cost of that function is the operation's cost, the same on every run whatever the
// machine's load. count-instructions.sh copies this file into the benchmark package that
// Scripts/model-benchmark.sh built, beside a generated `Variants.swift` listing the variants.
//
// Usage: InstructionCounts PAYLOAD_DIR VARIANT KIND (indexes into `variantRuns` and the kinds)
import Foundation

func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}

func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
}

@inline(never) func measuredDecode<T: Decodable>(_ type: T.Type, _ data: Data) -> Int {
    (try? makeDecoder().decode([T].self, from: data))?.count ?? -1
}

@inline(never) func measuredEncode<T: Encodable>(_ items: [T]) -> Int {
    (try? makeEncoder().encode(items))?.count ?? -1
}

@inline(never) func measuredEqual<T: Equatable>(_ lhs: [T], _ rhs: [T]) -> Int {
    var equal = 0
    for (left, right) in zip(lhs, rhs) where left == right { equal += 1 }
    return equal
}

@inline(never) func measuredHash<T: Hashable>(_ items: [T]) -> Int {
    var hasher = Hasher()
    for item in items { hasher.combine(item) }
    return hasher.finalize()
}

/// Decodes the items twice (two equal deep copies, so `==` takes no identity shortcut), runs
/// each operation once unmeasured (so that the measured run pays for no lazy setup: symbols
/// bound, metadata made), then once measured.
func run<T: Codable & Hashable>(_ type: T.Type, _ data: Data) -> Int {
    let first = try! makeDecoder().decode([T].self, from: data)
    let second = try! makeDecoder().decode([T].self, from: data)
    var hasher = Hasher()
    hasher.combine(first)
    var sink = hasher.finalize() &+ (first == second ? 1 : 0) &+ (try! makeEncoder().encode(first)).count
    sink &+= measuredDecode(T.self, data)
    sink &+= measuredEncode(first)
    let equal = measuredEqual(first, second)
    precondition(equal == first.count, "two decodings are not equal")
    sink &+= equal
    sink &+= measuredHash(first)
    return sink
}

/// The variant's three model types, as one function of the kind's index and its JSON.
func variant<Issue: Codable & Hashable, Pull: Codable & Hashable, Repo: Codable & Hashable>(
    _ issue: Issue.Type, _ pull: Pull.Type, _ repo: Repo.Type
) -> @Sendable (Int, Data) -> Int {
    { kind, data in
        switch kind {
        case 0: run(Issue.self, data)
        case 1: run(Pull.self, data)
        default: run(Repo.self, data)
        }
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let index = Int(arguments[2]), let kind = Int(arguments[3]),
    variantRuns.indices.contains(index), (0..<3).contains(kind)
else {
    print("usage: InstructionCounts PAYLOAD_DIR VARIANT KIND")
    exit(64)
}
let file = ["issue.json", "pull-request.json", "full-repository.json"][kind]
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1] + "/" + file))
print("checksum", variantRuns[index](kind, data) & 0xFFFF)
