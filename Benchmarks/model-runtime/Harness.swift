// The model runtime benchmark's harness: times decoding, encoding, `==` and `hash(into:)` of
// the same JSON payload for each variant (plain structs, Musubi's models, a baseline Musubi's,
// swift-openapi-generator's), the variants interleaved within each round so a burst of load
// from elsewhere on the machine hits them alike. Scripts/model-benchmark.sh copies this file
// into the benchmark package beside a generated `Variants.swift`, which lists the variants and
// the payload's kinds.
//
// Usage: ModelBench PAYLOAD_DIR ROUNDS
import Foundation

/// One kind of item in the payload: a JSON array of items in `PAYLOAD_DIR/<file>`.
struct Kind: Sendable {
    let label: String
    let file: String
}

/// The same coder settings for every variant, so the table compares model code, not coder
/// configuration: dates as ISO 8601 text, no key sorting, no pretty printing.
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

/// What is timed, each on one kind of item at a time (all items of that kind in one call).
enum Operation: CaseIterable {
    case decode, encode, equal, hash

    var label: String {
        switch self {
        case .decode: "decode"
        case .encode: "encode"
        case .equal: "=="
        case .hash: "hash(into:)"
        }
    }

    /// The issue's target, as the highest acceptable ratio to the plain structs.
    var target: String {
        switch self {
        case .decode: "≤ 1.1×"
        case .encode: "≤ 1.2×"
        case .equal, .hash: "≤ 1.5×"
        }
    }
}

/// One variant's models of the three kinds. The payload is decoded twice up front, giving two
/// equal deep copies, so `==` cannot take an identity shortcut.
protocol Variant: AnyObject {
    var name: String { get }
    /// Whether all three model types conform to `Hashable` (Musubi's need not).
    var isHashable: Bool { get }
    /// Runs `operation` once over all items of kind `kind`; returns something derived from
    /// the work so the optimizer cannot drop it.
    func run(_ operation: Operation, kind: Int) throws -> Int
    /// Whether the items of kind `kind`, encoded and decoded again, equal the decoded ones: a
    /// check that the variant's models keep what they decode.
    func roundTrips(kind: Int) throws -> Bool
}

final class Models<Issue: Codable & Equatable, Pull: Codable & Equatable, Repo: Codable & Equatable>: Variant {
    let name: String
    let payload: [Data]
    let first: ([Issue], [Pull], [Repo])
    let second: ([Issue], [Pull], [Repo])
    /// The first copy's three arrays as `any Hashable`, or nil when a type is not `Hashable`
    /// (checked at run time so a variant without `Hashable` still compiles and runs).
    let hashables: [any Hashable]?

    init(name: String, payload: [Data]) throws {
        self.name = name
        self.payload = payload
        first = try Self.decodeAll(payload)
        second = try Self.decodeAll(payload)
        let hashables = [first.0 as Any, first.1 as Any, first.2 as Any].compactMap { $0 as? any Hashable }
        self.hashables = hashables.count == 3 ? hashables : nil
    }

    var isHashable: Bool { hashables != nil }

    static func decodeAll(_ payload: [Data]) throws -> ([Issue], [Pull], [Repo]) {
        let decoder = makeDecoder()
        return (
            try decoder.decode([Issue].self, from: payload[0]),
            try decoder.decode([Pull].self, from: payload[1]),
            try decoder.decode([Repo].self, from: payload[2])
        )
    }

    func run(_ operation: Operation, kind: Int) throws -> Int {
        switch (operation, kind) {
        case (.decode, 0): return try makeDecoder().decode([Issue].self, from: payload[0]).count
        case (.decode, 1): return try makeDecoder().decode([Pull].self, from: payload[1]).count
        case (.decode, _): return try makeDecoder().decode([Repo].self, from: payload[2]).count
        case (.encode, 0): return try makeEncoder().encode(first.0).count
        case (.encode, 1): return try makeEncoder().encode(first.1).count
        case (.encode, _): return try makeEncoder().encode(first.2).count
        case (.equal, 0): return first.0 == second.0 ? 1 : 0
        case (.equal, 1): return first.1 == second.1 ? 1 : 0
        case (.equal, _): return first.2 == second.2 ? 1 : 0
        case (.hash, _):
            guard let hashables else { return 0 }
            var hasher = Hasher()
            hashables[kind].hash(into: &hasher)
            return hasher.finalize()
        }
    }
}

