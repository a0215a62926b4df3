import ArgumentParser
import Foundation
import MusubiClientModel
import MusubiReader
import Testing

@testable import MusubiCLI

/// Every setting is declared once (`SettingDeclaration`), and the command line, the file and
/// the merge all follow from that declaration.
@Suite struct SettingDeclarationTests {
    /// A value of the kind each setting's key takes in `musubi.yaml`.
    static func sampleYAML(for key: String) -> String {
        switch key {
        case "module-name", "package": "Sample"
        case "access-level": "internal"
        case "file-per-type", "skip-webhooks", "embed-runtime", "quiet", "warnings-as-errors": "true"
        default: "sample"
        }
    }

    /// `runtime.path: x` as nested YAML.
    static func yaml(_ key: String, _ value: String) -> String {
        let parts = key.split(separator: ".")
        var text = ""
        for (depth, part) in parts.enumerated() {
            let indent = String(repeating: "  ", count: depth)
            text += depth == parts.count - 1 ? "\(indent)\(part): \(value)\n" : "\(indent)\(part):\n"
        }
        return text
    }

    @Test func keysAndOptionsAreUnique() {
        let all = SettingDeclaration.all
        #expect(Set(all.map(\.key)).count == all.count)
        let options = all.compactMap(\.option)
        #expect(Set(options).count == options.count)
        #expect(all.filter { $0.option == nil }.map(\.key) == ["spec"], "only the spec is an argument")
    }

    /// Each setting's option is in `generate --help` with the key that sets it in the file.
    @Test func theHelpNamesEachOptionAndItsKey() {
        let help = Musubi.helpMessage(for: Generate.self, columns: 10_000)
        for declaration in SettingDeclaration.all {
            if let option = declaration.option {
                #expect(help.contains("--\(option)"), "--\(option) is missing from the help")
            }
            #expect(help.contains("In musubi.yaml: \(declaration.key)."), "\(declaration.key)")
        }
    }

    /// Each setting's key is read from the file, and the command line's value wins over it.
    @Test(arguments: SettingDeclaration.all.map(\.key))
    func eachKeyIsReadAndTheCommandLineWins(key: String) throws {
        let declaration = try #require(SettingDeclaration.all.first { $0.key == key })
        var yaml = Self.yaml(key, Self.sampleYAML(for: key))
        if key != "spec" { yaml += "spec: api.yaml\n" }
        let file = try ConfigurationLoader.load(try Reader.parse(yaml, fileName: "musubi.yaml"), file: "musubi.yaml")
        #expect(declaration.isSet(file.values), "\(key) was not read from \(yaml)")

        let fromFile = try Settings.merge(Settings.CommandLine(), over: file)
        #expect(declaration.isSet(fromFile.values), "\(key) from the file is kept")

        // A command line that sets the setting (to anything) replaces the file's value.
        var given = SettingValues()
        given.spec = "given.yaml"
        given.output = "given"
        given.moduleName = "Given"
        given.accessLevel = .package
        given.filePerType = false
        given.skipWebhooks = false
        given.templates = "given"
        given.package = "Given"
        given.embedRuntime = false
        given.runtimePath = "given"
        given.runtimeURL = "given"
        given.runtimeFrom = "given"
        given.quiet = false
        given.warningsAsErrors = false
        given.referenceRoots = ["given"]
        given.filter.include.tags = SettingDeclaration.includeTags.globs(["given"])
        given.filter.include.operations = SettingDeclaration.includeOperations.globs(["given"])
        given.filter.include.paths = SettingDeclaration.includePaths.globs(["given"])
        given.filter.exclude.tags = SettingDeclaration.excludeTags.globs(["given"])
        given.filter.exclude.operations = SettingDeclaration.excludeOperations.globs(["given"])
        given.filter.exclude.paths = SettingDeclaration.excludePaths.globs(["given"])
        var commandLine = Settings.CommandLine()
        declaration.copy(&commandLine.values, given)
        if key != "spec" { commandLine.spec = "given.yaml" }
        let merged = try Settings.merge(commandLine, over: file)
        #expect(only(declaration, merged.values) == only(declaration, given), "the command line's \(key) wins")
        #expect(only(declaration, fromFile.values) != only(declaration, given))
    }

    /// The values with only `declaration`'s setting, as text to compare.
    func only(_ declaration: SettingDeclaration, _ values: SettingValues) -> String {
        var result = SettingValues()
        declaration.copy(&result, values)
        return "\(result)"
    }

    @Test func theRuntimeSettingsComeFromOnePlace() throws {
        let yaml = "spec: a.yaml\nruntime: {url: 'https://example.com/musubi', from: 1.0.0}\n"
        let file = try ConfigurationLoader.load(try Reader.parse(yaml, fileName: "musubi.yaml"), file: "musubi.yaml")
        let merged = try Settings.merge(Settings.CommandLine(), over: file)
        #expect(merged.runtimeURL == "https://example.com/musubi" && merged.runtimeFrom == "1.0.0")
        var commandLine = Settings.CommandLine()
        commandLine.runtimePath = "../musubi"
        let overridden = try Settings.merge(commandLine, over: file)
        #expect(overridden.runtimePath == "../musubi")
        #expect(overridden.runtimeURL == nil && overridden.runtimeFrom == nil, "not half from each")
    }
}
