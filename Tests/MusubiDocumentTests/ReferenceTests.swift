import MusubiReader
import Testing

@testable import MusubiDocument

@Suite struct JSONPointerTests {
    @Test func rootPointer() {
        #expect(JSONPointer(fragment: "#")?.tokens == [])
    }

    @Test func plainTokens() {
        #expect(JSONPointer(fragment: "#/components/schemas/Pet")?.tokens == ["components", "schemas", "Pet"])
    }

    @Test func emptyTokensAreKept() {
        #expect(JSONPointer(fragment: "#/")?.tokens == [""])
        #expect(JSONPointer(fragment: "#/a//b/")?.tokens == ["a", "", "b", ""])
    }

    @Test func tildeEscapes() {
        #expect(JSONPointer(fragment: "#/paths/~1pets~1{id}")?.tokens == ["paths", "/pets/{id}"])
        #expect(JSONPointer(fragment: "#/a~0b")?.tokens == ["a~b"])
        // `~01` is an escaped tilde followed by `1`, not a slash.
        #expect(JSONPointer(fragment: "#/~01")?.tokens == ["~1"])
        #expect(JSONPointer(fragment: "#/~10")?.tokens == ["/0"])
        #expect(JSONPointer(fragment: "#/~0~1~0")?.tokens == ["~/~"])
    }

    @Test func percentEncoding() {
        #expect(JSONPointer(fragment: "#/paths/~1pets~1%7Bid%7D")?.tokens == ["paths", "/pets/{id}"])
        #expect(JSONPointer(fragment: "#/a%20b")?.tokens == ["a b"])
        #expect(JSONPointer(fragment: "#/caf%C3%A9")?.tokens == ["café"])
        // A percent-encoded tilde is a tilde of the pointer, so `%7E1` is an escaped slash.
        #expect(JSONPointer(fragment: "#/a%7E1b")?.tokens == ["a/b"])
        // RFC 6901 §6: the fragment is percent-decoded into the pointer, then split, so an
        // encoded slash separates tokens; a slash inside a key is written `~1`.
        #expect(JSONPointer(fragment: "#/a%2Fb")?.tokens == ["a", "b"])
        // `%` that starts no escape is kept as written.
        #expect(JSONPointer(fragment: "#/100%")?.tokens == ["100%"])
    }

    @Test func invalidFragments() {
        #expect(JSONPointer(fragment: "components/schemas/Pet") == nil)
        #expect(JSONPointer(fragment: "#components") == nil)
        #expect(JSONPointer(fragment: "") == nil)
    }

    @Test func resolvesInMappingsAndSequences() throws {
        let root = try Reader.parse(
            """
            a:
              b/c: 1
              d~e: [x, y, {z: 3}]
            """, fileName: "t.yaml")
        #expect(JSONPointer(fragment: "#/a/b~1c")?.resolve(in: root)?.int == 1)
        #expect(JSONPointer(fragment: "#/a/d~0e/1")?.resolve(in: root)?.string == "y")
        #expect(JSONPointer(fragment: "#/a/d~0e/2/z")?.resolve(in: root)?.location == at(3, 19))
        #expect(JSONPointer(fragment: "#")?.resolve(in: root)?.mapping?.keys == ["a"])
        #expect(JSONPointer(fragment: "#/a/d~0e/3")?.resolve(in: root) == nil)
        #expect(JSONPointer(fragment: "#/a/d~0e/-1")?.resolve(in: root) == nil)
        #expect(JSONPointer(fragment: "#/a/d~0e/x")?.resolve(in: root) == nil)
        #expect(JSONPointer(fragment: "#/a/b~1c/deeper")?.resolve(in: root) == nil)
        #expect(JSONPointer(fragment: "#/a/b/c")?.resolve(in: root) == nil)
    }
}

