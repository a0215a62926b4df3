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
                "public func production(region: Region = .euWest1, version: String = \"v2\") -> Server {",
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
                "public func sandbox(region: Region = .us) -> Server {",
                #"    Server("https://\(region.rawValue).sandbox.example.com")"#,
                "}",
            ])
        #expect(api.servers[2].declarationLines == [#"public let files = Server("https://files.example.com/")"#])
        #expect(
            api.servers[3].declarationLines == [
                #"public func uploadAsset(origin: String = "https://uploads.example.com") -> Server {"#,
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
        #expect(model.request("UploadFile")?.serverExpression == ".t.files")
        #expect(model.request("ListFiles")?.serverExpression == ".t.sandbox()")
        #expect(model.request("UploadAsset")?.serverExpression == ".t.uploadAsset()")
        #expect(model.request("Plain")?.hasServer == false)
    }

    /// Servers without a description are named by what tells them apart: Swagger 2's
    /// `schemes: [http, https]` are `https` (first, so the default) and `http`; servers on
    /// different hosts are named after them; only when neither tells them apart are they
    /// numbered.
    @Test func undescribedServersAreNamedByWhatTellsThemApart() throws {
        let swagger = """
            swagger: '2.0'
            info: {title: Docker, version: '1'}
            host: docker.local
            basePath: /v1
            schemes: [http, https]
            paths: {}
            """
        let schemes = try #require(build(swagger)).model.api.servers
        #expect(schemes.map(\.name) == ["https", "http"])
        #expect(schemes.map(\.urlLiteral) == [#""https://docker.local/v1""#, #""http://docker.local/v1""#])
        func names(_ urls: [String]) throws -> [String] {
            let servers = urls.map { "  - url: \($0)" }.joined(separator: "\n")
            let spec = "openapi: 3.0.3\ninfo: {title: T, version: '1'}\nservers:\n\(servers)\npaths: {}\n"
            return try #require(build(spec)).model.api.servers.map(\.name)
        }
        #expect(try names(["https://eu.example.com/v1", "https://us.example.com/v1"]) == ["eu", "us"])
        #expect(try names(["https://example.com/v1", "https://example.com/v2"]) == ["server1", "server2"])
        // A description names its server without an article or the API's own name (Svix's).
        let described = """
            openapi: 3.0.3
            info: {title: Svix API, version: '1'}
            servers:
              - {url: 'https://api.eu.svix.com', description: The Svix EU region}
              - {url: 'https://api.us.svix.com', description: The Svix US region}
            paths: {}
            """
        #expect(try #require(build(described)).model.api.servers.map(\.name) == ["euRegion", "usRegion"])
        // Nor with the word "server" around it (Mistral's, Box's); the API's own server is
        // named as an undescribed one.
        let servers = """
            openapi: 3.0.3
            info: {title: Box Platform API, version: '1'}
            servers:
              - {url: 'https://api.box.com/2.0', description: Box Platform API server.}
              - {url: 'https://api.mistral.ai', description: Production server}
              - {url: 'https://upload.box.com/2.0', description: Server for file uploads.}
              - {url: 'https://api.box.com', description: Server for server-side authentication.}
            paths: {}
            """
        #expect(
            try #require(build(servers)).model.api.servers.map(\.name) == [
                "server1", "production", "fileUploads", "serverSideAuthentication",
            ])
    }

    /// The API declares one member on `Server`, named after the module, whose value holds the
    /// servers: two clients' servers of the same name never make `.production` ambiguous.
    @Test func theServersAreMembersOfOneValueNamedAfterTheAPI() throws {
        let api = try #require(build(Self.spec, options: ClientModelOptions(moduleName: "PetstoreClient"))).model.api
        #expect(api.serversMember == "petstore")
        #expect(api.serversTypeName == "PetstoreServers")
        #expect(api.serversMemberDocLines == ["/// The servers of this API: `Client(server: .petstore.production())`."])
        let uploads = try #require(build(Self.spec, options: ClientModelOptions(moduleName: "PetstoreClient")))
            .model.request("UploadFile")
        #expect(uploads?.serverExpression == ".petstore.files")
    }

    /// A module whose name would make the member a keyword (`DefaultClient` → `default`), or a
    /// name `Server` has, takes the suffix `API`; a schema with the servers type's name steps aside.
    @Test func theServersMemberIsNeverAKeywordAndTheTypeNameIsClaimed() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            servers: [{url: 'https://example.com'}]
            paths: {}
            components:
              schemas:
                DefaultServers: {type: string}
            """
        for (module, member) in [("DefaultClient", "defaultAPI"), ("SelfClient", "selfAPI"), ("URLClient", "urlAPI")] {
            let model = try #require(build(spec, options: ClientModelOptions(moduleName: module))).model
            #expect(model.api.serversMember == member)
        }
        let options = ClientModelOptions(moduleName: "DefaultClient", package: PackageOptions(name: "DefaultClient"))
        let model = try #require(build(spec, options: options)).model
        #expect(model.api.serversTypeName == "DefaultServers")
        #expect(model.models.map(\.name) == ["DefaultServers2"])
        // The member is declared `default` with backticks, and named without them after a dot.
        #expect(model.api.servers.map(\.name) == ["`default`"])
        #expect(model.package.servers.map(\.reference) == [".defaultAPI.default"])
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
                "public func `default`(scheme: Scheme = .https) -> Server {",
                #"    Server("\(scheme.rawValue)://example.com")"#,
                "}",
            ])
        #expect(
            result.warnings.map(\.message) == [
                "the default 'ftp' of server variable 'scheme' is not one of its values; 'https' is used"
            ])
    }
}
