import Foundation
import Recipes
import RecipeFormats
import RichText
import Testing

/// What the writers must escape and the readers must not take for syntax:
/// each case is a small plausible bug in a writer or reader that the rest of
/// the suite let through (mutation testing, DECISIONS.md "Tests").
@Suite("Escapes the writers need and the readers honour")
struct WriterEscapeTests {
    /// A body paragraph typed as `2) Bake` is text, not a numbered item: its
    /// `)` is escaped, and the line reads back as the same paragraph.
    @Test(arguments: ["2) Bake at 180 °C.", "10. Serve.", "- not a list", "+ plus", "# not a heading", "> not a quote"])
    func typedTextThatLooksLikeABlockIsWrittenEscaped(line: String) {
        let recipe = Recipe(body: AttributedString(line + "\n"))
        let written = MarkdownRecipeFormat.serialize(recipe)
        #expect(written != line + "\n", "written as it was typed: \(written)")
        let reread = MarkdownRecipeFormat.parse(written)
        #expect(String(reread.document.text.characters[...]) == line + "\n", "\(written)")
        #expect(reread.document.text.runs.allSatisfy { $0.listItem == nil && $0.blockQuote == nil && $0.headingLevel == nil })
    }

    /// Inline code is written with backticks, not as an attribute list.
    @Test func inlineCodeIsWrittenWithBackticks() throws {
        var body = AttributedString("Add salt now.\n")
        let range = try #require(body.range(of: "salt"))
        body[range].inlineCode = true
        let written = MarkdownRecipeFormat.serialize(Recipe(body: body))
        #expect(written.split(separator: "\n") == ["Add `salt` now."], "\(written)")
    }

    /// An escaped backtick starts no code span.
    @Test func anEscapedBacktickStartsNoCodeSpan() {
        let recipe = MarkdownRecipeFormat.parse("Use \\`no code` here.\n")
        #expect(String(recipe.document.text.characters[...]) == "Use `no code` here.")
        #expect(recipe.document.text.runs.allSatisfy { $0.inlineCode == nil })
    }

    /// An escaped `\[-` opens no Cooklang block comment: the lines after it
    /// stay steps with their ingredients.
    @Test func anEscapedBlockCommentOpenerIsText() {
        let recipe = CooklangFormat.parse("Mix \\[- this is text.\n\nAdd @salt{1%tsp}.\n")
        let text = String(recipe.document.text.characters[...])
        #expect(text.contains("[- this is text."))
        #expect(text.contains("Add salt."))
        #expect(recipe.ingredients.map(\.id.rawValue) == ["salt"])
    }

    /// One-letter units are matched as written: `T` is a tablespoon, `t` a
    /// teaspoon, and `C`, `G` are no unit.
    @Test func oneLetterUnitsAreMatchedAsWritten() {
        let units = UnitTable.standard
        #expect(units.unit(named: "T")?.name == "tbsp")
        #expect(units.unit(named: "t")?.name == "tsp")
        #expect(units.unit(named: "c")?.name == "cup")
        #expect(units.unit(named: "C") == nil)
        #expect(units.unit(named: "G") == nil)
        #expect(units.match(prefixOf: "C sugar") == nil)
        #expect(units.match(prefixOf: "G flour") == nil)
        #expect(units.match(prefixOf: "T sugar")?.0 == "T")
        #expect(units.match(prefixOf: "Tbsp sugar")?.0 == "Tbsp")
    }
}
