import MusubiDocument
import MusubiReader

/// Choices the user makes about the generated client.
public struct ClientModelOptions: Sendable {
    public enum AccessLevel: String, Sendable, CaseIterable {
        case `public`, `package`, `internal`
    }

    /// The module name; derived from the API title (`Swagger Petstore` → `SwaggerPetstoreClient`)
    /// when nil.
    public var moduleName: String?
    public var accessLevel: AccessLevel
    /// Which operations to generate; only the schemas they reach are generated with them.
    public var filter: OperationFilter
    /// Names chosen instead of the derived ones.
    public var names: NameOverrides
    /// Swift types chosen for formats and schemas.
    public var types: TypeOverrides
    /// Whether the runtime's sources are copied into the output, so it depends on nothing:
    /// into `Runtime/` of the client's own module, or in package mode as a `MusubiRuntime`
    /// target of the package.
    public var embedsRuntime: Bool
    /// Package mode: the output is a whole SwiftPM package around the client.
    public var package: PackageOptions?
    /// Type names generated types must not take, beyond Swift's, Foundation's and the
    /// runtime's public ones: the runtime's internal types when its sources share the module.
    public var reservedTypeNames: Set<String>
    /// File names generated files must not take: the runtime's, when its sources share the
    /// module (SwiftPM needs a module's file names to be unique, folders notwithstanding).
    public var reservedFileNames: Set<String>
    /// One file per declaration instead of related declarations sharing a file
    /// (``FileGrouping``): easier to diff, slower to build.
    public var filePerType: Bool
    /// Whether the spec's webhooks and callbacks become an enum of events a received request
    /// is decoded into (``WebhooksDecision``), with their payloads' types.
    public var generatesWebhooks: Bool
    /// Pagination rules by `operationId`, for operations whose pagination the spec does not
    /// show unambiguously (an operation's own `x-musubi-pagination` wins).
    public var pagination: [String: Configured<PaginationRule>]

    public init(
        moduleName: String? = nil, accessLevel: AccessLevel = .public, filter: OperationFilter = OperationFilter(),
        names: NameOverrides = NameOverrides(), types: TypeOverrides = TypeOverrides(), embedsRuntime: Bool = false,
        package: PackageOptions? = nil, reservedTypeNames: Set<String> = [], reservedFileNames: Set<String> = [],
        filePerType: Bool = false, generatesWebhooks: Bool = true,
        pagination: [String: Configured<PaginationRule>] = [:]
    ) {
        self.moduleName = moduleName
        self.accessLevel = accessLevel
        self.filter = filter
        self.names = names
        self.types = types
        self.embedsRuntime = embedsRuntime
        self.package = package
        self.reservedTypeNames = reservedTypeNames
        self.reservedFileNames = reservedFileNames
        self.filePerType = filePerType
        self.generatesWebhooks = generatesWebhooks
        self.pagination = pagination
    }

    /// Where the files of the client's module go: `Sources/<module>/` in package mode.
    var sourcesDirectory: String { package.map { "Sources/\($0.name)/" } ?? "" }
}

/// What a generated package is called and where its `MusubiRuntime` comes from.
public struct PackageOptions: Sendable, Equatable {
    /// Where the package finds the runtime when it is not embedded.
    public enum RuntimeDependency: Sendable, Equatable {
        /// A local checkout of Musubi, as written into `Package.swift` (relative to the package).
        case path(String)
        /// A Git URL and the lowest version accepted.
        case url(String, from: String)
    }

    /// The package's name, which is also its library product's, its target's and the module's.
    public var name: String
    /// Ignored when the runtime is embedded.
    public var runtime: RuntimeDependency?

    public init(name: String, runtime: RuntimeDependency? = nil) {
        self.name = name
        self.runtime = runtime
    }
}

/// Turns a ``Document`` into the ``ClientModel`` the templates render.
///
/// All naming happens here, in a fixed order so output is stable: component schema names
/// first (they are the names users see most), then operation names, then the names of inline
/// schemas as the components and operations that contain them are visited in source order.
public enum ClientModelBuilder {
    public struct Result: Sendable {
        public var model: ClientModel
        /// Warnings, and errors when the options make a client impossible (a filter that
        /// keeps no operation): the model is then not worth rendering.
        public var warnings: [Diagnostic]
    }

    /// The build, step by step. Each step takes what the earlier ones made and returns what it
    /// makes; the steps that declare types write them into the builder's ``TypeCatalog``, whose
    /// declarations the passes then take.
    public static func build(_ document: Document, options: ClientModelOptions = ClientModelOptions()) -> Result {
        let builder = ModelBuilder(document: document, options: options)
        // The operations the filter keeps and the schemas they reach.
        let selection = builder.select()
        // The names users see most, in a fixed order: the API protocol, component types, requests.
        let names = builder.claimNames(for: selection)
        // Component schemas to types, into the catalog.
        builder.declareComponentTypes(selection.schemas)
        // Servers, security schemes and requests; their inline types go into the catalog too.
        var built = builder.buildRequests(names: names)
        // Inline types several places share, named after all of them.
        built.requests = builder.namingSharedShapes(built.requests)
        // The webhooks' enum and their payloads' types, after everything the client had without them.
        let webhooks = builder.buildWebhooks()
        // Declarations in, declarations out.
        var types = builder.typePasses.apply(to: builder.catalog.types)
        // Mentions of the inline types the passes named follow their names.
        (types, built.requests) = builder.followingSharedNames(types, built.requests)
        // The files everything goes in.
        let placed = builder.files.place(
            types, built.requests, filePerType: options.filePerType,
            reservedFileNames: options.reservedFileNames.union(
                [builder.apiFileName] + (webhooks.map { [$0.enumName + ".swift"] } ?? [])))
        builder.reportUnappliedOverrides(keptSchemas: Set(selection.schemas.map(\.name)))
        // The template context.
        var model = builder.present(types: placed.types, requests: placed.requests, built: built, names: names)
        if let webhooks {
            model.webhooksDecision = webhooks
            model.webhooks = builder.present(webhooks)
        }
        return Result(model: model, warnings: builder.diagnostics)
    }

    /// The module name used when none is given: the API's title as a type name plus `Client`.
    /// At most the title's first ``maximumTitleWords`` words and ``maximumTitleLength``
    /// characters are used: the name is spelled into the API's member and every server's
    /// reference, so a title of megabytes would be written again for each.
    public static func defaultModuleName(for document: Document) -> String {
        let words = document.info.title.split(whereSeparator: \.isWhitespace).prefix(maximumTitleWords)
        var name = Naming.typeName(String(words.joined(separator: " ").prefix(maximumTitleLength)))
        for suffix in ["API", "Api"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        return name + "Client"
    }

    /// The most words of the title a default module name is made of (Spotify's, the longest of
    /// the real specs we have, has nine).
    static let maximumTitleWords = 12

    /// The most characters of the title a default module name is made of.
    static let maximumTitleLength = 100
}
