import Foundation
import MusubiRuntime
import Testing

/// A form body shaped like Stripe's, whose fields take a value or `""` to clear it.
private struct AccountUpdate: Codable, Hashable, Sendable {
    var metadata: OrEmpty<[String: String]>?
    var dob: OrEmpty<DateOfBirth>?
    var cancelAt: OrEmpty<Int>?
    var taxRates: OrEmpty<[String]>?

    struct DateOfBirth: Codable, Hashable, Sendable {
        var day: Int
        var month: Int
        var year: Int
    }

    enum CodingKeys: String, CodingKey {
        case metadata, dob
        case cancelAt = "cancel_at"
        case taxRates = "tax_rates"
    }
}

@Suite struct OrEmptyTests {
    private static let deepObjects: [String: FieldEncoding] = [
        "metadata": FieldEncoding(style: .deepObject), "dob": FieldEncoding(style: .deepObject),
        "cancel_at": FieldEncoding(style: .deepObject), "tax_rates": FieldEncoding(style: .deepObject),
    ]

    private func form(_ value: AccountUpdate) throws -> String {
        let text = String(decoding: try URLEncodedForm.encode(value, encoding: Self.deepObjects), as: UTF8.self)
        return text.removingPercentEncoding ?? text
    }

    /// A date, data or link is read and written as the coder does it (RFC 3339 text, base64,
    /// the link's text), not by the type's own `Codable`, which the coder's strategies skip.
    @Test func aDateDataOrLinkIsCodedAsTheCoderCodesIt() throws {
        let dates = try Coding.standard.decode(
            [OrEmpty<Date>].self, from: Data(#"["2024-01-02T03:04:05Z", ""]"#.utf8))
        #expect(dates == [.value(Date(timeIntervalSince1970: 1_704_164_645)), .empty])
        let values: [OrEmpty<Data>] = [.value(Data([1, 2, 255])), .empty]
        #expect(String(decoding: try Coding.standard.encode(values), as: UTF8.self) == #"["AQL/",""]"#)
        let link = OrEmpty.value(URL(string: "https://example.com/a?b=c")!)
        let linkText = String(decoding: try Coding.standard.encode([link]), as: UTF8.self)
        #expect(linkText == #"["https://example.com/a?b=c"]"#)
        #expect(String(decoding: try Coding.standard.encode([dates[0]]), as: UTF8.self) == #"["2024-01-02T03:04:05Z"]"#)
    }

    @Test func literalsAreValues() {
        let update = AccountUpdate(metadata: ["order": "6735"], cancelAt: 1_700_000_000, taxRates: ["txr_1", "txr_2"])
        #expect(update.metadata == .value(["order": "6735"]))
        #expect(update.cancelAt == .value(1_700_000_000))
        #expect(update.taxRates == .value(["txr_1", "txr_2"]))
        let flag: OrEmpty<Bool> = true
        let ratio: OrEmpty<Double> = 0.5
        #expect(flag.wrapped == true && ratio.wrapped == 0.5 && !ratio.isEmpty)
        #expect(OrEmpty<Int>.empty.wrapped == nil && OrEmpty<Int>.empty.isEmpty)
    }

    @Test func aFormSendsTheValueOrAnEmptyField() throws {
        let values = AccountUpdate(
            metadata: ["order": "6735"], dob: .value(.init(day: 2, month: 1, year: 1990)), cancelAt: 1_700_000_000,
            taxRates: ["txr_1"])
        #expect(
            try form(values)
                == "metadata[order]=6735&dob[day]=2&dob[month]=1&dob[year]=1990&cancel_at=1700000000&tax_rates[0]=txr_1"
        )
        let cleared = AccountUpdate(metadata: .empty, dob: .empty, cancelAt: .empty, taxRates: .empty)
        #expect(try form(cleared) == "metadata=&dob=&cancel_at=&tax_rates=")
        // Absent stays absent: only an explicit `.empty` sends the empty field.
        #expect(try form(AccountUpdate(cancelAt: .empty)) == "cancel_at=")
    }

    @Test func aFormFieldWithoutStyleIsEmptyToo() throws {
        let text = String(decoding: try URLEncodedForm.encode(AccountUpdate(metadata: .empty)), as: UTF8.self)
        #expect(text == "metadata=")
    }

    @Test func aQueryParameterSendsTheEmptyValue() {
        let cleared: OrEmpty<[String]>? = .empty
        #expect(QueryParameter("tax_rates", cleared, style: .deepObject).items.map(\.encoded) == ["tax_rates="])
        let value: OrEmpty<[String]>? = ["a"]
        #expect(
            QueryParameter("tax_rates", value, style: .deepObject).items.map(\.encoded) == ["tax_rates%5B0%5D=a"])
        #expect(OrEmpty<Int>.value(3).parameterValue == "3" && OrEmpty<Int>.empty.parameterValue == "")
    }

    @Test func jsonRoundTripsBothForms() throws {
        let json = #"{"cancel_at":"","dob":{"day":2,"month":1,"year":1990},"metadata":{"a":"b"},"tax_rates":""}"#
        let decoded = try JSONDecoder().decode(AccountUpdate.self, from: Data(json.utf8))
        #expect(decoded.cancelAt == .empty)
        #expect(decoded.taxRates == .empty)
        #expect(decoded.dob == .value(.init(day: 2, month: 1, year: 1990)))
        #expect(decoded.metadata == ["a": "b"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(decoded), as: UTF8.self) == json)
    }

    @Test func onlyTheEmptyStringIsEmpty() throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OrEmpty<Int>.self, from: Data(#""x""#.utf8)) }
        // A wrapped type that takes strings still reads `""` as empty.
        let text = try JSONDecoder().decode([OrEmpty<JSONValue>].self, from: Data(#"["", "a"]"#.utf8))
        #expect(text == [.empty, .value("a")])
    }
}
