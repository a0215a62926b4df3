// swift-tools-version: 6.0
import PackageDescription

/// Musubi's two SwiftPM plugins at work. `BookshelfClient` is generated at build time by the
/// MusubiGenerator build-tool plugin from its `openapi.yaml`; `WeatherClient` was written by
/// `swift package --allow-writing-to-package-directory generate-client --target WeatherClient`
/// into `Sources/WeatherClient/Generated/` and committed. `PluginExample` uses both.
let package = Package(
    name: "PluginExample",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // In your package: .package(url: "https://github.com/…/musubi", from: "…")
        .package(name: "Musubi", path: "../..")
    ],
    targets: [
        .target(
            name: "BookshelfClient",
            dependencies: [.product(name: "MusubiRuntime", package: "Musubi")],
            plugins: [.plugin(name: "MusubiGenerator", package: "Musubi")]
        ),
        .target(
            name: "WeatherClient",
            dependencies: [.product(name: "MusubiRuntime", package: "Musubi")],
            // The spec is the command plugin's input, not a source of this target.
            exclude: ["openapi.yaml"]
        ),
        .executableTarget(
            name: "PluginExample",
            dependencies: ["BookshelfClient", "WeatherClient", .product(name: "MusubiRuntime", package: "Musubi")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
