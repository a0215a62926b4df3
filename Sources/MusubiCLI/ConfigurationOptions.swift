import ArgumentParser

/// `--config FILE`: the `musubi.yaml` to read instead of the one beside the spec.
struct ConfigurationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A musubi.yaml to read. Default: musubi.yaml or musubi.yml beside the spec (or, with no SPEC, in the current directory).",
            valueName: "file"))
    var config: String?
}
