import Testing

@testable import MusubiClientModel

/// Which properties keep `null` apart from an absent key: the optional ones the spec lets be
/// null, in each of its spellings. A required one that may be null is written as `null` for nil;
/// any other optional leaves the key out.
@Suite struct NullablePropertyTests {
    static let spec = specWithSchemas(
        """
            Update:
              type: object
              required: [id, note]
              properties:
                id: {type: integer}
                note: {type: string, nullable: true}
                milestone: {type: integer, nullable: true}
                assignee:
                  oneOf:
                    - {$ref: '#/components/schemas/User'}
                    - {type: 'null'}
                labels: {type: [array, 'null'], items: {type: string}}
                state: {type: string}
                nullable_milestone: {type: string}
                home: {type: string, format: uri}
            User:
              type: object
              properties:
                login: {type: string}
        """, version: "3.1.0")

    func properties() throws -> [String: PropertyDeclaration] {
        let result = try #require(build(Self.spec))
        let update = try #require(result.model.model("Update"))
        return Dictionary(uniqueKeysWithValues: update.properties.map { ($0.name, $0) })
    }

    @Test func optionalNullablePropertiesKeepThreeStates() throws {
        let properties = try properties()
        for name in ["milestone", "assignee", "labels"] {
            let property = try #require(properties[name])
            #expect(property.keepsNull, "\(name)")
            #expect(!property.encodesNil, "\(name)")
        }
        let milestone = try #require(properties["milestone"])
        #expect(milestone.type == .optional(.named("Int")))
        #expect(milestone.storageType == .optional(.generic("Nullable", [.named("Int")])))
        #expect(
            milestone.decodeLines == [
                #"self.milestone = try container.decodeNullableIfPresent(Int.self, forKey: "milestone")"#
            ])
        #expect(milestone.getter == "storage.milestone?.wrapped")
        #expect(milestone.setter == "uniqueStorage().milestone = newValue.map(Nullable.value)")
        #expect(
            milestone.nullableAccessorLines == [
                "get { storage.milestone }", "_modify { yield &uniqueStorage().milestone }",
            ])
        #expect(properties["labels"]?.storageType == .optional(.generic("Nullable", [.array(.named("String"))])))
    }

    @Test func otherPropertiesAreAsBefore() throws {
        let properties = try properties()
        let note = try #require(properties["note"])
        #expect(note.encodesNil && !note.keepsNull)
        #expect(note.storageType == .optional(.named("String")))
        for name in ["id", "state"] {
            let property = try #require(properties[name])
            #expect(!property.keepsNull && !property.encodesNil, "\(name)")
            #expect(property.nullableName.isEmpty, "\(name)")
        }
    }

    /// The companion never takes a property's name, whichever comes first in the spec.
    @Test func theCompanionsNameIsFreeOfEveryProperty() throws {
        let properties = try properties()
        #expect(properties["nullableMilestone"]?.type == .optional(.named("String")))
        #expect(properties["milestone"]?.nullableName == "nullableMilestone2")
        #expect(properties["assignee"]?.nullableName == "nullableAssignee")
    }

    /// In a struct that stores its values itself, the companion is the stored property and
    /// the plain optional is computed from it; in one with a storage class (``Update``, for
    /// its link) both read the storage.
    @Test func aStructWithoutStorageStoresTheCompanion() throws {
        let result = try #require(
            build(
                specWithSchemas(
                    """
                        Small:
                          type: object
                          properties:
                            tag: {type: string, nullable: true}
                        Plain:
                          type: object
                          properties:
                            tag: {type: string}
                    """)))
        let small = try #require(result.model.model("Small"))
        #expect(small.storesValuesInline)
        #expect(result.model.model("Plain")?.storesValuesInline == true)
        let tag = try #require(small.properties.first)
        #expect(tag.isComputed)
        #expect(tag.storageName == "nullableTag")
        #expect(
            tag.accessorLines == ["get { nullableTag?.wrapped }", "set { nullableTag = newValue.map(Nullable.value) }"])
        #expect(tag.nullableAccessorLines.isEmpty)
        #expect(tag.initAssignment == "self.nullableTag = tag")
        #expect(
            tag.decodeLines == [
                #"self.nullableTag = try container.decodeNullableIfPresent(String.self, forKey: "tag")"#
            ])
        #expect(tag.visitLines == [#"visitor.nullable(lhs.nullableTag, rhs.nullableTag, key: "tag")"#])
        #expect(try !#require(build(Self.spec)?.model.model("Update")).storesValuesInline)
    }
}
