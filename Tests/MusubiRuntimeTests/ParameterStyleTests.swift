import Foundation
import MusubiRuntime
import Testing

/// The OpenAPI 3.1.1 "Style Examples" table, row by row: `color` as the primitive `blue`, the
/// array `[blue, black, brown]` and the object `{R: 100, G: 200, B: 150}`.
@Suite struct ParameterStyleTests {
    /// A model struct with properties in the table's order, as generated models encode.
    struct RGB: Codable, Hashable, Sendable {
        var r = 100, g = 200, b = 150

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: StringCodingKey.self)
            try container.encode(r, forKey: "R")
            try container.encode(g, forKey: "G")
            try container.encode(b, forKey: "B")
        }
    }

    let primitive = "blue"
    let array = ["blue", "black", "brown"]
    let object = RGB()

    private func query(_ parameter: QueryParameter) -> String {
        parameter.items.map(\.encoded).joined(separator: "&")
    }

    // MARK: Path

    /// Numbers are written as JSON writes them: a whole `Double` without a fraction (Mux's
    /// Unix times are `type: number`, and its server refuses `1700000000.0`), others shortest.
    @Test func numbersAreWrittenAsJSONWritesThem() {
        #expect(1_700_000_000.0.parameterValue == "1700000000")
        #expect((-5.0).parameterValue == "-5")
        #expect(2.5.parameterValue == "2.5")
        #expect(0.1.parameterValue == "0.1")
        #expect(1e-7.parameterValue == "1e-07")
        #expect(1e20.parameterValue == "1e+20")
        #expect(Float(3).parameterValue == "3")
        #expect(Float(0.5).parameterValue == "0.5")
        #expect(query(QueryParameter("at", 5.0)) == "at=5")
    }

    @Test func pathSimple() {
        #expect(("/\(primitive)" as RequestPath).encoded == "/blue")
        #expect(("/\(array)" as RequestPath).encoded == "/blue,black,brown")
        #expect(("/\(object)" as RequestPath).encoded == "/R,100,G,200,B,150")
        #expect(("/\(primitive, explode: true)" as RequestPath).encoded == "/blue")
        #expect(("/\(array, explode: true)" as RequestPath).encoded == "/blue,black,brown")
        #expect(("/\(object, explode: true)" as RequestPath).encoded == "/R=100,G=200,B=150")
    }

    @Test func pathLabel() {
        #expect(("/\(label: primitive)" as RequestPath).encoded == "/.blue")
        #expect(("/\(label: array)" as RequestPath).encoded == "/.blue,black,brown")
        #expect(("/\(label: object)" as RequestPath).encoded == "/.R,100,G,200,B,150")
        #expect(("/\(label: primitive, explode: true)" as RequestPath).encoded == "/.blue")
        #expect(("/\(label: array, explode: true)" as RequestPath).encoded == "/.blue.black.brown")
        #expect(("/\(label: object, explode: true)" as RequestPath).encoded == "/.R=100.G=200.B=150")
        #expect(("/\(label: "")" as RequestPath).encoded == "/.")
    }

    @Test func pathMatrix() {
        #expect(("/\(matrix: primitive, name: "color")" as RequestPath).encoded == "/;color=blue")
        #expect(("/\(matrix: array, name: "color")" as RequestPath).encoded == "/;color=blue,black,brown")
        #expect(("/\(matrix: object, name: "color")" as RequestPath).encoded == "/;color=R,100,G,200,B,150")
        #expect(("/\(matrix: primitive, name: "color", explode: true)" as RequestPath).encoded == "/;color=blue")
        #expect(
            ("/\(matrix: array, name: "color", explode: true)" as RequestPath).encoded
                == "/;color=blue;color=black;color=brown")
        #expect(("/\(matrix: object, name: "color", explode: true)" as RequestPath).encoded == "/;R=100;G=200;B=150")
        #expect(("/\(matrix: "", name: "color")" as RequestPath).encoded == "/;color")
    }

    @Test func pathSeparatorsInsideValuesAreEncoded() {
        #expect(("/\(["a,b", "c=d", "e;f"])" as RequestPath).encoded == "/a%2Cb,c%3Dd,e%3Bf")
        #expect(("/\(matrix: ["x/y"], name: "c d", explode: true)" as RequestPath).encoded == "/;c%20d=x%2Fy")
        #expect(("/\(label: "../admin")" as RequestPath).encoded == "/...%2Fadmin")
        #expect(("/\(label: "..")" as RequestPath).encoded == "/.%2E%2E")
    }

    // MARK: Query

    @Test func queryForm() {
        #expect(query(QueryParameter("color", primitive)) == "color=blue")
        #expect(query(QueryParameter("color", array)) == "color=blue&color=black&color=brown")
        #expect(query(QueryParameter("color", object)) == "R=100&G=200&B=150")
        #expect(query(QueryParameter("color", primitive, explode: false)) == "color=blue")
        #expect(query(QueryParameter("color", array, explode: false)) == "color=blue,black,brown")
        #expect(query(QueryParameter("color", object, explode: false)) == "color=R,100,G,200,B,150")
        #expect(query(QueryParameter("color", "")) == "color=")
    }

    @Test func querySpaceDelimited() {
        #expect(query(QueryParameter("color", array, style: .spaceDelimited)) == "color=blue%20black%20brown")
        #expect(query(QueryParameter("color", object, style: .spaceDelimited)) == "color=R%20100%20G%20200%20B%20150")
    }

    @Test func queryPipeDelimited() {
        #expect(query(QueryParameter("color", array, style: .pipeDelimited)) == "color=blue%7Cblack%7Cbrown")
        #expect(query(QueryParameter("color", object, style: .pipeDelimited)) == "color=R%7C100%7CG%7C200%7CB%7C150")
    }

    @Test func queryDelimitedWithExplodeIsLikeForm() {
        #expect(
            query(QueryParameter("color", array, style: .pipeDelimited, explode: true))
                == "color=blue&color=black&color=brown")
    }

    @Test func queryDeepObject() {
        #expect(
            query(QueryParameter("color", object, style: .deepObject))
                == "color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150")
    }

    /// Not defined by OpenAPI; what Stripe's `expand` and nested `created[gte]` need.
    @Test func queryDeepObjectArraysAndNesting() {
        #expect(
            query(QueryParameter("expand", ["customer", "invoice"], style: .deepObject))
                == "expand%5B0%5D=customer&expand%5B1%5D=invoice")
        let nested: [String: [String: Int]] = ["created": ["lt": 2, "gte": 1]]
        #expect(
            query(QueryParameter("q", nested, style: .deepObject))
                == "q%5Bcreated%5D%5Bgte%5D=1&q%5Bcreated%5D%5Blt%5D=2")
    }

    @Test func dictionariesAreSortedByKey() {
        let free: [String: String] = ["b": "2", "a": "1", "c": "3"]
        #expect(query(QueryParameter("m", free, style: .deepObject)) == "m%5Ba%5D=1&m%5Bb%5D=2&m%5Bc%5D=3")
        #expect(query(QueryParameter("m", free)) == "a=1&b=2&c=3")
    }

    @Test func nilMembersAreLeftOut() {
        struct Range: Encodable {
            var gte: Int?
            var lt: Int?
        }
        #expect(query(QueryParameter("created", Range(gte: 5), style: .deepObject)) == "created%5Bgte%5D=5")
        #expect(query(QueryParameter("created", Range(), style: .deepObject)).isEmpty)
    }

    @Test func scalarsInsideObjectsUseTheirParameterText() {
        struct Window: Encodable {
            var since = Date(timeIntervalSince1970: 1_704_164_645)
            var id = UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!
            var day = CalendarDate(year: 2024, month: 2, day: 29)
        }
        #expect(
            query(QueryParameter("w", Window(), style: .deepObject))
                == "w%5Bsince%5D=2024-01-02T03%3A04%3A05Z&w%5Bid%5D=123e4567-e89b-12d3-a456-426614174000&w%5Bday%5D=2024-02-29"
        )
    }

    @Test func allowReservedKeepsReservedCharacters() {
        let value = "/a/b?c=d:e@f!$'()*,;"
        #expect(query(QueryParameter("next", value, allowReserved: true)) == "next=/a/b?c=d:e@f!$'()*,;")
        #expect(query(QueryParameter("next", value)) == "next=%2Fa%2Fb%3Fc%3Dd%3Ae%40f%21%24%27%28%29%2A%2C%3B")
        // What would change how the query string reads is still encoded; escapes stay.
        #expect(
            query(QueryParameter("q", "a&b+c#d[e] f%2Fg%zz", allowReserved: true))
                == "q=a%26b%2Bc%23d%5Be%5D%20f%2Fg%25zz")
    }

    @Test func jsonContent() throws {
        struct Point: Encodable { var lat = 1.5, long = -2.0 }
        #expect(
            query(QueryParameter("at", json: Point(), coding: .standard))
                == "at=%7B%22lat%22%3A1.5%2C%22long%22%3A-2%7D")
        let absent: Point? = nil
        #expect(query(QueryParameter("at", json: absent, coding: .standard)).isEmpty)
        #expect(HeaderParameter("X-At", json: Point(), coding: .standard).value == #"{"lat":1.5,"long":-2}"#)
        #expect(("/p/\(json: ["a/b"], coding: .standard)" as RequestPath).encoded == "/p/%5B%22a%2Fb%22%5D")
        #expect(CookieParameter("at", json: [1, 2], coding: .standard).pairs == ["at=%5B1%2C2%5D"])
    }

    // MARK: Header and cookie

    @Test func headerSimple() {
        #expect(HeaderParameter("X-Color", primitive).value == "blue")
        #expect(HeaderParameter("X-Color", array).value == "blue,black,brown")
        #expect(HeaderParameter("X-Color", object).value == "R,100,G,200,B,150")
        #expect(HeaderParameter("X-Color", object, explode: true).value == "R=100,G=200,B=150")
    }

    @Test func cookieForm() {
        #expect(CookieParameter("color", primitive).pairs == ["color=blue"])
        #expect(CookieParameter("color", array, explode: false).pairs == ["color=blue,black,brown"])
        #expect(CookieParameter("color", object, explode: false).pairs == ["color=R,100,G,200,B,150"])
        #expect(CookieParameter("color", array).pairs == ["color=blue", "color=black", "color=brown"])
        #expect(CookieParameter("color", object).pairs == ["R=100", "G=200", "B=150"])
        #expect(CookieParameter("session", "a; b=c,d").pairs == ["session=a%3B%20b%3Dc%2Cd"])
    }

    // MARK: One style type

    /// Query parameters, form fields and the path, header and cookie defaults share one
    /// `ParameterStyle`, and with it one set of `explode` defaults: OpenAPI's, `true` for
    /// `form` only (deepObject included, which a form field once exploded by default).
    @Test func oneStyleTypeWithTheSpecificationsDefaults() throws {
        #expect(QueryParameter.Style.self == ParameterStyle.self)
        #expect(FieldEncoding.Style.self == ParameterStyle.self)
        let exploded = [ParameterStyle.matrix, .label, .simple, .form, .spaceDelimited, .pipeDelimited, .deepObject]
            .filter(\.explodesByDefault)
        #expect(exploded == [.form])
        for style in [ParameterStyle.form, .spaceDelimited, .pipeDelimited, .deepObject] {
            #expect(FieldEncoding(style: style).explode == style.explodesByDefault, "\(style)")
            // A form field is laid out as the query parameter of the same style and defaults.
            struct Field: Encodable { var color: [String] }
            let form = try URLEncodedForm.encode(
                Field(color: array), encoding: ["color": FieldEncoding(style: style)])
            #expect(String(decoding: form, as: UTF8.self) == query(QueryParameter("color", array, style: style)))
        }
        // Header (`simple`) and cookie (`form`) parameters take the defaults of their style.
        #expect(HeaderParameter("X-Color", object).value == HeaderParameter("X-Color", object, explode: false).value)
        #expect(CookieParameter("color", array).pairs == CookieParameter("color", array, explode: true).pairs)
        #expect(("/\(object)" as RequestPath).encoded == ("/\(object, explode: false)" as RequestPath).encoded)
    }

    /// A key written twice into one object, as an `allOf` whose parts share a property writes
    /// it, is one member: in its first place, with its last value (as JSON reads it).
    @Test func aKeyWrittenTwiceIsOneMember() throws {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: StringCodingKey.self)
                try first.encode("1", forKey: "a")
                try first.encode("2", forKey: "b")
                var second = encoder.container(keyedBy: StringCodingKey.self)
                try second.encode("3", forKey: "a")
            }
        }
        #expect(query(QueryParameter("t", Twice(), style: .deepObject)) == "t%5Ba%5D=3&t%5Bb%5D=2")
        #expect(String(decoding: try URLEncodedForm.encode(Twice()), as: UTF8.self) == "a=3&b=2")
    }
}
