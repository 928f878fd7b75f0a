import Recipes

/// The units the cook uses (Alt-M: as written, metric, US) and scaling by
/// what is at hand (Alt-X `flour=700g`). Both are views, as the scale is:
/// the file keeps its own until a palette command writes them (one undo step).
extension EditorController {
    func cycleUnits() {
        let next = session.units.next
        let (densities, problems) = Densities.configured(environment: session.units.environment)
        session.units.densities = densities
        session.units.system = next
        let shown = next.map { "quantities and temperatures shown in \($0.displayName) units; the file keeps its own (\(keyHint("Apply the units")) writes them)" }
            ?? "quantities as the recipe writes them"
        say(problems.first.map { "\(shown) · \($0)" } ?? shown)
    }

    func applyUnits() {
        guard let conversion = session.units.conversion else {
            say("no units to apply: \(keyHint("Units")) shows the recipe in metric or US units")
            return
        }
        guard !headIsKeptAsRead("quantities in other units") else { return }
        session.editData { recipe, _ in recipe.convert(with: conversion) }
        session.units.system = nil
        say("quantities and temperatures written in \(conversion.system.displayName) units (one \(keyHint("Undo")) takes them back)")
    }

    /// "flour=700g": the scale that makes the recipe's flour 700 g, with the
    /// servings it gives. A message (the prompt stays) when it cannot be.
    func setScale(toHave atHand: Recipe.AtHand) -> String? {
        let densities = session.units.system == nil ? Densities.configured(environment: session.units.environment).0 : session.units.densities
        switch session.recipe.scaleFactor(toHave: atHand, densities: densities) {
        case .failure(let problem):
            return problem.message
        case .success(let factor):
            prompt = nil
            session.viewScale = factor
            say("\(atHand.name) \(atHand.quantity): \(session.recipe.scaleDescription(factor)); the file keeps its own (\(keyHint("Apply the scale")) writes them)")
            return nil
        }
    }
}
