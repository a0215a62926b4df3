import Testing

@testable import MusubiClientModel

@Suite struct NamingWordsTests {
    @Test(arguments: [
        ("pet_id", ["pet", "id"]),
        ("pet-id", ["pet", "id"]),
        ("petId", ["pet", "id"]),
        ("PetId", ["pet", "id"]),
        ("PET_ID", ["pet", "id"]),
        ("pet id", ["pet", "id"]),
        ("pet.id", ["pet", "id"]),
        ("HTTPServer", ["http", "server"]),
        ("XMLHttpRequest", ["xml", "http", "request"]),
        ("petID_v2Count", ["pet", "id", "v2", "count"]),
        ("2fa", ["2fa"]),
        ("x-rate-limit", ["x", "rate", "limit"]),
        ("__private__", ["private"]),
        ("Ünïcode_größe", ["unicode", "grosse"]),
        ("pet🐶name", ["pet", "name"]),
        // Invisible characters and combining marks with no ASCII spelling separate words: a
        // zero-width joiner would otherwise stay inside the identifier, unseen.
        ("zw\u{200D}j", ["zw", "j"]),
        ("bi\u{202E}di\u{2066}", ["bi", "di"]),
        ("\u{FEFF}bom", ["bom"]),
        ("a+b=c", ["a", "b", "c"]),
        // An apostrophe inside a word joins it (a real spec's `List a Project's Issues`,
        // Bitbucket's `won't fix`); one around words separates them.
        ("List a Project's Issues", ["list", "a", "projects", "issues"]),
        ("won\u{2019}t fix", ["wont", "fix"]),
        ("'quoted'", ["quoted"]),
        ("", []),
        ("🐶", []),
        ("--", []),
    ])
    func words(name: String, expected: [String]) {
        #expect(Naming.words(name) == expected)
    }

    /// The plural `s` of an initialism written in capitals belongs to it: `IDs` is one word.
    @Test(arguments: [
        ("IDs", ["ids"]),
        ("userIDs", ["user", "ids"]),
        ("URLs", ["urls"]),
        ("photoURLsByID", ["photo", "urls", "by", "id"]),
        ("APIsList", ["apis", "list"]),
        ("HTTPSession", ["http", "session"]),
        ("PDFsAndDOCs", ["pdfs", "and", "docs"]),
    ])
    func pluralInitialisms(name: String, expected: [String]) {
        #expect(Naming.words(name) == expected)
    }
}

