/// Spreads the generated files over a fixed set of Swift files named in advance.
///
/// A SwiftPM build-tool plugin must declare the files a build command writes before the
/// command runs (a `prebuildCommand`, which may write anything, may not run an executable
/// built from source). How many files a spec turns into is only known after generating, so
/// the plugin names a fixed set of files and the generator fills exactly those.
///
/// The files are concatenated in path order and cut into parts of about the same size, so
/// the compiler can type-check them in parallel. Each part keeps the first file's header
/// comment, the imports of all of its files once each, and a `// MARK:` naming the file each
/// declaration would otherwise have been in.
public enum MergedOutput {
    /// The contents of `files` in `names.count` files called `names`, in that order. Parts
    /// with nothing left to hold contain only the header, so every name is always written.
    public static func merge(_ files: [GeneratedFile], into names: [String]) -> [GeneratedFile] {
        precondition(!names.isEmpty, "at least one file to merge into")
        let splitFiles = files.map(SplitFile.init)
        let header = splitFiles.first?.header ?? []
        let groups = partition(splitFiles, count: names.count)
        return zip(names, groups).map { name, group in
            GeneratedFile(path: name, contents: SplitFile.join(group, header: header, marks: true))
        }
    }

    /// Contiguous runs of `files` of roughly equal total size, exactly `count` of them.
    private static func partition(_ files: [SplitFile], count: Int) -> [[SplitFile]] {
        let total = files.reduce(0) { $0 + $1.size }
        var groups: [[SplitFile]] = Array(repeating: [], count: count)
        var accumulated = 0
        for file in files {
            // The part a file goes in is where the middle of the file falls, so a big file
            // does not drag the boundary and parts stay balanced.
            let middle = accumulated + file.size / 2
            let index = total == 0 ? 0 : min(count - 1, middle * count / total)
            groups[index].append(file)
            accumulated += file.size
        }
        return groups
    }
}
