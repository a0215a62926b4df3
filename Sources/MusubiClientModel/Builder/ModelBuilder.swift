import Foundation
import MusubiDocument
import MusubiReader

/// One build of a client model: the steps ``ClientModelBuilder/build(_:options:)`` runs in
/// order, and the state they share, in parts: the ``catalog`` of types, the ``naming`` of
/// types and members, the user's ``overrides``, the API ``surface``, and the diagnostics.
final class ModelBuilder {
    let document: Document
    let options: ClientModelOptions
    let moduleName: String
    let access: String
    /// The spec's file name without its folders (`stripe.yaml`).
    let sourceFileName: String
    /// The first line of every generated file; made once, as every declaration carries it.
    let header: String
    /// The stem that names the API's protocol and file (``apiName(forModule:)``).
    let apiName: String
    /// The file of the API's declaration, whose name no other file may take.
    var apiFileName: String { apiName + "API.swift" }
    /// What the build found: warnings about the spec once per place, and problems with the
    /// user's settings.
    private(set) var collector = DiagnosticCollector()
    var diagnostics: [Diagnostic] { collector.diagnostics }

    /// Where each declaration's file goes.
    let files: FilePlacement
    /// What each schema became and the declarations made so far.
    var catalog = TypeCatalog()
    /// The type names handed out and the names made from the spec's words.
    var naming: NameCache
    /// The user's member overrides: the spec's names of types, and which overrides applied.
    var overrides = OverrideTracking()
    /// The operations generated, and the server and security scheme names requests use.
    var surface = APISurface()
    /// The number of each server (``serverNumber(_:)``), by its identity and by its key.
    var serverNumbers: (byIdentity: [Int: Int], byKey: [String: Int]) = ([:], [:])
    /// ``errorSchemaNames(of:)`` of ``document``, found once, when an operation's `default`
    /// needs them.
    lazy var errorSchemaNames = Self.errorSchemaNames(of: document)
    /// What each schema that is a part of an `allOf` adds to it, merged once for the whole
    /// build, and how many properties the merged `allOf`s hold together (see
    /// ``AllOfMerging``).
    var allOfMerging = AllOfMerging()
    /// The shape of each named union that is an alternative of another (see
    /// ``unionShape(of:lookup:)``), found once however many unions list it.
    var unionShapes: [String: TypeDeclaration.ObjectShape?] = [:]
    /// Each named schema a union of strings lists, as a union of strings (see
    /// ``stringUnion(of:depth:)``), found once however many unions list it.
    var stringUnions: [String: StringUnion?] = [:]
    /// How many values the unions of strings have read (see
    /// ``stringUnionValueLimit``), and whether passing the limit has been reported.
    var stringUnionValueCount = 0
    var isStringUnionLimitReported = false
    /// The kinds of JSON value each named schema an untagged union lists takes (see
    /// ``decodingOrder(of:)``), found once however many unions list it.
    var jsonKindsByName: [String: Set<JSONKind>?] = [:]
    /// The structs pagination looked into, by type name, each indexed once however many
    /// operations answer with it (see ``PageShape``), and the one list of each page type.
    var pageStructures: [String: PageShape.Structure] = [:]
    var pageSoleLists: [String: PageShape.List?] = [:]
    /// How many scheme and scope names the requests' `security` lists hold together (see
    /// ``securityRequirements(of:)``).
    var securityNameCount = 0

