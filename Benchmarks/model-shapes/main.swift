// The model-shapes benchmark's program (see run.sh): for each payload, decodes, encodes,
// compares and hashes the generated models and what a careful developer writes by hand for
// the same JSON, at call sites that name the types (as an app's code does), alternating
// between the two, and prints the median of the rounds.
import Foundation
import ShapeModels

struct HandThing: Codable, Hashable {
    var id: String
    var object: String
    var created: Int
}

/// An ID, or the object it names when expanded: the string first, then the object.
enum IDOrObject<Object: Codable & Hashable>: Codable, Hashable {
    case id(String)
    case object(Object)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(String.self) {
            self = .id(id)
        } else {
            self = .object(try container.decode(Object.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .id(let id): try container.encode(id)
        case .object(let object): try container.encode(object)
        }
    }
}

struct HandExpandable: Codable, Hashable {
    var id: String
    var f0, f1, f2, f3, f4, f5, f6, f7, f8, f9: IDOrObject<HandThing>?
}

struct HandNullables: Codable, Hashable {
    var id: String
    var s0, s1, s2, s3, s4, s5, s6, s7, s8, s9: String?
    var n0, n1, n2, n3, n4: Int?
}

struct HandStrings: Codable, Hashable {
    var id: String
    var s0, s1, s2, s3, s4, s5, s6, s7, s8, s9: String
    var n0, n1, n2, n3, n4: Int
}

enum HandState0: String, Codable, Hashable { case state_0_0, state_0_1, state_0_2, state_0_3, state_0_4 }
enum HandState1: String, Codable, Hashable { case state_1_0, state_1_1, state_1_2, state_1_3, state_1_4 }
enum HandState2: String, Codable, Hashable { case state_2_0, state_2_1, state_2_2, state_2_3, state_2_4 }
enum HandState3: String, Codable, Hashable { case state_3_0, state_3_1, state_3_2, state_3_3, state_3_4 }
enum HandState4: String, Codable, Hashable { case state_4_0, state_4_1, state_4_2, state_4_3, state_4_4 }
enum HandState5: String, Codable, Hashable { case state_5_0, state_5_1, state_5_2, state_5_3, state_5_4 }
enum HandState6: String, Codable, Hashable { case state_6_0, state_6_1, state_6_2, state_6_3, state_6_4 }
enum HandState7: String, Codable, Hashable { case state_7_0, state_7_1, state_7_2, state_7_3, state_7_4 }
enum HandState8: String, Codable, Hashable { case state_8_0, state_8_1, state_8_2, state_8_3, state_8_4 }
enum HandState9: String, Codable, Hashable { case state_9_0, state_9_1, state_9_2, state_9_3, state_9_4 }

struct HandStatuses: Codable, Hashable {
    var id: String
    var e0: HandState0
    var e1: HandState1
    var e2: HandState2
    var e3: HandState3
    var e4: HandState4
    var e5: HandState5
    var e6: HandState6
    var e7: HandState7
    var e8: HandState8
    var e9: HandState9
}

struct HandLinked: Codable, Hashable {
    var id: String
    var s0, s1, s2, s3, s4, s5, s6, s7, s8, s9: String
    var n0, n1, n2, n3, n4: Int
    var html_url, api_url: String
}

let folder = URL(fileURLWithPath: CommandLine.arguments[1])
let rounds = Int(CommandLine.arguments[2]) ?? 9

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

/// The four operations on one payload, each side timed in turn, the first side alternating.
func measure<Hand: Codable & Hashable, Generated: Codable & Hashable>(
    _ payload: String, _: Hand.Type, _: Generated.Type
) throws {
    let data = try Data(contentsOf: folder.appendingPathComponent(payload + ".json"))
    let hand = try JSONDecoder().decode([Hand].self, from: data)
    let handCopy = try JSONDecoder().decode([Hand].self, from: data)
    let generated = try JSONDecoder().decode([Generated].self, from: data)
    let generatedCopy = try JSONDecoder().decode([Generated].self, from: data)
    var equal = true
    var hashes = 0
    let operations: [(String, () throws -> Void, () throws -> Void)] = [
        ("decode", { _ = try JSONDecoder().decode([Hand].self, from: data) },
         { _ = try JSONDecoder().decode([Generated].self, from: data) }),
        ("encode", { _ = try JSONEncoder().encode(hand) }, { _ = try JSONEncoder().encode(generated) }),
        ("==", { for _ in 0..<20 { equal = equal && hand == handCopy } },
         { for _ in 0..<20 { equal = equal && generated == generatedCopy } }),
        ("hash(into:)", { for _ in 0..<20 { var hasher = Hasher(); hasher.combine(hand); hashes &+= hasher.finalize() } },
         { for _ in 0..<20 { var hasher = Hasher(); hasher.combine(generated); hashes &+= hasher.finalize() } }),
    ]
    for (name, handBody, generatedBody) in operations {
        var handTimes: [Double] = []
        var generatedTimes: [Double] = []
        for round in 0..<rounds {
            if round % 2 == 0 {
                handTimes.append(try milliseconds(handBody))
                generatedTimes.append(try milliseconds(generatedBody))
            } else {
                generatedTimes.append(try milliseconds(generatedBody))
                handTimes.append(try milliseconds(handBody))
            }
        }
        let ratio = median(zip(generatedTimes, handTimes).map { $0 / $1 })
        print(String(format: "| %@ | %@ | %.2f ms | %.2f ms | %.2f× |", payload, name, median(handTimes),
                     median(generatedTimes), ratio))
    }
    precondition(equal && hashes != 0, "the copies compare equal")
}

try measure("ids", HandExpandable.self, ShapeModels.Expandable.self)
try measure("objects", HandExpandable.self, ShapeModels.Expandable.self)
try measure("nullables", HandNullables.self, Nullables.self)
try measure("strings", HandStrings.self, Strings.self)
try measure("statuses", HandStatuses.self, Statuses.self)
try measure("linked", HandLinked.self, Linked.self)
