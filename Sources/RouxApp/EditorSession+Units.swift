public import Recipes
import TextLayout

extension EditorSession {
    /// An ingredient's quantity as the inspector shows it: times the view
    /// scale, in the view's units (the two in one rounding), or as written.
    public func viewedQuantity(of ingredient: Ingredient) -> Quantity? {
        guard let conversion = units.conversion else { return shownQuantity(of: ingredient, scaledBy: viewScale) }
        let onMarks = index.markQuantities(of: recipe)[ingredient.id] ?? []
        let given = onMarks.isEmpty ? ingredient.quantity.map { [$0] } ?? [] : onMarks
        let totals = conversion.total(given, ingredient: ingredient.name, factor: viewScale)
        return totals.count > 1 ? Quantity(amount: totals.map(\.description).joined(separator: " + ")) : totals.first
    }

    /// Temperatures and quantities the text writes, each with what the
    /// view shows ("350°F → 180°C"); none when the view is as written, or
    /// for a text longer than any recipe (`UnitView.largestTextRead`): the
    /// list is read again after each edit, and a keystroke must not walk a
    /// book.
    public var textConversionLabels: [String] {
        var labels: [String] = []
        for found in textConversions {
            let label = "\(found.original) → \(found.replacement)"
            if !labels.contains(label) { labels.append(label) }
        }
        return labels
    }

    /// What the text writes in other units and the view shows instead, read
    /// once per text and system.
    var textConversions: [UnitConversion.TextConversion] {
        guard let conversion = units.conversion, recipe.document.text.utf8.count <= UnitView.largestTextRead else { return [] }
        let version = recipe.document.version
        if let cached = units.cachedText, cached.version == version, cached.system == conversion.system { return cached.conversions }
        let conversions = recipe.textConversions(conversion)
        units.cachedText = (version, conversion.system, conversions)
        return conversions
    }

    /// The text pane shows the view's units in the text too, as a rendering:
    /// the document (and so the file, the caret and the selection) keeps
    /// its own text; "Apply the units" writes them.
    func showUnitsInText() {
        let substitutions = textConversions.map { DisplaySubstitution(range: $0.range, text: $0.replacement) }
        if substitutions != layout.substitutions { layout.setSubstitutions(substitutions) }
    }
}
