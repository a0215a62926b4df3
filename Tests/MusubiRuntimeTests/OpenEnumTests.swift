import Foundation
import MusubiRuntime
import Testing

/// An open enum over integers, to show the protocol is not tied to strings.
private enum Priority: OpenEnum {
    case low
    case high
    case unknown(Int)

    init(rawValue: Int) {
        switch rawValue {
        case 1: self = .low
        case 9: self = .high
        default: self = .unknown(rawValue)
        }
    }

    var rawValue: Int {
        switch self {
        case .low: 1
        case .high: 9
        case .unknown(let value): value
        }
    }
}

/// One over another raw type than `String` and `Int`, which the coder reads and writes as any
/// `Decodable`.
private enum Ratio: OpenEnum {
    case half
    case unknown(Double)

    init(rawValue: Double) { self = rawValue == 0.5 ? .half : .unknown(rawValue) }

    var rawValue: Double {
        switch self {
        case .half: 0.5
        case .unknown(let value): value
        }
    }
}

@Suite struct OpenEnumTests {
    @Test func knownValuesDecodeToTheirCase() throws {
        let statuses = try Coding.standard.decode([PetStatus].self, from: Data(#"["available","pending"]"#.utf8))
        #expect(statuses == [.available, .pending])
    }

    @Test func unknownValuesDecodeAndRoundTrip() throws {
        let data = Data(#"["sold","available"]"#.utf8)
        let statuses = try Coding.standard.decode([PetStatus].self, from: data)
        #expect(statuses == [.unknown("sold"), .available])
        #expect(try Coding.standard.encode(statuses) == data)
    }

    @Test func equalityAndHashingFollowTheRawValue() {
        #expect(PetStatus.unknown("available") == .available)
        #expect(Set([PetStatus.unknown("pending"), .pending]).count == 1)
        #expect(PetStatus.unknown("a") != .unknown("b"))
    }

    /// Comparing starts from the values' bits; values that are equal with different bits (a
    /// case and `unknown` of its raw value, or equal strings in different buffers) are still
    /// equal, and different values never are.
    @Test func equalityIsTheRawValuesWhateverTheBits() {
        let long = String(repeating: "status-", count: 8)
        let other = String(repeating: "status-", count: 4) + String(repeating: "status-", count: 4)
        #expect(PetStatus.unknown(long) == .unknown(other))
        #expect(PetStatus.unknown(long) != .unknown(long + "!"))
        #expect(PetStatus.unknown(long) != .available)
        #expect(PetStatus.pending == .pending)
        #expect(PetStatus.pending != .available)
        #expect(Priority.unknown(9) == .high)
        #expect(Priority.low != .high)
        #expect(Priority.unknown(5) != .unknown(6))
        #expect(Ratio.unknown(0.5) == .half)
        #expect(Ratio.unknown(0.25) != .unknown(0.75))
    }

    @Test func nonStringRawValues() throws {
        let priorities = try Coding.standard.decode([Priority].self, from: Data("[1,5,9]".utf8))
        #expect(priorities == [.low, .unknown(5), .high])
        #expect(priorities.map(\.parameterValue) == ["1", "5", "9"])
        #expect(try Coding.standard.encode(priorities) == Data("[1,5,9]".utf8))

        let ratios = try Coding.standard.decode([Ratio].self, from: Data("[0.5,0.25]".utf8))
        #expect(ratios == [.half, .unknown(0.25)])
        #expect(try Coding.standard.encode(ratios) == Data("[0.5,0.25]".utf8))
    }

    @Test func wrongJSONTypeIsStillAnError() {
        #expect(throws: DecodingError.self) {
            try Coding.standard.decode([PetStatus].self, from: Data("[3]".utf8))
        }
    }
}
