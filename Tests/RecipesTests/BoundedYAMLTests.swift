import Foundation
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import RouxTestSupport
import Testing

/// Front matter whose aliases would expand without bound is kept as it is,
/// with a warning that says why, in every reader (`BoundedYAML`).
@Suite("YAML aliases within bounds")
struct BoundedYAMLTests {
    /// Twelve levels of ten aliases each under one key, in about 800 bytes:
    /// a million million values once expanded.
    static let bomb: String = {
        var yaml = "title: Bombe\nlol:\n  - &l0 [" + Array(repeating: "\"lol\"", count: 10).joined(separator: ", ") + "]\n"
        for level in 1 ... 12 {
            yaml += "  - &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        return yaml
    }()

    /// The sizes: l0 is 11 values, l1 111, l2 1111, l3 11111; the aliases of
    /// l1 to l3 bring 110 + 1110 + 11110, each of l4's 11111 more: its
    /// eighth crosses 100000. "  - &l4 [" is 9 columns, each "*l3, " 5.
    static let bombWarning = "r.md:8:45: front matter: aliases repeat more than 100000 values (at *l3); the front matter is kept as it is"

    @Test func anAliasBombIsKeptAsItIsWithAWarningInMarkdown() throws {
        let contents = "---\n" + Self.bomb + "---\nDu texte.\n"
        let (recipe, warnings) = MarkdownRecipeFormat.read(contents, path: "r.md")
        // Required: read without the bound, the export below would expand it all.
        try #require(warnings.map(\.description) == [Self.bombWarning])
        #expect(RecipeFiles.serialize(recipe, as: .markdown).text == contents)
        // Nothing of it is expanded for the JSON export.
        #expect(!RecipeExport.cooklangJSON(recipe).contains("lol"))
    }

    @Test func anAliasBombIsKeptAsItIsWithAWarningInCooklang() throws {
        let contents = "---\n" + Self.bomb + "---\nAdd @salt.\n"
        let (recipe, warnings) = CooklangFormat.read(contents, path: "r.md")
        try #require(warnings.map(\.description) == [Self.bombWarning])
        #expect(RecipeFiles.serialize(recipe, as: .cooklang).text == contents)
        #expect(!RecipeExport.cooklangJSON(recipe).contains("lol"))
    }

    /// The walk stops at the bound: it counts no more than the limit and the
    /// one alias that crosses it, whatever the aliases stand for.
    @Test func theCountStopsAtTheBound() throws {
        let (tooLarge, count) = BoundedYAML.check(Self.bomb)
        #expect(try #require(tooLarge).message == "aliases repeat more than 100000 values (at *l3)")
        #expect(count.aliasedValues == 110 + 1110 + 11110 + 8 * 11111)
        // Deeper levels were never reached.
        #expect(count.events < 80)
    }

    /// A complex key made of an alias: Yams hashes every key it composes,
    /// which walks the whole expansion, so the bound must come first.
    @Test func anAliasBombAsAKeyIsRefusedBeforeYamsComposesIt() {
        let contents = "---\n" + Self.bomb + "? *l12\n: x\n---\nDu texte.\n"
        let (_, warnings) = MarkdownRecipeFormat.read(contents, path: "r.md")
        #expect(warnings.map(\.description) == [Self.bombWarning])
    }

    @Test func nestingTooDeepIsRefusedWrittenOrThroughAliases() {
        // The root mapping is 1 deep, the value's first "[" 2: the 100th "[" (column 105) is 101 deep.
        let written = "---\nkey: " + String(repeating: "[", count: 150) + String(repeating: "]", count: 150) + "\n---\nx\n"
        #expect(MarkdownRecipeFormat.read(written, path: "r.md").warnings.map(\.description)
            == ["r.md:2:105: front matter: values nest more than 100 deep; the front matter is kept as it is"])
        // 60 deep under "a" (2 to 61), then aliased 50 deep: 51 + 60 > 100.
        let deep = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        let aliased = "---\na: &a " + deep + "\nb: " + String(repeating: "[", count: 50) + "*a" + String(repeating: "]", count: 50) + "\n---\nx\n"
        #expect(MarkdownRecipeFormat.read(aliased, path: "r.md").warnings.map(\.description)
            == ["r.md:3:54: front matter: values nest more than 100 deep; the front matter is kept as it is"])
    }

    /// Few values, but long: 10 KB aliased a hundred and one times.
    @Test func aliasesRepeatingLongTextAreBoundedByItsBytes() {
        let long = String(repeating: "x", count: 10_000)
        let contents = "---\na: &a \"\(long)\"\nb: [" + Array(repeating: "*a", count: 101).joined(separator: ", ") + "]\n---\nx\n"
        // "b: [" is 4 columns, each "*a, " 4: the 101st alias is at column 5 + 400.
        #expect(MarkdownRecipeFormat.read(contents, path: "r.md").warnings.map(\.description)
            == ["r.md:3:405: front matter: aliases repeat more than 1000000 bytes of text (at *a); the front matter is kept as it is"])
    }

    @Test func aliasesWithinBoundsReadAsBefore() {
        let contents = "---\ntitle: Gratin\noven: {preheat: &heat 180, bake: *heat}\n---\nDu texte.\n"
        let (recipe, warnings) = MarkdownRecipeFormat.read(contents, path: "r.md")
        #expect(warnings.isEmpty)
        #expect(RecipeExport.cooklangJSON(recipe).contains("\"oven\": {\n      \"preheat\": 180,\n      \"bake\": 180\n    }"))
    }

    /// The commands that read a recipe all say so, and none expands it.
    @Test func everyCommandWarnsOfTheBombAndEnds() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-bomb-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try ("---\n" + Self.bomb + "---\nDu texte.\n").write(toFile: path, atomically: true, encoding: .utf8)
        let warning = "\(path):8:45: front matter: aliases repeat more than 100000 values (at *l3); the front matter is kept as it is"
        for arguments in [["check", path], ["export", "-f", "cooklang-json", path], ["export", "-f", "json", path],
                          ["ingredients", path], ["open", "--print", path], ["shopping-list", path]] {
            let result = try RouxCommand.roux(arguments)
            #expect(result.errors.contains(warning), "roux \(arguments.joined(separator: " ")): \(result.errors)")
            #expect(!result.output.contains("lol"), "roux \(arguments.joined(separator: " "))")
        }
    }
}
