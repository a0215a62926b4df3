import Testing

@testable import MusubiClientModel

struct AliasChainsTests {
    @Test func eachAliasGetsTheEndOfItsChain() {
        let aliases = ["A": "B", "B": "C", "C": "String", "D": "B", "E": "Role", "F": "E"]
        let ends = AliasChains.ends(of: aliases, where: { $0 == "Role" })
        #expect(ends == ["A": "String", "B": "String", "C": "String", "D": "String", "E": "Role", "F": "Role"])
    }

    /// A chain stops at the first name the question accepts, even when that name is itself an
    /// alias.
    @Test func aChainEndsAtTheFirstAcceptedName() {
        let ends = AliasChains.ends(of: ["A": "B", "B": "C", "C": "Int"], where: { $0 == "B" })
        #expect(ends == ["A": "B", "C": "Int"])
    }

    /// Aliases that come back on themselves have no end, nor do those that lead into them.
    @Test func aCycleHasNoEnd() {
        let aliases = ["A": "B", "B": "A", "C": "A", "D": "Int"]
        #expect(AliasChains.ends(of: aliases, where: { _ in false }) == ["D": "Int"])
    }
}
