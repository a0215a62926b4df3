import ArgumentParser
import MusubiClientModel

extension ClientModelOptions.AccessLevel: ExpressibleByArgument {}

/// Options every command that builds a client model takes.
struct ModelOptions: ParsableArguments {
    @Argument(help: "The OpenAPI description to read (YAML or JSON).")
    var spec: String

    @Option(help: "The Swift module the generated files belong to. Default: the API title plus 'Client'.")
    var moduleName: String?

    @Option(help: "Access level of generated declarations: public, package or internal.")
    var accessLevel: ClientModelOptions.AccessLevel = .public

    var clientModelOptions: ClientModelOptions {
        ClientModelOptions(moduleName: moduleName, accessLevel: accessLevel)
    }
}
