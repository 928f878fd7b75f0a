public import Recipes
import TextLayout

extension EditorSession {
    /// An ingredient's quantity as the inspector shows it: times the view
    /// scale, in the view's units (the two in one rounding), or as written.
    public func viewedQuantity(of ingredient: Ingredient) -> Quantity? {
        guard let conversion = units.conversion else { return shownQuantity(of: ingredient, scaledBy: viewScale) }
        let onMarks = askedQuantities(of: ingredient, scaled: viewScale != 1)
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
            let label = found.label
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

    /// What the text pane shows instead of the text: the ingredient lists'
    /// quantities times the view scale in the view's units ("- 400 g
    /// flour" at ×2), the temperatures and quantities elsewhere in the
    /// view's units (not scaled: "bake at 180°C" stays 180°C for twice as
    /// many), as the inspector shows them.
    var viewedText: [UnitConversion.TextConversion] {
        guard viewScale != 1 || units.conversion != nil, recipe.document.text.utf8.count <= UnitView.largestTextRead else { return [] }
        let version = recipe.document.version
        if let cached = units.cachedView, cached.version == version, cached.system == units.system, cached.scale == viewScale {
            return cached.shown
        }
        let lists = recipe.listQuantities(scaledBy: viewScale, conversion: units.conversion)
        let elsewhere = textConversions.filter { found in !lists.contains { $0.range.overlaps(found.range) } }
        let shown = (lists + elsewhere).sorted { $0.range.lowerBound < $1.range.lowerBound }
        units.cachedView = (version, units.system, viewScale, shown)
        return shown
    }

    /// The text pane shows the view's scale and units in the text too, as a
    /// rendering: the document (and so the file, the caret and the
    /// selection) keeps its own text; "Apply the scale" and "Apply the
    /// units" write them.
    func showUnitsInText() {
        let substitutions = viewedText.map { DisplaySubstitution(range: $0.range, text: $0.replacement) }
        if substitutions != layout.substitutions { layout.setSubstitutions(substitutions) }
    }
}
