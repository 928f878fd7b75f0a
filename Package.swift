// swift-tools-version: 6.1
import PackageDescription

// Layers (arrows point down only); ARCHITECTURE.md draws them. The recipe
// modules: RecipeExport → RecipeFormats → Recipes (the domain) and
// RecipeStorage (bytes and files, no recipe knowledge) → RichText.
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
        .library(name: "RecipeStorage", targets: ["RecipeStorage"]),
        .library(name: "Recipes", targets: ["Recipes"]),
        .library(name: "RecipeFormats", targets: ["RecipeFormats"]),
        .library(name: "RecipeExport", targets: ["RecipeExport"]),
    ],
    dependencies: [
        // YAML front matter: a real parser, not a hand-rolled one.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        // The command line and its --help.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        // CookCLI's pantry.conf is TOML: a real parser that says where a file is malformed.
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
        // Property tests only.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        .target(name: "RichText", swiftSettings: strictSwift),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CWideCharacter"),
        .systemLibrary(name: "CFileSystem"),
        // `roux import` of an address: libcurl opened when a page is fetched, not at every start.
        .target(name: "CWebFetch"),
        .systemLibrary(name: "CHunspell", pkgConfig: "hunspell", providers: [.apt(["libhunspell-dev"])]),
        // Spelling through Hunspell: dictionaries, words, the user's list.
        .target(name: "Spelling", dependencies: ["CHunspell", "RecipeStorage"], swiftSettings: strictSwift),
        .target(name: "TerminalUI", dependencies: ["RichText", "TextLayout"], swiftSettings: strictSwift),
        .systemLibrary(name: "CNcursesw"),
        // Pictures: libchafa draws them, stb_image and libwebp decode them.
        .systemLibrary(name: "CChafa", providers: [.apt(["libchafa-dev"])]),
        .systemLibrary(name: "CStbImage", providers: [.apt(["libstb-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .target(name: "TerminalPictures", dependencies: ["TerminalUI", "RichText", "CChafa", "CStbImage", "CWebP"], swiftSettings: strictSwift),
        .target(name: "NcursesBackend", dependencies: ["TerminalUI", "CNcursesw", "RichText", "TextLayout"], swiftSettings: strictSwift),
        .target(
            name: "RouxApp",
            dependencies: ["RichText", "TextLayout", "RecipeStorage", "Recipes", "RecipeFormats", "RecipeExport", "TerminalUI", "Spelling", "TerminalPictures",
                           .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: strictSwift
        ),
        .target(name: "RecipeStorage", dependencies: ["RichText", "CFileSystem"], swiftSettings: strictSwift),
        .target(
            name: "Recipes",
            dependencies: ["RichText", .product(name: "Yams", package: "Yams"), .product(name: "TOMLKit", package: "TOMLKit")],
            swiftSettings: strictSwift
        ),
        .target(
            name: "RecipeFormats",
            dependencies: ["RichText", "RecipeStorage", "Recipes", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSwift
        ),
        .target(
            name: "RecipeExport",
            dependencies: ["RichText", "Recipes", "RecipeFormats", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSwift
        ),
        .target(name: "TextLayout", dependencies: ["RichText", "CFriBidi", "CWideCharacter"], swiftSettings: strictSwift),
        .target(
            name: "RouxTestSupport",
            dependencies: ["RichText", "Recipes"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "roux",
            dependencies: [
                "RichText", "RecipeStorage", "Recipes", "RecipeFormats", "RecipeExport", "RouxApp", "NcursesBackend", "TerminalUI", "CWebFetch",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "FuzzChecks",
            dependencies: ["Recipes", "RecipeFormats", "RecipeExport", "RichText", "TerminalUI", "TerminalPictures"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "RouxFuzz",
            dependencies: ["FuzzChecks"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "RouxSaveProbe",
            dependencies: ["RecipeStorage", "RecipeFormats", "RichText"],
            swiftSettings: strictSwift
        ),
        // The child process of NcursesBackendTests: the backend on a pseudo-terminal.
        .executableTarget(
            name: "NcursesProbe",
            dependencies: ["NcursesBackend", "TerminalUI", "RichText"],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "RouxBench",
            dependencies: ["RichText", "TextLayout", "Recipes", "RecipeStorage", "RecipeFormats", "RecipeExport", "RouxApp", "TerminalUI"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RichTextTests",
            dependencies: [
                "RichText",
                // The engine under the recipe's definition (ingredients, WWDC25's example).
                "Recipes",
                "RouxTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RecipeStorageTests",
            dependencies: ["RecipeStorage", "Recipes", "RichText", "RouxTestSupport"],
            swiftSettings: strictSwift
        ),
        // The recipe's domain. Fixtures holds the recipe files the format
        // tests read (`recipeFixtures` in RouxTestSupport).
        .testTarget(
            name: "RecipesTests",
            dependencies: [
                "Recipes",
                "RecipeFormats",
                "RecipeExport",
                "RichText",
                "RouxTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSwift
        ),
        // The formats: readers, writers, line syntaxes, the lossless rule, and
        // reading and saving recipe files through RecipeFiles.
        .testTarget(
            name: "RecipeFormatsTests",
            dependencies: [
                "RecipeStorage",
                "Recipes",
                "RecipeFormats",
                "RecipeExport",
                "CFileSystem",
                "RichText",
                "RouxTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        // Exports, and the fuzz targets' checks replayed on their seeds.
        .testTarget(
            name: "RecipeExportTests",
            dependencies: ["Recipes", "RecipeFormats", "RecipeExport", "FuzzChecks", "RichText", "RouxTestSupport"],
            swiftSettings: strictSwift
        ),
        // Runs the built `roux` as a user does (`make test` builds it first).
        .testTarget(
            name: "RouxCommandLineTests",
            dependencies: ["RouxTestSupport"],
            swiftSettings: strictSwift
        ),
        // Runs NcursesProbe on a pseudo-terminal (`make test` builds it first).
        .testTarget(
            name: "NcursesBackendTests",
            dependencies: ["RouxTestSupport"],
            swiftSettings: strictSwift
        ),
        // Hunspell dictionaries the tests write, words, languages, the user's list.
        .testTarget(
            name: "SpellingTests",
            dependencies: ["Spelling", "RecipeStorage", "RouxTestSupport"],
            swiftSettings: strictSwift
        ),
        // Decoding untrusted picture files and drawing them for a terminal.
        .testTarget(
            name: "TerminalPicturesTests",
            dependencies: ["TerminalPictures", "TerminalUI", "RichText", "RouxTestSupport"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["TerminalUI", "RichText"],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "RouxAppTests",
            dependencies: [
                "RouxApp", "TerminalUI", "RecipeStorage", "Recipes", "RecipeFormats", "RecipeExport", "RichText", "TextLayout",
                "Spelling", "RouxTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "TextLayoutTests",
            dependencies: [
                "TextLayout",
                "RichText",
                "Recipes",
                "RouxTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: strictSwift
        ),
    ],
    swiftLanguageModes: [.v6]
)
