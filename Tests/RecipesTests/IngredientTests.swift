import Foundation
import Recipes
import RecipeFormats
import RichText
import RouxTestSupport
import Testing

@Suite("Ingredient suggestions and marking")
struct IngredientTests {
    @Test(arguments: [
        ("beurre", "beurre", nil),
        ("  «beurre», ", "beurre", nil),
        ("250 g de beurre", "beurre", "250 g"),
        ("250g beurre", "beurre", "250 g"),
        ("2 cups flour", "flour", "2 cups"),
        ("2 cups of flour", "flour", "2 cups"),
        ("1/2 tsp salt", "salt", "1/2 tsp"),
        ("1 1/2 cups sugar", "sugar", "1 1/2 cups"),
        ("3 œufs", "œufs", "3"),
        ("½ citron", "citron", "½"),
        ("2-3 gousses d'ail", "ail", "2-3 gousses"),
        ("1 c. à soupe de sucre", "sucre", "1 c. à soupe"),
        ("3 noix", "noix", "3"),
        ("farine de blé", "farine de blé", nil),
    ] as [(String, String, String?)])
    func suggestionSeparatesQuantityAndName(selected: String, name: String, quantity: String?) throws {
        let suggestion = try #require(IngredientSuggestion(selectedText: selected))
        #expect(suggestion.name == name)
        #expect(suggestion.quantity?.description == quantity)
    }

    @Test(arguments: ["", "   ", "250", "!!", "250 g"])
    func nothingToSuggest(selected: String) {
        #expect(IngredientSuggestion(selectedText: selected) == nil)
    }

    @Test func theSeedsBidiSelectionJoinsItsRanges() throws {
        // Each range grows to its whole word ("סופ" is part of "סופגניות").
        let recipe = try recipe("Put the [סופ|]גניות [in|] the pan")
        #expect(recipe.suggestion?.name == "סופגניות in")
        #expect(try self.recipe("Put the [סופגניות|] [in|] the pan").suggestion?.name == "סופגניות in")
    }

    /// Ctrl-E on a Hebrew word with a one-letter word written onto it (ו
    /// and, ה the) names the bare word when the recipe tells it is one: it
    /// was "ומלח" (and-salt) on the shopping list. A word that only starts
    /// with such a letter keeps it.
    @Test func aHebrewPrefixIsLeftOutWhenTheRecipeWritesTheBareWord() throws {
        // The bare word written alone in the list.
        #expect(try recipe("- מלח\n- בצל\n\nמוסיפים שמן [ומלח|].").suggestion?.name == "מלח")
        #expect(try recipe("- בצל\n\nמטגנים את [הבצל|].").suggestion?.name == "בצל")
        #expect(try recipe("- מלח\n\nמוסיפים [והמלח|].").suggestion?.name == "מלח")
        // An ingredient already.
        var onion = try recipe("מטגנים בצל ואז את [הבצל|].")
        onion.ingredients = [Ingredient(id: IngredientID("בצל"), name: "בצל")]
        #expect(onion.suggestion?.name == "בצל")
        // Nothing tells the bare word: the word as written.
        #expect(try recipe("מוסיפים [ועגבנייה|].").suggestion?.name == "ועגבנייה")
        #expect(try recipe("- שמן\n\nמטגנים [בצל|] ו[וניל|].").suggestion?.name == "בצל וניל")
        #expect(try recipe("- שמן\n\nמוסיפים [וניל|].").suggestion?.name == "וניל")
        // Words too short to hold a prefix and a word (a property test found the crash).
        for word in ["ו", "בו", "ب", "ול"] {
            #expect(try recipe("- ל\n\n[\(word)|]").suggestion?.name == word)
        }
    }

