import Testing

@testable import MusubiClientModel

/// `TypeCatalog.end(ofAliases:)`: where a chain of aliases ends, followed once and remembered.
@Suite struct AliasEndTests {
    private func alias(_ name: String, of type: SwiftType) -> TypeDeclaration {
        TypeDeclaration(name: name, fileName: name + ".swift", docLines: [], definition: .alias(type))
    }

    @Test func aChainEndsAtTheFirstTypeThatIsNoAliasThroughOptionals() {
        var catalog = TypeCatalog()
        catalog.declare(alias("A", of: .named("B")))
        catalog.declare(alias("B", of: .optional(.named("C"))))
        #expect(catalog.end(ofAliases: .named("A")) == .named("C"))
        #expect(catalog.end(ofAliases: .optional(.named("B"))) == .named("C"))
        #expect(catalog.end(ofAliases: .array(.named("A"))) == .array(.named("A")))
        #expect(catalog.end(ofAliases: .named("String")) == .named("String"))
    }

    @Test func aChainThatGrowsAfterItWasFollowedIsFollowedToItsNewEnd() {
        var catalog = TypeCatalog()
        catalog.declare(alias("A", of: .named("B")))
        #expect(catalog.end(ofAliases: .named("A")) == .named("B"))
        // `B` is declared later, as an alias itself: the remembered end is where to go on from.
        catalog.declare(alias("B", of: .object(of: .named("Pet"))))
        #expect(catalog.end(ofAliases: .named("A")) == .object(of: .named("Pet")))
    }

    @Test func aCycleOfAliasesEndsWhereItCloses() {
        var catalog = TypeCatalog()
        catalog.declare(alias("A", of: .named("B")))
        catalog.declare(alias("B", of: .named("A")))
        #expect(catalog.end(ofAliases: .named("A")) == .named("A"))
        #expect(catalog.end(ofAliases: .named("B")) == .named("A"))
        #expect(catalog.end(ofAliases: .named("A")) == .named("A"))
    }
}