@Suite struct EscapedReferenceTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: T, version: '1'}
        paths:
          /pets/{id}:
            get:
              operationId: showPet
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              responses:
                200:
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          name: {type: string}
          /copies:
            get:
              operationId: copy
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        $ref: '#/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema'
          /encoded:
            get:
              operationId: encoded
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        $ref: '#/paths/~1pets~1%7Bid%7D/get/responses/200/content/application~1json/schema/properties/name'
          /components:
            get:
              operationId: components
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          tilde: {$ref: '#/components/schemas/a~0b'}
                          slash: {$ref: '#/components/schemas/a~1b'}
                          space: {$ref: '#/components/schemas/with%20space'}
        components:
          schemas:
            a~b: {type: string}
            a/b: {type: integer}
            with space: {type: boolean}
        """

    @Test func referenceIntoAPathWithEscapedSlashes() throws {
        let document = try #require(load(Self.spec)).document
        let schema = try #require(document.operation("copy")?.responses.first?.content.first?.schema)
        #expect(schema.referencedName == nil)
        #expect(schema.types == ["object"])
        #expect(schema.properties.map(\.name) == ["name"])
        // The schema is the one at the target, with the target's location.
        #expect(schema.location == at(15, 17))
    }

    @Test func percentEncodedBracesInReference() throws {
        let document = try #require(load(Self.spec)).document
        let schema = try #require(document.operation("encoded")?.responses.first?.content.first?.schema)
        #expect(schema.types == ["string"])
        #expect(schema.location == at(17, 25))
    }

    @Test func componentNamesWithTildeSlashAndSpace() throws {
        let result = try #require(load(Self.spec))
        #expect(result.warnings == [])
        let schema = try #require(result.document.operation("components")?.responses.first?.content.first?.schema)
        #expect(schema.property("tilde")?.referencedName == "a~b")
        #expect(schema.property("slash")?.referencedName == "a/b")
        #expect(schema.property("space")?.referencedName == "with space")
        #expect(result.document.schemas.map(\.name) == ["a~b", "a/b", "with space"])
    }

    /// A key's `/` written as is is a slip: the component is found, with a warning that says
    /// how the pointer is written.
    @Test func unescapedSlashFindsTheComponentWithAWarning() throws {
        let result = try #require(
            load(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    a/b: {type: integer}
                    User:
                      properties:
                        x: {$ref: '#/components/schemas/a/b'}
                """))
        #expect(
            result.warnings.map(\.description) == [
                "spec.yaml:9:19: warning: reference '#/components/schemas/a/b' is read as "
                    + "'#/components/schemas/a~1b'; a '/' in a key is written '~1'"
            ])
        #expect(result.document.schema("User")?.property("x")?.referencedName == "a/b")
    }

    @Test func referenceToASubschemaOfAComponent() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    Pet:
                      properties:
                        status: {type: string, enum: [a, b]}
                    Status:
                      $ref: '#/components/schemas/Pet/properties/status'
                """))
        let status = try #require(result.document.schema("Status"))
        #expect(status.referencedName == nil)
        #expect(status.types == ["string"])
        #expect(status.enumValues?.compactMap(\.string) == ["a", "b"])
    }

    @Test func selfReferenceThroughANonComponentPointerWarns() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    Tree:
                      $ref: '#/x-shapes/node'
                x-shapes:
                  node:
                    properties:
                      children:
                        type: array
                        items: {$ref: '#/x-shapes/node'}
                """))
        let tree = try #require(result.document.schema("Tree"))
        let items = try #require(tree.property("children")?.items)
        #expect(items.types == [])
        #expect(items.properties.isEmpty)
        #expect(
            result.warnings.map(\.message) == [
                "reference '#/x-shapes/node' refers to itself without a named schema; it is generated as a free-form value"
            ])
        #expect(result.warnings.first?.location == at(13, 23))
    }

    @Test func sameReferenceIsParsedOnce() throws {
        let result = try #require(
            load(
                """
                openapi: 3.1.0
                info: {title: T, version: '1'}
                paths: {}
                components:
                  schemas:
                    A:
                      properties:
                        one: {$ref: '#/x-shared'}
                        two: {$ref: '#/x-shared'}
                x-shared:
                  properties:
                    v: {type: string}
                """))
        let a = try #require(result.document.schema("A"))
        let one = try #require(a.property("one"))
        let two = try #require(a.property("two"))
        #expect(one === two)
    }
}

/// Media types reached through references: OpenAPI 3.2's `$ref` for a media type's object (to
/// `components/mediaTypes`), and Lob's whole `content` map written as one.
@Suite struct MediaTypeReferenceTests {
    static let spec = """
        openapi: 3.2.0
        info: {title: T, version: '1'}
        paths:
          /balance:
            get:
              operationId: getBalance
              responses:
                '200':
                  description: ok
                  content:
                    $ref: '#/components/contents/balance'
          /report:
            get:
              operationId: getReport
              responses:
                '200':
                  description: ok
                  content:
                    application/json: {$ref: '#/components/mediaTypes/Report'}
                    text/csv: {schema: {type: string}}
          /other:
            get:
              operationId: getOther
              responses:
                '200':
                  description: ok
                  content:
                    $ref: '#/components/contents/balance'
        components:
          contents:
            balance:
              application/json:
                schema: {$ref: '#/components/schemas/Balance'}
          mediaTypes:
            Report:
              schema: {type: object, properties: {total: {type: integer}}}
          schemas:
            Balance: {type: object, properties: {balance: {type: number}}}
        """

    @Test func aContentMapWrittenAsAReferenceIsFollowedWithOneWarning() throws {
        let result = try #require(load(Self.spec))
        for id in ["getBalance", "getOther"] {
            let content = try #require(result.document.operation(id)?.responses.first?.content)
            #expect(content.map(\.contentType) == ["application/json"])
            #expect(content.first?.schema?.referencedName == "Balance")
        }
        let notes = result.warnings.filter { $0.message.contains("'content' map is written as a '$ref'") }
        #expect(notes.count == 1)
        #expect(result.warnings.first?.location?.line == 11)
    }

    @Test func aMediaTypeObjectWrittenAsAReferenceIsFollowed() throws {
        let result = try #require(load(Self.spec))
        let content = try #require(result.document.operation("getReport")?.responses.first?.content)
        #expect(content.map(\.contentType) == ["application/json", "text/csv"])
        #expect(content.first?.schema?.properties.map(\.name) == ["total"])
    }
}
