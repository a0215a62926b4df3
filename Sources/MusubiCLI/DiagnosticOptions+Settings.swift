/// `--quiet` and `--warnings-as-errors` with their `musubi.yaml` keys (`quiet:`,
/// `warnings-as-errors:`): a flag given on the command line wins, an absent one leaves the
/// file's value.
extension DiagnosticOptions {
    /// The command line with these flags added; a flag not given is not set.
    func adding(to commandLine: Settings.CommandLine) -> Settings.CommandLine {
        var result = commandLine
        if quiet { result.quiet = true }
        if warningsAsErrors { result.warningsAsErrors = true }
        return result
    }

    /// The reporter for a run with `settings`, which merged these flags with the file's.
    func reporter(for settings: Settings) -> DiagnosticReporter {
        var result = reporter
        result.quiet = settings.quiet
        result.warningsAsErrors = settings.warningsAsErrors
        return result
    }
}
