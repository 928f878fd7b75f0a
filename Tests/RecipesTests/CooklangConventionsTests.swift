import Foundation
@testable import Recipes
@testable import RecipeFormats
@testable import RecipeExport
import RichText
import RouxTestSupport
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

    @Test func theCanonicalMetadataKeysAreUnderstood() throws {
        let cook = CooklangFormat.parse("""
        >> servings: 2
        >> time.prep: 10m
        >> cook time: 1 hour 5 minutes
        >> source.url: https://example.org/rolls
        >> introduction: Fresh rolls.
        >> category: lunch

        Roll @rice paper{4}.

        """)
        #expect(cook.conventionalValue(.sourceURL) == "https://example.org/rolls")
        #expect(cook.conventionalValue(.source) == "https://example.org/rolls", "a source given only as an address")
        #expect(cook.conventionalDuration(.prepTime) == CookingDuration(minutes: 10))
        #expect(cook.conventionalDuration(.cookTime) == CookingDuration(minutes: 65))
        #expect(cook.conventionalValue(.description) == "Fresh rolls.")
        #expect(cook.conventionalValue(.course) == "lunch")
        #expect(cook.servings == 2)
        // A dotted key is shown by its meaning.
        let text = RecipeExport.plainText(cook)
        #expect(text.contains("Prep time: 10m\nCook time: 1 hour 5 minutes\nSource: https://example.org/rolls\n"))
        #expect(RecipeExport.html(cook).contains("<strong>Source:</strong> <a href=\"https://example.org/rolls\">"))

        // Nested in front matter: `source:` with a name and an address, lists of tags and images.
        let markdown = MarkdownRecipeFormat.parse("""
        ---
        source:
          name: La cuisine de Mamie
          url: https://example.org/mamie
          author: Mamie
        tags: [soupe, hiver]
        images:
          - https://example.org/soupe.jpg
          - url: https://example.org/bol.jpg
        ---
        # Soupe

        """)
        #expect(markdown.conventionalValue(.source) == "La cuisine de Mamie")
        #expect(markdown.conventionalValue(.sourceURL) == "https://example.org/mamie")
        #expect(markdown.conventionalValue(.author) == "Mamie")
        #expect(markdown.conventionalValues(.tags) == ["soupe", "hiver"])
        #expect(markdown.conventionalValues(.images) == ["https://example.org/soupe.jpg", "https://example.org/bol.jpg"])
    }

    @Test func picturesBesideTheRecipeAndInItsMetadataAreListedAndLinked() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Baked Potato.cook").path
        let contents = ">> image: https://example.org/potato.jpg\n>> pictures: javascript:alert(1)\n\nBake @potato{1}.\n"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        // Pictures, a step's, and names that are not the recipe's.
        for name in ["Baked Potato.jpg", "Baked Potato.2.PNG", "Baked Potato.0.webp", "Baked Potatoes.jpg", "Baked Potato.x.jpg", "Baked Potato.txt"] {
            try Data([0xFF, 0xD8]).write(to: folder.appendingPathComponent(name))
        }
        let recipe = CooklangFormat.parse(contents)
        let images = RecipeImage.all(for: recipe, at: path)
        #expect(images == [
            RecipeImage(address: "Baked Potato.jpg", isBeside: true),
            RecipeImage(address: "Baked Potato.0.webp", step: 0, isBeside: true),
            RecipeImage(address: "Baked Potato.2.PNG", step: 2, isBeside: true),
            RecipeImage(address: "https://example.org/potato.jpg", isBeside: false),
        ])
        let html = RecipeExport.html(recipe, images: images)
        #expect(html.contains("<figure class=\"image\"><img src=\"./Baked%20Potato.jpg\" alt=\"Recipe\"></figure>"))
        #expect(html.contains("<img src=\"./Baked%20Potato.2.PNG\" alt=\"Recipe, step 2\"><figcaption>Step 2</figcaption>"))
        #expect(html.contains("<img src=\"https://example.org/potato.jpg\""))
        #expect(!html.contains("<img src=\"javascript"), "only safe addresses")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(RecipeExport.json(recipe, images: images).utf8)) as? [String: Any])
        let listed = try #require(json["images"] as? [[String: Any]])
        #expect(listed.map { ($0["file"] ?? $0["url"]) as? String } == images.map(\.address))
        #expect(listed.map { $0["step"] as? Int } == [nil, 0, 2, nil])
        let cooklang = try #require(try JSONSerialization.jsonObject(with: Data(RecipeExport.cooklangJSON(recipe, images: images).utf8)) as? [String: Any])
        #expect((cooklang["images"] as? [Any])?.count == 4)
        #expect(RecipeExport.cooklangJSON(recipe).contains("images") == false, "no pictures, the canonical shape")
    }
}
