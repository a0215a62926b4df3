import MusubiReader
import Testing

@testable import MusubiClientModel

@Suite struct OverrideTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Shop, version: '1'}
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          items: {type: array, items: {$ref: '#/components/schemas/pet_record'}}
                          next_page: {type: string}
          /pets/{id}:
            get:
              operationId: get-pet
              parameters:
                - {name: id, in: path, required: true, schema: {type: string, format: uuid}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json: {schema: {$ref: '#/components/schemas/pet_record'}}
        components:
          schemas:
            pet_record:
              type: object
              required: [id]
              properties:
                id: {type: string, format: uuid}
                status: {$ref: '#/components/schemas/Status'}
                price: {type: string, format: decimal}
                owner: {$ref: '#/components/schemas/Money'}
            Status: {type: string, enum: [in_progress, done]}
            Priority: {type: integer, enum: [1, 2]}
            Money: {type: object, properties: {amount: {type: number}}}
            Animal: {type: object, properties: {name: {type: string}}}
        """

    static func configured(_ value: String, _ setting: String, line: Int = 1) -> Configured<String> {
        Configured(
            value,
            origin: SettingOrigin(
                file: "musubi.yaml", location: SourceLocation(line: line, column: 5), setting: setting))
    }

    func built(names: NameOverrides = NameOverrides(), types: TypeOverrides = TypeOverrides()) throws
        -> ClientModelBuilder.Result
    {
        try #require(build(Self.spec, options: ClientModelOptions(names: names, types: types)))
    }

    @Test func aRenamedSchemaIsUsedUnderItsNewNameEverywhere() throws {
        let result = try built(names: NameOverrides(schemas: ["pet_record": Self.configured("Pet", "names.schemas")]))
        let model = result.model
        #expect(model.model("Pet") != nil)
        #expect(!model.models.contains { $0.name == "PetRecord" })
        #expect(model.request("GetPet")?.responseType == "Pet")
        // Inline types are named from the new name as well, and refer to it.
        #expect(model.model("ListPetsResponse")?.propertySignatures.first == "items: [Pet]?")
        #expect(result.warnings.isEmpty)
    }

    @Test func aChosenNameWinsOverADerivedOneAndAClashGetsANumberAndAWarning() throws {
        let result = try built(
            names: NameOverrides(
                schemas: [
                    "pet_record": Self.configured("Animal", "names.schemas", line: 3),
                    "Money": Self.configured("Animal", "names.schemas", line: 4),
                ]))
        let names = Set(result.model.models.map(\.name))
        // `pet_record` comes first in the spec, so it gets `Animal`; the spec's own `Animal`
        // schema, whose name is only derived, yields.
        #expect(names.isSuperset(of: ["Animal", "Animal2", "Animal3"]))
        #expect(result.model.request("GetPet")?.responseType == "Animal")
        #expect(
            result.warnings.map(\.description) == [
                "musubi.yaml:4:5: warning: names.schemas: 'Animal' is taken (by Swift, Foundation, the runtime or another generated name); using 'Animal2'"
            ])
    }

    @Test func chosenNamesAreMadeValidSwift() throws {
        let result = try built(
            names: NameOverrides(
                schemas: ["pet_record": Self.configured("Error", "names.schemas")],
                properties: [
                    "pet_record.id": Self.configured("default", "names.properties"),
                    "ErrorModel.status": Self.configured("pet-status", "names.properties", line: 2),
                ]))
        let model = result.model
        // `Error` would shadow Swift's: the usual suffix.
        let pet = try #require(model.model("ErrorModel"))
        #expect(pet.propertySignatures.prefix(2) == ["`default`: UUID", "petStatus: Status?"])
        #expect(
            result.warnings.map(\.description).sorted() == [
                "musubi.yaml:1:5: warning: names.schemas: 'Error' is taken (by Swift, Foundation, the runtime or another generated name); using 'ErrorModel'",
                "musubi.yaml:2:5: warning: names.properties: 'pet-status' is not a Swift identifier; using 'petStatus'",
            ])
    }

    @Test func propertiesAreNamedBySpecNameOrSwiftTypeNameAndKeepTheirJSONKey() throws {
        let result = try built(
            names: NameOverrides(
                schemas: ["pet_record": Self.configured("Pet", "names.schemas")],
                properties: [
                    "pet_record.id": Self.configured("identifier", "names.properties"),
                    "ListPetsResponse.next_page": Self.configured("cursor", "names.properties"),
                ]))
        let pet = try #require(result.model.model("Pet"))
        #expect(pet.properties[0].name == "identifier")
        #expect(pet.properties[0].originalName == "id")
        #expect(pet.properties[0].decodeLines.joined().contains("forKey: \"id\""))
        #expect(result.model.model("ListPetsResponse")?.propertySignatures.last == "cursor: String?")
        #expect(result.warnings.isEmpty)
    }

    @Test func enumCasesAndOperationsAreRenamed() throws {
        let result = try built(
            names: NameOverrides(
                operations: ["get-pet": Self.configured("FetchPet", "names.operations")],
                enumCases: [
                    "Status.in_progress": Self.configured("running", "names.enum-cases"),
                    "Priority.2": Self.configured("high", "names.enum-cases"),
                ]))
        #expect(result.model.requests.map(\.name) == ["ListPets", "FetchPet"])
        let status = try #require(result.model.model("Status"))
        #expect(status.cases.map(\.name) == ["running", "done"])
        #expect(status.cases.map(\.rawValueLiteral) == ["\"in_progress\"", "\"done\""])
        #expect(result.model.model("Priority")?.cases.map(\.name) == ["value1", "high"])
        #expect(result.warnings.isEmpty)
    }

    @Test func formatsMapToTheGivenTypesWhereverTheyAppear() throws {
        let result = try built(
            types: TypeOverrides(formats: [
                "uuid": Self.configured("String", "types.formats"),
                "decimal": Self.configured("Decimal", "types.formats"),
            ]))
        let pet = try #require(result.model.model("PetRecord"))
        #expect(pet.propertySignatures.contains("id: String"))
        #expect(pet.propertySignatures.contains("price: Decimal?"))
        #expect(result.model.request("GetPet")?.propertySignatures == ["id: String"])
        #expect(result.warnings.isEmpty)
    }

    @Test func aSchemaGivenATypeIsNotGeneratedAndReferencesUseTheType() throws {
        let result = try built(types: TypeOverrides(schemas: ["Money": Self.configured("Decimal", "types.schemas")]))
        #expect(!result.model.models.contains { $0.name == "Money" })
        #expect(result.model.model("PetRecord")?.propertySignatures.last == "owner: Decimal?")
    }

    @Test func aSuppliedTypeNameIsNotTakenByAGeneratedType() throws {
        // The user declares `Animal` themselves and maps `Money` to it: the spec's own `Animal`
        // must not hide it.
        let result = try built(types: TypeOverrides(schemas: ["Money": Self.configured("Animal", "types.schemas")]))
        #expect(result.model.model("PetRecord")?.propertySignatures.last == "owner: Animal?")
        #expect(result.model.models.contains { $0.name == "Animal2" })
    }

    @Test func overridesNamingNothingAreWarningsAtTheirPlace() throws {
        let result = try built(
            names: NameOverrides(
                schemas: ["Pett": Self.configured("X", "names.schemas", line: 2)],
                properties: ["pet_record.nope": Self.configured("x", "names.properties", line: 3)],
                operations: ["getPett": Self.configured("X", "names.operations", line: 4)],
                enumCases: ["Status.maybe": Self.configured("x", "names.enum-cases", line: 5)]),
            types: TypeOverrides(
                formats: ["money": Self.configured("Decimal", "types.formats", line: 6)],
                schemas: ["Cash": Self.configured("Decimal", "types.schemas", line: 7)]))
        #expect(
            result.warnings.map(\.description) == [
                "musubi.yaml:2:5: warning: names.schemas: 'Pett' is not a schema of the spec",
                "musubi.yaml:7:5: warning: types.schemas: 'Cash' is not a schema of the spec",
                "musubi.yaml:4:5: warning: names.operations: 'getPett' is not an operationId of the spec",
                "musubi.yaml:3:5: warning: names.properties: 'pet_record.nope' is no property (keys are 'Type.jsonKey') of a generated type; Type is the schema's name in the spec or its Swift type name",
                "musubi.yaml:5:5: warning: names.enum-cases: 'Status.maybe' is no enum value (keys are 'Type.value') of a generated type; Type is the schema's name in the spec or its Swift type name",
                "musubi.yaml:6:5: warning: types.formats: no scalar schema of the spec has format 'money'",
            ])
    }
}
