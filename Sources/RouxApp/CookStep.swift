import Foundation
import RecipeExport
public import Recipes
import RichText

/// A step as cook mode shows it: the step the exports read
/// (`RecipeExport.placedSteps`), its words with the temperatures in the
/// view's units, and what is marked in it: ingredients with their
/// quantities scaled and converted as the inspector shows them, cookware,
/// and the timers it holds (its `~{…}` components, or else the durations
/// its words write).
public struct CookStep: Equatable, Sendable {
    public struct Ingredient: Equatable, Sendable {
        public var name: String
        /// Its quantity in the view (nil: none given).
        public var quantity: String?
    }

    /// A timer the step can start.
    public struct Timer: Equatable, Sendable {
        public var name: String
        public var seconds: Int
        /// The duration as written (`20 à 25 min`, `10 minutes`).
        public var text: String
    }

    public var section: String?
    public var text: String
    /// UTF-8 offsets of its paragraphs in the recipe's text.
    public var offsets: Range<Int>
    public var ingredients: [Ingredient] = []
    public var cookware: [String] = []
    public var timers: [Timer] = []
}

extension EditorSession {
    /// The open recipe's steps as cook mode shows them, in the session's
    /// scale and units.
    public func cookSteps() -> [CookStep] {
        let text = recipe.document.text
        let conversion = units.conversion
        let bareDegrees: UnitConversion.TemperatureScale = recipe.writesUSUnits ? .fahrenheit : .celsius
        let names = Dictionary(recipe.ingredients.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return RecipeExport.placedSteps(of: recipe).map { placed in
            var words = placed.step.text
            if let conversion {
                // Right to left, so the offsets still to replace stay true.
                for found in conversion.conversions(in: words, bareDegrees: bareDegrees).reversed() {
                    var bytes = Array(words.utf8)
                    bytes.replaceSubrange(found.range, with: Array(found.replacement.utf8))
                    words = String(decoding: bytes, as: UTF8.self)
                }
            }
            var step = CookStep(section: placed.step.section, text: words, offsets: placed.offsets)
            let range = text.characterRange(atUTF8Offsets: placed.offsets.clamped(to: 0 ..< text.utf8.count))
            collectMarks(in: text[range], names: names, into: &step)
            if step.timers.isEmpty {
                step.timers = WrittenDuration.all(in: placed.step.text).map { duration in
                    CookStep.Timer(name: WrittenDuration.name(around: duration.range, in: placed.step.text),
                                   seconds: duration.seconds, text: duration.text)
                }
            }
            return step
        }
    }

    /// The ingredients, cookware and timers marked in a step's text, each once.
    private func collectMarks(in text: AttributedSubstring, names: [IngredientID: Recipes.Ingredient], into step: inout CookStep) {
        var timer: (name: String, shown: String)?
        func closeTimer() {
            guard let current = timer else { return }
            timer = nil
            guard let duration = WrittenDuration.first(in: current.shown) else { return }
            let name = current.name.isEmpty ? WrittenDuration.name(in: step.text, containing: current.shown) : current.name
            step.timers.append(CookStep.Timer(name: name, seconds: duration.seconds, text: current.shown))
        }
        for run in text.runs {
            if let id = run.ingredient, let ingredient = names[id], !step.ingredients.contains(where: { $0.name == ingredient.name }) {
                let quantity = run[OccurrenceQuantityAttribute.self].flatMap { shownQuantity($0, of: ingredient) } ?? viewedQuantity(of: ingredient)
                step.ingredients.append(CookStep.Ingredient(name: ingredient.name, quantity: quantity?.description))
            }
            if let name = run.cookware, !step.cookware.contains(name) { step.cookware.append(name) }
            if let name = run.timer {
                let piece = String(text.characters[run.range])
                // A timer split into runs (part of it bold) is still one timer.
                if let current = timer, current.name == name { timer?.shown += piece } else {
                    closeTimer()
                    timer = (name, piece)
                }
            } else {
                closeTimer()
            }
        }
        closeTimer()
    }

    /// A mark's own quantity (`@flour{200%g}`) in the view's scale and units.
    private func shownQuantity(_ quantity: Quantity, of ingredient: Recipes.Ingredient) -> Quantity? {
        guard let conversion = units.conversion else { return quantity.scaled(by: viewScale) }
        return conversion.total([quantity], ingredient: ingredient.name, factor: viewScale).first
    }
}
