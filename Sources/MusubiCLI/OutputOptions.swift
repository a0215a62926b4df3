import ArgumentParser
import Foundation
import MusubiClientModel
import MusubiEmitter
import MusubiReader

/// `musubi generate`'s options about what the output is (files of a target, or a whole
/// package) and whether it is written or only compared with what is on disk.
struct OutputOptions: ParsableArguments {
    @Flag(
        help: """
            Compare the output with what is on disk and write nothing: list each file that would \
            be created, changed or removed and exit with 1 when anything differs (for CI).
            """)
    var check = false

    // Names and help come from the settings' declarations (`SettingDeclaration`).
    @Option(name: SettingDeclaration.package.names, help: SettingDeclaration.package.argumentHelp)
    var packageName: String?

    @Flag(name: SettingDeclaration.embedRuntime.names, help: SettingDeclaration.embedRuntime.argumentHelp)
    var embedRuntime = false

    @Option(name: SettingDeclaration.runtimePath.names, help: SettingDeclaration.runtimePath.argumentHelp)
    var runtimePath: String?

    @Option(name: SettingDeclaration.runtimeURL.names, help: SettingDeclaration.runtimeURL.argumentHelp)
    var runtimeURL: String?

    @Option(name: SettingDeclaration.runtimeFrom.names, help: SettingDeclaration.runtimeFrom.argumentHelp)
    var runtimeFrom: String?

    func validate() throws {
        if runtimePath != nil, runtimeURL != nil {
            throw ValidationError("Give either --runtime-path or --runtime-url, not both.")
        }
        if (runtimePath != nil || runtimeURL != nil) && packageName == nil {
            throw ValidationError("--runtime-path and --runtime-url only apply with --package.")
        }
        if (runtimePath != nil || runtimeURL != nil) && embedRuntime {
            throw ValidationError("--embed-runtime copies the runtime; it takes no --runtime-path or --runtime-url.")
        }
        if runtimeURL != nil, runtimeFrom == nil {
            throw ValidationError("--runtime-url needs --runtime-from VERSION.")
        }
        if runtimeFrom != nil, runtimeURL == nil {
            throw ValidationError("--runtime-from only applies with --runtime-url.")
        }
        if let runtimeFrom, !Self.isSemanticVersion(runtimeFrom) {
            throw ValidationError("--runtime-from needs a version such as 1.0.0, not '\(runtimeFrom)'.")
        }
        if let packageName, let problem = Naming.moduleNameProblem(packageName) {
            throw ValidationError("--package \(problem).")
        }
    }

    /// Whether `text` is a semantic version as SwiftPM reads one (`1.2.3`, `1.0.0-beta.1+build`):
    /// `Package.swift` gets it as `from: "…"`, which fails to load on anything else.
    static func isSemanticVersion(_ text: String) -> Bool {
        let identifier = "[0-9A-Za-z-]+"
        let pattern =
            "^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)"
            + "(-\(identifier)(\\.\(identifier))*)?(\\+\(identifier)(\\.\(identifier))*)?$"
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    /// Package mode and embedding, applied to the client model's options. A package with no
    /// runtime location given embeds the runtime: Musubi is not published yet, so no URL is
    /// known to build.
    func apply(to options: inout ClientModelOptions, output: String) throws {
        if let packageName {
            if let moduleName = options.moduleName, moduleName != packageName {
                throw ValidationError("--package \(packageName) names the module; drop --module-name \(moduleName).")
            }
            var runtime: PackageOptions.RuntimeDependency?
            if let runtimePath {
                runtime = .path(Self.path(runtimePath, relativeTo: output))
            } else if let runtimeURL, let runtimeFrom {
                runtime = .url(runtimeURL, from: runtimeFrom)
            }
            options.package = PackageOptions(name: packageName, runtime: runtime)
            options.embedsRuntime = embedRuntime || runtime == nil
        } else {
            options.embedsRuntime = embedRuntime
        }
    }

    /// `path` (relative to the current directory) as seen from `base`, which is how a package
    /// dependency's path is read: `../musubi` rather than an absolute path that holds only on
    /// this machine.
    static func path(_ path: String, relativeTo base: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let from = URL(fileURLWithPath: base).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, from.count), target[common] == from[common] { common += 1 }
        // Only the root in common: an absolute path says it better than a trail of `..`.
        guard common > 1 else { return URL(fileURLWithPath: path).standardizedFileURL.path }
        let components = Array(repeating: "..", count: from.count - common) + target[common...]
        return components.isEmpty ? "." : components.joined(separator: "/")
    }

