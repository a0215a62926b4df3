import ArgumentParser
import Foundation

/// How diagnostics are shown and how strictly warnings are taken, the options every command
/// that reads a spec shares (`--quiet`, `--warnings-as-errors`, `--color`).
struct DiagnosticOptions: ParsableArguments {
    /// When to colour diagnostics, as compilers decide it.
    enum ColorMode: String, ExpressibleByArgument, CaseIterable, Sendable {
        /// Colour when standard error is a terminal and `NO_COLOR` is not set.
        case auto
        case always
        case never
    }

    @Flag(name: SettingDeclaration.quiet.names, help: SettingDeclaration.quiet.argumentHelp)
    var quiet = false

    @Flag(name: SettingDeclaration.warningsAsErrors.names, help: SettingDeclaration.warningsAsErrors.argumentHelp)
    var warningsAsErrors = false

    @Option(help: "When to colour diagnostics: auto (on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorMode = .auto

    /// The reporter these options describe, for the process's real standard error.
    var reporter: DiagnosticReporter {
        DiagnosticReporter(
            colored: color.usesColor(
                standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
                environment: ProcessInfo.processInfo.environment),
            quiet: quiet, warningsAsErrors: warningsAsErrors)
    }
}

extension DiagnosticOptions.ColorMode {
    /// Whether to colour: `auto` follows the terminal, and the informal `NO_COLOR` convention
    /// (no-color.org: set and not empty) and a dumb terminal turn it off, as in clang and git.
    func usesColor(standardErrorIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
            if environment["TERM"] == "dumb" { return false }
            return standardErrorIsTerminal
        }
    }
}