    /// The document's security schemes by the name requirements use.
    lazy var securitySchemesByName = Dictionary(
        document.securitySchemes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    /// The parameters reported as supplied by a security scheme (see
    /// ``leavingOutSuppliedCredentials(_:)``): each scheme and parameter once.
    var reportedSuppliedCredentials: Set<String> = []

    /// ``NameCache/memberName(_:)``.
    func memberName(_ text: String) -> String { naming.memberName(text) }

    /// ``NameCache/typeName(_:)``.
    func typeName(_ text: String) -> String { naming.typeName(text) }

    /// `module` made a name the client's module can have: a type name (`my api` →
    /// `MyAPI`), with `Client` after it when that is still a keyword or an imported module.
    static func importableModuleName(_ module: String) -> String {
        let name = Naming.typeName(module)
        return Naming.moduleNameProblem(name) == nil ? name : name + "Client"
    }

    init(document: Document, options: ClientModelOptions) {
        self.document = document
        self.options = options
        let module = options.package?.name ?? options.moduleName ?? ClientModelBuilder.defaultModuleName(for: document)
        // The CLI refuses a module name that cannot be imported; a caller of this library
        // that passes one gets it made one, as it is spelled into code (`…Request` protocols).
        moduleName = Naming.moduleNameProblem(module) == nil ? module : Self.importableModuleName(module)
        apiName = Self.apiName(forModule: moduleName)
        access = options.accessLevel == .internal ? "" : options.accessLevel.rawValue + " "
        sourceFileName = document.file.split(separator: "/").last.map(String.init) ?? document.file
        header = "// Generated by musubi from \(SwiftSourceText.commentText(sourceFileName)). Do not edit."
        // Types the user supplies keep their names: a generated type of the same name would
        // hide them.
        let supplied = options.types.schemas.values.map(\.value).filter(Naming.isIdentifier)
        naming = NameCache(
            typeNames: TypeNameRegistry(reserving: [moduleName] + supplied, existingTypes: options.reservedTypeNames))
        files = FilePlacement(operations: document.operations, sourcesDirectory: options.sourcesDirectory)
        for named in document.schemas {
            catalog.componentSchemas[named.name] = named.schema
        }
    }

    func warning(_ message: String, at location: SourceLocation?) {
        collector.report(.warning(message, file: document.file, at: location))
    }

    /// A warning about `schema`, or about a place inside it, in the file it is written in.
    func warning(_ message: String, at location: SourceLocation?, in schema: Schema?) {
        collector.report(.warning(message, file: schema?.file ?? document.file, at: location))
    }

    /// A warning about `operation`, or about a place inside it, in the file it is written in.
    func warning(_ message: String, at location: SourceLocation?, of operation: APIOperation) {
        collector.report(.warning(message, file: operation.file ?? document.file, at: location))
    }

    /// A warning about `server`, or a place inside it, in the file it is written in.
    func warning(_ message: String, at location: SourceLocation?, of server: ServerDescription) {
        collector.report(.warning(message, file: server.file ?? document.file, at: location))
    }

    /// A problem with a user setting, reported where the user wrote it.
    func report(_ severity: Diagnostic.Severity, _ message: String, about origin: SettingOrigin) {
        record(Diagnostic(severity, message, file: origin.file, at: origin.location))
    }

    func record(_ diagnostic: Diagnostic) {
        collector.append(diagnostic)
    }

    // MARK: Steps

    /// Declares the types of the selected component schemas into ``catalog``, under the names
    /// ``claimNames(for:)`` claimed for them; a schema whose type the user supplies is not
    /// declared. Inline schemas they contain are declared on the way.
    func declareComponentTypes(_ schemas: [NamedSchema]) {
        // Multipart bodies' schemas are types of their own (see ``ShapeNumbering``): known
        // before the first inline schema is compared.
        collectUploadSchemas()
        catalog.inheritanceUnions = inheritanceUnions(of: schemas)
        for named in schemas where options.types.schemas[named.name] == nil {
            declareComponent(named)
        }
        defaultSubtypeTags()
    }

    /// What the requests step makes: the API's servers and security schemes, and a request
    /// type per operation.
    struct BuiltRequests {
        var servers: ServerModel
        var securitySchemes: [SecuritySchemeDecision]
        var requests: [RequestDecision]
    }

    /// Builds the servers, security schemes and a request per operation of ``surface``,
    /// declaring the inline types of their parameters, bodies and responses into ``catalog``.
    func buildRequests(names: ClaimedNames) -> BuiltRequests {
        let servers = serverModel(operationNames: names.operations, apiMember: serversMember)
        surface.serverReferences = servers.choices
        let securitySchemes = securitySchemeDecisions()
        let requests = zip(surface.operations, names.operations).map { operation, name in
            request(for: operation, name: name)
        }
        return BuiltRequests(servers: servers, securitySchemes: securitySchemes, requests: requests)
    }

    /// The passes run on the declared types, in order: boxing compositions first (merging
    /// compares the boxed forms), then merging identical types, then how unions of objects
    /// encode (once every type is known), then choosing inline storage (which depends on what
    /// each property's type became).
    var typePasses: [TypePass] {
        [
            RecursionPass(),
            IdenticalTypesPass(
                conceptTypeNames: catalog.conceptTypeNames, typeNames: naming.typeNames,
                headerTypeNames: catalog.headerTypeNames, sharedTypeNames: catalog.sharedTypeNames,
                shapePlaces: catalog.unnamedShapePlaces, titles: catalog.titles,
                inlineTitles: catalog.inlineTitles, errorName: apiName + "Error"),
            ObjectUnionsPass(),
            DiscriminatorDefaultsPass(),
            InlineValuesPass(),
        ]
    }

    /// The model the templates render: the decisions about the types, requests (as placed in
    /// their files) and API file, each laid out into its template context, and the package
    /// around them.
    func present(
        types: [TypeDeclaration], requests: [RequestDecision], built: BuiltRequests, names: ClaimedNames
    ) -> ClientModel {
        let protocolName = names.protocolName
        let imports = imports
        let api = APIDecision(
            fileName: FilePlacement.fittedPath(files.apiFolder + apiFileName),
            protocolName: protocolName, title: document.info.title, summary: document.info.summary,
            description: document.info.description, serversMember: serversMember,
            serversTypeName: names.serversTypeName, servers: built.servers.servers,
            serverEnums: built.servers.enums, securitySchemesTypeName: names.securitySchemesTypeName,
            securitySchemes: built.securitySchemes)

        let sortedTypes = types.sorted { ($0.fileName, $0.name) < ($1.fileName, $1.name) }
        let presentation = ModelPresentation(header: header, access: access, imports: imports)
        let presentedRequests = RequestPresentation(
            header: header, access: access, imports: imports, protocolName: protocolName,
            soleCases: ModelPresentation.soleCases(in: sortedTypes)
        ).present(requests)
        return ClientModel(
            moduleName: moduleName,
            header: header,
            access: access,
            apiDecision: api,
            api: APIPresentation(header: header, access: access, imports: imports).present(api),
            types: sortedTypes,
            models: presentation.present(sortedTypes),
            requestDecisions: requests,
            requests: presentedRequests,
            imports: imports,
            runtimeDirectory: runtimeDirectory,
            embedsRuntime: embedsRuntime,
            package: packageDeclaration(requests: presentedRequests),
            isPackage: options.package != nil)
    }

    /// `petstore`: the one member the API declares on `Server` and on `SecurityScheme`, its
    /// servers and security schemes the members of their values (`.petstore.production`,
    /// `.petstore.petstoreAuth`). Named after the API, so two clients in one file declare
    /// different members; a name that would need backticks (`default`) takes the suffix `API`.
    var serversMember: String {
        let name = Naming.memberName(apiName)
        let unusable = SwiftKeywords.reserved.union(SwiftKeywords.unusableMembers).union(["url"])
        return unusable.contains(name) ? name + "API" : name
    }

    /// `PetstoreClient` → `Petstore`: the stem that names the API's protocol and file.
    static func apiName(forModule module: String) -> String {
        for suffix in ["Client", "API", "Kit"] where module.hasSuffix(suffix) && module.count > suffix.count {
            return String(module.dropLast(suffix.count))
        }
        return module
    }

    /// The request type's name: the operation ID as a type name, or the method and path
    /// (`GET /pets/{petId}` → `GetPetsByPetID`) when the spec gives no ID. The first
    /// `sharedSegments` segments of the path, the API's prefix (``apiPathPrefix(_:)``:
    /// HubSpot's `/crm/objects/2026-03`, Radarr's `/api/v3`), are left out of a name made
    /// from it.
    ///
    /// An ID made of the method and the path (HubSpot's
    /// `post-/crm/objects/2026-03/contacts/search_doSearch`) names the request by what follows
    /// them, then the words of the path's literal segments it does not have: `DoSearchContacts`;
    /// by the method and those words when nothing but the path follows (HubSpot writes the
    /// path twice, which named requests with 150 characters).
    ///
    /// An ID FastAPI made, the function's name then the path and method
    /// (`text_to_speech_v1_text_to_speech__voice_id__post`), is the function's name
    /// (`TextToSpeech`) when `shortening` (``fastAPIName(_:of:)``).
    ///
    /// Words an ID runs together are split at the words its summary (or description) uses
    /// (``RunTogetherWords``): OpenAI's `Getprojectspendlimit`, "Get a project's hard spend
    /// limit.", is `GetProjectSpendLimit`.
    func requestName(for operation: APIOperation, sharedSegments: Int = 0, shortening: Bool = true) -> String {
        var pathWords: [String] = []
        for segment in operation.path.split(separator: "/").dropFirst(sharedSegments) {
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                pathWords.append("by")
                pathWords.append(contentsOf: Naming.words(String(segment.dropFirst().dropLast())))
            } else {
                pathWords.append(contentsOf: Naming.words(String(segment)))
            }
        }
        if let id = operation.operationID, operation.path.count > 1, let offset = id.firstUTF8Offset(of: operation.path)
        {
            let end = id.utf8.index(id.utf8.startIndex, offsetBy: offset + operation.path.utf8.count)
            let rest = id[end...].drop { !$0.isLetter && !$0.isNumber }
            let restWords = rest.contains("/") ? [] : Naming.words(String(rest))
            // The path's own words, without its parameters: what the operation is about.
            var own = Set(restWords)
            var resource: [String] = []
            for segment in operation.path.split(separator: "/").dropFirst(sharedSegments) where !segment.hasPrefix("{")
            {
                for word in Naming.words(String(segment))
                where !own.contains(word) && !own.contains(Naming.singular(word)) {
                    resource.append(word)
                    own.insert(word)
                }
            }
            let words = restWords.isEmpty ? [operation.method.rawValue] + resource : restWords + resource
            return Naming.typeName(words.joined(separator: "_"))
        }
        if shortening, let id = operation.operationID, let name = Self.fastAPIName(id, of: operation) {
            return Naming.typeName(Self.withoutArticles(Naming.words(name)).joined(separator: "_"))
        }
        if let id = operation.operationID, case let words = Naming.words(id), !words.isEmpty {
            if let text = operation.summary ?? operation.description,
                let split = RunTogetherWords.split(words, using: text)
            {
                return Naming.typeName((shortening ? Self.withoutArticles(split) : split).joined(separator: "_"))
            }
            let kept = shortening ? Self.withoutArticles(words) : words
            return Naming.typeName(kept.count == words.count ? id : kept.joined(separator: "_"))
        }
        // `GET /` is about the API's root, not about nothing.
        if pathWords.isEmpty { pathWords = ["root"] }
        return Naming.typeName(([operation.method.rawValue] + pathWords).joined(separator: "_"))
    }

