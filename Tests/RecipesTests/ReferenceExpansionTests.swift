import Foundation
@testable import Recipes
@testable import RecipeFormats
import RecipeStorage
import Testing

/// Recipe references (`@./sauce{}`) read in their recipe's ingredients,
/// scaled as the reference says, recursively; a cycle or a missing file is
/// a located message, never a hang.
@Suite("Recipe references")
struct ReferenceExpansionTests {
    /// A folder holding `files` (paths relative to it), removed by the caller.
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-refs-\(UUID().uuidString)").path
        for (name, text) in files {
            let path = (folder as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func expansion(_ folder: String, _ name: String, factor: Double = 1) throws -> ReferenceExpansion {
        let path = (folder as NSString).appendingPathComponent(name)
        let recipe = try RecipeFiles.open(path: path).recipe.readingIngredientLists()
        return ReferenceExpansion(of: recipe, at: path, factor: factor)
    }

    /// Each leaf as "name quantities" ("tomatoes 4").
    static func leaves(_ expansion: ReferenceExpansion) -> [String] {
        expansion.leaves.map { ([$0.ingredient.name] + Quantity.total($0.quantities).map(\.description)).joined(separator: " ") }
    }

    @Test func referencesAreMarkedWithTheirPathQuantityAndLine() {
        let recipe = CooklangFormat.parse("Boil @water{1%l}.\nAdd @./sauces/Hollandaise{150%g} and @../bread{2}, then @./pasta{4%servings}.\n")
        #expect(recipe.references.map(\.path) == ["./sauces/Hollandaise", "../bread", "./pasta"])
        #expect(recipe.references.map(\.quantity) == [Quantity(amount: "150", unit: "g"), Quantity(amount: "2"), Quantity(amount: "4", unit: "servings")])
        #expect(recipe.references.map(\.paragraph) == [1, 1, 1])
        #expect(recipe.references.map(\.source) == ["@./sauces/Hollandaise{150%g}", "@../bread{2}", "@./pasta{4%servings}"])
    }

    /// The issue's case: the sauce's tomatoes and garlic, not `sauce`.
    @Test func aReferenceIsReplacedByTheRecipesIngredients() throws {
        let folder = try Self.folder(["sauce.cook": "Simmer @tomatoes{4} with @garlic{3%cloves}.\n",
                                      "main.cook": "Prepare @./sauce{}. Serve with @rice{300%g}.\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expansion = try Self.expansion(folder, "main.cook")
        #expect(Self.leaves(expansion) == ["tomatoes 4", "garlic 3 cloves", "rice 300 g"])
        #expect(expansion.leaves.map(\.via) == [["sauce"], ["sauce"], []])
        #expect(expansion.errors.isEmpty && expansion.warnings.isEmpty)
        let read = try #require(expansion.entries.first?.recipe)
        #expect(read.path == (folder as NSString).appendingPathComponent("sauce.cook"))
    }

    /// A factor, servings, a yield in another unit of the same dimension,
    /// and the referencing recipe's own factor on top; a fixed quantity
    /// does not follow the referencing recipe's factor.
    @Test func theReferenceScalesTheRecipeAsTheConventionsSay() throws {
        let folder = try Self.folder([
            "sauces/tomato.cook": "---\nservings: 2\n---\n\nSimmer @tomatoes{4}.\n",
            "sauces/hollandaise.md": "---\nyield: 500%ml\n---\n# Hollandaise\n\n## Ingredients\n\n- 4 egg yolks\n- 250 g butter\n",
            "bread.cook": "Knead @flour{500%g}.\n",
            "dough.cook": ">> yield: 6%balls\n\nMix @flour{900%g}.\n",
            "dinner.cook": "Make @./sauces/tomato{6%servings}, @./sauces/hollandaise{0.25%l}, @./bread{2} and @./bread{=1}.\n"
                + "Roll @./dough{2%balls}.\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let once = try Self.expansion(folder, "dinner.cook")
        #expect(once.errors.isEmpty)
        #expect(Self.leaves(once) == ["tomatoes 12", "egg yolks 2", "butter 125 g", "flour 1 kg", "flour 500 g", "flour 300 g"])
        #expect(once.entries.compactMap(\.recipe?.factor) == [3, 0.5, 2, 1, 1.0 / 3])
        let twice = try Self.expansion(folder, "dinner.cook", factor: 2)
        #expect(twice.entries.compactMap(\.recipe?.factor) == [6, 1, 4, 1, 2.0 / 3])
    }

    /// References inside references, each path relative to its own file.
    @Test func referencesAreFollowedRecursivelyFromEachFilesFolder() throws {
        let folder = try Self.folder([
            "plans/dinner.cook": "Serve @../mains/pasta{2}.\n",
            "mains/pasta.cook": "Cook @pasta{200%g} in @./sauces/pesto{}.\n",
            "mains/sauces/pesto.cook": "Blend @basil{1%bunch} and @./oil{0.5}.\n",
            "mains/sauces/oil.cook": "Pour @olive oil{100%ml}.\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expansion = try Self.expansion(folder, "plans/dinner.cook")
        #expect(expansion.errors.isEmpty)
        #expect(Self.leaves(expansion) == ["pasta 400 g", "basil 2 bunches", "olive oil 100 ml"])
        #expect(expansion.leaves.last?.via == ["pasta", "pesto", "oil"])
    }

    /// CookCLI's collections write a reference from the collection's root
    /// (`@./Shared/Red Beans{}` in `Breakfast/`, as its own seed does): a
    /// path not found beside the file is looked for in each folder above it,
    /// nearest first, whatever folder the command runs in; `../` is
    /// relative to the file; a recipe beside the file wins over one higher up.
    @Test func aReferenceWrittenFromTheCollectionsRootIsFoundFromASubfolder() throws {
        let folder = try Self.folder([
            "Shared/Red Beans.cook": "Soak @red beans{200%g}.\n",
            "Shared/Guacamole.cook": "Mash @avocado{2}.\n",
            "Breakfast/Burrito.cook": "Fill with @./Shared/Red Beans{} and @./Shared/Guacamole{2}.\n",
            "Breakfast/Mains/Toast.cook": "Top with @../../Shared/Red Beans{} and @./Vinaigrette{}.\n",
            "Breakfast/Mains/Vinaigrette.cook": "Whisk @walnut oil{30%ml}.\n",
            "Vinaigrette.cook": "Whisk @olive oil{30%ml}.\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let burrito = try Self.expansion(folder, "Breakfast/Burrito.cook")
        #expect(burrito.errors.map(\.message) == [])
        #expect(Self.leaves(burrito) == ["red beans 200 g", "avocado 4"])
        #expect(burrito.entries.compactMap(\.recipe?.path) == ["Shared/Red Beans.cook", "Shared/Guacamole.cook"].map { folder + "/" + $0 })
        let toast = try Self.expansion(folder, "Breakfast/Mains/Toast.cook")
        #expect(toast.errors.map(\.message) == [])
        #expect(Self.leaves(toast) == ["red beans 200 g", "walnut oil 30 ml"])
    }

    /// Two recipes naming each other: the reference back is not followed
    /// (a warning names the chain, located at the mark); nothing counted twice.
    @Test func aCycleIsAWarningNotAHangNorADoubleCount() throws {
        let folder = try Self.folder(["a.cook": "Prepare @./b{}.\nAdd @salt{1%tsp}.\n",
                                      "b.cook": "Prepare @./a{}.\nAdd @pepper{1%tsp}.\n",
                                      "solo.cook": "Add @sugar{1%tsp} to @./solo{2}.\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pair = try Self.expansion(folder, "a.cook")
        #expect(Self.leaves(pair) == ["pepper 1 tsp", "salt 1 tsp"])
        #expect(pair.errors.isEmpty)
        let warning = try #require(pair.warnings.first)
        #expect(pair.warnings.count == 1)
        #expect((warning.path as NSString).lastPathComponent == "b.cook")
        #expect((warning.line, warning.column) == (1, 9))
        #expect(warning.message == "@./a{}: a circular reference (a.cook → b.cook → a.cook); not followed, its ingredients are counted once")
        let solo = try Self.expansion(folder, "solo.cook")
        #expect(Self.leaves(solo) == ["sugar 1 tsp"])
        #expect(solo.warnings.map(\.column) == [22])
    }

    /// One sauce two dishes use is counted for each: only a chain back is a cycle.
    @Test func aRecipeTwoOthersReferenceIsCountedForEach() throws {
        let folder = try Self.folder(["dressing.cook": "Whisk @oil{50%ml}.\n",
                                      "pasta.cook": "Toss @./dressing{} with @pasta{200%g}.\n",
                                      "salad.cook": "Toss @./dressing{} with @leaves{100%g}.\n",
                                      "dinner.cook": "Serve @./pasta{} and @./salad{}.\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expansion = try Self.expansion(folder, "dinner.cook")
        #expect(expansion.warnings.isEmpty)
        #expect(Self.leaves(expansion) == ["oil 50 ml", "pasta 200 g", "oil 50 ml", "leaves 100 g"])
    }

    /// A missing file, a recipe without servings asked for servings, a
    /// yield in another dimension: each a located error; the missing
    /// reference stays an item as written, nothing lost.
    @Test func whatCannotBeFollowedIsALocatedError() throws {
        let folder = try Self.folder(["plain.cook": "Simmer @tomatoes{4}.\n",
                                      "liquid.cook": ">> yield: 1%l\n\nPour @stock{1%l}.\n",
                                      "main.cook": "Add @./absent{}.\nThen @./plain{4%servings} and @./liquid{200%g}.\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expansion = try Self.expansion(folder, "main.cook")
        #expect(expansion.errors.map { "\($0.line):\($0.column): \($0.message)" } == [
            "1:5: @./absent{}: no recipe ./absent (looked for absent.cook, absent.md, … beside \(PathText.shown(folder + "/main.cook")) and in the folders above it)",
            "2:6: @./plain{4%servings}: the recipe does not say how many it serves (no \"servings\" in its metadata); its quantities are taken as written",
            "2:31: @./liquid{200%g}: it makes 1 l, which is not measured in g; its quantities are taken as written",
        ])
        #expect(Self.leaves(expansion) == ["absent", "tomatoes 4", "stock 1 l"])
    }

    /// Recipes each referencing the next twice: the reading stops at the
    /// limit with a message instead of doubling the work at every level.
    @Test(.timeLimit(.minutes(1))) func aReferenceFanOutStopsAtTheLimit() throws {
        var files: [String: String] = [:]
        for level in 0 ..< 16 { files["r\(level).cook"] = "Add @./r\(level + 1){} and @./r\(level + 1){}.\n" }
        files["r16.cook"] = "Add @salt{1%g}.\n"
        let folder = try Self.folder(files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expansion = try Self.expansion(folder, "r0.cook")
        #expect(expansion.errors.contains { $0.message.hasPrefix("more than \(ReferenceExpansion.recipeLimit) referenced recipes to read") })
    }

    /// A meal plan (`.menu`, CookCLI's form: front matter, dated days, `\`
    /// line ends, references) reads as Cooklang and is written back byte for byte.
    @Test func aMealPlanReadsAsCooklangAndKeepsItsBytes() throws {
        let week = """
            ---
            servings: 2
            ---

            == Day 1 (2026-03-07) ==

            Breakfast: \\
            - @./breakfast/pancakes{4%servings} with @maple syrup{2%tbsp} \\
            - @coffee{1%cup}

            == Day 2 (2026-03-08) ==

            @./mains/stir fry{2}
            @./mains/stir fry{}

            """
        let folder = try Self.folder(["week.menu": week])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let opened = try RecipeFiles.open(path: folder + "/week.menu")
        #expect(opened.format == .cooklang)
        #expect(opened.recipe.references.map(\.path) == ["./breakfast/pancakes", "./mains/stir fry", "./mains/stir fry"])
        // Lines 8, 13 and 14 of the file.
        #expect(opened.recipe.references.map { opened.recipe.firstBodyLine + $0.paragraph } == [8, 13, 14])
        #expect(opened.recipe.servings == 2)
        let written = try #require(RecipeFiles.fileContents(opened.recipe, as: .cooklang, reusingSource: false).contents.joined())
        #expect(String(decoding: written, as: UTF8.self) == week)
        #expect(RecipeFormat.isRecipeFileName("Week.MENU"))
    }
}
