import Foundation
import RecipeExport
import RecipeFormats
import Recipes
import Testing

/// One rule names a recipe (`Recipe.title`): the front matter's title, else
/// the first level-1 heading, else the file's name without its extension.
/// The exports and the command line say it as the editor does.
@Suite("One title rule")
struct TitleRuleTests {
    static let twoTitles = "---\ntitle: Tarte Tatin\n---\n# Tarte renversée\nDes ^[pommes](ingredient: \"pommes\").\n"

    @Test func theFrontMatterTitleComesBeforeTheHeadingAndTheHeadingBeforeTheFileName() {
        #expect(MarkdownRecipeFormat.parse(Self.twoTitles).title == "Tarte Tatin")
        #expect(MarkdownRecipeFormat.parse("---\ntitle: \"\"\n---\n# Tarte renversée\n").title == "Tarte renversée")
        let untitled = MarkdownRecipeFormat.parse("Des pommes.\n")
        #expect(untitled.title == nil)
        #expect(untitled.title(orFileName: "/recettes/tarte.tatin.md") == "tarte.tatin")
        #expect(Recipe.title(fileName: "/recettes/.md") == ".md")
    }

    /// The title is one paragraph: a second heading right after it is not part of it.
    @Test func theTitleIsTheFirstHeadingsParagraphOnly() {
        let recipe = MarkdownRecipeFormat.parse("# Tarte\n# Pâte brisée\nDe la farine.\n")
        #expect(recipe.title == "Tarte")
        #expect(Recipe.firstHeading(in: recipe.document.text)?.text == "Tarte")
    }

    @Test func theExportsSayTheFrontMatterTitle() {
        let recipe = MarkdownRecipeFormat.parse(Self.twoTitles)
        #expect(RecipeExport.plainText(recipe).hasPrefix("Tarte Tatin\n===========\n"))
        #expect(RecipeExport.readable(recipe, styles: false).hasPrefix("Tarte Tatin\n"))
        #expect(RecipeExport.html(recipe).contains("<title>Tarte Tatin</title>"))
        #expect(RecipeExport.json(recipe).contains("\"title\" : \"Tarte Tatin\""))
    }
}
