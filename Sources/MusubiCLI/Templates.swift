import ArgumentParser
import Foundation
import MusubiEmitter
import MusubiReader

/// `musubi templates …`: the commands for owning the templates.
struct Templates: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Work with the Mustache templates the generator renders.",
        discussion: """
            Export the built-in templates, keep the ones you change in a directory of your \
            own and pass it to `musubi generate --templates DIR`: each NAME.mustache there \
            replaces the built-in template of that name, the others stay built in. The \
            template guide (Templates/README.md) lists every variable each template receives.
            """,
        subcommands: [ExportTemplates.self]
    )
}

struct ExportTemplates: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the built-in templates into a directory, for editing.",
        discussion: """
            Writes NAME.mustache for each template named, or for all of them. Keep only the \
            templates you change: one you keep unchanged no longer follows Musubi's updates.

            Example:
                musubi templates export templates Request
                musubi generate openapi.yaml --output Sources/Client --templates templates
            """
    )

    @Argument(help: "The directory to write the templates into; created if missing.")
    var directory: String

    @Argument(help: "The templates to export (\(TemplateSet.names.joined(separator: ", "))). Default: all.")
    var names: [String] = []

    @Flag(help: "Replace template files that already exist in the directory.")
    var force = false

    func validate() throws {
        if directory.isEmpty { throw ValidationError("the directory is empty: give the folder to export into") }
        let unknown = names.map { $0.hasSuffix(".mustache") ? String($0.dropLast(9)) : $0 }
            .filter { !TemplateSet.names.contains($0) }
        if !unknown.isEmpty {
            throw ValidationError(
                "no template named \(unknown.joined(separator: ", ")); "
                    + "the templates are \(TemplateSet.names.joined(separator: ", "))")
        }
    }

    func run() throws {
        let wanted = Set(names.map { $0.hasSuffix(".mustache") ? String($0.dropLast(9)) : $0 })
        let files = TemplateSet.builtInFiles.filter { wanted.isEmpty || wanted.contains(String($0.path.dropLast(9))) }
        let paths = files.map { (directory as NSString).appendingPathComponent($0.path) }
        let existing = paths.filter { path in
            var status = stat()
            return lstat(path, &status) == 0
        }
        if !force, !existing.isEmpty {
            DiagnosticPrinter.print(
                existing.map { .error("the template file exists already; pass --force to replace it", file: $0) })
            DiagnosticPrinter.printError(
                "error: \(DiagnosticPrinter.count(existing.count, "error")); nothing written.")
            throw ExitCode.failure
        }
        do {
            // All of them or none; a link in the way is not followed or replaced.
            try OutputWriter.writeAll(files, into: directory)
        } catch {
            DiagnosticPrinter.printError(
                "\(error.path): error: cannot write the templates: \(error.message)")
            throw ExitCode.failure
        }
        print("Exported \(DiagnosticPrinter.count(files.count, "template")) to \(directory).")
    }
}
