import Foundation

extension Quantity {
    /// What a recipe reference asks for: its quantity, or the recipe once
    /// when it gives no amount (`@./salad{}` is one salad), as the shopping
    /// list follows it (`ReferenceScale`), the inspector counts it and a
    /// scale applied writes it.
    public static func asked(byReference quantity: Quantity?) -> Quantity {
        guard let quantity, !quantity.amount.trimmingCharacters(in: .whitespaces).isEmpty else { return Quantity(amount: "1") }
        return quantity
    }
}

extension Ingredient {
    /// Whether it names another recipe (Cooklang's `@./sauce{}`).
    public var isRecipeReference: Bool { recipePath != nil }

    /// What its `marks` marks ask for, from the quantities on them: a
    /// reference's mark without one asks for the recipe once (`@./salad{}`
    /// and `@./salad{2}`: 3 salads, not 2). Where no mark gives an amount
    /// the reference stays as written (`→ salad`, no number) unless
    /// `evenAlone` (a scaled view: ×2 is 2 salads).
    public func askedQuantities(onMarks: [Quantity], marks: Int, evenAlone: Bool = false) -> [Quantity] {
        guard isRecipeReference, marks > onMarks.count, evenAlone || !onMarks.isEmpty else { return onMarks }
        return onMarks + Array(repeating: Quantity.asked(byReference: nil), count: marks - onMarks.count)
    }
}