    @Test func aSelectionAcrossParagraphsSuggestsNothing() throws {
        #expect(try recipe("Du [beurre\nde|] la farine").suggestion == nil)
        #expect(try recipe("Du [beurre|]\nde [la|] farine").suggestion == nil)
        // A caret suggests the word it is in or just after.
        #expect(try recipe("Du beurre|").suggestion?.name == "beurre")
        #expect(try recipe("Du b|eurre").suggestion?.name == "beurre")
        #expect(try recipe("Du, |").suggestion == nil)
        // Not the word of the line before an empty one, nor before a space.
        #expect(try recipe("# Croissants au beurre\n|\nDu sel").suggestion == nil)
        #expect(try recipe("Du beurre |").suggestion == nil)
        #expect(try recipe("Du beurre\n|sel").suggestion?.name == "sel")
    }

    @Test func applyMarksEveryWholeWordAnyCaseAndKeepsTheSelection() throws {
        var recipe = try recipe("Beurre fondu. Ajouter le [beurre|], du sel et la selle; beurres.")
        let id = try #require(recipe.suggestion.flatMap { recipe.apply($0) })
        #expect(id == IngredientID("beurre"))
        #expect(recipe.ingredients.map(\.name) == ["beurre"])
        #expect(recipe.occurrences(of: id).count == 3, "the plural too")
        #expect(SelectionMarkup.markup(of: recipe.document) == "Beurre fondu. Ajouter le [beurre|], du sel et la selle; beurres.")
        #expect(RunsDescription.of(recipe.document.text).filter { $0.contains("ingredient") }
            == ["Beurre{foregroundColor=green ingredient=beurre}", "beurre{foregroundColor=green ingredient=beurre}",
                "beurres{foregroundColor=green ingredient=beurre}"])

