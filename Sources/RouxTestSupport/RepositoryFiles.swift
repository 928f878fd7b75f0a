public import Foundation

/// The repository root, for fixtures and the bundled samples.
public let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The golden recipe files, one folder per construct (`markdown/<case>`,
/// `cooklang/<case>`). They stay in the domain's test folder so every test
/// target that reads recipe files finds them at one path.
public let recipeFixtures = repositoryRoot.appendingPathComponent("Tests/RecipesTests/Fixtures")

public func contents(of relativePath: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(relativePath), encoding: .utf8)
}
