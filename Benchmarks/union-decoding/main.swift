// The union-decoding benchmark's program (see run.sh): decodes the same payload into the
// generated `Item` and into what a careful developer writes by hand for an ID-or-object
// field, an enum that tries the string and then the object, alternating, and prints the
// median of the rounds.
import Foundation
import UnionModels

struct HandThing: Codable, Hashable {
    var id: String
    var object: String
    var created: Int
}

enum Expandable<Object: Codable & Hashable>: Codable, Hashable {
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

struct HandItem: Codable, Hashable {
    var id: String
    var amount: Int?
    var f0, f1, f2, f3, f4, f5, f6, f7, f8, f9: Expandable<HandThing>?
}

let rounds = Int(CommandLine.arguments[2]) ?? 9
let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

var hand: [Double] = []
var generated: [Double] = []
for round in 0..<rounds {
    let decodeHand = { _ = try JSONDecoder().decode([HandItem].self, from: data) }
    let decodeGenerated = { _ = try JSONDecoder().decode([Item].self, from: data) }
    if round % 2 == 0 {
        hand.append(try milliseconds(decodeHand))
        generated.append(try milliseconds(decodeGenerated))
    } else {
        generated.append(try milliseconds(decodeGenerated))
        hand.append(try milliseconds(decodeHand))
    }
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let ratios = zip(generated, hand).map { $0 / $1 }
print(String(format: "%.1f %.1f %.2f", median(hand), median(generated), median(ratios)))
