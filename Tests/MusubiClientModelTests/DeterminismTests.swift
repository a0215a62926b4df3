import Foundation
import MusubiDocument
import Testing

@testable import MusubiClientModel

@Suite struct DeterminismTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: Zoo, version: '1', description: Animals.}
        servers:
          - url: https://{env}.zoo.example/v1
            description: Production
            variables: {env: {default: api}}
          - url: http://localhost:8080
        paths:
          /animals/{id}:
            get:
              operationId: getAnimal
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
                - {name: X-Trace, in: header, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          kind: {type: string, enum: [cat, dog]}
                          friends: {type: array, items: {type: object, properties: {name: {type: string}}}}
                '202': {description: later}
                '404':
                  description: missing
                  content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}
                default:
                  description: other
                  content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}
        components:
          schemas:
            Error: {type: object, properties: {message: {type: string}}}
            Problem: {type: object, properties: {title: {type: string}, detail: {type: string}}}
            Zebra: {type: object, properties: {stripes: {type: integer}, a_b: {type: string}, aB: {type: string}}}
            Aardvark: {type: string, enum: [x, y, x]}
        """

    @Test func buildingTwiceGivesIdenticalJSON() throws {
        let document = try document(Self.spec)
        let first = try ClientModelBuilder.build(document).model.jsonText()
        let second = try ClientModelBuilder.build(document).model.jsonText()
        #expect(first == second)
        // And from a fresh parse of the same text.
        let third = try ClientModelBuilder.build(try MusubiClientModelTests.document(Self.spec)).model.jsonText()
        #expect(first == third)
    }

    @Test func warningsAreDeterministic() throws {
        let document = try document(Self.spec)
        let first = ClientModelBuilder.build(document).warnings
        let second = ClientModelBuilder.build(document).warnings
        #expect(first == second)
        // The duplicate enum value is reported by the document loader, which drops it.
        #expect(first.isEmpty)
    }

    @Test func jsonTextIsSortedAndReadable() throws {
        let json = try ClientModelBuilder.build(try document(Self.spec), options: ClientModelOptions(filePerType: true))
            .model.jsonText()
        #expect(json.hasPrefix("{\n  \"access\" : \"public \",\n  \"apiDecision\" : {"))
        #expect(json.contains(#""fileName" : "Models/Error.swift""#) == false)
        #expect(json.contains(#""fileName" : "Models/ErrorModel.swift""#))
        #expect(json.contains(#""url" : "https://{env}.zoo.example/v1""#))
    }

    /// Spec text in the dump cannot drive a terminal: C1 controls and bidirectional characters
    /// are JSON escapes, and the text still decodes to what the spec says.
    @Test func invisibleCharactersInTheDumpAreEscapes() throws {
        let spec = "openapi: 3.0.3\ninfo: {title: \"T\\u009B2J\\u202E\\U000E0041\", version: '1'}\npaths: {}\n"
        let json = try #require(build(spec)).model.jsonText()
        #expect(!json.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E || $0.value == 0xE0041 })
        #expect(json.contains(#"T\u009b2J\u202e\udb40\udc41"#), "\(json.prefix(400))")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((decoded?["apiDecision"] as? [String: Any])?["title"] as? String == "T\u{9B}2J\u{202E}\u{E0041}")
    }

    /// `musubi dump-model` shows what was decided about each model type, not its laid-out code.
    @Test func jsonTextShowsTheDecisionsOfModelTypes() throws {
        let json = try ClientModelBuilder.build(try document(Self.spec)).model.jsonText()
        #expect(json.contains(#""types" : ["#))
        #expect(json.contains(#""definition" : {"#))
        #expect(json.contains(#""coding" : {"#))
        #expect(!json.contains(#""models" : ["#))
        #expect(!json.contains("storageInitCallLines"))
        #expect(!json.contains("rawValueCaseLines"))
    }

    @Test func modelsAreSortedByFileName() throws {
        let model = try #require(build(Self.spec)).model
        #expect(model.models.map(\.fileName) == model.models.map(\.fileName).sorted())
        #expect(
            model.models.map(\.name) == [
                "Aardvark", "ErrorModel", "GetAnimalResponse", "GetAnimalResponseFriend", "GetAnimalResponseKind",
                "Problem", "Zebra",
            ])
    }

    @Test func servers() throws {
        let api = try #require(build(Self.spec)).model.api
        #expect(api.hasServers)
        #expect(api.servers.map(\.name) == ["production", "server2"])
        #expect(api.servers.map(\.urlLiteral) == [#""https://\(env).zoo.example/v1""#, #""http://localhost:8080""#])
        #expect(
            api.servers[0].docLines == [
                "/// Production", "///", "/// `https://{env}.zoo.example/v1`", "///", "/// - Parameters:",
                "///   - env: The `env` variable.",
            ])
        #expect(
            api.servers[0].declarationLines == [
                #"public func production(env: String = "api") -> Server {"#,
                #"    Server("https://\(env).zoo.example/v1")"#,
                "}",
            ])
        #expect(
            api.docLines == [
                "/// Zoo", "///", "/// Animals.", "///",
                "/// The requests of this API conform to ``ZooRequest``, whose extension supplies what they share.",
            ])
    }

    @Test func headerNamesTheSpecFile() throws {
        let model = try #require(build(Self.spec, file: "specs/zoo.yaml")).model
        #expect(model.header == "// Generated by musubi from zoo.yaml. Do not edit.")
        #expect(model.models.allSatisfy { $0.header == model.header })
        #expect(model.requests.allSatisfy { $0.header == model.header })
    }
}