    /// A usage error for an output path that must not be written into: empty (which would
    /// mean the current folder by accident), the root folder or the home folder itself, whose
    /// other files a generated client would sit among.
    static func checkOutputPath(_ output: String) throws {
        guard !output.isEmpty else {
            throw ValidationError("--output is empty: give the folder to write the client into")
        }
        let resolved = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        if resolved == "/" {
            throw ValidationError("--output '\(output)' is the root folder: give a folder of its own for the client")
        }
        let homes = [ProcessInfo.processInfo.environment["HOME"], NSHomeDirectory()].compactMap { $0 }
            .filter { !$0.isEmpty }
            .map { URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath().path }
        if homes.contains(resolved) {
            throw ValidationError(
                "--output '\(output)' is the home folder: give a folder of its own for the client")
        }
    }

    /// Writes the files, or with `--check` compares them with the disk, and reports the
    /// outcome through `reporter`, like every other outcome of a run.
    ///
    /// Writing holds the output's lock (``OutputLock``) from planning to the last move, so a
    /// second run into the same folder waits for the first.
    func write(
        _ files: [GeneratedFile], moduleName: String, warningCount: Int, to output: String,
        reporter: DiagnosticReporter
    ) throws {
        let prefix = output.hasSuffix("/") ? output : output + "/"
        if check {
            do {
                try OutputWriter.checkIsDirectoryIfPresent(output, shown: output)
            } catch {
                throw reporter.fail([.error(error.message, file: error.path)])
            }
            let plan = OutputPlan(files: files, directory: output)
            // The differences are what --check is run for: printed even with --quiet.
            for entry in plan.changes {
                let verb =
                    switch entry.change {
                    case .create: "would be created"
                    case .change: "would change"
                    case .remove: "would be removed"
                    }
                print("\(prefix)\(entry.path): \(verb)")
            }
            for path in plan.conflicts {
                if let reason = plan.conflictReasons[path], reason != OutputPlan.notGeneratedReason {
                    print("\(prefix)\(path): would not be written: \(reason)")
                } else {
                    print("\(prefix)\(path): would overwrite a file musubi did not generate")
                }
            }
            try reporter.reportWarnings(Self.keptFileWarnings(plan, prefix: prefix))
            guard plan.isUpToDate else {
                let count = DiagnosticPrinter.count(plan.changes.count + plan.conflicts.count, "difference")
                throw reporter.fail([
                    .error("out of date: \(count); run musubi generate without --check to update it", file: output)
                ])
            }
            reporter.succeed("\(output) is up to date (\(DiagnosticPrinter.count(files.count, "file"))).")
            return
        }
        let prepared: OutputWriter.PreparedDirectory
        let lock: OutputLock
        do {
            prepared = try OutputWriter.prepare(output)
            lock = try OutputLock.acquire(prepared.path, timeout: OutputWriter.defaultLockTimeout) { message in
                if !reporter.quiet { FileHandle.standardError.write(Data("note: \(message)\n".utf8)) }
            }
        } catch {
            throw reporter.fail([.error(error.message, file: error.path)])
        }
        var summary: OutputWriter.Summary
        var keptWarnings: [Diagnostic] = []
        do {
            defer { lock.release() }
            let plan = OutputPlan(files: files, directory: output)
            guard plan.conflicts.isEmpty else {
                throw reporter.fail(
                    plan.conflicts.map { path in
                        .error(plan.conflictReasons[path] ?? OutputPlan.notGeneratedReason, file: prefix + path)
                    })
            }
            keptWarnings = Self.keptFileWarnings(plan, prefix: prefix)
            try reporter.reportWarnings(keptWarnings)
            do {
                summary = try OutputWriter.apply(plan, to: output)
            } catch let error as OutputError {
                throw reporter.fail(
                    [.error("cannot write the output: \(error.message)", file: error.path)],
                    changedOutput: error.outputChanged)
            } catch {
                throw reporter.fail([.error("cannot write the output: \(error)", file: output)])
            }
        } catch {
            prepared.removeIfCreated()
            throw error
        }
        var counts = "\(summary.written.count) written, \(summary.unchanged.count) unchanged"
        if !summary.removed.isEmpty { counts += ", \(summary.removed.count) removed" }
        reporter.succeed(
            "Generated \(moduleName): \(DiagnosticPrinter.count(files.count, "file")) in \(output) "
                + "(\(counts)), \(DiagnosticPrinter.count(warningCount + keptWarnings.count, "warning")).")
    }

    /// A warning for each file the manifest lists that is not removed, and why.
    static func keptFileWarnings(_ plan: OutputPlan, prefix: String) -> [Diagnostic] {
        plan.keptFiles.map { kept in
            .warning(
                "listed in \(OutputManifest.fileName) but \(kept.reason); left in place, remove it yourself "
                    + "if it is no longer wanted", file: prefix + kept.path)
        }
    }
}
