import Testing

@testable import MusubiClientModel

/// Declarations too long for the committed `.swift-format`'s 120 columns are broken where
/// swift-format breaks them, so `swift format lint --strict` passes on clients of specs with
/// long names (Stripe's run to 110 letters), and every other line stays as it was.
@Suite struct LineLayoutTests {
    static let longType = "CustomerBalanceResourceCashBalanceTransactionResourceFundedTransactionResourceBankTransfer"

    @Test func shortDeclarationsStayOnOneLine() {
        #expect(
            LineLayout.stored("public var name:", type: .optional(.string), indent: 4) == ["public var name: String?"])
        #expect(
            LineLayout.typeAlias("public typealias Pets =", type: .array(.named("Pet")), indent: 0)
                == ["public typealias Pets = [Pet]"])
        #expect(LineLayout.computedHeader("public var id:", type: "Int", indent: 4) == ["public var id: Int {"])
        #expect(
            LineLayout.typeHeader(
                "public struct", name: "Pet", conformances: ["ModelValue", "Identifiable"], indent: 0)
                == ["public struct Pet: ModelValue, Identifiable {"])
        #expect(LineLayout.element("id: Int? = nil", suffix: ",", indent: 8) == ["id: Int? = nil,"])
        #expect(LineLayout.assignment("self.id = id", indent: 8) == ["self.id = id"])
        #expect(LineLayout.payloadCase("case ok", payload: "Pet", indent: 8) == ["case ok(Pet)"])
    }

    @Test func aLongTypeGoesOnTheNextLine() {
        let lines = LineLayout.stored(
            "public var bankTransferWithALongName:", type: .optional(.named(Self.longType)), indent: 4)
        #expect(lines == ["public var bankTransferWithALongName:", "    \(Self.longType)?"])
        #expect(
            LineLayout.typeAlias("public typealias EuropeanBankTransfer =", type: .named(Self.longType), indent: 0)
                == ["public typealias EuropeanBankTransfer =", "    \(Self.longType)"])
    }

    @Test func aLongGenericPropertyTypeGoesOnTheNextLine() {
        let type = SwiftType.generic("Indirect", [.named(Self.longType + "Details")])
        #expect(
            LineLayout.stored("public var fundingSource:", type: type, indent: 4)
                == ["public var fundingSource:", "    Indirect<\(Self.longType)Details>"])
    }

    @Test func aLongGenericTypeAliasBreaksInsideItsBrackets() {
        let type = SwiftType.generic("WithHeaders", [.named(Self.longType), .named("ListCustomersHeaders")])
        #expect(
            LineLayout.typeAlias("public typealias Response =", type: type, indent: 4)
                == ["public typealias Response = WithHeaders<", "    \(Self.longType), ListCustomersHeaders", ">"])
        let wider = SwiftType.generic("WithHeaders", [.named(Self.longType), .array(.named(Self.longType))])
        #expect(
            LineLayout.typeAlias("public typealias Response =", type: wider, indent: 4)
                == ["public typealias Response = WithHeaders<", "    \(Self.longType),", "    [\(Self.longType)]", ">"])
    }

    @Test func aComputedPropertyMovesItsBraceThenItsType() {
        let name = "public var nullableDefaultPaymentMethod:"
        let medium = "Nullable<SubscriptionSchedulesResourceDefaultSettingsDefaultPaymentMethod>?"
        #expect(LineLayout.computedHeader(name, type: medium, indent: 4) == ["\(name) \(medium)", "{"])
        #expect(
            LineLayout.computedHeader(name, type: Self.longType + "?", indent: 4)
                == [name, "    \(Self.longType)?", "{"])
    }

    @Test func aTypeHeaderPacksItsProtocols() {
        let name = "CustomerBalanceResourceCashBalanceTransactionResourceAppliedToPaymentTransaction"
        #expect(
            LineLayout.typeHeader(
                "public struct", name: name, conformances: ["ModelValue", "CustomReflectable", "Identifiable"],
                indent: 0) == ["public struct \(name): ModelValue,", "    CustomReflectable, Identifiable", "{"])
        #expect(
            LineLayout.typeHeader(
                "public struct", name: Self.longType + "Details", conformances: ["ModelValue"], indent: 0)
                == ["public struct", "    \(Self.longType)Details:", "        ModelValue", "{"])
    }

    @Test func aParameterBreaksAfterItsEqualsThenAfterItsColon() {
        let name = "bankAccountOwnershipVerification"
        let type = "ExternalAccountPayoutBankAccountDocumentsBankAccountOwnershipVerification?"
        #expect(
            LineLayout.element("\(name): \(type) = nil", suffix: ",", indent: 8)
                == ["\(name): \(type) =", "    nil,"])
        #expect(
            LineLayout.element("\(name): \(Self.longType)? = nil", suffix: ",", indent: 8)
                == ["\(name):", "    \(Self.longType)? = nil,"])
        #expect(
            LineLayout.element("\(name): \(Self.longType)SomethingElseToo? = nil", suffix: ",", indent: 8)
                == ["\(name):", "    \(Self.longType)SomethingElseToo? =", "    nil,"])
        #expect(
            LineLayout.element("\(name): \(Self.longType)", suffix: ")", indent: 12)
                == ["\(name):", "    \(Self.longType))"])
    }

    @Test func stringLiteralsAreNeverBroken() {
        // `: ` and ` = ` inside a literal are not the parameter's.
        let key = "\"a key: with = signs that is long enough to need a line of its own, and then some more\""
        #expect(LineLayout.element(key, suffix: ",", indent: 12) == [key + ","])
        let header =
            "HeaderParameter(\"x-amz-copy-source-server-side-encryption-customer-algorithm, or, not\", "
            + "amzCopySourceServerSideEncryptionCustomerAlgorithm)"
        #expect(
            LineLayout.element(header, suffix: ",", indent: 12)
                == [
                    "HeaderParameter(", "    \"x-amz-copy-source-server-side-encryption-customer-algorithm, or, not\",",
                    "    amzCopySourceServerSideEncryptionCustomerAlgorithm),",
                ])
        #expect(
            LineLayout.element("\(Self.longType)AndSomeMoreWords.self", suffix: ",", indent: 12)
                == ["\(Self.longType)AndSomeMoreWords", "    .self,"])
    }

    @Test func aLongAssignmentBreaksAfterItsEquals() {
        let name = "interactionApplicationCommandAutocompleteCallbackIntegerData"
        #expect(LineLayout.assignment("self.\(name) = \(name)", indent: 8) == ["self.\(name) =", "    \(name)"])
    }

    @Test func aCollectionOfOneElementHasNoTrailingComma() {
        let scopes = (1...12).map { NestedLiteral.text("\"scope.number.\($0)\"") }
        let literal = NestedLiteral.collection(
            prefix: "", items: [.collection(prefix: ".oauth2: ", items: scopes, empty: "[]")], empty: "[:]")
        let lines = literal.lines(indent: 8)
        #expect(lines.first == "[")
        #expect(lines[1] == "    .oauth2: [")
        #expect(lines.dropLast(2).last == "        \"scope.number.12\",")
        #expect(lines.suffix(2) == ["    ]", "]"])
    }

    @Test func aListOfOneElementHasNoTrailingComma() {
        let item = "QueryParameter(\"filter_for_customer_balance_transactions\", filterForCustomerBalanceTransactions)"
        #expect(
            LineLayout.list(open: "[", items: [item], close: "]", indent: 8, trailingComma: true)
                == ["[", "    \(item)", "]"])
        #expect(
            LineLayout.list(open: "[", items: [item, item], close: "]", indent: 8, trailingComma: true)
                == ["[", "    \(item),", "    \(item),", "]"])
    }

    /// A `oneOf` whose cases are all boxed is an `indirect enum` (swift-format's
    /// `FullyIndirectEnum`), and the long names of a struct are laid out in every place.
    @Test func modelsLayOutTheirDeclarations() throws {
        let spec = specWithSchemas(
            """
                Content:
                  oneOf:
                    - $ref: '#/components/schemas/InputContent'
                    - $ref: '#/components/schemas/OutputContent'
                InputContent:
                  oneOf:
                    - {type: string}
                    - {type: array, items: {$ref: '#/components/schemas/Content'}}
                OutputContent:
                  oneOf:
                    - {type: integer}
                    - {type: array, items: {$ref: '#/components/schemas/Content'}}
                \(Self.longType)Details:
                  type: object
                  required: [fundingSourceOfTheEuropeanUnionBankTransfer]
                  properties:
                    fundingSourceOfTheEuropeanUnionBankTransfer: {$ref: '#/components/schemas/\(Self.longType)'}
                \(Self.longType):
                  type: string
                  enum: [sepa]
            """)
        let result = try #require(build(spec))
        let content = try #require(result.model.model("Content"))
        #expect(content.declarationLines == ["public indirect enum Content: Codable, Hashable, Sendable {"])
        #expect(
            content.alternatives.map(\.caseLines) == [
                ["case inputContent(InputContent)"], ["case outputContent(OutputContent)"],
            ])
        let details = try #require(result.model.model(Self.longType + "Details"))
        #expect(
            details.declarationLines == ["public struct", "    \(Self.longType)Details:", "        ModelValue", "{"])
        #expect(
            details.properties[0].declarationLines
                == ["public var fundingSourceOfTheEuropeanUnionBankTransfer:", "    \(Self.longType)"])
        for line in details.initDeclarationLines + details.properties.flatMap(\.initAssignmentLines) {
            #expect(line.count + 8 <= LineLayout.columnLimit, "\(line)")
        }
    }
}
