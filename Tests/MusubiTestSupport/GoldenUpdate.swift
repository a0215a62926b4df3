import Foundation
import Testing

/// The golden-update mode: with `MUSUBI_UPDATE_GOLDENS=1`, tests that compare output with a
/// committed golden (files, snippets, the template guide) rewrite the golden instead.
///
/// It never passes silently. Under CI (`CI` set) goldens are only compared: the mode is a
/// failure there, and nothing is written. Elsewhere every golden file it changed, added or
/// removed is recorded as a warning naming the file, so the run says what to review.
public enum GoldenUpdate {
    /// What the mode did for one golden location.
    public enum Outcome: Equatable, Sendable {
        /// The mode is off: compare as usual.
        case off
        /// The mode is on under CI: nothing was written; compare as usual (and fail).
        case refusedOnCI
        /// The goldens were rewritten; these files (relative to the location) changed, were
        /// added or were removed. Empty when the goldens were current.
        case rewritten([String])
    }

    /// Whether `MUSUBI_UPDATE_GOLDENS=1` asks for the mode in this process.
    public static let isRequested = ProcessInfo.processInfo.environment["MUSUBI_UPDATE_GOLDENS"] == "1"

    /// The mode for the golden at `location` (a file, or a folder of files): when requested
    /// and not under CI, runs `rewrite` (which writes the golden) and tells which files it
    /// changed. The caller compares only when the outcome is not `.rewritten`.
    public static func apply(
        at location: URL, requested: Bool = isRequested, onCI: Bool = isRunningOnCI,
        rewrite: () throws -> Void
    ) rethrows -> Outcome {
        guard requested else { return .off }
        guard !onCI else { return .refusedOnCI }
        let before = contents(of: location)
        try rewrite()
        let after = contents(of: location)
        return .rewritten(Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted())
    }

    /// ``apply(at:requested:onCI:rewrite:)`` for a test: records the outcome's ``report(of:at:)``
    /// as issues. True when the golden was rewritten and the test should not compare it.
    public static func rewrite(
        _ location: URL, requested: Bool = isRequested, onCI: Bool = isRunningOnCI,
        sourceLocation: SourceLocation = #_sourceLocation, _ rewrite: () throws -> Void
    ) rethrows -> Bool {
        let outcome = try apply(at: location, requested: requested, onCI: onCI, rewrite: rewrite)
        for (message, severity) in report(of: outcome, at: location) {
            Issue.record(Comment(rawValue: message), severity: severity, sourceLocation: sourceLocation)
        }
        if case .rewritten = outcome { return true }
        return false
    }

    /// What a test records for `outcome`: a failure under CI, a warning naming each rewritten
    /// file elsewhere (a warning, so that an update run still ends, but never as plain success).
    public static func report(of outcome: Outcome, at location: URL) -> [(String, Issue.Severity)] {
        switch outcome {
        case .off:
            return []
        case .refusedOnCI:
            return [("MUSUBI_UPDATE_GOLDENS is set under CI, where goldens are only compared", .error)]
        case .rewritten(let files):
            return files.map { file in
                let name = file.isEmpty ? location.path : location.appendingPathComponent(file).path
                return ("MUSUBI_UPDATE_GOLDENS rewrote \(relativeToRepository(name)): review the diff", .warning)
            }
        }
    }

    /// Every file at `location` by its path relative to it (the empty path for a file itself).
    private static func contents(of location: URL) -> [String: Data] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) else { return [:] }
        if isDirectory.boolValue { return filesBelow(location) }
        return FileManager.default.contents(atPath: location.path).map { ["": $0] } ?? [:]
    }

    private static func relativeToRepository(_ path: String) -> String {
        let root = repositoryRoot.standardizedFileURL.path + "/"
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized.hasPrefix(root) ? String(standardized.dropFirst(root.count)) : standardized
    }
}