@Suite struct NamingTypeAndMemberTests {
    @Test(arguments: [
        // (spec name, type name, member name)
        ("pet_status", "PetStatus", "petStatus"),
        ("pet-status", "PetStatus", "petStatus"),
        ("petStatus", "PetStatus", "petStatus"),
        ("PetStatus", "PetStatus", "petStatus"),
        ("PET_STATUS", "PetStatus", "petStatus"),
        ("MAX_VALUE", "MaxValue", "maxValue"),
        ("created_at", "CreatedAt", "createdAt"),
        ("petId", "PetID", "petID"),
        ("pet_id", "PetID", "petID"),
        ("ID", "ID", "id"),
        ("id", "ID", "id"),
        ("Id", "ID", "id"),
        ("user_ids", "UserIDs", "userIDs"),
        ("userIDs", "UserIDs", "userIDs"),
        ("IDs", "IDs", "ids"),
        ("URLs", "URLs", "urls"),
        ("image_urls", "ImageURLs", "imageURLs"),
        ("HTTPServer", "HTTPServer", "httpServer"),
        ("http_server", "HTTPServer", "httpServer"),
        ("baseURL", "BaseURL", "baseURL"),
        ("base_url", "BaseURL", "baseURL"),
        ("use_https", "UseHTTPS", "useHTTPS"),
        ("https", "HTTPS", "https"),
        ("server_ips", "ServerIPs", "serverIPs"),
        ("api_key", "APIKey", "apiKey"),
        ("json_api", "JSONAPI", "jsonAPI"),
        ("uuid", "UUID", "uuid"),
        ("GetACLPolicies", "GetACLPolicies", "getACLPolicies"),
        ("saml_sso_config", "SAMLSSOConfig", "samlSSOConfig"),
        ("token_ttl", "TokenTTL", "tokenTTL"),
        ("2fa", "_2fa", "_2fa"),
        ("2fa_code", "_2faCode", "_2faCode"),
        ("404", "_404", "_404"),
        ("x-rate-limit", "XRateLimit", "xRateLimit"),
        ("Ünïcode", "Unicode", "unicode"),
        ("größe", "Grosse", "grosse"),
        ("名前", "MingQian", "mingQian"),
        ("Привет мир", "PrivetMir", "privetMir"),
        ("pet🐶name", "PetName", "petName"),
        ("$ref", "Ref", "ref"),
        ("@type", "Type", "type"),
        // Operators that carry the meaning are spelled out, so the names differ and read.
        ("DateSent<", "DateSentBefore", "dateSentBefore"),
        ("DateSent>", "DateSentAfter", "dateSentAfter"),
        ("StartTime<=", "StartTimeOnOrBefore", "startTimeOnOrBefore"),
        ("StartTime>=", "StartTimeOnOrAfter", "startTimeOnOrAfter"),
        ("status!=", "StatusNot", "statusNot"),
        ("+1", "Plus1", "plus1"),
        ("-1", "Minus1", "minus1"),
        ("score:-5", "ScoreMinus5", "scoreMinus5"),
        // Capitals the author wrote among lower-case letters stay (Azure's `OSDisk`, Lambda's
        // `EC2ThrottledException`, Adyen's `AIS`, which is no plural); a name all in capitals
        // says nothing by them.
        ("OSDisk", "OSDisk", "osDisk"),
        ("iOSVersion", "IOSVersion", "iOSVersion"),
        ("EC2ThrottledException", "EC2ThrottledException", "ec2ThrottledException"),
        ("PayByBankAISDirectDebit", "PayByBankAISDirectDebit", "payByBankAISDirectDebit"),
        ("paybybank_AIS_DD", "PaybybankAISDD", "paybybankAISDD"),
        ("IN_PROGRESS", "InProgress", "inProgress"),
        ("ACH details", "ACHDetails", "achDetails"),
        ("CpuCount", "CPUCount", "cpuCount"),
        // Signs between words still separate them.
        ("a+b", "AB", "aB"),
        ("x-rate-limit-2", "XRateLimit2", "xRateLimit2"),
        ("v-1", "V1", "v1"),
    ])
    func names(name: String, type: String, member: String) {
        #expect(Naming.typeName(name) == type)
        #expect(Naming.memberName(name) == member)
    }

    /// Read as signs, a `+` or `-` in front of a digit is a word wherever it is, and in front
    /// of a letter at the start of a word; other operators as ``Naming/memberName(_:)``
    /// spells them.
    @Test(arguments: [
        ("Etc/GMT+1", "etcGMTPlus1"), ("Etc/GMT-10", "etcGMTMinus10"), ("GMT0", "gmt0"), ("x-rate-limit", "xRateLimit"),
        ("a+b", "aB"), ("-1", "minus1"), ("score>=5", "scoreOnOrAfter5"), ("-bot", "minusBot"),
        ("+created", "plusCreated"), ("sort=-name", "sortMinusName"), ("x-bot", "xBot"),
    ])
    func signedNames(name: String, member: String) {
        #expect(Naming.memberName(signed: name) == member)
    }

    @Test(arguments: ["", "🐶", "--", "$", " "])
    func emptyTypeNamesFallBack(name: String) {
        #expect(Naming.typeName(name) == "Value")
    }

    @Test(arguments: ["", "🐶", "🐶.", "-----"])
    func emptyMemberNamesFallBack(name: String) {
        #expect(Naming.memberName(name) == "value")
    }

    /// A short text of symbols only is named after them (an S3 server variable's `.` and `-`,
    /// a wildcard `*`), so that such values read and differ.
    @Test(arguments: [
        (".", "dot"), ("-", "dash"), ("*", "asterisk"), ("+", "plus"), ("--", "dashDash"), ("$", "dollar"),
        (" ", "space"), ("/", "slash"), ("(*)", "leftParenthesisAsteriskRightParenthesis"),
    ])
    func symbolsAreSpelledOut(name: String, member: String) {
        #expect(Naming.memberName(name) == member)
    }