    /// `words` without the articles between their first and last (`v1-create-a-branch` is
    /// `V1CreateBranch`, ElevenLabs' `Generate_a_random_voice` `GenerateRandomVoice`): a
    /// one-letter word run into a type name reads as part of the next (`V1CreateABranch`).
    static func withoutArticles(_ words: [String]) -> [String] {
        guard words.count > 2 else { return words }
        let articles: Set<String> = ["a", "an", "the"]
        var kept = [words[0]]
        for word in words.dropFirst().dropLast() where !articles.contains(word) { kept.append(word) }
        kept.append(words[words.count - 1])
        return kept
    }

    /// The function's name in an operation ID FastAPI made: the name, then the path with every
    /// character but a letter, digit or `_` written `_`, then `_` and the method
    /// (`text_to_speech` of `text_to_speech_v1_text_to_speech__voice_id__post` for
    /// `POST /v1/text-to-speech/{voice_id}`); nil for any other ID.
    static func fastAPIName(_ id: String, of operation: APIOperation) -> String? {
        let path = String(
            operation.path.unicodeScalars.map { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_")
                    ? Character(scalar) : "_"
            })
        let suffix = path + "_" + operation.method.rawValue.lowercased()
        guard id.count > suffix.count, id.hasSuffix(suffix) else { return nil }
        let name = String(id.dropLast(suffix.count))
        return Naming.words(name).isEmpty ? nil : name
    }

