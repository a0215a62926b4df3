import Foundation
import MusubiClientModel
import MusubiDocument
import MusubiEmitter
import MusubiReader

/// Runs untrusted bytes through every stage before the output is written: the reader (YAML or
/// JSON, chosen by the reader itself from the first significant byte), the document loader,
/// the client model builder and the emitter, rendering into memory.
///
/// The spec is given a path inside a fresh empty folder: external references may only reach
/// files under the spec's folder (the document loader's confinement), and it holds none, so a
/// run reads no file and writes none. A crash, a hang or unbounded memory in any stage is a bug;
/// libFuzzer reports it with the input that caused it.
enum FuzzHarness {
    /// A fresh empty folder that only ever holds nothing; removed when the process exits.
    static let folder: String = {
        var template = Array((NSTemporaryDirectory() + "/musubi-fuzz.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            fatalError("cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        // The real path: the loader confines references to the spec's folder after resolving links.
        guard let real = realpath(made, nil) else {
            fatalError("cannot resolve the temporary folder: \(String(cString: strerror(errno)))")
        }
        defer { free(real) }
        let path = String(cString: real)
        atexit { rmdir(FuzzHarness.folder) }
        return path
    }()

    static let specPath = folder + "/openapi.yaml"

    static let templates: TemplateSet = {
        do {
            return try TemplateSet.builtIn()
        } catch {
            fatalError("the built-in templates do not load: \(error)")
        }
    }()

    /// One input through the stages; every outcome but a crash is fine. Returns where the
    /// input stopped, for the replayer to print.
    @discardableResult
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let parsed: Reader.Parsed
        do {
            parsed = try Reader.read(Array(bytes), fileName: specPath)
        } catch {
            return "the reader stopped: \(error)"
        }
        let loaded: DocumentLoader.Result
        do {
            loaded = try DocumentLoader.load(parsed.root, file: specPath, readerWarnings: parsed.warnings)
        } catch {
            return "the document loader stopped with \(error.diagnostics.count) diagnostics"
        }
        // The input's length picks the options, so the fuzzer reaches both file layouts and
        // package mode without a byte of the spec spent on choosing them.
        var options = ClientModelOptions()
        options.filePerType = bytes.count & 1 == 1
        if bytes.count & 2 == 2 {
            options.package = PackageOptions(name: ClientModelBuilder.defaultModuleName(for: loaded.document))
        }
        let built = ClientModelBuilder.build(loaded.document, options: options)
        let diagnostics = (loaded.warnings + built.warnings).map(\.description)
        guard !built.warnings.contains(where: { $0.severity == .error }) else {
            return "the client model builder stopped with \(diagnostics.count) diagnostics"
        }
        do {
            let files = try Emitter.render(built.model, templates: templates)
            return "rendered \(files.count) files with \(diagnostics.count) warnings"
        } catch {
            fatalError("the built-in templates failed to render: \(error.message)")
        }
    }
}

/// The program: libFuzzer's driver when built by `Scripts/fuzz.sh` (`-sanitize=fuzzer` and
/// `-D MUSUBI_FUZZ`), else a replayer that runs each file named on the command line through the
/// same stages (a plain `swift build`, or a toolchain without libFuzzer), to reproduce a crash
/// the fuzzer saved.
///
/// SwiftPM links an executable's `main` to the module's own entry point, so libFuzzer's `main`
/// is not used: this one hands the command line to libFuzzer's driver instead.
@main
enum FuzzProgram {
    static func main() {
        #if MUSUBI_FUZZ
            var argc = CommandLine.argc
            var argv = Optional(CommandLine.unsafeArgv)
            exit(runLibFuzzerDriver(&argc, &argv, fuzzOneInput))
        #else
            for path in CommandLine.arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("MusubiFuzz: cannot read \(path)\n".utf8))
                    exit(1)
                }
                let outcome = data.withUnsafeBytes { FuzzHarness.run($0.bindMemory(to: UInt8.self)) }
                print("\(path): \(outcome)")
            }
        #endif
    }
}

#if MUSUBI_FUZZ
    /// libFuzzer's entry point for one input.
    func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzHarness.run(UnsafeBufferPointer(start: data, count: size))
        return 0
    }

    /// libFuzzer's driver (`-sanitize=fuzzer` links it): parses libFuzzer's options and runs.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runLibFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif
