import Foundation
import MusubiReader

/// One file of a description: the document itself or a file one of its `$ref`s reaches.
///
/// Nodes carry only line and column, so every node is read together with the file it came
/// from: diagnostics name that file, relative references resolve against its folder, and
/// caches tell apart two files' nodes at the same line and column.
struct SpecFile: Sendable {
    /// Which shape of OpenAPI the file is written in; it decides where named schemas live
    /// (`#/definitions/` or `#/components/schemas/`) and a few schema keywords.
    enum Dialect: Sendable {
        case swagger2
        case openAPI3
    }

    /// The path as diagnostics print it: the main file as given on the command line, other
    /// files relative to the folder of the file that refers to them.
    let path: String
    /// The absolute, normalised path: the same file reached along two routes is one file.
    let identity: String
    let root: Node
    let dialect: Dialect

    init(path: String, root: Node, dialect: Dialect) {
        self.path = path
        self.identity = Self.identity(of: path)
        self.root = root
        self.dialect = dialect
    }

    /// The pointer tokens under which this file's named schemas live.
    var schemaComponentTokens: [String] {
        switch dialect {
        case .swagger2: return ["definitions"]
        case .openAPI3: return ["components", "schemas"]
        }
    }

    /// The folder part of an absolute path: `/a/b.yaml` → `/a`, `/b.yaml` → `/`.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func identity(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `relative` read from the folder of `base`, kept relative when `base` is, with `.` and
    /// `..` segments folded: `specs/api.yaml` + `../common/pet.yaml` → `common/pet.yaml`.
    static func path(_ relative: String, from base: String) -> String {
        let joined: String
        if relative.hasPrefix("/") {
            joined = relative
        } else if let slash = base.lastIndex(of: "/") {
            joined = String(base[...slash]) + relative
        } else {
            joined = relative
        }
        var segments: [Substring] = []
        for segment in joined.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case ".":
                continue
            case "..":
                if let last = segments.last, last != "..", !last.isEmpty {
                    segments.removeLast()
                } else if segments.last?.isEmpty == true, segments.count == 1 {
                    continue  // `/..` is `/`
                } else {
                    segments.append(segment)
                }
            case "" where !segments.isEmpty:
                continue  // `a//b`
            default:
                segments.append(segment)
            }
        }
        let result = segments.joined(separator: "/")
        return joined.hasPrefix("/") && !result.hasPrefix("/") ? "/" + result : result
    }
}
