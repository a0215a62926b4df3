import MusubiDocument
import Testing

@Suite struct HTTPSyntaxTests {
    @Test(arguments: [
        "application/json", "application/vnd.api+json", "text/plain; charset=utf-8", "text/plain;charset=\"utf-8\"",
        "*/*", "text/*", "multipart/form-data; boundary=x", "application/json;", "text/plain ; a=b ;c=\"d\\\"e\"",
        "application/problem+json", "x-custom/y.z_1",
    ])
    func mediaTypes(text: String) {
        #expect(HTTPSyntax.isMediaType(text))
    }

    @Test(arguments: [
        "", "json", "application/", "/json", "application/json\"); x(); //", "text/plain\nx", "a/b c",
        "text/plain; charset", "text/plain; charset=\"open", "text/plain; charset=\"a\"b", "a/b; c=d e",
        "appli cation/json", "a/b/c", "text/plain; q=\"\u{7}\"", "tëxt/plain", "text/plain\u{202E}",
    ])
    func notMediaTypes(text: String) {
        #expect(!HTTPSyntax.isMediaType(text))
    }

    @Test func mediaTypeLists() {
        #expect(HTTPSyntax.isMediaTypeList("image/png, image/jpeg"))
        #expect(HTTPSyntax.isMediaTypeList("image/png"))
        #expect(!HTTPSyntax.isMediaTypeList("image/png,"))
        #expect(!HTTPSyntax.isMediaTypeList("image/png, \"); x()"))
    }

    @Test func tokens() {
        for name in ["X-Rate-Limit", "api_key", "a!#$%&'*+-.^_`|~9"] {
            #expect(HTTPSyntax.isToken(name), "\(name)")
        }
        for name in ["", "X Rate", "X-Rate\n", "a:b", "a\"b", "a(b)", "a/b", "ä", "a\u{200B}"] {
            #expect(!HTTPSyntax.isToken(name), "\(name)")
        }
    }
}
