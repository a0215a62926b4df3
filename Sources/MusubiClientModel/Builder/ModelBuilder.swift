import Foundation
import MusubiDocument
import MusubiReader

/// The state of one build: names handed out so far, declarations made, warnings.
final class ModelBuilder {
    let document: Document
    let options: ClientModelOptions
    let moduleName: String
    let access: String
    /// The spec's file name without its folders (`stripe.yaml`).
    let sourceFileName: String
    /// The first line of every generated file; made once, as every declaration carries it.
    let header: String
    /// What the build found: warnings about the spec once per place, and problems with the
    /// user's settings.
    private(set) var collector = DiagnosticCollector()
    var diagnostics: [Diagnostic] { collector.diagnostics }

    var typeNames: TypeNameRegistry
    /// Where each declaration's file goes.
    let files: FilePlacement
    /// Component schema name → Swift type name.
    var componentTypeNames: [String: String] = [:]
    /// Component schema name → its schema, for following references.
    var componentSchemas: [String: Schema] = [:]
    /// Inline schemas already declared, by identity, so a schema reached twice is one type.
    var declaredInline: [ObjectIdentifier: String] = [:]
    /// Inline types by the shape number of the schema they were declared for, so an inline
    /// schema written the same way elsewhere is the same type (see `shapeNumber(of:)`).
    var declaredShapes: [Int: String] = [:]
    /// Shape numbers by schema identity and by key; see `shapeNumber(of:)`.
    var shapeNumbers: [ObjectIdentifier: Int] = [:]
    var shapeKeys: [ShapeKey: Int] = [:]
    /// The model types declared so far, as decided; the presentation step lays them out last.
    private(set) var types: [TypeDeclaration] = []
    /// Declared model kinds by type name, for lookups while building requests.
    private(set) var modelKinds: [String: ModelDeclaration.Kind] = [:]
    /// Aliased types by alias name.
    private(set) var aliases: [String: SwiftType] = [:]
    /// The types the user supplies for component schemas (`types.schemas`), by schema name.
    var suppliedComponentTypes: [String: SwiftType] = [:]
    /// Schemas of multipart bodies, by identity: their binary properties are `FileUpload`s.
    var uploadSchemas: Set<ObjectIdentifier> = []
    /// `oneOf` enums whose alternatives are all parameter values, so they are one as well.
    var parameterValueUnions: Set<String> = []
    /// What chooses each server by default (`.uploads`), by `serverKey`.
    var serverReferences: [String: String] = [:]
    /// Security scheme name → its `SecurityScheme` member name.
    var securitySchemeMembers: [String: String] = [:]
    /// The operations generated: the document's, less those the filter leaves out.
    var operations: [APIOperation] = []
    /// Swift type name → the spec's name, for component schemas, so user overrides of members
    /// can name a type either way.
    var specSchemaNames: [String: String] = [:]
    /// Keys of user overrides applied so far (`properties:Pet.id`), so the rest can be reported.
    var appliedOverrides: Set<String> = []
    /// Names already made from the spec's words, by those words: see `memberName(_:)`.
    private var namedMembers: [String: String] = [:]
    private var namedTypes: [String: String] = [:]

    /// ``Naming/memberName(_:)``, remembered: naming splits text into words and joins them
    /// again, and a spec repeats the same property names (`id`, `object`, `created`) thousands
    /// of times.
    func memberName(_ text: String) -> String {
        if let known = namedMembers[text] { return known }
        let name = Naming.memberName(text)
        namedMembers[text] = name
        return name
    }

    /// ``Naming/typeName(_:)``, remembered like `memberName(_:)`.
    func typeName(_ text: String) -> String {
        if let known = namedTypes[text] { return known }
        let name = Naming.typeName(text)
        namedTypes[text] = name
        return name
    }

    func declare(_ declaration: TypeDeclaration) {
        types.append(declaration)
        modelKinds[declaration.name] = declaration.kind
        if let target = declaration.aliasedType { aliases[declaration.name] = target }
    }

    /// Lets the passes change declared types in place.
    func updateType(at offset: Int, _ change: (inout TypeDeclaration) -> Void) {
        change(&types[offset])
    }

    init(document: Document, options: ClientModelOptions) {
        self.document = document
        self.options = options
        let module = options.package?.name ?? options.moduleName ?? ClientModelBuilder.defaultModuleName(for: document)
        // The CLI refuses a module name that is not an identifier; a caller of this library
        // that passes one gets it made one, as it is spelled into code (`…Request` protocols).
        moduleName = Naming.isIdentifier(module) ? module : Naming.typeName(module)
        access = options.accessLevel == .internal ? "" : options.accessLevel.rawValue + " "
        sourceFileName = document.file.split(separator: "/").last.map(String.init) ?? document.file
        header = "// Generated by musubi from \(SwiftSourceText.commentText(sourceFileName)). Do not edit."
        // Types the user supplies keep their names: a generated type of the same name would
        // hide them.
        let supplied = options.types.schemas.values.map(\.value).filter(Naming.isIdentifier)
        typeNames = TypeNameRegistry(reserving: [module] + supplied, existingTypes: options.reservedTypeNames)
        files = FilePlacement(operations: document.operations, sourcesDirectory: options.sourcesDirectory)
    }

