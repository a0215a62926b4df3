import Testing

@testable import MusubiClientModel

@Suite struct ServerModelTests {
    static let spec = """
        openapi: 3.0.3
        info: {title: T, version: '1'}
        servers:
          - url: https://{region}.api.example.com/{version}
            description: Production
            variables:
              region: {default: eu-west-1, enum: [eu-west-1, us], description: Where the data is kept.}
              version: {default: v2}
          - url: https://{region}.sandbox.example.com
            description: Sandbox
            variables:
              region: {default: us, enum: [eu-west-1, us]}
        paths:
          /files:
            post:
              operationId: uploadFile
              servers:
                - url: https://files.example.com/
              responses: {'204': {description: ok}}
            get:
              operationId: listFiles
              servers:
                - url: https://{region}.sandbox.example.com
                  variables:
                    region: {default: us, enum: [eu-west-1, us]}
              responses: {'204': {description: ok}}
          /assets:
            post:
              operationId: uploadAsset
              servers:
                - url: '{origin}'
                  variables:
                    origin: {default: 'https://uploads.example.com'}
              responses: {'204': {description: ok}}
          /plain:
            get:
              operationId: plain
              responses: {'204': {description: ok}}
        """

    @Test func serversWithVariablesAreFunctionsWithDefaults() throws {
        let result = try #require(build(Self.spec))
        let api = result.model.api
        #expect(api.servers.map(\.name) == ["production", "sandbox", "files", "uploadAsset"])
        #expect(
            api.servers[0].declarationLines == [
                "public static func production(region: Region = .euWest1, version: String = \"v2\") -> Server {",
                #"    Server("https://\(region.rawValue).api.example.com/\(version)")"#,
                "}",
            ])
        #expect(
            api.servers[0].docLines == [
                "/// Production", "///", "/// `https://{region}.api.example.com/{version}`", "///", "/// - Parameters:",
                "///   - region: Where the data is kept.", "///   - version: The `version` variable.",
            ])
        #expect(
            api.servers[1].declarationLines == [
                "public static func sandbox(region: Region = .us) -> Server {",
                #"    Server("https://\(region.rawValue).sandbox.example.com")"#,
                "}",
            ])
        #expect(api.servers[2].declarationLines == [#"public static let files = Server("https://files.example.com/")"#])
        #expect(
            api.servers[3].declarationLines == [
                #"public static func uploadAsset(origin: String = "https://uploads.example.com") -> Server {"#,
                #"    Server("\(origin)")"#,
                "}",
            ])
        // One enum for the variable both servers share.
        #expect(api.serverEnums.map(\.name) == ["Region"])
        #expect(api.serverEnums[0].caseLines == [#"case euWest1 = "eu-west-1""#, "case us"])
        #expect(result.warnings.isEmpty)
    }

    @Test func operationsWithTheirOwnServersNameIt() throws {
        let model = try #require(build(Self.spec)).model
        #expect(model.request("UploadFile")?.serverExpression == ".files")
        #expect(model.request("ListFiles")?.serverExpression == ".sandbox()")
        #expect(model.request("UploadAsset")?.serverExpression == ".uploadAsset()")
        #expect(model.request("Plain")?.hasServer == false)
    }

    @Test func aDefaultOutsideTheEnumWarnsAndUsesTheFirstValue() throws {
        let result = try #require(
            build(
                """
                openapi: 3.0.3
                info: {title: T, version: '1'}
                servers:
                  - url: '{scheme}://example.com'
                    variables:
                      scheme: {default: ftp, enum: [https, http]}
                paths: {}
                """))
        #expect(
            result.model.api.servers[0].declarationLines == [
                "public static func `default`(scheme: Scheme = .https) -> Server {",
                #"    Server("\(scheme.rawValue)://example.com")"#,
                "}",
            ])
        #expect(
            result.warnings.map(\.message) == [
                "the default 'ftp' of server variable 'scheme' is not one of its values; 'https' is used"
            ])
    }
}
