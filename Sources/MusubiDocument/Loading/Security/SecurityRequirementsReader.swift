import MusubiReader

/// Reads `security` requirements: each operation's, or the document's when it has none,
/// become its ``APIOperation/security``.
///
/// It needs the names of the document's security schemes (what ``SecurityLoader`` returned),
/// as a requirement naming another scheme is reported and left out, and the document's own
/// `security`, which it reads once, on first use, for all operations that have none.
final class SecurityRequirementsReader: SpecReading {
    let reporter: LoadingReporter
    /// The names of the document's security schemes.
    let schemeNames: Set<String>
    /// The document's `security`, when it has one.
    let documentSecurityNode: Node?
    /// The document's `security`, read.
    private var documentSecurity: [SecurityRequirement]?

    init(schemeNames: Set<String>, documentSecurity: Node?, reporter: LoadingReporter) {
        self.schemeNames = schemeNames
        self.documentSecurityNode = documentSecurity
        self.reporter = reporter
    }

    /// The operation's `security` when it has one (even `[]`, which removes the document's),
    /// else the document's.
    func requirements(ofOperation node: Node) -> [SecurityRequirement] {
        if let own = node["security"] {
            return requirements(own)
        }
        if let cached = documentSecurity { return cached }
        let loaded = documentSecurityNode.map { requirements($0) } ?? []
        documentSecurity = loaded
        return loaded
    }

    /// A `security` list. A requirement naming an undefined scheme cannot be met by any
    /// client, so it is left out with a warning at the name; dropping only the name instead
    /// would turn it into a weaker requirement than the spec states.
    private func requirements(_ node: Node) -> [SecurityRequirement] {
        guard let list = node.sequence else {
            warning("'security' should be a list of requirements, found \(node.kindDescription)", at: node.location)
            return []
        }
        return list.compactMap { item -> SecurityRequirement? in
            guard let mapping = item.mapping else {
                warning("a security requirement should be a mapping of scheme names to scopes", at: item.location)
                return nil
            }
            var entries: [SecurityRequirement.Entry] = []
            for entry in mapping {
                guard schemeNames.contains(entry.key) else {
                    warning(
                        "security requirement names '\(entry.key)', which is not a defined security scheme; the requirement is ignored",
                        at: entry.keyLocation)
                    return nil
                }
                let scopes = entry.value.sequence?.compactMap(\.scalarText) ?? []
                if entry.value.sequence == nil, !entry.value.isNull {
                    warning("the scopes of '\(entry.key)' should be a list", at: entry.value.location)
                }
                entries.append(SecurityRequirement.Entry(schemeName: entry.key, scopes: scopes))
            }
            return SecurityRequirement(entries: entries, location: item.location)
        }
    }
}
