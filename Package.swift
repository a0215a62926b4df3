// swift-tools-version: 6.1
import PackageDescription

/// The AsyncHTTPClient transport's dependencies count only with the `AsyncHTTPClient` trait,
/// which is off by default. With it off, SwiftPM neither fetches SwiftNIO nor plans its
/// targets: that planning alone added seconds to every build of every package depending on
/// Musubi for the runtime. Servers enable it: `.package(url: …, traits: ["AsyncHTTPClient"])`.
let withAsyncHTTPClient = TargetDependencyCondition.when(traits: ["AsyncHTTPClient"])

/// Musubi is licensed under the Apache License, Version 2.0 (see LICENSE).
///
/// Musubi is a staged pipeline; each stage is its own module and data flows one way:
/// Reader → Document → ClientModel → Emitter, with the CLI on top. `MusubiRuntime` is what
/// generated clients import; it depends on Foundation and swift-log (for the logging
/// interceptor, through the API the server ecosystem already logs with).
let package = Package(
    name: "Musubi",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "musubi", targets: ["musubi"]),
        .library(name: "MusubiRuntime", targets: ["MusubiRuntime"]),
        // A transport on AsyncHTTPClient (SwiftNIO); empty unless the AsyncHTTPClient trait is on.
        .library(name: "MusubiAsyncHTTPClient", targets: ["MusubiAsyncHTTPClient"]),
        // Generates a target's client from its openapi.yaml at build time.
        .plugin(name: "MusubiGenerator", targets: ["MusubiGenerator"]),
        // `swift package generate-client`: writes a target's client into its folder, for committing.
        .plugin(name: "MusubiGenerateClient", targets: ["MusubiGenerateClient"]),
    ],
    traits: [
        .trait(
            name: "AsyncHTTPClient",
            description: "The MusubiAsyncHTTPClient transport, on AsyncHTTPClient and SwiftNIO"
        )
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // Only the hostile-spec tests parse generated Swift with the compiler's own parser.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        // MARK: Generator stages
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "MusubiReader", dependencies: ["CLibYAML"]),
        .target(name: "MusubiDocument", dependencies: ["MusubiReader"]),
        .target(name: "MusubiClientModel", dependencies: ["MusubiDocument"]),
        .target(
            name: "MusubiEmitter",
            dependencies: ["MusubiClientModel"]
        ),
        .target(
            name: "MusubiCLI",
            dependencies: [
                "MusubiReader", "MusubiDocument", "MusubiClientModel", "MusubiEmitter",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "musubi", dependencies: ["MusubiCLI"]),

        // MARK: SwiftPM plugins (Examples/PluginExample uses both)
        .plugin(name: "MusubiGenerator", capability: .buildTool(), dependencies: ["musubi"]),
        .plugin(
            name: "MusubiGenerateClient",
            capability: .command(
                intent: .custom(
                    verb: "generate-client",
                    description: "Generate the client of each target with an openapi.yaml into Sources/TARGET/Generated"
                ),
                permissions: [
                    .writeToPackageDirectory(
                        reason: "The generated client is written into the target's Generated folder")
                ]
            ),
            dependencies: ["musubi"]
        ),

        // MARK: Runtime
        .target(name: "MusubiRuntime", dependencies: [.product(name: "Logging", package: "swift-log")]),
        .target(
            name: "MusubiAsyncHTTPClient",
            dependencies: [
                "MusubiRuntime",
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: withAsyncHTTPClient),
                .product(name: "NIOCore", package: "swift-nio", condition: withAsyncHTTPClient),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: withAsyncHTTPClient),
            ]
        ),

        // MARK: Generated examples (committed output of `musubi generate`)
        .target(name: "PetstoreClient", dependencies: ["MusubiRuntime"], path: "Examples/PetstoreClient"),
        .target(name: "IdentityClient", dependencies: ["MusubiRuntime"], path: "Examples/IdentityClient"),
        .target(name: "SecurityClient", dependencies: ["MusubiRuntime"], path: "Examples/SecurityClient"),
        .target(name: "UploadsClient", dependencies: ["MusubiRuntime"], path: "Examples/UploadsClient"),
        // Every parameter style and server variable, for the end-to-end tests.
        .target(name: "ParametersClient", dependencies: ["MusubiRuntime"], path: "Tests/EndToEnd/ParametersClient"),
        // One list operation per pagination scheme, for the end-to-end tests.
        .target(name: "PaginationClient", dependencies: ["MusubiRuntime"], path: "Tests/EndToEnd/PaginationClient"),
        .target(name: "StreamsClient", dependencies: ["MusubiRuntime"], path: "Examples/StreamsClient"),
        // Generated with the custom templates of Examples/CustomTemplates/templates.
        .target(
            name: "CustomTemplatesClient", dependencies: ["MusubiRuntime"],
            path: "Examples/CustomTemplates/CustomTemplatesClient"
        ),
        // Golden output for Tests/Goldens/constructs.yaml, compiled so a golden cannot be wrong Swift.
        .target(name: "ConstructsClient", dependencies: ["MusubiRuntime"], path: "Tests/Goldens/ConstructsClient"),

        // MARK: Tests
        // What several test targets share: paths, Tests/Fixtures, running programs and the
        // built `musubi`, the Python test-server launcher, the golden-update mode.
        .target(name: "MusubiTestSupport", path: "Tests/MusubiTestSupport"),
        .testTarget(name: "MusubiTestSupportTests", dependencies: ["MusubiTestSupport"]),
        // A fuzz target for every stage before writing: `Scripts/fuzz.sh` builds it with libFuzzer;
        // a plain build makes a program that replays the inputs named on its command line.
        .executableTarget(
            name: "MusubiFuzz",
            dependencies: ["MusubiReader", "MusubiDocument", "MusubiClientModel", "MusubiEmitter"],
            path: "Tests/Fuzz",
            exclude: ["make-seeds.py", "openapi.dict"]
        ),
        .testTarget(name: "MusubiReaderTests", dependencies: ["MusubiReader"]),
        .testTarget(name: "MusubiDocumentTests", dependencies: ["MusubiDocument"]),
        .testTarget(name: "MusubiClientModelTests", dependencies: ["MusubiClientModel"]),
        .testTarget(
            name: "MusubiEmitterTests",
            dependencies: ["MusubiEmitter", "MusubiCLI", "ConstructsClient", "MusubiTestSupport"]
        ),
        .testTarget(
            name: "MusubiRuntimeTests",
            dependencies: ["MusubiRuntime", "MusubiTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "MusubiCLITests",
            dependencies: [
                "MusubiCLI", "MusubiClientModel", "MusubiEmitter", "MusubiReader", "MusubiTestSupport",
                "CustomTemplatesClient",
            ]
        ),
        // Tests that build whole generated packages with `swift build` (minutes each), apart
        // so that `swift test --filter MusubiCLITests` stays quick.
        .testTarget(
            name: "PackageBuildTests",
            dependencies: ["MusubiCLI", "MusubiClientModel", "MusubiEmitter", "MusubiTestSupport"]
        ),
        .testTarget(
            name: "TransportTests",
            dependencies: ["MusubiRuntime", "MusubiAsyncHTTPClient", "StreamsClient", "MusubiTestSupport"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "PetstoreClient", "IdentityClient", "ParametersClient", "UploadsClient", "SecurityClient",
                "PaginationClient", "MusubiRuntime", "MusubiTestSupport",
                // The real-spec test generates clients in-process and builds them in a package of its own.
                "MusubiCLI", "MusubiClientModel", "MusubiEmitter",
            ]
        ),
        // The Swift blocks of README.md and the DocC articles, extracted into Examples/ by
        // Scripts/extract-doc-examples.py and compiled against the example clients: a block that does
        // not compile fails the build at its own Markdown file and line. Warnings are silenced, as a
        // documentation example may leave a value unused.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "PetstoreClient", "IdentityClient", "SecurityClient", "UploadsClient", "StreamsClient",
                "ParametersClient", "MusubiRuntime", "MusubiTestSupport",
            ],
            swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
        ),
        // Generates a client from a spec with hostile text in every place spec text reaches
        // output, and proves with SwiftParser that none of it became code.
        .testTarget(
            name: "HostileSpecTests",
            dependencies: [
                "MusubiCLI", "MusubiReader", "MusubiTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
