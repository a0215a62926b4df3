import Foundation
import MusubiReader
import Testing

/// The real-world specs in the repository's sibling folder `../shared/specs` all parse.
///
/// The folder lives outside the repository, so a fresh clone may not have it: the test is skipped
/// there, but on CI (environment variable `CI` set) a missing folder is a failure.
@Suite struct SharedSpecsTests {
    @Test(
        .enabled(
            if: SharedSpecs.directory != nil || SharedSpecs.isCI,
            "../shared/specs not found next to the repository (set MUSUBI_SHARED_SPECS to its path)"))
    func everySharedSpecParsesToAnOpenAPIDocument() throws {
        guard let directory = SharedSpecs.directory else {
            let problem =
                "CI is set but the shared specs folder was not found: looked for ../shared/specs "
                + "beside the directory holding Package.swift above \(#filePath), and in MUSUBI_SHARED_SPECS"
            Issue.record(Comment(rawValue: problem))
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { [".yaml", ".yml", ".json"].contains(where: $0.hasSuffix) }
            .sorted()
        #expect(!files.isEmpty, "no .yaml/.yml/.json files in \(directory.path)")
        for file in files {
            let path = directory.appendingPathComponent(file).path
            do {
                let node = try Reader.parse(contentsOf: path)
                let isSpec = node["openapi"] != nil || node["swagger"] != nil
                #expect(isSpec, "\(file) parsed to \(node.kindDescription) without 'openapi' or 'swagger'")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    /// The spec's budget leaves room for specs ten times the biggest real one: Stripe's, with
    /// about 99 000 nodes and 2.2 MB of text, uses a twentieth of its nodes and a thirtieth of
    /// its text.
    @Test(
        .enabled(
            if: SharedSpecs.directory != nil,
            "../shared/specs not found next to the repository (set MUSUBI_SHARED_SPECS to its path)"))
    func theBiggestSharedSpecsUseAtMostATenthOfTheBudget() throws {
        let directory = try #require(SharedSpecs.directory)
        for file in ["stripe.yaml", "github-rest-api.json", "openai.yaml", "discord.json"] {
            var budget = Reader.Budget()
            _ = try Reader.read(contentsOf: directory.appendingPathComponent(file).path, budget: &budget)
            #expect(budget.nodes > 10_000, "\(file)")
            #expect(budget.nodes * 10 <= Reader.maximumNodes, "\(file): \(budget.nodes) nodes")
            #expect(budget.textSize * 10 <= Reader.maximumTextSize, "\(file): \(budget.textSize) bytes of text")
        }
    }
}

enum SharedSpecs {
    static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    /// `MUSUBI_SHARED_SPECS` if set, else `../shared/specs` beside the package that holds this file;
    /// nil if that folder does not exist.
    ///
    /// The search also tries the file's path with symbolic links resolved, so a package that links
    /// this test folder in from elsewhere still finds the repository's sibling folder.
    static var directory: URL? {
        if let override = ProcessInfo.processInfo.environment["MUSUBI_SHARED_SPECS"], !override.isEmpty {
            let url = URL(fileURLWithPath: override)
            return isDirectory(url) ? url : nil
        }
        let thisFile = URL(fileURLWithPath: #filePath)
        for start in [thisFile, thisFile.resolvingSymlinksInPath()] {
            var folder = start.deletingLastPathComponent()
            while folder.path != "/" {
                if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                    let specs = folder.deletingLastPathComponent().appendingPathComponent("shared/specs")
                    if isDirectory(specs) { return specs }
                }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
