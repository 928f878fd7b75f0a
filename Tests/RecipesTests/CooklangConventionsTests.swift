import Foundation
@testable import Recipes
import RichText
import Testing

/// The Cooklang spec's newer parts and its conventions (`conventions.md`):
/// the line break inside a step, the canonical metadata keys, the
/// pictures beside a recipe.
@Suite("Cooklang conventions")
struct CooklangConventionsTests {
    static let rolls = "Lay out the @rice paper{1}.\\\nTop with @avocado{1/2}(sliced),\\\nand @cooked shrimp{4}.\n\nServe at once.\n"

    /// The text items of each step of the Cooklang JSON export.
    static func stepTexts(_ json: String) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try #require(object["steps"] as? [[[String: Any]]])
        return steps.map { step in
            step.map { item in (item["type"] as? String == "text" ? item["value"] : item["name"]) as? String ?? "?" }.joined()
        }
    }

    @Test func aBackslashAtALinesEndIsALineBreakInsideTheStep() throws {
        let recipe = CooklangFormat.parse(Self.rolls)
        // The file keeps its bytes, unedited and written anew.
        #expect(RecipeFiles.fileContents(recipe, as: .cooklang).contents.joined() == Array(Self.rolls.utf8))
        #expect(CooklangFormat.serialize(recipe).text == Self.rolls)
        // One step with two line breaks, as cooklang-rs reads it (a plain line end is a space).
        #expect(try Self.stepTexts(RecipeExport.cooklangJSON(recipe))
            == ["Lay out the rice paper.\nTop with avocado,\nand cooked shrimp.", "Serve at once."])
        #expect(try Self.stepTexts(RecipeExport.cooklangJSON(CooklangFormat.parse("One\ntwo.\n"))) == ["One two."])
        // The readable exports show the break, not the backslash.
        let text = RecipeExport.plainText(recipe)
        #expect(text.contains("Lay out the rice paper.\nTop with avocado,\nand cooked shrimp.\n"))
        #expect(!text.contains("\\"))
        let html = RecipeExport.html(recipe)
        #expect(!html.contains("\\"))
        #expect(html.contains("</span>.</p>\n<p dir=\"auto\">Top with "))
        // The JSON export keeps the text and says where the step breaks.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(RecipeExport.json(recipe).utf8)) as? [String: Any])
        let paragraphs = try #require(json["paragraphs"] as? [[String: Any]])
        #expect(paragraphs.map { $0["lineBreak"] as? Bool } == [true, true, nil, nil, nil])
    }

    @Test func aBackslashElsewhereIsNoLineBreak() throws {
        // Inside a line it escapes; a Markdown recipe has no Cooklang steps.
        let escaped = CooklangFormat.parse("Mix \\@ once.\n")
        #expect(try Self.stepTexts(RecipeExport.cooklangJSON(escaped)) == ["Mix @ once."])
        let markdown = MarkdownRecipeFormat.parse("Mix once.\\\n")
        #expect(RecipeExport.json(markdown).contains("lineBreak") == false)
    }
}
