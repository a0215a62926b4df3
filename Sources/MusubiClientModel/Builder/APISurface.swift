import MusubiDocument

/// The operations generated and the API-wide names requests refer to.
struct APISurface {
    /// The operations generated: the document's, less those the filter leaves out.
    var operations: [APIOperation] = []
    /// The server each server description is (a `Server` member), by `serverNumber`, for the
    /// requests to choose by default; relative servers have none.
    var serverReferences: [Int: RequestDecision.ServerChoice] = [:]
    /// Security scheme name → its `SecurityScheme` member name.
    var securitySchemeMembers: [String: String] = [:]
}
