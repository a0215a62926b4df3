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

            Diagnostics print as `file:line:column: error|warning: message`, coloured when \
            standard error is a terminal (see --color; NO_COLOR turns colour off). A failed \
            run ends with a summary such as `error: 2 errors; nothing written.`

            Exit status:
              0   success (warnings may have been printed)
              1   errors in the spec, configuration or templates; warnings under
                  --warnings-as-errors; differences found by `generate --check`
              64  bad usage: an unknown option, a missing argument, an invalid value

            When a run fails, nothing is written.
            """,
        version: "0.1.0",
        subcommands: [Generate.self, Validate.self, DumpModel.self, Templates.self]
    )

    public init() {}
}
