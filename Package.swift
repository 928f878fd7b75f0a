// swift-tools-version: 6.1
import PackageDescription

// Layers (arrows point down only): roux → RichText. Later issues add TextLayout,
// Recipes, TerminalUI and the app between them; see DECISIONS.md.
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
    ],
    dependencies: [
        // Property tests only; no runtime dependency yet.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "RichText", swiftSettings: strictSwift),
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
            dependencies: ["RichText"],
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
    ],
    swiftLanguageModes: [.v6]
)
