import MusubiDocument

/// The operations generated and the API-wide names requests refer to.
struct APISurface {
    /// The operations generated: the document's, less those the filter leaves out.
    var operations: [APIOperation] = []
    /// What chooses each server by default (`.uploads`), by `serverKey`.
    var serverReferences: [String: String] = [:]
    /// Security scheme name → its `SecurityScheme` member name.
    var securitySchemeMembers: [String: String] = [:]
}