    /// The API's own prefix, which says nothing of any one operation: the longest run of
    /// leading segments, none a parameter, that every path continues past (HubSpot's
    /// `/crm/objects/2026-03`) or, for segments that read as a prefix (`api`, `rest`, a version
    /// such as `v3` or `2024-01`), at least three in four do: Radarr puts 156 of its 162 paths
    /// under `/api/v3` and the rest (`/ping`, `/login`) beside it, while Ably's `/apps/{id}`
    /// under most paths is a resource. A prefix that is itself a path of the API is shortened
    /// until it is not.
    static func apiPathPrefix(_ paths: [String]) -> [Substring] {
        let split = paths.map { $0.split(separator: "/") }
        guard paths.count > 1 else { return [] }
        let exactPaths = Set(split.map { $0.joined(separator: "/") })
        var prefix: [Substring] = []
        // The paths that start with the prefix, each segment compared once.
        var under = Array(split.indices)
        while true {
            // The most common next segment among the paths that continue past the prefix.
            var counts: [Substring: Int] = [:]
            for index in under where split[index].count > prefix.count + 1 {
                counts[split[index][prefix.count], default: 0] += 1
            }
            guard let (segment, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
                !segment.hasPrefix("{"),
                count == paths.count || (count * 4 >= paths.count * 3 && Self.readsAsPathPrefix(segment))
            else { break }
            under.removeAll { split[$0].count <= prefix.count || split[$0][prefix.count] != segment }
            prefix.append(segment)
        }
        while !prefix.isEmpty, exactPaths.contains(prefix.joined(separator: "/")) {
            prefix.removeLast()
        }
        return prefix
    }

    /// `api`, `rest`, or a version (`v3`, `v1beta2`, `2024-01`, `1.0`): a path segment that
    /// says where the API is, not what an operation does.
    static func readsAsPathPrefix(_ segment: Substring) -> Bool {
        let lowered = segment.lowercased()
        if lowered == "api" || lowered == "rest" { return true }
        let version = lowered.hasPrefix("v") ? lowered.dropFirst() : Substring(lowered)
        guard let first = version.first, first.isASCII, first.isNumber else { return false }
        return version.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    /// How many leading segments of `path` are the API's `prefix`: all of them when the path
    /// continues past it, else none.
    static func prefixSegments(_ prefix: [Substring], of path: String) -> Int {
        guard !prefix.isEmpty else { return 0 }
        let segments = path.split(separator: "/")
        return segments.count > prefix.count && segments.starts(with: prefix) ? prefix.count : 0
    }
}
