import ConstructsClient
import Foundation
import MusubiCLI
import MusubiClientModel
import MusubiEmitter
import MusubiRuntime
import MusubiTestSupport
import Testing

/// Golden files: `Tests/Goldens/constructs.yaml` holds one small example of each construct
/// the generator handles, and `Tests/Goldens/ConstructsClient/` the exact Swift expected for
/// it. The golden module is also a target of the package, so it must compile.
///
/// To accept a deliberate change, run with `MUSUBI_UPDATE_GOLDENS=1` and review the diff.
@Suite struct GoldenOutputTests {
    @Test func constructsMatchTheirGoldenFiles() throws {
        let output = try Pipeline.generate(
            specPath: repositoryRoot.appendingPathComponent("Tests/Goldens/constructs.yaml").path,
            options: Pipeline.Options(modelOptions: ClientModelOptions(moduleName: "ConstructsClient")))
        let goldenDirectory = repositoryRoot.appendingPathComponent("Tests/Goldens/ConstructsClient")
        _ = try GoldenUpdate.rewrite(goldenDirectory) {
            try? FileManager.default.removeItem(at: goldenDirectory)
            _ = try OutputWriter.write(output.files, to: goldenDirectory.path)
        }
        var golden = filesBelow(goldenDirectory)
        #expect(golden.removeValue(forKey: OutputManifest.fileName) != nil, "the golden output has its manifest")
        #expect(Set(golden.keys) == Set(output.files.map(\.path)))
        for file in output.files {
            let expected = golden[file.path].map { String(decoding: $0, as: UTF8.self) }
            #expect(expected == file.contents, "\(file.path) differs from its golden file")
        }
        // The spec repeats an enum value on purpose: real specs do, and it must be a warning.
        #expect(
            output.warnings.map(\.description) == [
                "\(repositoryRoot.path)/Tests/Goldens/constructs.yaml:212:51: warning: duplicate enum value 'simple' is ignored"
            ])
    }

    /// The golden types behave as their declarations promise when used.
    @Test func goldenTypesDecodeRealJSON() throws {
        let json = Data(
            """
            {"id": 7, "type": "t", "self": "s", "created_at": "2024-01-02T03:04:05.5+09:00",
             "due_on": "2024-02-29", "kind": "brand-new", "blob": "aGk=", "fooBar": "a", "foo_bar": "b",
             "metadata": {"n": 1, "x": [true, null]}, "labels": {"a": "b"}, "nullable_name": null,
             "children": [{"id": 8, "type": "t", "self": "s", "created_at": "2024-01-02T03:04:05Z"}]}
            """.utf8)
        let item = try Coding.standard.decode(Item.self, from: json)
        #expect(item.createdAt == Date(timeIntervalSince1970: 1_704_132_245.5))
        #expect(item.dueOn == CalendarDate(year: 2024, month: 2, day: 29))
        #expect(item.kind == .unknown("brand-new"))
        #expect(item.blob == Data("hi".utf8))
        #expect(item.fooBar == "a")
        #expect(item.fooBar2 == "b")
        #expect(item.metadata?["x"] == .array([.bool(true), .null]))
        #expect(item.nullableName == nil)
        #expect(item.children?.first?.id == 8)

        let request = GetSubItemByID(
            itemID: 1, subItemID: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!, traceID: "t")
        #expect(request.path.encoded == "/items/1/sub_items/6f9619ff-8b86-d011-b42d-00c04fc964ff")
        #expect(Server.constructs.production().url.absoluteString == "https://api.example.com/v2")
        #expect(Server.constructs.production(version: "v3").url.absoluteString == "https://api.example.com/v3")
    }

    /// Recursive structs decode, encode and compare by value, although each keeps its values
    /// in a class instance.
    @Test func recursiveModelsRoundTrip() throws {
        let json = Data(#"{"name":"a","parent":{"name":"b","parent":{"name":"c"}},"children":[{"name":"d"}]}"#.utf8)
        let node = try Coding.standard.decode(TreeNode.self, from: json)
        #expect(node.parent?.parent?.name == "c")
        #expect(node.parent?.parent?.parent == nil)
        #expect(node.children?.first?.name == "d")
        let again = try Coding.standard.decode(TreeNode.self, from: try Coding.standard.encode(node))
        #expect(again == node)

        let changed = TreeNode(
            name: "a", parent: TreeNode(name: "B", parent: node.parent?.parent), children: node.children)
        #expect(changed != node, "a difference two levels down makes the values differ")
        #expect(TreeNode(name: "a", parent: again.parent, children: again.children) == node)

        let chapter = try Coding.standard.decode(Chapter.self, from: Data(#"{"section":{"chapter":{}}}"#.utf8))
        #expect(chapter.section?.chapter == Chapter())
    }
}
