import ArgumentParser
import MusubiEmitter

/// `--merge-into`: the whole client in files named in advance, for the SwiftPM build-tool
/// plugin, which must declare a build command's outputs before it runs.
struct MergeOptions: ParsableArguments {
    @Option(
        name: .customLong("merge-into"),
        help: ArgumentHelp(
            "Write the client into exactly these files (relative to --output; repeat for several) "
                + "instead of one file per type.",
            discussion: "For build systems that must name a generator's outputs before it runs, such as "
                + "the MusubiGenerator SwiftPM plugin. Declarations are spread evenly over the files.",
            valueName: "file"))
    var mergeInto: [String] = []

    func validate() throws {
        // Names differing only in case are one file on the default file systems of macOS and
        // Windows.
        let names = Set(mergeInto.map { $0.lowercased() })
        if names.count != mergeInto.count {
            throw ValidationError("--merge-into names a file more than once")
        }
        // A path with `..` would write outside the output directory.
        if let bad = mergeInto.first(where: { !$0.hasSuffix(".swift") || !OutputManifest.isSafeRelativePath($0) }) {
            throw ValidationError(
                "--merge-into '\(bad)': expected a relative path ending in .swift, inside the output (no '..')")
        }
    }

    /// The files to write: as generated, or merged into the named files.
    func arrange(_ files: [GeneratedFile]) -> [GeneratedFile] {
        mergeInto.isEmpty ? files : MergedOutput.merge(files, into: mergeInto)
    }
}
