import Foundation

extension ClientModel {
    /// The model as pretty-printed JSON with sorted keys: what `musubi dump-model` prints,
    /// stable across runs so it can be diffed.
    ///
    /// Spec text reaches the dump, and `JSONEncoder` leaves all but the C0 controls as they
    /// are: C1 controls (U+009B starts a terminal escape on terminals that read 8-bit
    /// controls), bidirectional and other format characters are written as `\u` escapes, so
    /// the dump printed to a terminal shows what the spec says instead of doing it.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Self.escapingInvisibles(String(decoding: try encoder.encode(self), as: UTF8.self))
    }

    /// `json` with every control or format character but the line breaks of its layout
    /// written as a JSON `\u` escape; outside strings the encoder writes none.
    static func escapingInvisibles(_ json: String) -> String {
        func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar != "\n" else { return false }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
        guard json.unicodeScalars.contains(where: isInvisible) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isInvisible(scalar) else {
                result.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 {
                let hex = String(unit, radix: 16)
                result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            }
        }
        return String(result)
    }
}
