import Foundation

extension ClientModel {
    /// The model as pretty-printed JSON with sorted keys: what `musubi dump-model` prints,
    /// stable across runs so it can be diffed.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
