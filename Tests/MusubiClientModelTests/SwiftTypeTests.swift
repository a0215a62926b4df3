import Testing

@testable import MusubiClientModel

/// The Swift type value: its one spelling, the structure decisions read from it, and the
/// reading of types a user writes in a configuration.
struct SwiftTypeTests {
    @Test func spellsEachForm() {
        let pet = SwiftType.named("Pet")
        #expect(pet.swiftText == "Pet")
        #expect(SwiftType.optional(pet).swiftText == "Pet?")
        #expect(SwiftType.array(.optional(pet)).swiftText == "[Pet?]")
        #expect(SwiftType.object(of: .array(pet)).swiftText == "[String: [Pet]]")
        #expect(SwiftType.generic("WithHeaders", [pet, .named("Headers")]).swiftText == "WithHeaders<Pet, Headers>")
        #expect(SwiftType.optional(.generic("Indirect", [pet])).swiftText == "Indirect<Pet>?")
    }

    @Test func optionalityIsStructure() {
        let pets = SwiftType.array(.named("Pet"))
        #expect(!pets.isOptional)
        #expect(SwiftType.optional(pets).isOptional)
        #expect(SwiftType.optional(pets).nonOptional == pets)
        #expect(pets.nonOptional == pets)
        // An array of optionals is not optional itself, whatever its spelling ends with.
        #expect(!SwiftType.array(.optional(.named("Pet"))).isOptional)
    }

    @Test func mentionsAndRenamesNamesInside() {
        let type = SwiftType.optional(.object(of: .generic("Indirect", [.named("NullablePet")])))
        #expect(type.mentionedNames == ["String", "Indirect", "NullablePet"])
        let renamed = type.renaming { $0 == "NullablePet" ? "Pet" : nil }
        #expect(renamed.swiftText == "[String: Indirect<Pet>]?")
        // A name that only contains the renamed one is another name.
        #expect(SwiftType.named("NullablePetList").renaming { $0 == "NullablePet" ? "Pet" : nil } == "NullablePetList")
    }

    @Test func readsUserSpellingsIntoStructureAndBackUnchanged() {
        #expect(SwiftType(userSpelling: "[Money]") == .array(.named("Money")))
        #expect(SwiftType(userSpelling: "[String: Money]?") == .optional(.object(of: .named("Money"))))
        #expect(SwiftType(userSpelling: "Box<A, [B]>") == .generic("Box", [.named("A"), .array(.named("B"))]))
        #expect(SwiftType(userSpelling: "Money.Amount") == .named("Money.Amount"))
        // Text that would not read back as written stays one name, spelled as given.
        for text in ["[String:Money]", "Box<A,B>", "[A, B]", "(Int, Int)", "", "?"] {
            #expect(SwiftType(userSpelling: text) == .named(text), "\(text)")
        }
        for text in ["[String: Money]?", "[[Int]]", "Box<A, [B: C]>?", "Money.Amount", "[String:Money]"] {
            #expect(SwiftType(userSpelling: text).swiftText == text)
        }
    }
}