extension Models {
    func roundTrips(kind: Int) throws -> Bool {
        switch kind {
        case 0: try makeDecoder().decode([Issue].self, from: makeEncoder().encode(first.0)) == first.0
        case 1: try makeDecoder().decode([Pull].self, from: makeEncoder().encode(first.1)) == first.1
        default: try makeDecoder().decode([Repo].self, from: makeEncoder().encode(first.2)) == first.2
        }
    }
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// `0.000123` s → `123 µs`, three significant digits.
func duration(_ seconds: Double) -> String {
    let (value, unit) =
        seconds >= 1 ? (seconds, "s") : seconds >= 1e-3 ? (seconds * 1e3, "ms") : (seconds * 1e6, "µs")
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    return String(format: "%.\(digits)f %@", value, unit)
}

func ratio(_ ratio: Double) -> String {
    return String(format: ratio >= 10 ? "%.0f×" : "%.2f×", ratio)
}

// ---- main ------------------------------------------------------------------------------

let arguments = CommandLine.arguments
guard arguments.count == 3, let rounds = Int(arguments[2]), rounds > 0 else {
    print("usage: ModelBench PAYLOAD_DIR ROUNDS")
    exit(64)
}
let payload = try kinds.map { try Data(contentsOf: URL(fileURLWithPath: arguments[1] + "/" + $0.file)) }

// Each variant decodes the payload twice now; one that cannot is reported and left out.
var variants: [any Variant] = []
for (name, make) in variantFactories {
    do {
        variants.append(try make(payload))
    } catch {
        print("\(name): cannot decode the payload, left out: \(error)")
    }
}
guard let plain = variants.first, plain.name == "plain" else {
    print("the plain variant did not decode; nothing to compare with")
    exit(1)
}
var sink = 0
for variant in variants {
    for kind in kinds.indices {
        if try variant.run(.equal, kind: kind) != 1 {
            print("\(variant.name): two decodings of the \(kinds[kind].label) are not equal")
        }
        if try !variant.roundTrips(kind: kind) {
            print("\(variant.name): the \(kinds[kind].label) encoded and decoded again are not equal")
        }
    }
}

// Calls per sample, per operation and kind: enough that the plain variant's sample takes about
// 20 ms, so a fast operation is not measured at the clock's resolution.
var calls: [Operation: [Int]] = [:]
for operation in Operation.allCases {
    calls[operation] = try kinds.indices.map { kind in
        sink &+= try plain.run(operation, kind: kind)  // warm up: first calls pay for lazy setup
        let start = now()
        sink &+= try plain.run(operation, kind: kind)
        let once = max(Double(now() - start) / 1e9, 1e-7)
        return max(1, Int((0.02 / once).rounded(.up)))
    }
}

// One untimed call of everything, so no variant's first sample pays for lazy setup.
for variant in variants {
    for operation in Operation.allCases where operation != .hash || variant.isHashable {
        for kind in kinds.indices { sink &+= try variant.run(operation, kind: kind) }
    }
}

// samples[variant][operation][kind]: seconds per call, one value per round.
var samples = [[Operation: [[Double]]]](
    repeating: Dictionary(
        uniqueKeysWithValues: Operation.allCases.map { ($0, Array(repeating: [], count: kinds.count)) }),
    count: variants.count)
for round in 0..<rounds {
    for operation in Operation.allCases {
        for kind in kinds.indices {
            // The variants' order rotates each round, so none is always first after a switch.
            for offset in variants.indices {
                let index = (offset + round) % variants.count
                let variant = variants[index]
                if operation == .hash && !variant.isHashable { continue }
                let count = calls[operation]![kind]
                let start = now()
                for _ in 0..<count { sink &+= try variant.run(operation, kind: kind) }
                samples[index][operation]![kind].append(Double(now() - start) / 1e9 / Double(count))
            }
        }
    }
}

// ---- report ----------------------------------------------------------------------------

/// One variant's seconds per round for an operation: for one kind, or for all kinds (each
/// round's sum over the kinds); nil when the variant has no samples (not `Hashable`).
@MainActor func perRound(_ index: Int, _ operation: Operation, kind: Int?) -> [Double]? {
    let perKind = samples[index][operation]!
    if let kind { return perKind[kind].isEmpty ? nil : perKind[kind] }
    if perKind.contains(where: \.isEmpty) { return nil }
    return perKind[0].indices.map { round in perKind.map { $0[round] }.reduce(0, +) }
}

/// The median of the per-round ratios of a variant to the plain structs: each round's two
/// samples were taken moments apart, so a change in the machine's load between rounds
/// cancels out, where a ratio of two medians would keep it.
@MainActor func pairedRatio(_ index: Int, _ operation: Operation, kind: Int?) -> Double? {
    guard let base = perRound(0, operation, kind: kind), let value = perRound(index, operation, kind: kind) else {
        return nil
    }
    return median(zip(value, base).map { $0 / $1 })
}

@MainActor func table(kind: Int?) {
    let others = variants.indices.dropFirst()
    var header = "| operation | plain |"
    var rule = "|---|---:|"
    for index in others {
        header += " \(variants[index].name) |"
        rule += "---:|"
    }
    for index in others {
        header += " \(variants[index].name) ÷ plain |"
        rule += "---:|"
    }
    print(header + " target |")
    print(rule + "---|")
    for operation in Operation.allCases {
        var row = "| \(operation.label) |"
        for index in variants.indices {
            row += " \(perRound(index, operation, kind: kind).map { duration(median($0)) } ?? "n/a") |"
        }
        for index in others { row += " \(pairedRatio(index, operation, kind: kind).map(ratio) ?? "n/a") |" }
        print(row + " \(operation.target) |")
    }
}

let bytes = payload.map(\.count).reduce(0, +)
let items = try kinds.indices.map { "\(try plain.run(.decode, kind: $0)) \(kinds[$0].label)" }
    .joined(separator: ", ")
print("")
print(
    "All items (\(items), \(String(format: "%.2f", Double(bytes) / 1e6)) MB of JSON); median of \(rounds) rounds (ratios: the median of each round's ratio):"
)
print("")
table(kind: nil)
for kind in kinds.indices {
    print("")
    print("Only the \(kinds[kind].label):")
    print("")
    table(kind: kind)
}
print("")
print("(checksum \(sink & 0xFFFF))")
