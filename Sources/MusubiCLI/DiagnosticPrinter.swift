import Foundation
import MusubiReader

/// Prints diagnostics to standard error the way compilers do, one per line.
enum DiagnosticPrinter {
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