        try SelectionMarkup.select("Beurre fondu. Ajouter le beurre, du [sel|] et la selle; beurres.", in: &recipe)
        let salt = try #require(recipe.suggestion.flatMap { recipe.apply($0) })
        #expect(recipe.occurrences(of: salt).count == 1, "not inside \"selle\"")
        #expect(recipe.occurrenceCounts == [id: 3, salt: 1])
    }

    @Test func markingReportsWhatItAdded() throws {
        var recipe = try recipe(String(repeating: "Du beurre, du sel et du beurre doux. ", count: 400) + "|")
        let before = recipe.document.version
        let butter = try mark("beurre", in: &recipe)
        #expect(recipe.lastMarking?.fromVersion == before)
        #expect(recipe.lastMarking?.toVersion == recipe.document.version)
        #expect(recipe.lastMarking?.added == [butter: 800])
        #expect(recipe.occurrenceCounts == [butter: 800])
        // Marked again: nothing new, nothing counted twice.
        let again = recipe.document.version
        _ = recipe.apply(IngredientSuggestion(name: "Beurre"))
        #expect(recipe.lastMarking?.fromVersion == again)
        #expect(recipe.lastMarking?.toVersion == again)
        #expect(recipe.lastMarking?.added == [butter: 0])
        let salt = try mark("sel", in: &recipe)
        #expect(recipe.lastMarking?.added == [salt: 400])
        #expect(recipe.occurrenceCounts == [butter: 800, salt: 400])
    }

    @Test func aNewMarkTouchingAnOldOneLeavesTheCountUnknown() throws {
        // "sucre " was marked with its space (as a file may hold it); "sel"
        // right after it touches that mark.
        var recipe = MarkdownRecipeFormat.parse("---\ningredients:\n  - id: sel\n    name: sel\n---\n^[sucre ](ingredient: \"sel\")sel et sel\n")
        let salt = try mark("sel", in: &recipe)
        #expect(salt == IngredientID("sel"))
        #expect(recipe.lastMarking == nil)
        #expect(recipe.occurrenceCounts == [salt: 2], "the touching mark joined the old one")
    }

    @Test func idsAreUniqueReadableSlugs() throws {
        var recipe = try recipe("Farine de blé et farine-de-blé")
        let first = try mark("Farine de blé", in: &recipe)
        let second = try mark("farine-de-blé", in: &recipe)
        #expect(first == IngredientID("farine-de-blé"))
        #expect(second == IngredientID("farine-de-blé-2"))
    }

    @Test func aNewIngredientWithNowhereToMarkItIsNotAdded() throws {
        var recipe = try recipe("|du beurre doux et du sel")
        let soft = try mark("beurre doux", in: &recipe)
        let state = recipe.document.editState
        #expect(recipe.apply(IngredientSuggestion(name: "beurre")) == nil, "only inside beurre doux")
        #expect(recipe.apply(IngredientSuggestion(name: "poivre")) == nil, "nowhere")
        #expect(recipe.ingredients.map(\.id) == [soft])
        #expect(recipe.document.editState == state)
    }

    @Test func removeTakesTheMarksAwayAndRenameKeepsThem() throws {
        var recipe = try recipe("du beurre et du sel, beurre|")
        let butter = try mark("beurre", in: &recipe)
        let salt = try mark("sel", in: &recipe)
        recipe.renameIngredient(butter, to: "beurre doux")
        #expect(recipe.ingredient(butter)?.name == "beurre doux")
        #expect(recipe.occurrences(of: butter).count == 2)
        recipe.removeIngredient(butter)
        #expect(recipe.ingredients.map(\.id) == [salt])
        #expect(recipe.occurrences(of: butter).isEmpty)
        #expect(RunsDescription.of(recipe.document.text) == ["du beurre et du ", "sel{foregroundColor=green ingredient=sel}", ", beurre"])
        #expect(SelectionMarkup.markup(of: recipe.document) == "du beurre et du sel, beurre|")
    }

    @Test func rescanMarksOccurrencesTypedSince() throws {
        var recipe = try recipe("du sel|")
        let salt = try mark("sel", in: &recipe)
        recipe.document.insert(" et encore du sel")
        #expect(recipe.occurrences(of: salt).count == 1)
        recipe.rescan()
        #expect(recipe.occurrences(of: salt).count == 2)
    }

    @Test func textMarkedAsAnotherIngredientIsNotMarkedAgain() throws {
        var recipe = try recipe("|du beurre doux, du beurre, encore du beurre doux, du lait")
        let soft = try mark("beurre doux", in: &recipe)
        let butter = try mark("beurre", in: &recipe)
        let milk = try mark("lait", in: &recipe)
        #expect(recipe.occurrences(of: soft).count == 2)
        #expect(recipe.occurrences(of: butter).count == 1, "only the beurre outside the two beurre doux")
        #expect(recipe.occurrences(of: milk).count == 1)
        #expect(recipe.occurrenceCounts == [soft: 2, butter: 1, milk: 1])
        let text = recipe.document.text
        let start = "du beurre doux, du ".utf8.count
        #expect(recipe.occurrences(of: butter).map { text.utf8Offsets(of: $0) } == [start ..< start + 6])
    }

    @Test func occurrencesSelectAsOneMultiRangeSelection() throws {
        var recipe = try recipe("sel, sel et sel|")
        let salt = try mark("sel", in: &recipe)
        try recipe.document.select(TextSelection(ranges: recipe.occurrences(of: salt).map { .init(anchor: $0.lowerBound, head: $0.upperBound) }))
        #expect(SelectionMarkup.markup(of: recipe.document) == "[sel|], [sel|] et [sel|]")
    }

    /// Applies the suggestion of a name that must find something to mark.
    private func mark(_ name: String, in recipe: inout Recipe) throws -> IngredientID {
        let id = recipe.apply(IngredientSuggestion(name: name))
        return try #require(id)
    }

    private func recipe(_ markup: String) throws -> Recipe {
        var recipe = Recipe()
        recipe.document = try SelectionMarkup.document(markup, definition: .recipeFile)
        return recipe
    }
}

extension SelectionMarkup {
    static func select(_ markup: String, in recipe: inout Recipe) throws {
        try select(markup, in: &recipe.document)
    }
}
