import Foundation

/// The words that head an ingredient list, in the languages recipes are
/// written in ("## Ingredients", "Zutaten:", "### מצרכים", "材料"). Add a
/// language by adding its words, lower case.
public enum IngredientHeadings {
    /// Whole words (scripts that separate words with spaces).
    static let words: Set<String> = [
        "ingredients", "ingredient", "ingrédients", "ingrédient", "zutaten", "ingredientes", "ingredienti",
        "ingrediënten", "ingredienser", "składniki", "ingredience", "malzemeler", "υλικά", "ингредиенты", "продукты",
        "інгредієнти", "מצרכים", "מרכיבים", "المكونات", "مكونات", "المقادير", "مقادير", "재료", "सामग्री",
        "nguyên liệu", "bahan", "bahan-bahan", "sangkap",
    ]

    /// Written inside other words (scripts that do not separate words):
    /// "材料", "用料", "食材", "ส่วนผสม".
    static let parts: [String] = ["材料", "用料", "食材", "ส่วนผสม", "วัตถุดิบ"]

    /// Whether a heading or a label ("Ingredients:", "**Zutaten für 4
    /// Personen**", "Ingredients for the dough") names an ingredient list.
    public static func names(_ heading: String) -> Bool {
        let lowered = heading.lowercased()
        if parts.contains(where: { lowered.contains($0) }) { return true }
        let found = lowered.split(whereSeparator: { !$0.isLetter && $0 != "-" })
        if found.contains(where: { words.contains(String($0)) }) { return true }
        // Two-word names ("nguyên liệu").
        return words.contains { $0.contains(" ") && lowered.contains($0) }
    }
}
