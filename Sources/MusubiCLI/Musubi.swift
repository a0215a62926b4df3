import ArgumentParser

/// The `musubi` command.
public struct Musubi: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "musubi",
        abstract: "Generate typed Swift API clients from OpenAPI descriptions.",
        discussion: """
            Each operation of the spec becomes a request type tied to its response type, \
            sent with the MusubiRuntime client:

                let pet = try await client.send(ShowPetByID(petID: "42"))

            Start with `musubi generate openapi.yaml --output Sources/PetstoreClient`, \
            then add `MusubiRuntime` to the target's dependencies.

            Diagnostics print as `file:line:column: error|warning: message`. Exit status: \
            0 on success, 1 when the spec has errors (nothing is written), 64 for bad usage.
            """,
        version: "0.1.0",
        subcommands: [Generate.self, Validate.self, DumpModel.self]
    )

    public init() {}
}
