import ArgumentParser
import Foundation
import MusubiReader

/// Prints diagnostics the way compilers do and decides what a run's outcome is:
/// `file:line:column: warning|error: message`, one per line on standard error, coloured when
/// asked, then one summary line.
///
/// Every command reports through it, so `generate`, `validate` and `dump-model` word their
/// summaries alike: a failure ends with `error: 2 errors and 1 warning; nothing written.` on
/// standard error and exit status 1; a success ends with the command's own line on standard
/// output (`Generated PetstoreClient: 14 files …`), which `--quiet` leaves out.
struct DiagnosticReporter {
    var colored: Bool
    /// Leave out warnings and the success summary; errors and the failure summary still print.
    var quiet: Bool
    /// Warnings count as errors: printed as `error:` and failing the run before anything is written.
    var warningsAsErrors: Bool

    /// How many errors, and how many warnings, a run prints at most; one line counts the rest.
    /// Real specs give a few dozen warnings at most, but a hostile one can give one per line
    /// of a 64 MiB file, and millions of lines help no one reading them and take longer to
    /// print than the generation took.
    static let printLimit = 1_000

    /// Prints the warnings of a run whose stages succeeded. With `--warnings-as-errors` and at
    /// least one warning, prints them as errors with the failure summary and throws exit
    /// status 1, so the caller writes nothing.
    func reportWarnings(_ warnings: [Diagnostic]) throws(ExitCode) {
        if warningsAsErrors, warnings.contains(where: { $0.severity == .warning }) {
            throw fail(warnings)
        }
        if !quiet { write(rendered(warnings)) }
    }

    /// Prints the diagnostics of a failed run and the failure summary; returns the exit status
    /// to throw.
    /// `changedOutput` is for the rare failure that could not put the output back as it was.
    func fail(_ diagnostics: [Diagnostic], changedOutput: Bool = false) -> ExitCode {
        let shown = diagnostics.map(promoted).filter { !quiet || $0.severity == .error }
        write(rendered(shown) + [failureSummary(of: shown, changedOutput: changedOutput)])
        return ExitCode.failure
    }

    /// The lines of `diagnostics` in their order, up to ``printLimit`` of each severity, then
    /// a note counting those left out.
    func rendered(_ diagnostics: [Diagnostic]) -> [String] {
        var printed: [Diagnostic.Severity: Int] = [:]
        var lines: [String] = []
        for diagnostic in diagnostics {
            let severity = promoted(diagnostic).severity
            printed[severity, default: 0] += 1
            if printed[severity]! <= Self.printLimit { lines.append(render(diagnostic)) }
        }
        for severity in [Diagnostic.Severity.error, .warning, .note] {
            let left = printed[severity, default: 0] - Self.printLimit
            guard left > 0 else { continue }
            let count = DiagnosticPrinter.count(left, "more " + severity.rawValue)
            lines.append(styled("note:", Style.note) + " \(count) not shown")
        }
        return lines
    }

    /// A note on standard error, which `--quiet` leaves out.
    /// A note on standard error. Paths in it may come from a configuration that came with the
    /// spec: their control characters are written `\u{…}` (see ``Diagnostic/printable(_:)``),
    /// so that no terminal escape hides where the output went.
    func note(_ message: String) {
        if !quiet { write([styled("note:", Style.note) + " " + Diagnostic.printable(message)]) }
    }

    /// The success summary, on standard output so scripts can keep it apart from diagnostics;
    /// printable as a note is.
    func succeed(_ summary: String) {
        if !quiet { print(Diagnostic.printable(summary)) }
    }

    /// `error: 2 errors and 1 warning; nothing written.`
    func failureSummary(of diagnostics: [Diagnostic], changedOutput: Bool = false) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var counts = DiagnosticPrinter.count(errors, "error")
        if warnings > 0 { counts += " and " + DiagnosticPrinter.count(warnings, "warning") }
        if warningsAsErrors { counts += " (warnings treated as errors)" }
        let outcome = changedOutput ? "the output is partly written (see above)" : "nothing written"
        return styled("error:", Style.error) + " " + counts + "; " + outcome + "."
    }

    /// A warning under `--warnings-as-errors` is an error, printed and counted as one.
    func promoted(_ diagnostic: Diagnostic) -> Diagnostic {
        guard warningsAsErrors, diagnostic.severity == .warning else { return diagnostic }
        var error = diagnostic
        error.severity = .error
        return error
    }

    /// `file:line:column: severity: message`, with clang's and swiftc's colours: a bold
    /// location and message, the severity in bold red (error), magenta (warning) or grey (note).
    func render(_ diagnostic: Diagnostic) -> String {
        let diagnostic = promoted(diagnostic)
        guard colored else { return diagnostic.description }
        var location = Diagnostic.printable(diagnostic.file)
        if let position = diagnostic.location { location += ":\(position.line):\(position.column)" }
        let severityStyle: String
        switch diagnostic.severity {
        case .error: severityStyle = Style.error
        case .warning: severityStyle = Style.warning
        case .note: severityStyle = Style.note
        }
        return styled(location + ":", Style.bold) + " "
            + styled(diagnostic.severity.rawValue + ":", severityStyle) + " "
            + styled(Diagnostic.printable(diagnostic.message), Style.bold)
    }

    private func styled(_ text: String, _ style: String) -> String {
        colored ? style + text + Style.reset : text
    }

    private func write(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// ANSI select-graphic-rendition sequences.
    private enum Style {
        static let bold = "\u{1B}[1m"
        static let error = "\u{1B}[1;31m"
        static let warning = "\u{1B}[1;35m"
        static let note = "\u{1B}[1;90m"
        static let reset = "\u{1B}[0m"
    }
}
