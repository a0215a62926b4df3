import Foundation
import MusubiRuntime
import Testing

@Suite struct RequestPathTests {
    private func path(_ value: some ParameterValue) -> String {
        let path: RequestPath = "/pets/\(value)/photos"
        return path.encoded
    }

    @Test func literalIsUsedVerbatim() {
        let path: RequestPath = "/pets/{weird}"
        #expect(path.encoded == "/pets/{weird}")
    }

    @Test func plainValuesAreUnchanged() {
        #expect(path("rex-1.2_~") == "/pets/rex-1.2_~/photos")
        #expect(path(42) == "/pets/42/photos")
        #expect(path(Int64(-7)) == "/pets/-7/photos")
    }

    @Test func traversalCannotLeaveTheSegment() {
        #expect(path("../admin") == "/pets/..%2Fadmin/photos")
        #expect(path("a/b") == "/pets/a%2Fb/photos")
    }

    @Test func dotSegmentsAreEncoded() {
        #expect(path(".") == "/pets/%2E/photos")
        #expect(path("..") == "/pets/%2E%2E/photos")
        #expect(path("...") == "/pets/.../photos")
    }

    @Test func delimitersAndPercentAreEncoded() {
        #expect(path("?#%") == "/pets/%3F%23%25/photos")
        #expect(path("a b+c;d") == "/pets/a%20b%2Bc%3Bd/photos")
        #expect(path("[x]\\") == "/pets/%5Bx%5D%5C/photos")
    }

    @Test func segmentSafeDelimitersStay() {
        #expect(path("a:b@c!$&'()*,=") == "/pets/a:b@c!$&'()*,=/photos")
    }

    @Test func unicodeIsUTF8PercentEncoded() {
        #expect(path("ポチ") == "/pets/%E3%83%9D%E3%83%81/photos")
        #expect(path("é") == "/pets/%C3%A9/photos")
    }

    @Test func openEnumsBoolsAndUUIDsUseTheirWireText() {
        #expect(path(PetStatus.pending) == "/pets/pending/photos")
        #expect(path(PetStatus.unknown("sold out")) == "/pets/sold%20out/photos")
        #expect(path(true) == "/pets/true/photos")
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(path(id) == "/pets/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/photos")
    }
}
