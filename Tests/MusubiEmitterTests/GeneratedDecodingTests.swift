import ConstructsClient
import Foundation
import MusubiRuntime
import Testing

/// The generated `oneOf`, `anyOf`, enum and format types of the golden module, decoding real
/// JSON payloads and encoding them back.
@Suite struct GeneratedDecodingTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try Coding.standard.decode(T.self, from: Data(json.utf8))
    }

    func json<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try Coding.standard.encode(value), as: UTF8.self)
    }

    @Test func oneOfWithDiscriminatorPicksTheNamedAlternative() throws {
        let circle = try decode(ShapeModel.self, #"{"kind": "circle", "radius": 2}"#)
        #expect(circle == .circle(CircleModel(kind: "circle", radius: 2)))
        // Not in the mapping: the schema's own name is the value.
        let square = try decode(ShapeModel.self, #"{"kind": "Square", "side": 3}"#)
        #expect(square == .square(Square(kind: "Square", side: 3)))
        #expect(try json(square) == #"{"kind":"Square","side":3}"#)
    }

    /// A `oneOf` of objects is a form or multipart body as a struct is: the alternative it
    /// holds writes its fields.
    @Test func aOneOfOfObjectsIsWrittenAsAFormOrMultipartBody() throws {
        let circle = ShapeModel.circle(CircleModel(kind: "circle", radius: 2))
        let form = String(decoding: try URLEncodedForm.encode(circle), as: UTF8.self)
        #expect(form == "kind=circle&radius=2")
        let parts = try MultipartForm.parts(of: circle)
        #expect(parts.count == 2)
    }

    /// A base schema with a discriminator, extended by others through `allOf`, is any of them
    /// where it is used: a cat keeps its hunting skill.
    @Test func aDiscriminatedBaseIsAnyOfItsSubtypes() throws {
        let shelter = try decode(
            Shelter.self,
            #"{"residents": [{"kind": "cat", "name": "Tom", "huntingSkill": "lazy"}, {"kind": "Dog", "packSize": 3}, {"kind": "fox"}]}"#
        )
        #expect(
            shelter.residents == [
                .cat(Cat(kind: "cat", name: "Tom", huntingSkill: "lazy")), .dog(Dog(kind: "Dog", packSize: 3)),
                .unknown(["kind": "fox"]),
            ])
        #expect(
            try json(shelter)
                == #"{"residents":[{"huntingSkill":"lazy","kind":"cat","name":"Tom"},{"kind":"Dog","packSize":3},{"kind":"fox"}]}"#
        )
    }

    @Test func oneOfWithDiscriminatorKeepsAnUnknownVariant() throws {
        let hexagon = try decode(ShapeModel.self, #"{"kind": "hexagon", "corners": 6}"#)
        #expect(hexagon == .unknown(["kind": "hexagon", "corners": 6]))
        #expect(try json(hexagon) == #"{"corners":6,"kind":"hexagon"}"#)
    }

    @Test func oneOfWithDiscriminatorReportsTheNamedAlternativesError() throws {
        // The discriminator says circle, so the circle's missing radius is the error, not a
        // fallback to another alternative.
        #expect(throws: DecodingError.self) { try decode(ShapeModel.self, #"{"kind": "circle", "side": 3}"#) }
        #expect(throws: DecodingError.self) { try decode(ShapeModel.self, #""circle""#) }
    }

    /// A value without its tag, or with a `null` one, names no alternative: it is kept as the
    /// unknown variant, as OpenAI's item references (whose `type` the spec makes optional and
    /// nullable) must be, rather than failing the response around it.
    @Test func oneOfWithDiscriminatorKeepsAValueWithoutItsTag() throws {
        let untagged = try decode(ShapeModel.self, #"{"radius": 3}"#)
        #expect(untagged == .unknown(["radius": 3]))
        #expect(try json(untagged) == #"{"radius":3}"#)
        #expect(try decode(ShapeModel.self, #"{"kind": null, "radius": 3}"#) == .unknown(["kind": nil, "radius": 3]))
    }

    @Test func discriminatedAnyOfGoesByTheValuesItsAlternativesPin() throws {
        let opened = try decode(Activity.self, #"{"type": "opened", "by": "kana"}"#)
        #expect(opened == .opened(Opened(type: .opened, by: "kana")))
        // Every value of an alternative's enum names it.
        let renamed = try decode(Activity.self, #"{"type": "renamed", "to": "docs"}"#)
        #expect(renamed == .moved(Moved(type: .renamed, to: "docs")))
        #expect(try json(renamed) == #"{"to":"docs","type":"renamed"}"#)
        // Pinned in an allOf part: the merged struct decodes, with the base's members.
        let closed = try decode(Activity.self, #"{"type": "closed", "text": "done", "reason": "fixed"}"#)
        #expect(closed == .closed(Closed(type: .closed, text: "done", reason: "fixed")))
        // An alternative that pins nothing goes by its schema's name.
        #expect(try decode(Activity.self, #"{"type": "Remark"}"#) == .remark(Remark(type: "Remark")))
        // Any other value is kept whole, not forced into an alternative it happens to fit.
        let other = try decode(Activity.self, #"{"type": "remark", "text": "hi"}"#)
        #expect(other == .unknown(["type": "remark", "text": "hi"]))
        // The value names the alternative, so its errors are the ones reported.
        #expect(throws: DecodingError.self) { try decode(Activity.self, #"{"type": "moved"}"#) }
    }

    @Test func oneOfTaggedByAPinnedIntegerGoesByTheTag() throws {
        // Both alternatives have the same members: tried in order, a slider would decode as a
        // button, its `type` taken into the button's open enum as unknown.
        let slider = try decode(Widget.self, #"{"type": 4, "label": "volume"}"#)
        #expect(slider == .slider(SliderModel(type: .value4, label: "volume")))
        #expect(try json(slider) == #"{"label":"volume","type":4}"#)
        #expect(
            try decode(Widget.self, #"{"type": 2, "label": "OK"}"#) == .button(ButtonModel(type: .value2, label: "OK")))
        // A kind this client does not know yet is kept whole.
        let dial = try decode(Widget.self, #"{"type": 9, "label": "speed"}"#)
        #expect(dial == .unknown(["type": 9, "label": "speed"]))
        // The tag names the alternative, so its own error is the one reported.
        #expect(throws: DecodingError.self) { try decode(Widget.self, #"{"type": 3}"#) }
        // Without a tag it names no alternative.
        #expect(try decode(Widget.self, #"{"label": "no type"}"#) == .unknown(["label": "no type"]))
    }

    @Test func oneOfWithoutDiscriminatorTakesTheFirstAlternativeThatDecodes() throws {
        #expect(try decode(Setting.self, "5") == .integer(5))
        #expect(try decode(Setting.self, #""2024-02-29""#) == .date(CalendarDate(year: 2024, month: 2, day: 29)))
        #expect(try decode(Setting.self, #""2024-02-30""#) == .string("2024-02-30"))
        // A date alternative is only a date: a date-time is left for the alternatives after it.
        #expect(try decode(Setting.self, #""2024-02-29T10:00:00Z""#) == .string("2024-02-29T10:00:00Z"))
        #expect(
            try decode(Setting.self, #"[1, "x", [2]]"#)
                == .settings([.integer(1), .string("x"), .settings([.integer(2)])]))
        #expect(
            try decode(Setting.self, #"{"kind": "c", "radius": 1.5}"#) == .circle(CircleModel(kind: "c", radius: 1.5)))
        #expect(
            try json(Setting.settings([.integer(1), .date(CalendarDate(year: 2024, month: 1, day: 2))]))
                == #"[1,"2024-01-02"]"#)
    }

    @Test func oneOfThatMatchesNothingNamesEveryAlternativesFailure() throws {
        let error = try #require(throws: DecodingError.self) { try decode(Setting.self, "true") }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        let message = context.debugDescription
        #expect(message.hasPrefix("the value matches none of the alternatives of Setting: "))
        for alternative in ["Int", "CalendarDate", "String", "Array<Setting>", "CircleModel"] {
            #expect(
                message.contains(alternative + ": expected") || message.contains(alternative + ":"),
                "\(alternative) missing in \(message)")
        }
    }

    @Test func anyOfKeepsEveryMatchingAlternative() throws {
        let id = try decode(Expandable.self, #""cus_1""#)
        #expect(id == Expandable(string: "cus_1"))

        let person = try decode(Expandable.self, #"{"name": "Ada"}"#)
        #expect(person.string == nil)
        #expect(person.person == Person(name: "Ada"))
        #expect(person.employee == nil, "employee_id is required for an Employee")

        let employee = try decode(Expandable.self, #"{"name": "Ada", "employee_id": "e1"}"#)
        #expect(employee.person == Person(name: "Ada"))
        #expect(employee.employee == Employee(name: "Ada", employeeID: "e1"))
        // Both objects are encoded, so the employee's ID is not lost.
        #expect(try json(employee) == #"{"employee_id":"e1","name":"Ada","nickname":null}"#)
        #expect(
            try json(Expandable(employee: Employee(name: "B", employeeID: "e2")))
                == #"{"employee_id":"e2","name":"B","nickname":null}"#
        )

        #expect(throws: DecodingError.self) { try decode(Expandable.self, "42") }
        #expect(throws: EncodingError.self) { try json(Expandable()) }
    }

    @Test func anyOfOfDifferentKindsIsOneOfThem() throws {
        #expect(try decode(StopSequence.self, #""end""#) == .string("end"))
        #expect(try decode(StopSequence.self, #"["a", "b"]"#) == .strings(["a", "b"]))
        #expect(try json(StopSequence.strings(["a"])) == #"["a"]"#)
        #expect(throws: DecodingError.self) { try decode(StopSequence.self, "42") }
    }

    @Test func anyOfTaggedByAPinnedMemberIsOneOfThem() throws {
        let bank = try decode(ExternalAccount.self, #"{"id": "ba_1", "object": "bank_account", "last4": "6789"}"#)
        #expect(bank == .bankAccount(BankAccount(id: "ba_1", last4: "6789")))
        let unknown = try decode(ExternalAccount.self, #"{"id": "card_1", "object": "card"}"#)
        #expect(unknown == .unknown(["id": "card_1", "object": "card"]))
        #expect(try json(ExternalAccount.account(Account(id: "acct_1"))) == #"{"id":"acct_1","object":"account"}"#)
    }

    @Test func anIntegerIsNotTakenByTheNumberListedBeforeIt() throws {
        #expect(try decode(Quantity.self, "3") == .integer(3))
        #expect(try decode(Quantity.self, "2.5") == .number(2.5))
        #expect(try decode(Quantity.self, #""unlimited""#) == .unlimited(.unlimited))
        #expect(try json(Quantity.number(2.5)) == "2.5")
    }

    @Test func integerEnumsAreOpen() throws {
        #expect(try decode([Priority].self, "[1, 3, 7]") == [.low, .high, .unknown(7)])
        #expect(try json([Priority.normal, .unknown(9)]) == "[2,9]")
    }

    @Test func anyOfStringsIsOneOpenEnum() throws {
        let money = try decode(Money.self, #"{"amount": "12.50", "currency": "eur", "status": "paid"}"#)
        #expect(money.status == .paid)
        let other = try decode(Money.self, #"{"amount": "1", "currency": "eur", "status": "disputed"}"#)
        #expect(other.status == .unknown("disputed"))
        // The union takes any string, so a literal is a value: a listed one is its case.
        var sent = Money(amount: "1", currency: "eur", status: "disputed")
        #expect(sent.status == .unknown("disputed"))
        sent.status = "paid"
        #expect(sent.status == .paid)
        #expect(try json(sent).contains(#""status":"paid""#))
    }

    @Test func decimalStringsKeepTheirExactText() throws {
        let money = try decode(
            Money.self, #"{"amount": "12.50", "currency": "eur", "homepage": "https://example.com/a%20b"}"#)
        #expect(money.amount.value == Decimal(string: "12.5"))
        #expect(money.amount.text == "12.50")
        #expect(money.homepage == URL(string: "https://example.com/a%20b"))
        #expect(money.secret == nil, "write-only properties are never in responses, so they are optional")
        #expect(try json(money) == #"{"amount":"12.50","currency":"eur","homepage":"https://example.com/a%20b"}"#)
        for malformed in ["12abc", "", "1.2.3", "e5", "--1"] {
            #expect(throws: DecodingError.self, "\(malformed)") {
                try decode(Money.self, #"{"amount": "\#(malformed)", "currency": "eur"}"#)
            }
        }
        // Literals are the numbers they spell: a string keeps its places.
        let literal: [DecimalString] = ["12.50", 7]
        #expect(literal.map(\.text) == ["12.50", "7"])
        #expect(try json(Money(amount: "0.10", currency: "eur")) == #"{"amount":"0.10","currency":"eur"}"#)
    }

    /// Both read as nil. A property that may be null keeps which it was, so the two values
    /// differ (they encode differently); one that may not be null (`due_on`) has no `null` to
    /// keep.
    @Test func nullAndAbsentBothDecodeAsNil() throws {
        let base = #""id": 1, "type": "t", "self": "s", "created_at": "2024-01-02T03:04:05Z""#
        let absent = try decode(Item.self, "{\(base)}")
        let null = try decode(Item.self, #"{\#(base), "nullable_name": null, "due_on": null}"#)
        #expect(absent.nullableName == nil)
        #expect(null.nullableName == nil)
        #expect(absent != null)
        #expect(absent == (try decode(Item.self, #"{\#(base), "due_on": null}"#)))
        #expect(throws: DecodingError.self) { try decode(Item.self, #"{\#(base), "nullable_name": 5}"#) }
    }

    /// An `anyOf` of objects encodes every alternative that is set into one object, so a value
    /// decoded from JSON matching several encodes back to the same members.
    @Test func anyOfOfObjectsEncodesEveryAlternativeSet() throws {
        let both = try decode(Contact.self, #"{"name": "Ada", "nickname": null, "email": "ada@example.com"}"#)
        #expect(both.person == Person(name: "Ada"))
        #expect(both.reachable == Reachable(email: "ada@example.com"))
        #expect(try json(both) == #"{"email":"ada@example.com","name":"Ada","nickname":null}"#)
        #expect(try json(Contact(reachable: Reachable(email: "e"))) == #"{"email":"e"}"#)
        #expect(throws: EncodingError.self) { try json(Contact()) }
    }

    /// An empty string where a link may be is no link, not a failed response (GitHub sends
    /// `"homepage": ""`).
    @Test func emptyURLDecodesAsNil() throws {
        let money = try decode(Money.self, #"{"amount": "1.00", "currency": "eur", "homepage": ""}"#)
        #expect(money.homepage == nil)
        #expect(try json(money) == #"{"amount":"1.00","currency":"eur"}"#)
        let linked = try decode(Money.self, #"{"amount": "1.00", "currency": "eur", "homepage": "https://a.example"}"#)
        #expect(linked.homepage == URL(string: "https://a.example"))
    }

    /// A required link sent as `""` (Mastodon's preview card) is the empty URL, not a failed
    /// response, and is sent back as `""`; a date sent as a date-time (Xero Payroll UK's
    /// `2020-04-01T00:00:00`) is the date it is written with.
    @Test func requiredValuesInTheFormServersSendDecode() throws {
        let preview = try decode(
            LinkPreview.self,
            #"{"url": "https://a.example/post", "author_url": "", "published_on": "2020-04-01T23:30:00-05:00"}"#)
        #expect(preview.url == URL(string: "https://a.example/post"))
        #expect(preview.authorURL.absoluteString == "")
        #expect(preview.publishedOn == CalendarDate(year: 2020, month: 4, day: 1))
        let sent = try json(preview)
        #expect(sent == #"{"author_url":"","published_on":"2020-04-01","url":"https://a.example/post"}"#)
        #expect(try decode(LinkPreview.self, sent) == preview)
        // Set from the empty URL it reads, it is the same value.
        var changed = preview
        changed.authorURL = preview.authorURL
        #expect(changed == preview)
        for malformed in [
            #"{"url": "https://a.example", "author_url": "http://[::1", "published_on": "2020-04-01"}"#,
            #"{"url": "https://a.example", "author_url": "", "published_on": "2020-04-01Tfoo"}"#,
            #"{"url": "https://a.example", "author_url": "", "published_on": "2020-13-01T00:00:00"}"#,
        ] {
            #expect(throws: DecodingError.self, "\(malformed)") { try decode(LinkPreview.self, malformed) }
        }
    }

    /// A required property that may be null is sent as `null`: leaving it out would make the
    /// request invalid. An optional one that is nil is left out.
    @Test func requiredNullableIsEncodedAsNull() throws {
        #expect(try json(Person(name: "Ada")) == #"{"name":"Ada","nickname":null}"#)
        #expect(try json(Person(name: "Ada", nickname: "A")) == #"{"name":"Ada","nickname":"A"}"#)
        #expect(try decode(Person.self, #"{"name": "Ada"}"#) == Person(name: "Ada"))
        let item = try decode(Item.self, #"{"id": 1, "type": "t", "self": "s", "created_at": "2024-01-02T03:04:05Z"}"#)
        #expect(try !json(item).contains("nullable_name"))
    }

    @Test func datesDecodeInEveryRFC3339Form() throws {
        let expected = Date(timeIntervalSince1970: 1_704_164_645)
        for text in [
            "2024-01-02T03:04:05Z", "2024-01-02T03:04:05.000Z", "2024-01-02T12:04:05+09:00",
            "2024-01-02t03:04:05z", "2024-01-01T22:04:05.000000-05:00", "2024-01-02 03:04:05Z",
        ] {
            let item = try decode(Item.self, #"{"id": 1, "type": "t", "self": "s", "created_at": "\#(text)"}"#)
            #expect(item.createdAt == expected, "\(text)")
        }
    }

    @Test func base64BytesRoundTrip() throws {
        let bytes = Data([0, 1, 2, 250, 251, 252, 253, 254, 255])
        let item = Item(id: 1, type: "t", selfValue: "s", createdAt: Date(timeIntervalSince1970: 0), blob: bytes)
        let encoded = try json(item)
        #expect(encoded.contains(#""blob":"AAEC+vv8/f7/""#))
        #expect(try decode(Item.self, encoded).blob == bytes)
    }
}

extension GeneratedDecodingTests {
    @Test func propertiesAndAdditionalPropertiesShareOneObject() throws {
        let translations = try decode(
            Translations.self,
            #"{"default": "Hello", "updated_at": "2024-01-02T03:04:05Z", "fr": "Bonjour", "ja": "こんにちは"}"#)
        #expect(translations.default == "Hello")
        #expect(translations.updatedAt == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(translations.additionalProperties == ["fr": "Bonjour", "ja": "こんにちは"])
        #expect(
            try json(translations)
                == #"{"default":"Hello","fr":"Bonjour","ja":"こんにちは","updated_at":"2024-01-02T03:04:05Z"}"#)
        #expect(throws: DecodingError.self) { try decode(Translations.self, #"{"default": "Hello", "count": 3}"#) }
    }

    @Test func anyOtherMembersAnAllOfPartAllowsSurviveARoundTrip() throws {
        let text = #"{"links":{"self":{"href":"https://x"}},"name":"n","size":3,"type":"t","wiki":null}"#
        let value = try decode(Extensible.self, text)
        #expect(value.type == "t")
        #expect(value.name == "n")
        #expect(
            value.additionalProperties == [
                "links": ["self": ["href": "https://x"]], "size": 3, "wiki": nil,
            ])
        #expect(try json(value) == text)
        var changed = value
        changed.additionalProperties["size"] = 4
        #expect(changed != value)
    }

    @Test func anAnyOfOfObjectsDeclaredAfterItEncodesEveryAlternativeItDecoded() throws {
        let text = #"{"field":"status","op":"eq"}"#
        let filter = try decode(FilterValue.self, text)
        #expect(filter.filterCondition == FilterCondition(field: "status", op: "eq"))
        #expect(filter.filterGroup == FilterGroup())
        // Encoding the first alternative alone wrote `{}`.
        #expect(try json(filter) == text)
        let nested = #"{"all":[{"field":"a","op":"eq"}]}"#
        #expect(try json(try decode(FilterValue.self, nested)) == nested)
    }

    @Test func dateDataAndLinkAlternativesAreCodedAsTheCoderCodesThem() throws {
        let date = try decode(Moment.self, #""2024-01-02T03:04:05Z""#)
        #expect(date == .dateTime(Date(timeIntervalSince1970: 1_704_164_645)))
        #expect(try json(date) == #""2024-01-02T03:04:05Z""#)
        // Foundation's own `Date(from:)` took 5 as seconds since 2001.
        #expect(try decode(Moment.self, "5") == .integer(5))
        let one = try decode(Audience.self, #""https://example.com/a""#)
        #expect(one == .url(URL(string: "https://example.com/a")!))
        #expect(try json(one) == #""https://example.com/a""#)
        let several = try decode(Audience.self, #"["https://example.com/a"]"#)
        #expect(several == .urls([URL(string: "https://example.com/a")!]))
    }

    @Test func aScalarOrAnObjectWithTheSchemasPropertiesDecodesBoth() throws {
        #expect(try decode(ReturnEnvelope.self, "false") == .boolean(false))
        let text = #"{"id":"env_1","url":"u"}"#
        let envelope = try decode(ReturnEnvelope.self, text)
        #expect(envelope == .object(ReturnEnvelopeObject(id: "env_1", url: "u")))
        #expect(try json(envelope) == text)
    }

    @Test func aUnionPartOfNestedAllOfsIsDecodedFromTheSameObject() throws {
        let text = #"{"indexUid":"movies","offset":20,"query":"q"}"#
        let page = try decode(IndexedSearchPage.self, text)
        #expect(page.query == "q")
        #expect(page.indexUid == "movies")
        #expect(page.pageOrOffset == .offset(PageOrOffsetOffset(offset: 20)))
        #expect(try json(page) == text)
    }

    @Test func untaggedOneOfDecodesTheAlternativeThePinnedMemberNames() throws {
        // `BoxUser` comes first and requires only `id` and `type`, whose open enum takes any
        // value: tried in order, every file and folder would decode as a user.
        let file = try decode(
            EventSourceResource.self, #"{"type": "file", "id": "12", "etag": "1", "name": "a.pdf", "sha1": "85"}"#)
        guard case .boxFile(let decodedFile) = file else {
            Issue.record("a file decoded as \(file)")
            return
        }
        #expect(decodedFile.id == "12" && decodedFile.name == "a.pdf" && decodedFile.sha1 == "85")
        #expect(try json(file) == #"{"etag":"1","id":"12","name":"a.pdf","sha1":"85","type":"file"}"#)

        let folder = try decode(
            EventSourceResource.self, #"{"type": "folder", "id": "7", "name": "Docs", "item_count": 3}"#)
        guard case .boxFolder(let decodedFolder) = folder else {
            Issue.record("a folder decoded as \(folder)")
            return
        }
        #expect(decodedFolder.itemCount == 3 && decodedFolder.name == "Docs")

        let user = try decode(EventSourceResource.self, #"{"type": "user", "id": "3", "login": "kana@example.com"}"#)
        guard case .boxUser(let decodedUser) = user else {
            Issue.record("a user decoded as \(user)")
            return
        }
        #expect(decodedUser.login == "kana@example.com")
    }

    @Test func untaggedOneOfGoesByTheValuesEachAlternativeLists() throws {
        // Both alternatives fit any object (their members are optional), and `type` is an open
        // enum in each: only the values each lists tell them apart.
        let klarna = try decode(PaymentMethodDetails.self, #"{"type": "klarna_paynow"}"#)
        #expect(klarna == .klarnaDetails(KlarnaDetails(type: .klarnaPaynow)))
        let ach = try decode(PaymentMethodDetails.self, #"{"type": "ach_plaid", "bankAccountNumber": "1"}"#)
        #expect(ach == .achDetails(ACHDetails(bankAccountNumber: "1", type: .achPlaid)))
        // A value no alternative lists (a method added later) rules none out: the first that
        // decodes, as before.
        let later = try decode(PaymentMethodDetails.self, #"{"type": "zip"}"#)
        #expect(later == .achDetails(ACHDetails(type: .unknown("zip"))))
        #expect(try json(klarna) == #"{"type":"klarna_paynow"}"#)
    }

    @Test func untaggedOneOfFallsBackToTheAlternativesThatFit() throws {
        // No `type`: the alternative whose required members are all there.
        let source = try decode(
            EventSourceResource.self, #"{"item_type": "folder", "item_id": "7", "item_name": "Docs"}"#)
        guard case .boxEventSource(let decodedSource) = source else {
            Issue.record("an event source decoded as \(source)")
            return
        }
        #expect(decodedSource.itemID == "7")
        // Nothing required or pinned matches: any object.
        #expect(try decode(EventSourceResource.self, #"{"shield": "alert"}"#) == .boxGenericSource(["shield": "alert"]))
        // A pinned member with another value rules its alternative out, and the error says so.
        let error = #expect(throws: DecodingError.self) {
            try decode(EventSourceResource.self, #"{"type": "file", "id": "12", "deleted": true}"#)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains("BoxFile: `deleted` is not false"))
        #expect(context.debugDescription.contains("BoxUser: `type` is not \"user\""))
    }

    @Test func anyOfKeepsOnlyTheAlternativesWhosePinnedMembersMatch() throws {
        // Every member is optional and `type` decodes into an open enum: without the shapes, the
        // value was all three formats and encoded back with the last one's `type`.
        let pcmu = try decode(AudioFormat.self, #"{"type": "audio/pcmu"}"#)
        #expect(pcmu.pcmuAudioFormat?.type == .audioPcmu)
        #expect(pcmu.pcmAudioFormat == nil && pcmu.pcmaAudioFormat == nil)
        #expect(try json(pcmu) == #"{"type":"audio/pcmu"}"#)
        let pcm = try decode(AudioFormat.self, #"{"type": "audio/pcm", "rate": 24000}"#)
        #expect(pcm.pcmAudioFormat?.rate == .value24000 && pcm.pcmuAudioFormat == nil && pcm.pcmaAudioFormat == nil)
        // A member that is absent rules nothing out: the value is each alternative.
        let untyped = try decode(AudioFormat.self, #"{"rate": 24000}"#)
        #expect(untyped.pcmAudioFormat != nil && untyped.pcmuAudioFormat != nil && untyped.pcmaAudioFormat != nil)
        // A `type` no alternative pins is none of them, and the error says why.
        let error = #expect(throws: DecodingError.self) { try decode(AudioFormat.self, #"{"type": "audio/opus"}"#) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains(#"PCMUAudioFormat: `type` is not "audio/pcmu""#))
    }

    @Test func theOneObjectBesideAnIDDecidesByDecoding() throws {
        let id = try decode(AccountOrID.self, #""acct_1""#)
        #expect(id.string == "acct_1" && id.account == nil)
        let account = try decode(AccountOrID.self, #"{"id": "acct_1", "object": "account"}"#)
        #expect(account.string == nil && account.account == Account(id: "acct_1", object: .account))
        // The ID, expanded or not.
        #expect(id.id == "acct_1" && account.id == "acct_1" && AccountOrID().id == nil)
        // Nothing else could be an object, so a pinned member with another value is the object's
        // open enum, as it would be in any property, rather than a failure of the whole response.
        let newer = try decode(AccountOrID.self, #"{"id": "acct_1", "object": "v2.account"}"#)
        #expect(newer.account?.object == .unknown("v2.account"))
        // An object that is no account is neither alternative, and the error says why of each.
        let error = #expect(throws: DecodingError.self) { try decode(AccountOrID.self, #"{"object": "account"}"#) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains("String: "))
        #expect(context.debugDescription.contains("Account"))
        #expect(context.debugDescription.contains("id"))
    }

    /// An object that is two alternatives at once (Stripe's deleted discount, a `discount` and
    /// a `deleted_discount`) is encoded as both, so `deleted` is not lost; of a member both
    /// have, the first alternative's fuller value is kept.
    @Test func anObjectThatIsTwoAlternativesKeepsTheMembersOfBoth() throws {
        let text = #"{"deleted":true,"id":"c1","plan":{"name":"gold","price":5}}"#
        let coupon = try decode(CouponOrID.self, text)
        #expect(coupon.coupon != nil && coupon.deletedCoupon != nil && coupon.string == nil)
        #expect(try json(coupon) == text)
        #expect(try json(try decode(CouponOrID.self, #""c1""#)) == #""c1""#)
    }

    /// An alternative that is itself a union pins what all of its alternatives pin, so it is
    /// tried before an object whose open enum would take any `type` (Figma's media actions
    /// decoded as `BACK`/`CLOSE` navigation with an unknown `type`).
    @Test func aUnionAlternativePinsWhatItsAlternativesShare() throws {
        let skip = try decode(PlayerAction.self, #"{"type": "MEDIA", "media_action": "SKIP_FORWARD", "seconds": 5}"#)
        #expect(skip == .mediaAction(.mediaSkip(MediaSkip(mediaAction: .skipForward, seconds: 5))))
        let play = try decode(PlayerAction.self, #"{"type": "MEDIA", "media_action": "PLAY"}"#)
        #expect(play == .mediaAction(.mediaPlayback(MediaPlayback(mediaAction: .play))))
        #expect(try decode(PlayerAction.self, #"{"type": "BACK"}"#) == .navigation(Navigation(type: .back)))
        #expect(
            try decode(PlayerAction.self, #"{"type": "URL", "url": "https://x"}"#)
                == .openLink(OpenLink(url: "https://x")))
        // A type nothing pins is still the object that does not pin its `type`.
        #expect(
            try decode(PlayerAction.self, #"{"type": "FORWARD"}"#) == .navigation(Navigation(type: .unknown("FORWARD")))
        )
    }

    @Test func emptyStringUnionsAreTheirValueOrEmpty() throws {
        let settings = ClearableSettings(email: "a@b.com", metadata: ["order": "6735"], cancelAt: .empty)
        #expect(try json(settings) == #"{"cancel_at":"","email":"a@b.com","metadata":{"order":"6735"}}"#)
        let decoded = try decode(
            ClearableSettings.self, #"{"email": "", "metadata": "", "cancel_at": 1700000000, "expires_at": ""}"#)
        #expect(decoded.email == "" && decoded.metadata == .empty && decoded.cancelAt == 1_700_000_000)
        #expect(decoded.expiresAt == .empty)
        let now = try decode(ClearableSettings.self, #"{"expires_at": "now"}"#)
        #expect(now.expiresAt?.wrapped == .now(.now))
    }
}