    func warning(_ message: String, at location: SourceLocation?) {
        collector.report(.warning(message, file: document.file, at: location))
    }

    /// A problem with a user setting, reported where the user wrote it.
    func report(_ severity: Diagnostic.Severity, _ message: String, about origin: SettingOrigin) {
        record(Diagnostic(severity, message, file: origin.file, at: origin.location))
    }

    func record(_ diagnostic: Diagnostic) {
        collector.append(diagnostic)
    }

    func build() -> ClientModel {
        let apiName = Self.apiName(forModule: moduleName)
        let apiFileName = apiName + "API.swift"
        let protocolName = typeNames.claim(apiName + "Request")

        for named in document.schemas {
            componentSchemas[named.name] = named.schema
        }
        operations = selectedOperations()
        let schemas = selectedSchemas()
        let operationNames = claimNames(schemas: schemas)
        collectUploadSchemas()

        // A schema whose type the user supplies is not declared.
        for named in schemas where options.types.schemas[named.name] == nil {
            declareComponent(named)
        }
        let servers = serverModel(operationNames: operationNames)
        serverReferences = servers.references
        let securitySchemes = securitySchemeDeclarations()
        var requests = zip(operations, operationNames).map { operation, name in
            request(for: operation, name: name, protocolName: protocolName)
        }

        boxRecursiveProperties()
        mergeIdenticalDeclarations()
        storeSmallModelsInline()
        if !options.filePerType { groupFiles(&requests, apiFileName: apiFileName) }
        fitFileNames(&requests)
        reportUnappliedOverrides(keptSchemas: Set(schemas.map(\.name)))

        let api = APIDeclaration(
            header: header, access: access,
            fileName: FilePlacement.fittedPath(files.apiFolder + apiFileName),
            protocolName: protocolName,
            docLines: SwiftSourceText.docLines([
                document.info.title, document.info.summary, document.info.description,
                "The requests of this API conform to ``\(protocolName)``, whose extension supplies what they share.",
            ]),
            servers: servers.declarations,
            hasServers: !servers.declarations.isEmpty,
            serverEnums: servers.enums,
            securitySchemes: securitySchemes,
            hasSecuritySchemes: !securitySchemes.isEmpty)

        let imports = imports
        let sortedTypes = types.sorted { ($0.fileName, $0.name) < ($1.fileName, $1.name) }
        let presentation = ModelPresentation(header: header, access: access, imports: imports)
        var apiWithImports = api
        apiWithImports.imports = imports
        return ClientModel(
            moduleName: moduleName,
            header: header,
            access: access,
            api: apiWithImports,
            types: sortedTypes,
            models: presentation.present(sortedTypes),
            requests: requests.map { request in
                var request = request
                request.imports = imports
                return request
            },
            imports: imports,
            runtimeDirectory: runtimeDirectory,
            embedsRuntime: embedsRuntime,
            package: packageDeclaration(requests: requests),
            isPackage: options.package != nil)
    }

    /// Moves models and requests from a file each into the files they share.
    private func groupFiles(_ requests: inout [RequestDeclaration], apiFileName: String) {
        // SwiftPM needs the file names of a module to differ: the API file's and, when the
        // runtime's sources are copied in, theirs are taken.
        let grouped = files.groupedFiles(
            types.map(\.fileName) + requests.map(\.fileName),
            reservedFileNames: options.reservedFileNames.union([apiFileName]))
        for index in types.indices { types[index].fileName = grouped[types[index].fileName]! }
        for index in requests.indices { requests[index].fileName = grouped[requests[index].fileName]! }
    }

    /// Shortens the file and folder names too long for a file system (``FilePlacement/fittedPath(_:)``).
    /// Type names stay as they are: only the files are named after them.
    private func fitFileNames(_ requests: inout [RequestDeclaration]) {
        for index in types.indices { types[index].fileName = FilePlacement.fittedPath(types[index].fileName) }
        for index in requests.indices { requests[index].fileName = FilePlacement.fittedPath(requests[index].fileName) }
    }

    /// `PetstoreClient` → `Petstore`: the stem that names the API's protocol and file.
    static func apiName(forModule module: String) -> String {
        for suffix in ["Client", "API", "Kit"] where module.hasSuffix(suffix) && module.count > suffix.count {
            return String(module.dropLast(suffix.count))
        }
        return module
    }

    /// The request type's name: the operation ID as a type name, or the method and path
    /// (`GET /pets/{petId}` → `GetPetsByPetID`) when the spec gives no ID.
    func requestName(for operation: APIOperation) -> String {
        if let id = operation.operationID, !Naming.words(id).isEmpty {
            return Naming.typeName(id)
        }
        var words = [operation.method.rawValue]
        for segment in operation.path.split(separator: "/") {
            if segment.hasPrefix("{"), segment.hasSuffix("}") {
                words.append("by")
                words.append(contentsOf: Naming.words(String(segment.dropFirst().dropLast())))
            } else {
                words.append(contentsOf: Naming.words(String(segment)))
            }
        }
        return Naming.typeName(words.joined(separator: "_"))
    }
}
