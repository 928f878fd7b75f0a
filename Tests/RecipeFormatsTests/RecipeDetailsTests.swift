import Foundation
@testable import Recipes
@testable import RecipeFormats
import Testing

/// The recipe's details as the editor lists and changes them: the file's
/// order, lists as items, each change written where and as the file writes
/// the key, every other byte kept.
@Suite("Recipe details")
struct RecipeDetailsTests {
    @Test func detailsAreTheKeysInTheFilesOrderWithListsJoined() {
        let recipe = MarkdownRecipeFormat.parse("""
            ---
            source: "carnet" # de grand-mère
            title: Soupe
            tags:
              - hiver
              - 'légumes'
            ingredients:
              - sel
            time:
              prep: 10 min
              cook: 1 h
            empty:
            ---
            Remuer.

            """)
        #expect(recipe.details == [
            Recipe.Detail(key: "source", text: "carnet"),
            Recipe.Detail(key: "title", text: "Soupe"),
            Recipe.Detail(key: "tags", text: "hiver, légumes", isList: true),
            Recipe.Detail(key: "time", text: "prep: 10 min cook: 1 h", isNested: true),
            Recipe.Detail(key: "empty", text: ""),
        ])
    }

    /// Tryout 2 #21: a block scalar is shown as its text, not with YAML's
    /// `|` or `>`; lines of text stay edited in the file.
    @Test func aBlockScalarIsShownAsItsText() {
        let recipe = MarkdownRecipeFormat.parse("---\ndescription: |\n  A long description.\nnotes: >-\n  Two\n  lines.\nstory: |\n  One\n  Two\n---\nSoup.\n")
        #expect(recipe.details == [
            Recipe.Detail(key: "description", text: "A long description.", isNested: true),
            Recipe.Detail(key: "notes", text: "Two lines."),
            Recipe.Detail(key: "story", text: "One Two", isNested: true),
        ])
    }

    @Test func cooklangDetailsComeFromTheHeadAndTheSteps() {
        let recipe = CooklangFormat.parse(">> servings: 2\n>> tags: soupe, hiver\n\nAjouter le @sel{}.\n\n>> source: carnet\nRemuer.\n")
        #expect(recipe.details.map(\.key) == ["servings", "tags", "source"])
        // Cooklang's lines have no lists: a value is its text.
        #expect(recipe.detail("tags") == Recipe.Detail(key: "tags", text: "soupe, hiver"))
    }

    @Test(arguments: [
        ("tags: [a, b]\n", "tags: [a, \"b: c\", d]\n"),
        ("tags:\n  - a\n  - b\n", "tags:\n  - a\n  - \"b: c\"\n  - d\n"),
        ("tags:\n- a\n", "tags:\n- a\n- \"b: c\"\n- d\n"),
        ("tags: []\n", "tags: [a, \"b: c\", d]\n"),
    ])
    func aListKeepsItsStyle(written: String, expected: String) {
        var recipe = MarkdownRecipeFormat.parse("---\n" + written + "---\nRemuer.\n")
        recipe.setDetail("tags", to: " a, b: c ,, d ")
        #expect(MarkdownRecipeFormat.serialize(recipe) == "---\n" + expected + "---\nRemuer.\n")
        #expect(recipe.detail("tags")?.text == "a, b: c, d")
    }

    @Test func anUnreadFrontMatterIsItsLinesAndTheParsersMessageUntilItParses() throws {
        let file = "---\r\nservings: 4\r\ntitle: a: b\r\n...\r\nRemuer.\r\n"
        var recipe = MarkdownRecipeFormat.parse(file)
        let block = try #require(recipe.unreadFrontMatterText)
        let unread = try #require(Recipe.unreadFrontMatter(block))
        #expect(unread.lines == ["servings: 4", "title: a: b"])
        #expect(unread.problem.line == 3 && unread.problem.message.contains("mapping values are not allowed"))
        let stillUnread = !recipe.replaceUnreadFrontMatterLines(with: ["servings: 4", "title: a: b: c"])
        #expect(stillUnread)
        #expect(recipe.unreadFrontMatterText == "---\r\nservings: 4\r\ntitle: a: b: c\r\n...\r\n")
        let reads = recipe.replaceUnreadFrontMatterLines(with: ["servings: 4", "title: 'a: b'"])
        #expect(reads)
        #expect(recipe.metadata.title == "a: b" && recipe.servings == 4 && !recipe.headIsVerbatim)
        #expect(MarkdownRecipeFormat.serialize(recipe) == "---\r\nservings: 4\r\ntitle: 'a: b'\r\n...\r\nRemuer.\r\n")
    }

    @Test func anUnreadCooklangFrontMatterIsReadWithItsLinesOnceFixed() throws {
        var recipe = CooklangFormat.parse("---\ntitle: [Soupe\n---\n>> servings: 2\n\nAjouter le @sel{}.\n")
        #expect(recipe.headIsVerbatim)
        let reads = recipe.replaceUnreadFrontMatterLines(with: ["title: Soupe"])
        #expect(reads)
        #expect(recipe.details.map(\.key) == ["title", "servings"])
        #expect(CooklangFormat.serialize(recipe).text == "---\ntitle: Soupe\n---\n>> servings: 2\n\nAjouter le @sel{}.\n")
    }
}
