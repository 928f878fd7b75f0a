// swift-tools-version: 6.1
import PackageDescription

// Layers (arrows point down only): roux → TextLayout → RichText. Later issues
// add Recipes, the terminal UI and the app; see DECISIONS.md.
let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Roux",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roux", targets: ["roux"]),
        .library(name: "RichText", targets: ["RichText"]),
        .library(name: "TextLayout", targets: ["TextLayout"]),
    ],
    dependencies: [
        // Property tests only; no runtime dependency yet.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "RichText", swiftSettings: strictSwift),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CWideCharacter"),
        .target(name: "TextLayout", dependencies: ["RichText", "CFriBidi", "CWideCharacter"], swiftSettings: strictSwift),
        .target(
            name: "RouxTestSupport",
            dependencies: ["RichText"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "roux",
            dependencies: ["RichText"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "RouxBench",
            dependencies: ["RichText", "TextLayout"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RichTextTests",
            dependencies: [
                "RichText",
                "RouxTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "TextLayoutTests",
            dependencies: [
                "TextLayout",
                "RichText",
                "RouxTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
