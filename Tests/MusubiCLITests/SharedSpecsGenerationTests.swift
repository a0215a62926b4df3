import Foundation
import MusubiCLI
import MusubiTestSupport
import Testing

@testable import MusubiClientModel

/// The real public specs beside the project (`../shared/specs`): every document, Swagger 2.0
/// and OpenAPI 3.x, must generate without an error, and nothing may crash. (Building the
/// output is the corpus script's job, `Scripts/corpus.sh`: it takes minutes, not seconds.)
@Suite struct SharedSpecsGenerationTests {
    static let directory = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/specs")

    static var specs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    }

    @Test func theSharedSpecsArePresentOnCI() {
        if ProcessInfo.processInfo.environment["CI"] != nil {
            #expect(!Self.specs.isEmpty, "expected the real specs at \(Self.directory.path)")
        }
    }

    /// At most how many aliases of a spec may point at a type named after another operation
    /// (`IssuesListForRepoHeaders = OrgsListHeaders`), and how many type names may be numbered
    /// (`PaymentMethodOptionsParam2`): a type several places share is named after what it is
    /// (``SharedTypeName``), and only names with nothing better left keep a place's or a number.
    /// Stripe's values that may be sent as `""` are their value's type (`OrEmpty<Shipping>`),
    /// no longer a union type per place, so more places share one value type directly.
    static let namingBounds: [String: (aliasesNamedElsewhere: Int, numbered: Int)] = [
        "github-rest-api.json": (7, 2), "stripe.yaml": (35, 15), "openai.yaml": (9, 9),
    ]

    /// The aliases whose target is named after an operation other than the alias's own, and
    /// the type names that are another's with a number (`Status2` beside `Status`).
    static func naming(of model: ClientModel) -> (aliasesNamedElsewhere: [String], numbered: [String]) {
        let operations = Set(model.requests.map(\.name))
        let names = Set(model.models.map(\.name))
        // The longest operation name `name` starts with, up to a word's start.
        func operation(_ name: String) -> String? {
            let characters = Array(name)
            for end in stride(from: characters.count, to: 0, by: -1)
            where end == characters.count || characters[end].isUppercase || characters[end].isNumber {
                let prefix = String(characters[..<end])
                if operations.contains(prefix) { return prefix }
            }
            return nil
        }
        var elsewhere: [String] = []
        for declaration in model.models where declaration.kind == .typealias {
            guard let target = declaration.aliasedType.name, let owner = operation(target) else { continue }
            if operation(declaration.name) != owner { elsewhere.append("\(declaration.name) = \(target)") }
        }
        let numbered = names.filter { name in
            let stem = String(name.reversed().drop { $0.isNumber }.reversed())
            return stem.count < name.count && stem.last?.isLetter == true && names.contains(stem)
        }
        return (elsewhere.sorted(), numbered.sorted())
    }

    @Test(arguments: specs)
    func generates(spec: String) throws {
        let path = Self.directory.appendingPathComponent(spec).path
        do {
            let output = try Pipeline.generate(specPath: path)
            // Every declaration is in the file the model names for it (a declaration too long
            // for its line may be broken after its keyword, so whitespace runs count as one space).
            let files = Dictionary(
                uniqueKeysWithValues: output.files.map {
                    ($0.path, $0.contents.split(whereSeparator: \.isWhitespace).joined(separator: " "))
                })
            let declared =
                output.model.models.map { ($0.name, $0.fileName) }
                + output.model.requests.map { ($0.name, $0.fileName) }
            let missing = declared.filter { name, file in
                files[file].map {
                    !$0.contains("struct \(name)") && !$0.contains("class \(name)") && !$0.contains("enum \(name)")
                        && !$0.contains("typealias \(name)")
                } ?? true
            }
            #expect(missing.isEmpty, "not where the model says: \(missing.prefix(5))")
            // No generated type makes a platform framework's type ambiguous for a file that
            // imports both (`Label` beside SwiftUI).
            let platformNames = declared.map(\.0).filter(PlatformTypeNames.all.contains)
            #expect(platformNames.isEmpty, "named like platform types: \(platformNames.prefix(5))")
            #expect(files[output.model.api.fileName] != nil)
            #expect(output.files.allSatisfy { !$0.contents.isEmpty })
            if let bound = Self.namingBounds[spec] {
                let found = Self.naming(of: output.model)
                #expect(
                    found.aliasesNamedElsewhere.count <= bound.aliasesNamedElsewhere,
                    "\(found.aliasesNamedElsewhere.prefix(10))")
                #expect(found.numbered.count <= bound.numbered, "\(found.numbered.prefix(10))")
            }
        } catch {
            Issue.record("\(spec) failed: \(error.diagnostics.filter { $0.severity == .error }.prefix(5))")
        }
    }
}
