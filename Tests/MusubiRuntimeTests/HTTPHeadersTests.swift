import MusubiRuntime
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIgnoresCase() {
        let headers: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Accept"] == nil)
        #expect(headers.contains("content-TYPE"))
    }

    @Test func repeatedFieldsAreKeptAndCombined() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("set-cookie", "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers["Set-Cookie"] == "a=1, b=2")
        #expect(headers.fields.count == 2)
    }

    @Test func setReplacesAllKeepingPosition() {
        var headers = HTTPHeaders()
        headers.add("A", "1")
        headers.add("X-Tag", "old")
        headers.add("B", "2")
        headers.add("x-tag", "older")
        headers.set("X-TAG", "new")
        #expect(headers.fields.map(\.name) == ["A", "X-TAG", "B"])
        #expect(headers["x-tag"] == "new")
    }

    @Test func subscriptSetAndRemove() {
        var headers = HTTPHeaders()
        headers["Accept"] = "text/plain"
        headers["accept"] = "application/json"
        #expect(headers.fields == [HTTPHeaders.Field(name: "accept", value: "application/json")])
        headers["ACCEPT"] = nil
        #expect(headers.fields.isEmpty)
    }

    @Test func methodsAndIdempotency() {
        #expect(HTTPMethod.get.rawValue == "GET")
        #expect(HTTPMethod(rawValue: "PROPFIND").rawValue == "PROPFIND")
        #expect(HTTPMethod.put.isIdempotent)
        #expect(HTTPMethod.delete.isIdempotent)
        #expect(!HTTPMethod.post.isIdempotent)
        #expect(!HTTPMethod.patch.isIdempotent)
    }
}
