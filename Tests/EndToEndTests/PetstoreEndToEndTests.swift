import Foundation
import MusubiRuntime
import PetstoreClient
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The generated Petstore client, compiled, against the independent validating server.
@Suite(.enabled(if: endToEndEnabled, "needs the Python venv with openapi-core (Scripts/setup-tests.sh sets it up)"))
struct PetstoreEndToEndTests {
    let server: ValidatingServer
    let client: Client

    init() throws {
        server = try ValidatingServer(spec: "Specs/petstore.yaml")
        client = Client(baseURL: server.baseURL.appendingPathComponent("v1"))
    }

    /// A client whose requests ask the server for a specific documented response.
    func client(respondingWith status: Int) -> Client {
        Client(
            baseURL: server.baseURL.appendingPathComponent("v1"),
            interceptors: [.header("X-Musubi-Respond-With", "\(status)")])
    }

    @Test func listPetsSendsEveryParameterAndDecodesTheExample() async throws {
        let page = try await client.send(
            ListPets(limit: 20, tags: ["dog", "cat"], status: .available, requestID: "req-1"))
        let pets = page.body

        // The documented `x-next` header, typed, beside the body.
        #expect(page.headers.next == "https://petstore.example.com/v1/pets?limit=2&cursor=3")
        #expect(pets.count == 2)
        let rex = try #require(pets.first)
        #expect(rex.id == 1)
        #expect(rex.name == "Rex")
        #expect(rex.status == .available)
        #expect(rex.createdAt == Date(timeIntervalSince1970: 1_704_164_645))  // 2024-01-02T03:04:05Z
        #expect(rex.birthDate == CalendarDate(year: 2019, month: 5, day: 17))
        #expect(rex.attributes?["color"] == .string("brown"))
        #expect(rex.attributes?["vaccinated"] == .bool(true))
        #expect(rex.owner?.displayName == "Alice")
        // 2024-02-29T23:59:59.123Z: fractional seconds survive.
        let fractional = try #require(pets[1].createdAt?.timeIntervalSince1970)
        #expect(abs(fractional - 1_709_251_199.123) < 0.000_001)
        #expect(pets[1].tag == "cat")

        let entry = try #require(try await server.log().last)
        #expect(entry.valid, "\(entry.errors)")
        #expect(entry.operationID == "listPets")
        #expect(entry.query.contains("tags=dog&tags=cat"))
    }

    @Test func createPetSendsAJSONBody() async throws {
        let pet = try await client.send(CreatePet(body: NewPet(name: "Tama", tag: "cat")))
        #expect(pet.id == 3)
        #expect(pet.name == "Pochi")
        #expect(try await server.log().allSatisfy(\.valid))
    }

    @Test func pathParametersCannotEscapeTheirSegment() async throws {
        let pet = try await client.send(ShowPetByID(petID: "../admin"))
        #expect(!pet.name.isEmpty)

        let entry = try #require(try await server.log().last)
        #expect(entry.valid, "\(entry.errors)")
        #expect(entry.operationID == "showPetById")
        #expect(entry.pathParams?["petId"] == "../admin")
        #expect(entry.path.hasSuffix("/pets/..%2Fadmin") || entry.path.hasSuffix("/pets/%2E%2E%2Fadmin"))
    }

    @Test func severalSuccessShapesDecodeIntoTheResponseEnum() async throws {
        let updated = try await client.send(UpdatePet(petID: "1", body: NewPet(name: "Rex")))
        guard case .ok(let pet) = updated else {
            Issue.record("expected .ok, got \(updated)")
            return
        }
        #expect(!pet.name.isEmpty)

        let accepted = try await client(respondingWith: 202).send(UpdatePet(petID: "1", body: NewPet(name: "Rex")))
        #expect(accepted == .accepted)
    }

    /// `PetPatch.tag` may be null: `null`, a value and no key are three different requests,
    /// and the server receives each JSON body exactly so (and validates it against the spec,
    /// which allows `null` for `tag` only).
    @Test func anOptionalNullablePropertySendsNullAValueOrNothing() async throws {
        let patched = try await client.send(PatchPet(petID: "1", body: PetPatch(name: "Rex", tag: .null)))
        #expect(patched.name == "Rex")
        _ = try await client.send(PatchPet(petID: "1", body: PetPatch(tag: "dog")))
        _ = try await client.send(PatchPet(petID: "1", body: PetPatch(name: "Rex")))

        let log = try await server.log()
        #expect(log.allSatisfy { $0.valid }, "\(log.map { $0.errors })")
        #expect(log.map(\.operationID) == ["patchPet", "patchPet", "patchPet"])
        #expect(
            log.map(\.body) == [
                .object(["name": .string("Rex"), "tag": .null]),
                .object(["tag": .string("dog")]),
                .object(["name": .string("Rex")]),
            ])
    }

    @Test func emptyBodiesDecodeToNoContent() async throws {
        let result = try await client.send(DeletePet(petID: "7"))
        #expect(result == NoContent())
        #expect(try await server.log().allSatisfy(\.valid))
    }

    /// The spec documents a JSON body for the 204; the server, like every real one, sends none.
    @Test func a204WithADocumentedBodySucceedsWithoutOne() async throws {
        let result = try await client.send(AdoptPet(petID: "7"))
        #expect(result == NoContent())
        let entry = try #require(try await server.log().last)
        #expect(entry.valid, "\(entry.errors)")
        #expect(entry.operationID == "adoptPet")
    }

    @Test func documentedErrorBodiesAreTypedOnTheThrownError() async throws {
        do {
            _ = try await client(respondingWith: 404).send(ShowPetByID(petID: "404"))
            Issue.record("expected a 404 error")
        } catch {
            guard case .status(let status, let body, let response) = error else {
                Issue.record("expected .status, got \(error)")
                return
            }
            #expect(status == 404)
            let failure = try #require(body)
            #expect(failure.code == 404)
            #expect(!failure.message.isEmpty)
            #expect(!response.body.isEmpty)
        }
    }

    /// An operation that documents only its `default` error succeeds on any 2XX, with a body
    /// or without, and a 4XX brings the error's body.
    @Test func anOperationDocumentingOnlyItsErrorSucceedsOnA2XX() async throws {
        // The server answers 200 with the `default` example, an error body the call ignores.
        #expect(try await client.send(UnvotePet(petID: "7")) == NoContent())
        #expect(try await client(respondingWith: 204).send(UnvotePet(petID: "7")) == NoContent())
        let log = try await server.log()
        #expect(log.map(\.status) == [200, 204])
        #expect(log.allSatisfy { $0.valid }, "\(log.map(\.errors))")
        do {
            _ = try await client(respondingWith: 404).send(UnvotePet(petID: "7"))
            Issue.record("expected a 404 error")
        } catch {
            guard case .status(404, let body, _) = error else {
                Issue.record("expected .status(404, …), got \(error)")
                return
            }
            let failure = try #require(body)
            #expect(failure.message == "Something went wrong")
        }
    }

    /// A control: the server really rejects what the spec does not allow, so the passing
    /// tests above mean something.
    @Test func theServerRejectsInvalidRequests() async throws {
        var components = URLComponents(url: server.baseURL, resolvingAgainstBaseURL: false)!
        components.path = "/v1/pets"
        components.query = "limit=abc"
        let (_, response) = try await URLSession.shared.data(from: components.url!)
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        #expect(try await server.log().last?.valid == false)
    }
}
