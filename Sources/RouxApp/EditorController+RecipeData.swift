import Foundation
import Recipes
import RecipeFormats
import RichText
import TerminalUI
import TextLayout

/// The recipe around the text: ticks, servings, the scale for cooking, and
/// the ingredient form. Every change is an undo step (`EditorSession.editData`).
extension EditorController {
    // MARK: Ticks

    func toggleChecked(row: Int) {
        let ingredients = session.recipe.ingredients
        guard ingredients.indices.contains(row) else { return }
        let id = ingredients[row].id
        session.editData(ticksOnly: true) { _, checked in
            if checked.remove(id) == nil { checked.insert(id) }
        }
        keepTicks(sharing: [id])
    }

    func clearTicks() {
        guard !session.checked.isEmpty else {
            say("nothing is ticked")
            return
        }
        let cleared = session.checked
        session.editData(ticksOnly: true) { _, checked in checked.removeAll() }
        keepTicks(sharing: cleared)
        say("ticks cleared (\(keyHint("Undo")) brings them back)")
    }

    /// The ticks of the open recipe go to the state folder; those of
    /// `sharing` also to the `.shopping-checked` of a shopping list the
    /// recipe is on (only those: another tool may have ticked the others since).
    func keepTicks(sharing: Set<IngredientID> = []) {
        guard let path = session.path else { return }
        if let problem = ticks.save(session.checked, for: path) { say(problem) }
        let shared = session.recipe.ingredients.filter { sharing.contains($0.id) }
        guard !shared.isEmpty else { return }
        do {
            try ShoppingListLink.find(for: path)?.share(shared.map { ($0.name, session.checked.contains($0.id)) })
        } catch {
            say("ticks not shared with the shopping list: \(error.localizedDescription)")
        }
    }

    /// The ticks kept for the open recipe come back, with what the
    /// shopping list it is on has ticked.
    func restoreTicks() {
        guard let path = session.path else { return }
        let shopped = ShoppingListLink.find(for: path).map { $0.ticked(session.recipe.ingredients.map(\.name)) } ?? []
        session.restoreTicks(ticks.ticks(for: path).union(session.recipe.ingredients.filter { shopped.contains($0.name) }.map(\.id)))
    }

    // MARK: Servings and scale

    /// What the quantities on screen are multiplied by.
    var viewScale: Double { session.viewScale }

    /// The file's head did not parse and is written back as read: what
    /// lives in it cannot be saved, so it is not changed (it was changed on
    /// screen and silently not saved). Says so and returns true then.
    func headIsKeptAsRead(_ what: String) -> Bool {
        guard session.recipe.headIsVerbatim else { return false }
        say("the file's front matter could not be read and is kept as written: \(what) cannot be saved in it (\(keyHint("Recipe details")) shows where it is wrong, to fix it)")
        return true
    }

    func askServings() {
        guard !headIsKeptAsRead("the servings") else { return }
        ask(ServingsQuestion(), session.recipe.servings.map { KitchenNumber.decimal($0) } ?? "")
    }

    func setServings(_ answer: String) -> String? {
        guard let count = Quantity(amount: answer.trimmingCharacters(in: .whitespaces)).value, Recipe.servingsCounts.contains(count) else {
            return "type how many the recipe serves (4, or 2.5)"
        }
        prompt = nil
        session.editData { recipe, _ in recipe.setServings(count) }
        say("serves \(KitchenNumber.decimal(count)) (saved with the recipe; \(keyHint("Undo")) takes it back)")
        return nil
    }

    func askScale() {
        ask(ScaleQuestion())
    }

    /// "6" cooks for 6 servings; "x1.5" or "×1.5" multiplies; "×1" goes back.
    func setScale(_ answer: String) -> String? {
        if let atHand = Recipe.AtHand(answer) { return setScale(toHave: atHand) }
        var text = answer.trimmingCharacters(in: .whitespaces)
        let isFactor = text.hasPrefix("x") || text.hasPrefix("×") || text.hasPrefix("*")
        if isFactor { text = String(text.dropFirst()).trimmingCharacters(in: .whitespaces) }
        guard let number = Quantity(amount: text).value, number > 0, number < 100_000 else {
            return session.recipe.servings == nil ? "type a factor: ×2, ×0.5" : "type the servings wanted (6), or a factor (×1.5)"
        }
        let factor: Double
        if isFactor {
            factor = number
        } else if let servings = session.recipe.servings {
            factor = number / servings
        } else {
            return "the recipe does not say how many it serves: type a factor (×\(text))"
        }
        guard Recipe.scaleFactors.contains(factor) else {
            return "type a factor from ×\(KitchenNumber.decimal(Recipe.scaleFactors.lowerBound)) to ×\(KitchenNumber.decimal(Recipe.scaleFactors.upperBound))"
        }
        prompt = nil
        session.viewScale = factor
        say(factor == 1 ? "quantities as the recipe gives them" : "quantities shown ×\(KitchenNumber.decimal(factor)); the file keeps its own (\(keyHint("Apply the scale")) writes them)")
        return nil
    }

    func applyScale() {
        let factor = session.viewScale
        guard factor != 1 else {
            say("no scale to apply: \(keyHint("Cook for")) sets one")
            return
        }
        guard !headIsKeptAsRead("scaled quantities and servings") else { return }
        session.editData { recipe, _ in recipe = recipe.scaled(by: factor) }
        session.viewScale = 1
        say("quantities ×\(KitchenNumber.decimal(factor)) written into the recipe (one \(keyHint("Undo")) takes them back)")
    }

