import Foundation
import MusubiReader

/// Plain printing to standard error and the counting words of summaries. Commands report
/// through ``DiagnosticReporter``, which applies `--quiet`, `--warnings-as-errors` and colour.
enum DiagnosticPrinter {
    /// Prints diagnostics without colour, one per line.
    static func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            printError(diagnostic.description)
        }
    }

    static func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// `2 warnings`, `1 error`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
