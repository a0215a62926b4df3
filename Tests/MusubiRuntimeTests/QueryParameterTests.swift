import Foundation
import MusubiRuntime
import Testing

@Suite struct QueryParameterTests {
    private func encoded(_ parameter: QueryParameter) -> [String] {
        parameter.items.map(\.encoded)
    }

    @Test func nilContributesNothing() {
        let limit: Int? = nil
        let tags: [String]? = nil
        #expect(encoded(QueryParameter("limit", limit)).isEmpty)
        #expect(encoded(QueryParameter("tags", tags)).isEmpty)
        #expect(encoded(QueryParameter("tags", [String]())).isEmpty)
    }

    @Test func scalars() {
        #expect(encoded(QueryParameter("limit", Int32(20))) == ["limit=20"])
        #expect(encoded(QueryParameter("flag", false)) == ["flag=false"])
        #expect(encoded(QueryParameter("ratio", 2.5)) == ["ratio=2.5"])
        #expect(encoded(QueryParameter("price", Decimal(string: "12.30")!)) == ["price=12.3"])
        #expect(encoded(QueryParameter("day", CalendarDate(year: 2024, month: 2, day: 29))) == ["day=2024-02-29"])
        #expect(encoded(QueryParameter("status", PetStatus.available)) == ["status=available"])
        #expect(encoded(QueryParameter("amount", "12.50" as DecimalString)) == ["amount=12.50"])
        #expect(
            encoded(QueryParameter("callback", URL(string: "https://example.com/a b")!)) == [
                "callback=https%3A%2F%2Fexample.com%2Fa%2520b"
            ])
    }

    @Test func datesAreRFC3339InUTC() {
        let date = Date(timeIntervalSince1970: 1_704_164_645)
        #expect(encoded(QueryParameter("since", date)) == ["since=2024-01-02T03%3A04%3A05Z"])
    }

    @Test func arraysExplodeByDefault() {
        #expect(encoded(QueryParameter("tags", ["a", "b"])) == ["tags=a", "tags=b"])
    }

    @Test func arraysWithoutExplodeAreCommaJoined() {
        #expect(encoded(QueryParameter("tags", ["a", "b,c"], explode: false)) == ["tags=a,b%2Cc"])
        #expect(encoded(QueryParameter("ids", [1, 2, 3], explode: false)) == ["ids=1,2,3"])
    }

    @Test func reservedCharactersAreEncoded() {
        #expect(encoded(QueryParameter("q", "a+b&c=d;e f/g?h#i%")) == ["q=a%2Bb%26c%3Dd%3Be%20f%2Fg%3Fh%23i%25"])
        #expect(encoded(QueryParameter("a b", "x")) == ["a%20b=x"])
        #expect(encoded(QueryParameter("name", "ポチ")) == ["name=%E3%83%9D%E3%83%81"])
    }

    @Test func nameIsKept() {
        #expect(QueryParameter("tags", ["a"], explode: false).name == "tags")
    }
}