    /// A name of one character, a letter and thousands of vowel signs after it, is
    /// transliterated a piece at a time as any long name is: counted in characters, it was one
    /// piece, on which ICU takes time growing with the square of its length.
    @Test func aNameOfOneLongCharacterIsTransliteratedInPieces() {
        let name = "\u{915}" + String(repeating: "\u{93E}", count: 3_000)
        #expect(name.count == 1)
        let typeName = Naming.typeName(name)
        #expect(typeName.hasPrefix("Ka"))
        #expect(typeName.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// A member name past ``TypeNameRegistry/maximumLength`` keeps its last words and a stable
    /// hash, as type names do, and starts lower case: a shared parameter spelled its name of a
    /// megabyte several times in every request.
    @Test func longMemberNamesAreShortenedStably() {
        let long = Naming.memberName(String(repeating: "a_b_", count: 500) + "end")
        #expect(long.utf8.count <= TypeNameRegistry.maximumLength + 1)
        #expect(long.first?.isLowercase == true)
        #expect(long.hasSuffix("BEnd_" + long.suffix(8)))
        #expect(long == Naming.memberName(String(repeating: "a_b_", count: 500) + "end"))
        #expect(long != Naming.memberName(String(repeating: "a_b_", count: 501) + "end"))
        #expect(Naming.memberName("created_at") == "createdAt")
    }

    @Test func singular() {
        #expect(Naming.singular("pets") == "pet")
        #expect(Naming.singular("policies") == "policy")
        #expect(Naming.singular("addresses") == "address")
        #expect(Naming.singular("boxes") == "box")
        #expect(Naming.singular("matches") == "match")
        #expect(Naming.singular("wishes") == "wish")
        #expect(Naming.singular("status") == "status")
        #expect(Naming.singular("class") == "class")
        #expect(Naming.singular("data") == "data")
        #expect(Naming.singular("s") == "s")
        #expect(Naming.singular("statuses") == "status")
        #expect(Naming.singular("Statuses") == "Status")
        #expect(Naming.singular("indices") == "index")
        #expect(Naming.singular("children") == "child")
    }
}

/// Operation IDs whose words run together are split at the words of their summary.
@Suite struct RunTogetherWordsTests {
    @Test(arguments: [
        ("Getprojectspendlimit", "Get a project's hard spend limit.", "GetProjectSpendLimit"),
        ("Updateprojectspendlimit", "Create or replace a project's hard spend limit.", "UpdateProjectSpendLimit"),
        (
            "CreateanAPIkeyforaserviceaccount", "Creates an API key for a service account.",
            "CreateAPIKeyForServiceAccount"
        ),
        ("Getinputtokencounts", "Returns input token counts of the request.", "GetInputTokenCounts"),
        // Ordinary IDs keep their words, as does a long word the summary cannot make.
        ("listPets", "List all pets", "ListPets"),
        ("signup", "Sign up", "Signup"),
        ("Internationalization", "Internal nation", "Internationalization"),
        ("Getprojectspendlimit", "", "Getprojectspendlimit"),
    ])
    func requestNames(id: String, summary: String, expected: String) throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a:
                get:
                  operationId: \(id)
                  summary: "\(summary)"
                  responses: {'204': {description: done}}
            """
        let model = try #require(build(spec)).model
        #expect(model.requests.map(\.name) == [expected])
    }

    /// A hostile ID of the longest length split costs no more than the square of it.
    @Test func longWordsAreLeftAlone() {
        let word = String(repeating: "a", count: RunTogetherWords.maximumLength + 1)
        #expect(RunTogetherWords.split([word], using: "a aa aaa") == nil)
        let longest = String(repeating: "a", count: RunTogetherWords.maximumLength)
        #expect(RunTogetherWords.split([longest], using: "aa")?.count == RunTogetherWords.maximumLength / 2)
    }
}

/// Requests are named from their operation ID, or from the method and path; the path's
/// leading segments every operation shares (`/crm/objects/2026-03`) say nothing of one of them.
@Suite struct RequestNameTests {
    static func names(_ operations: [(method: String, path: String, id: String?)]) throws -> [String] {
        var paths: [String: [String]] = [:]
        for operation in operations {
            let id = operation.id.map { "operationId: '\($0)', " } ?? ""
            paths[operation.path, default: []].append(
                "    \(operation.method): {\(id)responses: {'204': {description: done}}}")
        }
        let spec = """
            openapi: 3.0.3
            info: {title: Names, version: '1'}
            paths:
            \(paths.sorted { $0.key < $1.key }.map { "  '\($0.key)':\n" + $0.value.joined(separator: "\n") }.joined(separator: "\n"))
            """
        return try #require(build(spec)).model.requestDecisions.map(\.name).sorted()
    }

    /// HubSpot's IDs are the method and the path, then the name it gives the operation, and
    /// sometimes the path again.
    @Test func anIDMadeOfThePathIsNamedByWhatFollowsIt() throws {
        let contacts = "/crm/objects/2026-03/contacts"
        let associations = "/crm/objects/2026-03/{objectType}/{objectId}/associations/{toObjectType}/{toObjectId}"
        let names = try Self.names([
            ("post", contacts + "/search", "post-\(contacts)/search_doSearch"),
            ("get", contacts + "/{contactId}", "get-\(contacts)/{contactId}_getById"),
            ("post", contacts + "/batch/archive", "post-\(contacts)/batch/archive_archive"),
            ("put", associations, "put-\(associations)_\(associations)"),
        ])
        #expect(names == ["ArchiveContactsBatch", "DoSearchContacts", "GetByIDContacts", "PutAssociations"])
    }

    /// FastAPI's IDs are the function's name, then the path and method; two functions of one
    /// name keep their whole IDs rather than one being numbered.
    @Test func aFastAPIIDIsTheFunctionsName() throws {
        let names = try Self.names([
            ("post", "/v1/text-to-speech/{voice_id}", "text_to_speech_v1_text_to_speech__voice_id__post"),
            ("get", "/v1/models", "list_v1_models_get"),
            ("get", "/v1/voices", "list_v1_voices_get"),
        ])
        #expect(names == ["ListV1ModelsGet", "ListV1VoicesGet", "TextToSpeech"])
    }

    @Test func aPathPrefixEveryOperationSharesIsLeftOut() throws {
        #expect(
            try Self.names([("get", "/api/v1/pets", nil), ("get", "/api/v1/pets/{petId}", nil)])
                == ["GetPets", "GetPetsByPetID"])
        // A single operation keeps its path's last segment.
        #expect(try Self.names([("get", "/api/v1/pets", nil)]) == ["GetAPIV1Pets"])
        #expect(try Self.names([("get", "/pets", "listPets")]) == ["ListPets"])
    }

    /// A default module name is made of the title's first twelve words and hundred characters
    /// at most: it is spelled into every server's reference.
    @Test func aLongTitleMakesABoundedModuleName() throws {
        let title = (0..<1_000).map { "w\($0)" }.joined(separator: " ")
        let document = try MusubiClientModelTests.document(
            "openapi: 3.0.3\ninfo: {title: '\(title)', version: '1'}\npaths: {}\n")
        #expect(ClientModelBuilder.defaultModuleName(for: document) == "W0W1W2W3W4W5W6W7W8W9W10W11Client")
        let spotify = try MusubiClientModelTests.document(
            "openapi: 3.0.3\ninfo: {title: Spotify Web API with fixes and improvements from sonallux, version: '1'}\npaths: {}\n"
        )
        #expect(
            ClientModelBuilder.defaultModuleName(for: spotify)
                == "SpotifyWebAPIWithFixesAndImprovementsFromSonalluxClient")
    }

    /// An array schema named after its element with `[]` (Bungie's) is that element's `List`,
    /// not a number.
    @Test func aSchemaNamedWithBracketsIsAList() throws {
        let model = try #require(
            build(
                specWithSchemas(
                    "    Kind: {type: integer, enum: [0, 1]}\n    'Kind[]': {type: array, items: {$ref: '#/components/schemas/Kind'}}"
                ))
        ).model
        #expect(model.model("KindList")?.aliasedType == "[Kind]")
        #expect(ModelBuilder.componentTypeName("[]") == Naming.typeName("[]"))
    }

    /// A version or a word of the API's title that every operation ID starts with says nothing
    /// of any one request (Svix's `v1.application.list`, YouTube's `youtube.videos.list`); any
    /// other shared first word stays, and so does a prefix only some IDs have.
    @Test func aVersionOrTitleEveryIDStartsWithIsLeftOut() throws {
        #expect(
            try Self.names([("get", "/a", "v1.application.list"), ("post", "/a", "v1.application.create")])
                == ["ApplicationCreate", "ApplicationList"])
        #expect(
            ModelBuilder.withoutSharedPrefix(
                ["YoutubeVideosList", "YoutubeVideosInsert"], of: [0, 1], title: "YouTube Data API")
                == ["VideosList", "VideosInsert"])
        #expect(
            ModelBuilder.withoutSharedPrefix(["GetUsers", "GetTeams"], of: [0, 1], title: "Budget API")
                == ["GetUsers", "GetTeams"])
        #expect(
            ModelBuilder.withoutSharedPrefix(["V1List", "V2List"], of: [0, 1], title: "T") == ["V1List", "V2List"])
        #expect(ModelBuilder.withoutSharedPrefix(["V1List"], of: [0], title: "T") == ["V1List"])
        // A long title is read once, its runs of words no longer than the word.
        let long = (0..<20_000).map { "w\($0)" }.joined(separator: " ")
        #expect(
            ModelBuilder.withoutSharedPrefix(["ZzList", "ZzGet"], of: [0, 1], title: long) == ["ZzList", "ZzGet"])
        #expect(
            ModelBuilder.withoutSharedPrefix(["W19999List", "W19999Get"], of: [0, 1], title: long) == ["List", "Get"])
        // Twenty thousand one-letter words and a word of two thousand letters: the title is
        // read once, not once per run of words counted letter by letter (over 2 minutes).
        let letters = Array(repeating: "a", count: 20_000).joined(separator: " ")
        let word = String(repeating: "b", count: 2_000)
        #expect(
            ModelBuilder.withoutSharedPrefix([word + "List", word + "Get"], of: [0, 1], title: letters)
                == [word + "List", word + "Get"])
        let run = String(repeating: "a", count: 2_000)
        #expect(
            ModelBuilder.withoutSharedPrefix([run + "List", run + "Get"], of: [0, 1], title: letters)
                == ["List", "Get"])
        // Words run together only from a word's start to a word's end.
        #expect(ModelBuilder.isRun(of: ["you", "tube"], "youtube"))
        #expect(ModelBuilder.isRun(of: ["data", "you", "tube", "api"], "youtube"))
        #expect(!ModelBuilder.isRun(of: ["you", "tubes"], "youtube"))
        #expect(!ModelBuilder.isRun(of: ["ayou", "tube"], "youtube"))
        #expect(ModelBuilder.isRun(of: ["aab", "aab", "aabaab"], "aabaab"))
        #expect(!ModelBuilder.isRun(of: [], "a"))
    }

    /// Articles inside an ID are left out (Supabase's `v1-create-a-branch`), unless that makes
    /// two operations' names one; a first or last word stays whatever it is.
    @Test func articlesInsideAnIDAreLeftOut() throws {
        let names = try Self.names([
            ("post", "/branches", "v1-create-a-branch"), ("get", "/users/{id}", "get-a-user"),
            ("get", "/user", "get-user"), ("get", "/plans/a", "get-plan-a"), ("get", "/a", "a-list"),
            ("post", "/voices", "Generate_a_random_voice_voices_post"),
        ])
        #expect(names == ["AList", "GenerateRandomVoice", "GetAUser", "GetPlanA", "GetUser", "V1CreateBranch"])
    }

    /// Radarr's paths are under `/api/v3` but for a few beside it: the prefix is still left
    /// out where it is, and a name that would then be another operation's keeps its prefix.
    /// `GET /` is the root.
    @Test func anAPIPrefixMostPathsShareIsLeftOut() throws {
        let names = try Self.names([
            ("get", "/api/v3/movie", nil), ("get", "/api/v3/movie/{id}", nil),
            ("get", "/api/v3/system/status", nil), ("get", "/api/v3/ping", nil), ("get", "/api/v3/tag", nil),
            ("get", "/api/v3/tag/{id}", nil), ("get", "/api/v3/queue", nil), ("get", "/api/v3/history", nil),
            ("get", "/api/v3/calendar", nil), ("get", "/ping", nil), ("get", "/login", nil), ("get", "/api", nil),
            ("get", "/", nil), ("get", "/api/v3/blocklist", nil), ("get", "/api/v3/command", nil),
            ("get", "/api/v3/exclusions", nil),
        ])
        #expect(
            names == [
                "GetAPI", "GetAPIV3Ping", "GetBlocklist", "GetCalendar", "GetCommand", "GetExclusions", "GetHistory",
                "GetLogin", "GetMovie", "GetMovieByID", "GetPing", "GetQueue", "GetRoot", "GetSystemStatus", "GetTag",
                "GetTagByID",
            ])
        // Three in four is the least: one path fewer under the prefix, and it stays.
        #expect(
            try Self.names([
                ("get", "/api/v3/movie", nil), ("get", "/api/v3/tag", nil), ("get", "/ping", nil),
            ]) == ["GetAPIV3Movie", "GetAPIV3Tag", "GetPing"])
        // A resource under most paths is not a prefix: Ably's `/apps/{app_id}/…`.
        let apps = try Self.names([
            ("get", "/apps/{app_id}/keys", nil), ("get", "/apps/{app_id}/rules", nil),
            ("get", "/apps/{app_id}/queues", nil), ("get", "/me", nil),
        ])
        #expect(apps == ["GetAppsByAppIDKeys", "GetAppsByAppIDQueues", "GetAppsByAppIDRules", "GetMe"])
        // Nor is a segment shared by fewer than three paths in four.
        let versions = try Self.names([
            ("get", "/v2/pets", nil), ("get", "/v2/owners", nil), ("get", "/v1/pets", nil), ("get", "/v1/owners", nil),
        ])
        #expect(versions == ["GetV1Owners", "GetV1Pets", "GetV2Owners", "GetV2Pets"])
    }

    /// An operation whose name differs from a schema's only in letter case keeps it, as with
    /// the same name; the schema takes `Model` (Hydra's `oauth2TokenExchange` was
    /// `Oauth2TokenExchange2` beside `oAuth2TokenExchange`).
    @Test func aSchemaNamedLikeAnOperationButForCaseStepsAside() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: Names, version: '1'}
            paths:
              /token:
                post:
                  operationId: oauth2TokenExchange
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {$ref: '#/components/schemas/oAuth2TokenExchange'}}}
            components:
              schemas:
                oAuth2TokenExchange: {type: object, properties: {token: {type: string}}}
            """
        let model = try #require(build(spec)).model
        #expect(model.requestDecisions.map(\.name) == ["Oauth2TokenExchange"])
        #expect(model.model("OAuth2TokenExchangeModel")?.kind == .struct)
    }
}

