import Testing

@testable import MusubiClientModel

/// How declarations share files by default: by the leading words of their names, split by
/// one more word when a group gets too big, a tag's requests in one file, and file names
/// unique in the module.
@Suite struct FileGroupingTests {
    @Test func wordsEndAtCaseChangesAndAcronyms() {
        func words(_ name: String) -> [String] {
            var start = name.startIndex
            return FileGrouping.wordEnds(of: name).map { end in
                defer { start = end }
                return String(name[start..<end])
            }
        }
        #expect(words("ReleaseAssetState") == ["Release", "Asset", "State"])
        #expect(words("URLSessionTask") == ["URL", "Session", "Task"])
        #expect(words("GetV1Customers") == ["Get", "V1", "Customers"])
        #expect(words("IDs") == ["IDs"])
        #expect(words("Pet") == ["Pet"])
    }

    @Test func typesShareTheFileOfTheirFirstWord() {
        let stems = FileGrouping.groupStems([
            "ReleaseAsset", "ReleaseAssetState", "Release", "Pet", "PetStatus", "Order",
        ])
        #expect(
            stems == [
                "ReleaseAsset": "Release", "ReleaseAssetState": "Release", "Release": "Release",
                "Pet": "Pet", "PetStatus": "Pet", "Order": "Order",
            ])
    }

    @Test func aBigGroupSplitsByTheNextWordAndKeepsItsSmallRemainders() {
        let customers = (0..<30).map { "PostCustomersBody\($0)Field" }
        let invoices = (0..<20).map { "PostInvoicesBody\($0)Field" }
        let lonely = ["PostTokens", "PostTokensBody", "Post"]
        let stems = FileGrouping.groupStems(customers + invoices + lonely)
        #expect(customers.allSatisfy { stems[$0] == "PostCustomers" })
        #expect(invoices.allSatisfy { stems[$0] == "PostInvoices" })
        // Two `PostTokens` types are too few for a file of their own.
        #expect(lonely.allSatisfy { stems[$0] == "Post" })
    }

    @Test func aTypeAloneInItsGroupKeepsItsName() {
        let stems = FileGrouping.groupStems(["NewPet", "Pet", "PetStatus"])
        #expect(stems == ["NewPet": "NewPet", "Pet": "Pet", "PetStatus": "Pet"])
    }

    @Test func stemsDifferingOnlyInCaseAreOneFile() {
        let stems = FileGrouping.groupStems(["URLPart", "UrlThing"])
        #expect(stems["URLPart"] == stems["UrlThing"])
    }

    @Test func aTagsRequestsShareAFileAndFileNamesAreUniqueInTheModule() {
        let paths = [
            "Requests/Pets/ListPets.swift", "Requests/Pets/ShowPetByID.swift", "Requests/Health.swift",
            "Requests/PetsAdopt.swift", "Requests/PetsFeed.swift", "Models/Pet.swift", "Models/Client.swift",
        ]
        let files = FileGrouping.groupedPaths(
            paths, requestsFolder: "Requests/", requestTagFolders: ["Requests/Pets/"],
            reservedFileNames: ["Client.swift"])
        #expect(files["Requests/Pets/ListPets.swift"] == "Requests/PetsRequests.swift")
        #expect(files["Requests/Pets/ShowPetByID.swift"] == "Requests/PetsRequests.swift")
        #expect(files["Requests/Health.swift"] == "Requests/HealthRequests.swift")
        // An untagged request whose group would share the tag's file name gets its own.
        #expect(files["Requests/PetsAdopt.swift"] == "Requests/PetsRequestsRequests.swift")
        #expect(files["Requests/PetsFeed.swift"] == "Requests/PetsRequestsRequests.swift")
        #expect(files["Models/Pet.swift"] == "Models/Pet.swift")
        // SwiftPM needs unique file names across folders, and the runtime's are taken when
        // its sources share the module.
        #expect(files["Models/Client.swift"] == "Models/ClientModels.swift")
    }

    @Test func aBigTagSplitsInItsFolder() {
        let names = (0..<30).map { "ReposGetThing\($0)" } + (0..<30).map { "ReposListThing\($0)" }
        let files = FileGrouping.groupedPaths(
            names.map { "Requests/Repos/\($0).swift" }, requestsFolder: "Requests/",
            requestTagFolders: ["Requests/Repos/"], reservedFileNames: [])
        #expect(files["Requests/Repos/ReposGetThing0.swift"] == "Requests/Repos/ReposGetRequests.swift")
        #expect(files["Requests/Repos/ReposListThing7.swift"] == "Requests/Repos/ReposListRequests.swift")
    }

    /// Two tags split alike (Trello's `board`, `card` and `member`, each with `Add…` requests)
    /// name their groups' files after the tag, not with the suffix said again and again.
    @Test func aGroupNamedLikeAnotherTagsTakesItsTagsName() {
        let tags = ["Board", "Card", "Member"]
        var paths: [String] = []
        for tag in tags {
            paths += (0..<30).map { "Requests/\(tag)/AddThing\($0).swift" }
            paths += (0..<30).map { "Requests/\(tag)/GetThing\($0).swift" }
        }
        let files = FileGrouping.groupedPaths(
            paths, requestsFolder: "Requests/", requestTagFolders: Set(tags.map { "Requests/\($0)/" }),
            reservedFileNames: [])
        #expect(files["Requests/Board/AddThing0.swift"] == "Requests/Board/AddRequests.swift")
        #expect(files["Requests/Card/AddThing0.swift"] == "Requests/Card/CardAddRequests.swift")
        #expect(files["Requests/Member/AddThing0.swift"] == "Requests/Member/MemberAddRequests.swift")
        #expect(files["Requests/Member/GetThing0.swift"] == "Requests/Member/MemberGetRequests.swift")
        // Every file name is still unique in the module.
        let names = Set(files.values)
        #expect(names.count == Set(names.map { $0.split(separator: "/").last!.lowercased() }).count)
    }

    @Test func theDefaultLayoutGroupsAndTheFileOfEachTypeIsNamedInTheModel() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: Pets, version: '1'}
            paths:
              /pets:
                get:
                  operationId: listPets
                  tags: [pets]
                  responses: {'200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}}}}}
              /pets/{id}:
                get:
                  operationId: showPet
                  tags: [pets]
                  parameters: [{name: id, in: path, required: true, schema: {type: integer}}]
                  responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}}
            components:
              schemas:
                Pet: {type: object, properties: {status: {type: string, enum: [sold, available]}}}
            """
        let grouped = try #require(build(spec, options: ClientModelOptions())).model
        #expect(grouped.requests.map(\.fileName) == ["Requests/PetsRequests.swift", "Requests/PetsRequests.swift"])
        #expect(grouped.models.map(\.name) == ["Pet", "PetStatus"])
        #expect(grouped.models.map(\.fileName) == ["Models/Pet.swift", "Models/Pet.swift"])
        let perType = try #require(build(spec, options: ClientModelOptions(filePerType: true))).model
        #expect(perType.models.map(\.fileName) == ["Models/Pet.swift", "Models/PetStatus.swift"])
        #expect(perType.requests.map(\.fileName) == ["Requests/Pets/ListPets.swift", "Requests/Pets/ShowPet.swift"])
    }
}
