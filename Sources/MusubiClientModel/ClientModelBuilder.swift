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

    public init(
        moduleName: String? = nil, accessLevel: AccessLevel = .public, filter: OperationFilter = OperationFilter(),
        names: NameOverrides = NameOverrides(), types: TypeOverrides = TypeOverrides()
    ) {
        self.moduleName = moduleName
        self.accessLevel = accessLevel
        self.filter = filter
        self.names = names
        self.types = types
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

    public static func build(_ document: Document, options: ClientModelOptions = ClientModelOptions()) -> Result {
        let builder = ModelBuilder(document: document, options: options)
        let model = builder.build()
        return Result(model: model, warnings: builder.diagnostics)
    }

    /// The module name used when none is given: the API's title as a type name plus `Client`.
    public static func defaultModuleName(for document: Document) -> String {
        var name = Naming.typeName(document.info.title)
        for suffix in ["API", "Api"] where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        return name + "Client"
    }
}