    /// The inspector's line under its title: the servings, the scale and the units.
    var servingsLine: String? {
        let servings = session.recipe.servings
        let units = session.units.system.map { " · \($0.displayName)" } ?? ""
        switch (servings, viewScale == 1) {
        case (nil, true): return session.units.system.map { "Quantities in \($0.displayName) units" }
        case (let servings?, true): return "Serves \(KitchenNumber.decimal(servings))" + units
        case (let servings?, false):
            return "Serves \(KitchenNumber.decimal(servings * viewScale)) (×\(KitchenNumber.decimal(viewScale)) of \(KitchenNumber.decimal(servings)))" + units
        case (nil, false): return "Quantities ×\(KitchenNumber.decimal(viewScale))" + units
        }
    }

    // MARK: The ingredient form

    /// Enter on an ingredient: its quantity, unit, note and name, one field
    /// at a time (Tab and Shift-Tab move between them, Enter keeps them all).
    func editIngredient(row: Int) {
        let ingredients = session.recipe.ingredients
        guard ingredients.indices.contains(row), !headIsKeptAsRead("an ingredient's quantity, unit and note") else { return }
        let ingredient = ingredients[row]
        let quantity = session.shownQuantity(of: ingredient)
        let form = IngredientForm(id: ingredient.id.rawValue, name: ingredient.name,
                                  values: [quantity?.amount ?? "", quantity?.unit ?? "", session.recipe.shownNote(of: ingredient) ?? "",
                                           ingredient.name],
                                  field: 0)
        prompt = .line(LinePrompt(question: form, editor: LineEditor(form.values[0])))
    }

    /// Tab in the form: the next field (Shift-Tab the one before).
    func moveIngredientField(_ line: LinePrompt, _ form: IngredientForm, by step: Int) {
        var form = form
        form.values[form.field] = line.editor.text
        form.field = (form.field + step + IngredientForm.fields.count) % IngredientForm.fields.count
        prompt = .line(LinePrompt(question: form, editor: LineEditor(form.values[form.field])))
    }

    func submitIngredientForm(_ form: IngredientForm, answer: String) -> String? {
        var values = form.values
        values[form.field] = answer
        let trimmed = values.map { $0.trimmingCharacters(in: .whitespaces) }
        let (amount, unit, note, name) = (trimmed[0], trimmed[1], trimmed[2], trimmed[3])
        let id = IngredientID(form.id)
        guard !name.isEmpty else { return "an ingredient needs a name" }
        if let other = session.recipe.ingredient(named: name), session.recipe.ingredients[other].id != id {
            return "\(session.recipe.ingredients[other].name) is another ingredient"
        }
        if session.recipe.keepsIngredientsOnMarks, name.contains(where: { "{}|".contains($0) }) {
            return "a Cooklang name cannot hold {, } or |"
        }
        if amount.isEmpty, !unit.isEmpty { return "a unit needs an amount (Shift-Tab)" }
        let quantity = amount.isEmpty ? nil : Quantity(amount: amount, unit: unit.isEmpty ? nil : unit)
        prompt = nil
        session.editData { recipe, checked in
            let now = recipe.updateIngredient(id, name: name, quantity: quantity, note: note.isEmpty ? nil : note)
            // A tick follows the ingredient to its new name.
            if now != id, checked.remove(id) != nil { checked.insert(now) }
        }
        say("\(name): \(quantity?.description ?? "no quantity")\(note.isEmpty ? "" : " (\(note))") · \(keyHint("Undo")) takes it back")
        return nil
    }
}

/// The ingredient form's fields while it is open: a line question a field
/// at a time, Tab and Shift-Tab moving between them.
struct IngredientForm: LineQuestion, Sendable {
    static let fields = ["Quantity", "Unit", "Note", "Name"]
    var id: String
    /// The name as it was when the form opened, for the label.
    var name: String
    var values: [String]
    var field: Int

    var label: String {
        let names = Self.fields.enumerated().map { index, title in index == field ? "[\(title)]" : title.lowercased() }
        return "\(VisualLabel.isolated(name)) · \(names.joined(separator: " ")) (Tab next, Enter keeps): "
    }

    var historyKey: String { "ingredient-" + Self.fields[field] }

    func handle(_ event: InputEvent, in line: EditorController.LinePrompt, controller: EditorController) -> Bool {
        guard event == .key(Key(.tab)) || event == .key(Key(.tab, .shift)) else { return false }
        controller.moveIngredientField(line, self, by: event == .key(Key(.tab)) ? 1 : -1)
        return true
    }

    func submit(_ answer: String, controller: EditorController) -> String? {
        controller.submitIngredientForm(self, answer: answer)
    }
}

/// How many the recipe serves (saved with it).
struct ServingsQuestion: LineQuestion {
    var label: String { "Serves (saved with the recipe): " }
    var historyKey: String { "servings" }

    func submit(_ answer: String, controller: EditorController) -> String? {
        controller.setServings(answer)
    }
}

/// Cook for: servings, a factor, or what you have (shown, not saved).
struct ScaleQuestion: LineQuestion {
    var label: String { "Cook for (servings, ×factor, or what you have: flour=700g; ×1 as written): " }
    var historyKey: String { "servings" }

    func submit(_ answer: String, controller: EditorController) -> String? {
        controller.setScale(answer)
    }
}
