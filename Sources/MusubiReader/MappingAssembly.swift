/// Turns the entries a parser collected for one mapping into the entries of a `Mapping`.
///
/// Both syntaxes follow the same rule for repeated keys: the first occurrence wins and later
/// ones are dropped, so iterating a mapping and looking a key up always agree. Each dropped
/// key is handed back as a ``DuplicateKey`` for the parser to warn about. YAML merge keys
/// (`<<: *base`) are resolved here too, because they are another way of supplying entries.
enum MappingAssembly {
    /// Up to this many entries, duplicates are found by comparing every pair; that beats hashing.
    private static let pairwiseLimit = 12

    /// A key written again in the same mapping: the later value is ignored.
    struct DuplicateKey {
        var key: String
        /// The occurrence whose value is used.
        var first: SourceLocation
        /// The occurrence that is dropped.
        var repeated: SourceLocation

        func diagnostic(file: String) -> Diagnostic {
            .warning(
                "duplicate key '\(key)' in a mapping: it is also at line \(first.line), column \(first.column); "
                    + "the first value is used and this one is ignored",
                file: file, at: repeated)
        }
    }

    /// The entries with every repeated key after its first occurrence removed, in source order;
    /// each removed one is added to `duplicates`.
    static func firstOccurrences(
        _ entries: ArraySlice<Mapping.Entry>, duplicates: inout [DuplicateKey]
    ) -> [Mapping.Entry] {
        if !hasDuplicateKeys(entries) {
            return Array(ownCopyOf: entries)
        }
        var firstLocations = [String: SourceLocation](minimumCapacity: entries.count)
        return entries.filter { entry in
            if let first = firstLocations[entry.key] {
                duplicates.append(DuplicateKey(key: entry.key, first: first, repeated: entry.keyLocation))
                return false
            }
            firstLocations[entry.key] = entry.keyLocation
            return true
        }
    }

    private static func hasDuplicateKeys(_ entries: ArraySlice<Mapping.Entry>) -> Bool {
        if entries.count <= pairwiseLimit {
            for later in entries.indices {
                for earlier in entries.startIndex..<later where entries[earlier].key == entries[later].key {
                    return true
                }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: entries.count)
        for entry in entries where !seen.insert(entry.key).inserted {
            return true
        }
        return false
    }

    /// The mappings named by one merge key (`<<`) and where it stood among the explicit entries.
    struct Merge {
        /// How many explicit entries of the mapping came before the merge key.
        var position: Int
        /// `<<: *a` names one mapping, `<<: [*a, *b]` several; earlier ones take precedence.
        var sources: [Mapping]
    }

    /// Explicit entries combined with merged ones, following the YAML merge-key rules: explicit
    /// keys override merged ones wherever they are written, and among merged mappings the first
    /// to supply a key wins. Merged entries appear where their `<<` key was written, so the
    /// result reads in the order the author laid the mapping out. An explicit key written twice
    /// is added to `duplicates`; a merged entry an explicit one overrides is not, as that is what
    /// merge keys are for.
    static func merging(
        _ explicit: ArraySlice<Mapping.Entry>, with merges: [Merge], duplicates: inout [DuplicateKey]
    ) -> [Mapping.Entry] {
        var explicitKeys = [String: SourceLocation](minimumCapacity: explicit.count)
        for entry in explicit {
            if let first = explicitKeys[entry.key] {
                duplicates.append(DuplicateKey(key: entry.key, first: first, repeated: entry.keyLocation))
            } else {
                explicitKeys[entry.key] = entry.keyLocation
            }
        }

        var seen = Set<String>()
        var result: [Mapping.Entry] = []
        var nextMerge = 0

        func spliceMerges(through position: Int) {
            while nextMerge < merges.count, merges[nextMerge].position <= position {
                for source in merges[nextMerge].sources {
                    for entry in source where explicitKeys[entry.key] == nil && seen.insert(entry.key).inserted {
                        result.append(entry)
                    }
                }
                nextMerge += 1
            }
        }

        for (offset, entry) in explicit.enumerated() {
            spliceMerges(through: offset)
            if seen.insert(entry.key).inserted {
                result.append(entry)
            }
        }
        spliceMerges(through: Int.max)
        return result
    }
}

extension Array {
    /// The elements of `slice` in storage of their own, allocated at their count.
    ///
    /// `Array(slice)` hands back the slice's own storage when the slice spans all of it: a
    /// parser's stack of children then shared its storage with the collection just read, was
    /// copied at its whole capacity when emptied, and every later collection read from the
    /// bottom of the stack kept storage as large as the largest list before it (a spec with
    /// one list of 20 000 values and 20 000 small ones reserved 26 GB of address space, and
    /// crashed under an 8 GB cap).
    init(ownCopyOf slice: ArraySlice<Element>) {
        self = []
        reserveCapacity(slice.count)
        append(contentsOf: slice)
    }
}
