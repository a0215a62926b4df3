/// The diagnostics a run found, in the order it found them: how every stage reports, and
/// what the command line prints.
///
/// A construct repeated a thousand times in a big spec should warn once per place rather than
/// flood the output, and a component read from several places should report a problem inside
/// it once: ``report(_:scope:)`` records a diagnostic only the first time its severity,
/// message and place are seen. ``append(_:)`` records without that check, for diagnostics that
/// are each about something different by construction (a setting of the user's) or that
/// another collector already checked (a stage's whole output).
public struct DiagnosticCollector: Sendable {
    /// What makes two reports the same.
    private struct Key: Hashable {
        var severity: Diagnostic.Severity
        var scope: String
        var location: SourceLocation?
        var message: String
    }

    /// Every diagnostic recorded, in order.
    public private(set) var diagnostics: [Diagnostic] = []
    private var reported: Set<Key> = []

    public init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    /// Records `diagnostic` unless one of the same severity, with the same message, at the
    /// same place was reported before. `scope` is the file for that comparison when the file
    /// name the diagnostic prints is not unique (several files read under relative names);
    /// by default it is the diagnostic's file. Returns whether it was recorded.
    @discardableResult
    public mutating func report(_ diagnostic: Diagnostic, scope: String? = nil) -> Bool {
        let key = Key(
            severity: diagnostic.severity, scope: scope ?? diagnostic.file, location: diagnostic.location,
            message: diagnostic.message)
        guard reported.insert(key).inserted else { return false }
        diagnostics.append(diagnostic)
        return true
    }

    /// Records `diagnostic` as it is, whatever was recorded before.
    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Records each of `diagnostics` as it is, in order.
    public mutating func append(contentsOf diagnostics: [Diagnostic]) {
        self.diagnostics += diagnostics
    }

    /// Whether an error was recorded: the run cannot go on to write anything.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}
