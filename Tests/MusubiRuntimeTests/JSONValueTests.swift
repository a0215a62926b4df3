import Foundation
import MusubiRuntime
import Testing

@Suite struct JSONValueTests {
    @Test func decodesEveryKind() throws {
        let json = #"{"n":null,"b":true,"i":9007199254740993,"d":1.5,"s":"x","a":[1,"two"],"o":{"k":false}}"#
        let value = try Coding.standard.decode(JSONValue.self, from: Data(json.utf8))
        #expect(value["n"] == .null)
        #expect(value["b"] == .bool(true))
        #expect(value["i"] == .integer(9_007_199_254_740_993))
        #expect(value["d"] == .number(1.5))
        #expect(value["s"] == .string("x"))
        #expect(value["a"] == .array([.integer(1), .string("two")]))
        #expect(value["o"]?["k"] == .bool(false))
        #expect(value["a"]?[1] == "two")
    }

    @Test func subscriptsAreNilForMissingOrWrongKind() {
        let value: JSONValue = ["list": [1, 2]]
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(value["list"]?[2] == nil)
        #expect(value["list"]?[-1] == nil)
        #expect(value["list"]?["key"] == nil)
    }

    @Test func roundTripsExactly() throws {
        let value: JSONValue = [
            "null": nil, "bool": false, "int": 9_007_199_254_740_993, "double": 0.1,
            "string": "ポチ", "array": [1, 2.5, "x", nil, [], [:]], "object": ["nested": ["deep": true]],
        ]
        let data = try Coding.standard.encode(value)
        #expect(try Coding.standard.decode(JSONValue.self, from: data) == value)
    }

    @Test func literalsBuildTheMatchingCases() {
        let value: JSONValue = ["a": 1, "b": 1.0, "c": "s", "d": true, "e": nil, "f": [1]]
        #expect(
            value
                == .object([
                    "a": .integer(1), "b": .number(1.0), "c": .string("s"), "d": .bool(true), "e": .null,
                    "f": .array([.integer(1)]),
                ]))
    }
}
