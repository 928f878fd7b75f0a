import Foundation
import RecipeStorage
import Recipes
import RecipeFormats
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// The recipe around the text, edited in the editor: ingredients' quantities,
/// servings, ticks, the scale, the title; each an undo step with the text.
@Suite("Recipe data in the editor")
struct RecipeDataTests {
    static let markdown = """
        ---
        # kept as written
        title: "Crêpes"   # the title
        servings: 4 people
        tags: [dessert]
        ingredients:
          - id: farine
            name: farine
            quantity: 250 g
          - id: lait
            name: lait
            quantity: 1/2 l
        ---
        # Crêpes

        Mélanger la ^[farine](ingredient: "farine") et le ^[lait](ingredient: "lait").

        """

    /// An editor on a file in a folder of its own, ticks and recovery there too.
    static func open(_ contents: String, name: String = "crepes.md") throws -> (EditorController, path: String, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        let store = RecoveryStore(directory: folder.appendingPathComponent("state"))
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 120, height: 30,
                                   recovery: BackgroundRecovery(store: store))
        return (app, path, folder)
    }

    static func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    static let f6 = Array("\u{1B}[17~".utf8)
    static let tab: [UInt8] = [0x09]
    static let shiftTab = Array("\u{1B}[Z".utf8)
    static let altV: [UInt8] = [0x1B, 0x76]
    static let altX: [UInt8] = [0x1B, 0x78]
    static let backspaces = [UInt8](repeating: 0x7F, count: 12)

    @Test func enterOnAnIngredientEditsItsFieldsAndOneUndoTakesItBack() throws {
        let (app, path, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f6 + [0x0D])
        guard case .line(let line)? = app.prompt, line.question is IngredientForm else {
            Issue.record("no form: \(String(describing: app.prompt))")
            return
        }
        #expect(line.editor.text == "250")
        // Quantity, Tab, unit, Tab, note, Tab, name, Enter.
        app.type(Self.backspaces + Array("300".utf8) + Self.tab + Self.backspaces + Array("grams".utf8) + Self.tab
                 + Array("T55, sifted".utf8) + Self.tab + Self.backspaces + Array("farine de blé".utf8) + [0x0D])
        #expect(app.prompt == nil)
        let farine = try #require(app.session.recipe.ingredients.first)
        #expect(farine.name == "farine de blé")
        #expect(farine.quantity == Quantity(amount: "300", unit: "grams"))
        #expect(farine.note == "T55, sifted")
        // The text is not renamed; the inspector shows the entry.
        #expect(app.text.contains("Mélanger la farine et le lait."))
        #expect(app.inspectorLines.contains("[ ] farine de b… 300 grams | 1"), "the name gives way to the quantity")
        app.type(Keys.control("s"))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        // Only the ingredients entry is written anew; the comments stay.
        #expect(saved.hasPrefix("---\n# kept as written\ntitle: \"Crêpes\"   # the title\nservings: 4 people\ntags: [dessert]\n"))
        #expect(saved.contains("  - id: farine\n    name: farine de blé\n    quantity: 300 grams\n    note: T55, sifted\n"))
        app.type(Keys.control("z"))
        #expect(app.session.recipe.ingredients.first?.quantity == Quantity(amount: "250", unit: "g"))
        #expect(app.session.recipe.ingredients.first?.name == "farine")
        app.type(Keys.control("y"))
        #expect(app.session.recipe.ingredients.first?.name == "farine de blé")
    }

    @Test func theFormRefusesANameTakenOrAUnitWithoutAmountAndEscDropsIt() throws {
        let (app, _, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f6 + [0x0D] + Self.shiftTab + Self.backspaces + Array("lait".utf8) + [0x0D])
        guard case .line(let line)? = app.prompt else {
            Issue.record("the form closed")
            return
        }
        #expect(line.problem == "lait is another ingredient")
        app.type(Self.backspaces + Array("farine".utf8) + Self.tab + Self.backspaces + [0x0D])
        app.type(Self.escape)
        #expect(app.prompt == nil)
        #expect(app.session.recipe.ingredients.first?.quantity == Quantity(amount: "250", unit: "g"))
        #expect(!app.session.isModified)
    }

    static let escape: [UInt8] = [0x1B]

    @Test func servingsAreShownEditedSavedInTheirLineAndUndone() throws {
        let (app, path, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(app.screen.allText.contains("Serves 4"))
        app.type(Self.altV + Self.backspaces + Array("6".utf8) + [0x0D])
        #expect(app.session.recipe.servings == 6)
        #expect(app.screen.allText.contains("Serves 6"))
        app.type(Keys.control("s"))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == Self.markdown.replacingOccurrences(of: "servings: 4 people", with: "servings: 6 people"))
        app.type(Keys.control("z"))
        #expect(app.session.recipe.servings == 4)
        #expect(app.session.isModified)
        app.type(Self.altV + Self.backspaces + Array("many".utf8) + [0x0D])
        if case .line(let line)? = app.prompt { #expect(line.problem?.contains("how many") == true) } else { Issue.record("no problem said") }
    }

    @Test func cooklangServingsGoInTheirMetadataLine() throws {
        let cook = ">> title: Soupe\n>> servings: 2 # bols\n>> time: 1 h\n\nFaire revenir @oignons{2} dans @beurre{20%g}.\n"
        let (app, path, folder) = try Self.open(cook, name: "soupe.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.altV + Self.backspaces + Array("3".utf8) + [0x0D])
        app.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == cook.replacingOccurrences(of: ">> servings: 2 # bols", with: ">> servings: 3 # bols"))
        // A quantity edited in the form lands on the ingredient's mark.
        app.type(Self.f6 + Array("\u{1B}[B".utf8) + [0x0D] + Self.backspaces + Array("30".utf8) + [0x0D])
        app.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("Faire revenir @oignons{2} dans @beurre{30%g}.\n"))
    }

    @Test func ticksAreUndoableKeptPerRecipeAndNeverMakeTheRecipeModified() throws {
        let (app, path, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f6 + Array(" ".utf8))
        #expect(app.session.checked == [IngredientID("farine")])
        #expect(!app.session.isModified)
        app.type(Keys.control("z"))
        #expect(app.session.checked.isEmpty)
        app.type(Keys.control("y"))
        #expect(app.session.checked == [IngredientID("farine")])
        // Reopened: the tick is still there.
        let store = RecoveryStore(directory: folder.appendingPathComponent("state"))
        let again = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 120, height: 30,
                                     recovery: BackgroundRecovery(store: store))
        #expect(again.session.checked == [IngredientID("farine")])
        #expect(again.screen.allText.contains("[x] farine"))
        // Cleared from the palette, then back with Ctrl-Z.
        again.type(Keys.control("p") + Array("clear the ticks\r".utf8))
        #expect(again.session.checked.isEmpty)
        #expect((TickStore(directory: store.directory).ticks(for: path) as Set<IngredientID>).isEmpty)
        again.type(Keys.control("z"))
        #expect(again.session.checked == [IngredientID("farine")])
    }

    @Test func removingAnIngredientIsUndoneWholeWithItsTick() throws {
        let (app, _, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f6 + Array(" ".utf8) + [0x7F] + Array("y".utf8))
        #expect(app.session.recipe.ingredients.map(\.name) == ["lait"])
        app.type(Keys.control("z"))
        #expect(app.session.recipe.ingredients.map(\.name) == ["farine", "lait"])
        #expect(app.session.checked == [IngredientID("farine")])
        #expect(app.session.recipe.occurrenceCounts[IngredientID("farine")] == 1)
    }

    @Test func theScaleShowsOtherQuantitiesUntilAppliedInOneStep() throws {
        let (app, path, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.altX + Array("6\r".utf8))
        let screen = app.screen.allText
        #expect(screen.contains("Serves 6 (×1.5 of 4)"))
        #expect(screen.contains("farine 375 g"))
        #expect(screen.contains("lait 750 ml"))
        #expect(!app.session.isModified, "the file keeps its own quantities")
        app.type(Keys.control("p") + Array("apply the scale\r".utf8))
        #expect(app.session.recipe.servings == 6)
        #expect(app.session.recipe.ingredients.map { $0.quantity?.description } == ["375 g", "750 ml"])
        #expect(app.screen.allText.contains("Serves 6\n") || app.screen.allText.contains("Serves 6 "))
        app.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("servings: 6 people\n"))
        app.type(Keys.control("z"))
        #expect(app.session.recipe.servings == 4)
        #expect(app.session.recipe.ingredients.map { $0.quantity?.description } == ["250 g", "1/2 l"])
        // A factor without servings.
        app.type(Self.altX + Array("×2\r".utf8))
        #expect(app.screen.allText.contains("farine 500 g"))
    }

    /// Applying a scale to a Cooklang recipe writes the ingredients' new
    /// quantities and nothing else: timers and cookware keep theirs, the
    /// screen says what the file says, and the rest of each line is as it was.
    @Test func applyingAScaleLeavesTimersAndCookwareAsTheyAre() throws {
        let cook = ">> servings: 2\n\nAdd @salt{1%tsp} to the #pot (large){1} and boil for ~{10%minutes} (or ~eggs{2-3%min}).\n"
        let (app, path, folder) = try Self.open(cook, name: "pot.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.altX + Array("4\r".utf8))
        app.type(Keys.control("p") + Array("apply the scale\r".utf8) + Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == ">> servings: 4\n\nAdd @salt{2%tsp} to the #pot (large){1} and boil for ~{10%minutes} (or ~eggs{2-3%min}).\n")
        #expect(app.screen.allText.contains("Add salt to the pot (large) and boil for 10 minutes (or 2-3 min)."))
    }

    /// Marks copied from one recipe and pasted into another bring their
    /// ingredients into its list: shown green and listed, as saved.
    @Test func pastedMarksBringTheirIngredients() throws {
        let cook = "In a large #pot add @brown lentils{1%pound} and @water{6%cups}.\n"
        let (app, _, folder) = try Self.open(cook, name: "lentils.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("soupe.md").path
        try "# Soupe\n\nUne ligne.\n".write(toFile: target, atomically: true, encoding: .utf8)
        app.type(Keys.control("a") + Keys.control("c") + Keys.control("o") + Array("\(target)\r".utf8))
        #expect(app.session.path == target)
        app.type(Array("\u{1B}[1;5F".utf8) + Keys.control("v"))
        #expect(app.session.recipe.ingredients.map(\.name) == ["brown lentils", "water"])
        let grid = app.screen
        let row = try #require((0 ..< app.height).first { grid.line($0).contains("Une ligne.In a large pot") })
        let column = try #require(grid.line(row).range(of: "water")).lowerBound.utf16Offset(in: grid.line(row))
        #expect(grid[column, row].style.foreground == .green)
        #expect(grid.line(app.inspectorFrame.y + 1).contains("brown lentils"))
        app.type(Keys.control("s"))
        #expect(try RecipeFiles.open(path: target).recipe.ingredients.map(\.name) == ["brown lentils", "water"])
        app.type(Keys.control("z"))
        #expect(app.session.recipe.ingredients.isEmpty, "Ctrl-Z takes them off with the text")
    }

    /// In Cooklang a mark names its ingredient by its text: one whose text
    /// is another form of the name (Ctrl-E marks "egg" for "eggs") is saved
    /// under an alias and reads back as the same ingredient.
    @Test func aCooklangMarkOfAnotherFormOfTheNameKeepsItsIngredient() throws {
        let cook = ">> servings: 2\n\nCrack the @eggs{2} into a bowl.\n\nServe with egg - about 1 per person.\n"
        let (app, path, folder) = try Self.open(cook, name: "eggs.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("egg -\r".utf8) + Array("\u{1B}[D".utf8) + Keys.control("e") + Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == ">> servings: 2\n\nCrack the @eggs{2} into a bowl.\n\nServe with @eggs|egg{} - about 1 per person.\n")
        let reopened = try RecipeFiles.open(path: path).recipe
        #expect(reopened.ingredients.map(\.name) == ["eggs"])
        #expect(reopened.occurrenceCounts[IngredientID("eggs")] == 2)
    }

    /// Quantities a Markdown file writes on the marks are the ingredient's:
    /// shown, offered by the form, and changed there, the list left alone.
    @Test func quantitiesOnMarkdownMarksAreShownAndEditedWhereTheyAre() throws {
        let markdown = "# Soupe\n\nAdd ^[brown lentils](ingredient: \"brown-lentils\", quantity: \"1 pound\") and water.\n"
        let (app, path, folder) = try Self.open(markdown, name: "soupe.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(app.inspectorLines.contains("[ ] brown lentils 1 pound | 1"))
        app.type(Self.f6 + [0x0D])
        guard case .line(let line)? = app.prompt else { Issue.record("no form"); return }
        #expect(line.editor.text == "1")
        app.type(Self.backspaces + Array("2".utf8) + [0x0D])
        #expect(app.inspectorLines.contains("[ ] brown lentils 2 pound | 1"))
        app.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == markdown.replacingOccurrences(of: "quantity: \"1 pound\"", with: "quantity: \"2 pound\""))
    }

    /// A front matter entry that also gives a quantity follows the marks'
    /// new total (it kept the old one, which other programs then read).
    @Test func theListsQuantityFollowsTheMarksNewTotal() throws {
        let markdown = "---\ningredients:\n  - id: sucre\n    name: sucre\n    quantity: 1 tbsp\n---\n"
            + "Du ^[sucre](ingredient: \"sucre\", quantity: \"1 tbsp\").\n"
        let (app, path, folder) = try Self.open(markdown, name: "sucre.md")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f6 + [0x0D] + Self.backspaces + Array("2".utf8) + [0x0D])
        app.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8)
            == markdown.replacingOccurrences(of: "1 tbsp", with: "2 tbsp"))
    }

    /// A total over several marks is shared out as they had it; a total in
    /// another unit of the same kind too; one that is not a number goes on the
    /// first mark; a total left as shown changes no mark.
    @Test func aTotalOverSeveralMarksIsSharedOutAsTheyHadIt() throws {
        let cook = "Rub with @kosher salt{1 1/2%tsp}, then @kosher salt{1/2%tsp} and @oil{1%tbsp}.\n"
        let (app, path, folder) = try Self.open(cook, name: "salt.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(app.inspectorLines.contains("[ ] kosher salt 2 tsp | 2"))
        func setQuantity(_ amount: String, unit: String? = nil, note: String? = nil) {
            app.type(Self.f6 + [0x0D] + Self.backspaces + Array(amount.utf8))
            if let unit { app.type(Self.tab + Self.backspaces + Array(unit.utf8)) }
            if let note { app.type((unit == nil ? Self.tab + Self.tab : Self.tab) + Array(note.utf8)) }
            app.type([0x0D] + Self.f6)
        }
        setQuantity("3")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Rub with @kosher salt{2 1/4%tsp}, then @kosher salt{3/4%tsp} and @oil{1%tbsp}.\n")
        #expect(app.inspectorLines.contains("[ ] kosher salt 1 tbsp | 2"), "3 tsp")
        setQuantity("2", unit: "tbsp")
        app.type(Keys.control("s"))
        // 2 1/4 tsp × 2 reads better in tablespoons (as a scaled quantity does).
        #expect(try Self.contents(path) == "Rub with @kosher salt{1 1/2%tbsp}, then @kosher salt{1 1/2%tsp} and @oil{1%tbsp}.\n")
        // The total as shown, a note added: the quantities stay.
        let shown = try #require(app.session.shownQuantity(of: app.session.recipe.ingredients[0]))
        setQuantity(shown.amount, unit: shown.unit ?? "", note: "coarse")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Rub with @kosher salt{1 1/2%tbsp}(coarse), then @kosher salt{1 1/2%tsp} and @oil{1%tbsp}.\n")
        setQuantity("a pinch", unit: "")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Rub with @kosher salt{a pinch}(coarse), then @kosher salt{} and @oil{1%tbsp}.\n")
        #expect(app.inspectorLines.contains("[ ] kosher salt a pinch | 2"))
    }

    /// The form shows a Cooklang note where it is kept, on the mark, so
    /// Enter with nothing changed changes nothing (the note was dropped)
    /// and a new total keeps the notes.
    @Test func theFormKeepsACooklangNoteOnTheMark() throws {
        let cook = "Stir @sugar{1%tbsp}(11g) and @butter{50%g}(softened), then @butter{25%g}(cold).\n"
        let (app, path, folder) = try Self.open(cook, name: "notes.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.f6 + [0x0D] + Self.tab + Self.tab)
        #expect(app.screen.allText.contains("11g"))
        app.type([0x0D])
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == cook)
        app.type(Array("\u{1B}[B".utf8) + [0x0D] + Self.backspaces + Array("150".utf8) + [0x0D])
        app.type(Keys.control("s"))
        let saved = try Self.contents(path)
        #expect(saved == "Stir @sugar{1%tbsp}(11g) and @butter{100%g}(softened), then @butter{50%g}(cold).\n", "\(saved)")
    }

    /// A letter changed inside a Cooklang component leaves it a component,
    /// quantity and note with it, and renames the ingredient (the whole
    /// ingredient and its 500 g were written as plain text); deleting it all does not.
    @Test func anEditInsideACooklangComponentKeepsIt() throws {
        let cook = "Cuire la @poitrine de poulet{500%g}(sans peau) avec du @sel.\n"
        let (app, path, folder) = try Self.open(cook, name: "poulet.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("poulet\r".utf8) + Keys.right + [0x7F])
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Cuire la @poitrine de poule{500%g}(sans peau) avec du @sel.\n")
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == cook, "one Ctrl-Z takes the edit back, and the component is written whole")
        #expect(app.session.recipe.ingredients.map(\.name) == ["poitrine de poulet", "sel"])
        // Replacing a word inside it too.
        app.type(Keys.control("r") + Array("poulet\rdinde\ry".utf8))
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Cuire la @poitrine de dinde{500%g}(sans peau) avec du @sel.\n")
        // A component deleted whole is gone.
        app.type(Keys.control("f") + Array("sel\r".utf8) + [0x7F])
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Cuire la @poitrine de dinde{500%g}(sans peau) avec du .\n")
    }

    /// Deleting from inside a component to well past its end is no edit
    /// inside it (it crashed the editor: found by the index's property test).
    @Test func deletingFromInsideACooklangComponentPastItsEnd() throws {
        let (app, _, folder) = try Self.open("Saler avec du @sel et du poivre.\n", name: "sel.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("el\r".utf8) + Keys.left + Array(repeating: Array("\u{1B}[1;2C".utf8), count: 8).flatMap { $0 } + [0x7F])
        #expect(String(app.session.document.text.characters) == "Saler avec du s poivre.")
    }

    /// Typing over a word of a Cooklang component renames the ingredient:
    /// the file, the list and the inspector say carnaroli (the file said
    /// `@arborio rice|carnaroli rice`, the inspector arborio), and one Ctrl-Z
    /// brings arborio back.
    @Test func typingOverAWordOfAComponentRenamesTheIngredient() throws {
        let cook = "Toast @arborio rice{320%g} in the pan.\n"
        let (app, path, folder) = try Self.open(cook, name: "risotto.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("arborio\r".utf8))
        let text = app.session.document.text
        #expect(app.session.document.selection.ranges.map { String(text.characters[$0.bounds]) } == ["arborio"])
        for letter in "carnaroli" { app.type(String(letter)) }
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Toast @carnaroli rice{320%g} in the pan.\n")
        #expect(app.session.recipe.ingredients.map(\.name) == ["carnaroli rice"])
        #expect(app.screen.allText.contains("carnaroli rice"))
        #expect(!app.screen.allText.contains("arborio"))
        app.type(Keys.control("z"))
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == cook)
        #expect(app.session.recipe.ingredients.map(\.name) == ["arborio rice"])
    }

    /// Replacing the last word of a component, the words typed go into it;
    /// typed after a component with nothing replaced, they stay outside.
    @Test func wordsTypedOverAComponentsLastWordStayInIt() throws {
        let cook = "Heat @olive oil{2%tbsp} gently.\n"
        let (app, path, folder) = try Self.open(cook, name: "oil.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("oil\r".utf8))
        for letter in "butter" { app.type(String(letter)) }
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Heat @olive butter{2%tbsp} gently.\n")
        app.type(Keys.control("f") + Array("butter\r".utf8) + Keys.right)
        app.type("s")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == "Heat @olive butter{2%tbsp}s gently.\n")
    }

    /// A recipe without a title (most Cooklang files) goes by its file's name (not "Untitled").
    @Test func aRecipeWithoutATitleIsCalledByItsFileName() throws {
        let (app, _, folder) = try Self.open("Mix @flour{200%g} and @milk{300%ml}.\n", name: "Easy Pancakes.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(app.screen.line(0) == " Roux  Easy Pancakes.cook")
    }

    /// Cooklang comments, notes and section headings hold no components:
    /// Ctrl-E marks the steps only, and a save changes nothing else.
    @Test func cooklangCommentsNotesAndSectionsAreNotMarked() throws {
        let cook = "Put it in the blender.\n\n> Note: the blender must be clean.\n\n-- a comment about the blender\n\n"
            + "== Blender step ==\n\nRun the blender [- blender inline -] now.\n"
        let (app, path, folder) = try Self.open(cook, name: "blender.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("blender\r".utf8) + Keys.control("e"))
        #expect(app.message == "blender is an ingredient, marked 2 times")
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == cook.replacingOccurrences(of: "in the blender.", with: "in the @blender{}.")
            .replacingOccurrences(of: "Run the blender [", with: "Run the @blender{} ["))
        // Typed in a comment, the name is not marked either.
        app.type(Keys.control("f") + Array("about the\r".utf8) + Array("\u{1B}[C blender ".utf8))
        #expect(app.session.occurrenceCounts[IngredientID("blender")] == 2)
    }

    /// A front matter that does not parse is written back as read: what
    /// lives in it is not changed on screen only to be lost on saving.
    @Test func aFrontMatterKeptAsReadTakesNoServingsNorQuantities() throws {
        let file = "---\ntitle: [unclosed\nservings: 4\n---\n# Soupe\n\nDu ^[sel](ingredient: \"sel\").\n"
        let (app, path, folder) = try Self.open(file)
        defer { try? FileManager.default.removeItem(at: folder) }
        let refusal = "the file's front matter could not be read and is kept as written: %@ cannot be saved in it (F8 shows where it is wrong, to fix it)"
        app.type(Self.altV)
        #expect(app.prompt == nil)
        #expect(app.message == refusal.replacingOccurrences(of: "%@", with: "the servings"))
        app.type(Self.f6 + Array("\r".utf8))
        #expect(app.prompt == nil)
        #expect(app.message == refusal.replacingOccurrences(of: "%@", with: "an ingredient's quantity, unit and note"))
        app.type(Keys.control("s"))
        #expect(try Self.contents(path) == file)
    }

    /// A word found only where no mark can go becomes no ingredient: the
    /// list and the text stay as they were, and the message says why.
    @Test func aWordOnlyInACommentIsNoIngredient() throws {
        let cook = "Put it in the blender.\n\n-- a comment about the whisk\n"
        let (app, _, folder) = try Self.open(cook, name: "whisk.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Keys.control("f") + Array("whisk\r".utf8) + Keys.control("e"))
        #expect(app.message == "nothing to mark: every whisk is in another ingredient's mark, a comment, a note or code")
        #expect(app.session.recipe.ingredients.isEmpty)
        #expect(!app.session.isModified)
    }

    /// The scale shown (Alt-X) is the one "Apply the scale" writes: a fixed
    /// quantity stays, the others scale before they are added up.
    @Test func theShownScaleKeepsFixedQuantities() throws {
        let cook = ">> servings: 2\n\nAdd @salt{=1%tsp}, @salt{1/2%tsp} and @flour{100%g}.\n"
        let (app, _, folder) = try Self.open(cook, name: "fixe.cook")
        defer { try? FileManager.default.removeItem(at: folder) }
        app.type(Self.altX + Array("4\r".utf8))
        #expect(app.inspectorLines.contains("[ ] salt 2 tsp | 2"), "1 tsp fixed + 1/2 tsp × 2")
        #expect(app.inspectorLines.contains("[ ] flour 200 g | 1"))
        app.type(Keys.control("p") + Array("apply the scale\r".utf8))
        #expect(app.inspectorLines.contains("[ ] salt 2 tsp | 2"))
    }

    @Test func theTitleFollowsTheHeadingIntoTheFrontMatter() throws {
        let (app, path, folder) = try Self.open(Self.markdown)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Ctrl-Home, End of the heading, then " fines".
        app.type(Array("\u{1B}[1;5H".utf8) + Keys.end + Array(" fines".utf8))
        #expect(app.session.title == "Crêpes fines")
        #expect(app.screen.line(0).contains("Crêpes fines"))
        app.type(Keys.control("s"))
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("\ntitle: Crêpes fines   # the title\nservings: 4 people\n"), "the comment stays")
        #expect(saved.contains("# kept as written\n"))
        #expect(RecipeFiles.title(ofFileAt: path) == "Crêpes fines")
    }
}
