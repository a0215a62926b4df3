/// The links of `Link` header fields (RFC 8288): targets with their relation types.
///
/// Parsed by hand rather than split on commas, as a target may contain commas and a quoted
/// parameter value may contain commas and semicolons.
struct LinkHeader {
    /// One link: the target as written (a URI reference, maybe relative) and its relation
    /// types, lowercased (`rel="next last"` is two).
    struct Link: Equatable {
        var target: String
        var relations: [String]
    }

    let links: [Link]

    /// The links of every `Link` field of `headers`, in order; malformed link values are
    /// skipped.
    init(_ headers: HTTPHeaders) {
        links = headers.values(for: "Link").flatMap(Self.parse)
    }

    /// The target of the first link whose relation types include `relation`.
    func target(relation: String) -> String? {
        let relation = relation.lowercased()
        return links.first { $0.relations.contains(relation) }?.target
    }

    /// The links of one field value: `<target>; name=value; name="value", <target>…`.
    static func parse(_ value: String) -> [Link] {
        var links: [Link] = []
        var scanner = Scanner(Array(value.unicodeScalars))
        while !scanner.isAtEnd {
            scanner.skip { $0 == " " || $0 == "\t" || $0 == "," }
            guard scanner.take("<") else {
                // Not a link value: skip to the next one.
                scanner.skipValue()
                continue
            }
            let target = scanner.read { $0 != ">" }
            guard scanner.take(">") else { break }
            var relations: [String] = []
            var isValid = true
            while true {
                scanner.skip { $0 == " " || $0 == "\t" }
                guard scanner.take(";") else { break }
                scanner.skip { $0 == " " || $0 == "\t" }
                let name = scanner.read { $0 != "=" && $0 != ";" && $0 != "," && $0 != " " && $0 != "\t" }
                scanner.skip { $0 == " " || $0 == "\t" }
                var parameterValue = ""
                if scanner.take("=") {
                    scanner.skip { $0 == " " || $0 == "\t" }
                    if scanner.take("\"") {
                        guard let quoted = scanner.readQuoted() else {
                            isValid = false
                            break
                        }
                        parameterValue = quoted
                    } else {
                        parameterValue = scanner.read { $0 != ";" && $0 != "," && $0 != " " && $0 != "\t" }
                    }
                }
                // The first `rel` counts; later ones are ignored (RFC 8288, 3.3).
                if name.lowercased() == "rel", relations.isEmpty {
                    relations = parameterValue.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
                        .map(String.init)
                }
            }
            if isValid {
                links.append(Link(target: target, relations: relations))
            }
            scanner.skipValue()
        }
        return links
    }

    /// A cursor over the scalars of a field value.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var isAtEnd: Bool { index >= scalars.count }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard !isAtEnd, scalars[index] == scalar else { return false }
            index += 1
            return true
        }

        mutating func skip(while condition: (Unicode.Scalar) -> Bool) {
            while !isAtEnd, condition(scalars[index]) { index += 1 }
        }

        mutating func read(while condition: (Unicode.Scalar) -> Bool) -> String {
            var text = String.UnicodeScalarView()
            while !isAtEnd, condition(scalars[index]) {
                text.append(scalars[index])
                index += 1
            }
            return String(text)
        }

        /// The rest of a quoted string whose opening quote was taken, with `\` escapes
        /// resolved; `nil` when it does not end.
        mutating func readQuoted() -> String? {
            var text = String.UnicodeScalarView()
            while !isAtEnd {
                let scalar = scalars[index]
                index += 1
                if scalar == "\"" { return String(text) }
                if scalar == "\\", !isAtEnd {
                    text.append(scalars[index])
                    index += 1
                } else {
                    text.append(scalar)
                }
            }
            return nil
        }

        /// Up to and past the comma that ends the current link value, stepping over quoted
        /// strings and targets.
        mutating func skipValue() {
            while !isAtEnd {
                let scalar = scalars[index]
                index += 1
                switch scalar {
                case ",": return
                case "\"": _ = readQuoted()
                case "<": skip { $0 != ">" }
                default: break
                }
            }
        }
    }
}