/// The byte search that finds a path inside an operation ID, linear in both lengths as both
/// are spec text.
@Suite struct ByteSearchTests {
    @Test(
        arguments: [
            ("post-/crm/objects/contacts/search_doSearch", "/crm/objects/contacts/search", 5),
            ("aaaaab", "aab", 3),
            ("abababc", "ababc", 2),
            ("abc", "", 0),
            ("abc", "abcd", nil),
            ("abc", "c", 2),
            ("名前/pets", "/pets", 6),
            ("/a/a/a", "/a/b", nil),
        ] as [(String, String, Int?)])
    func firstOffsets(text: String, part: String, offset: Int?) {
        #expect(text.firstUTF8Offset(of: part) == offset)
        #expect(text.containsBytes(of: part) == (offset != nil))
    }

    /// A hostile spec's operation ID and path of hundreds of thousands of characters each,
    /// almost matching everywhere: a search comparing at each offset did billions of
    /// comparisons; this one does about a million.
    @Test func almostMatchingLongTextsAreSearchedInOnePass() {
        let path = String(repeating: "/a", count: 100_000) + "/b"
        let id = String(repeating: "/a", count: 200_000)
        #expect(id.firstUTF8Offset(of: path) == nil)
        #expect((id + "/b").firstUTF8Offset(of: path) == 200_000)
    }
}

/// Names in other scripts are spelled in Latin letters a piece at a time, as one pass over a
/// long name takes time that grows with the square of its length: the pieces join up.
@Suite struct LongTransliterationTests {
    @Test func aLongNameIsSpelledAsItsPiecesWouldBe() {
        let words = Naming.words(Array(repeating: "größe", count: 100).joined(separator: " "))
        #expect(words == Array(repeating: "grosse", count: 100))
        #expect(Naming.words(String(repeating: "名前 ", count: 300)).count == 600)
        #expect(Naming.words(String(repeating: "名前", count: 1_000)).count == 2_000)
    }
}
