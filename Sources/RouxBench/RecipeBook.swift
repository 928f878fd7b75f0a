import Foundation

/// A generated recipe-like text of any size: French, Hebrew, Japanese and
/// emoji lines, with "beurre" once in about every 500 bytes.
enum RecipeBook {
    static let lines = [
        "Faire fondre le beurre dans une casserole à feu doux.",
        "Ajouter la farine, le sucre et une pincée de sel, puis mélanger.",
        "Put the סופגניות in the pan and fry them until golden 🍩.",
        "Laisser reposer la pâte une heure au frais, couverte d'un linge.",
        "砂糖と卵を混ぜて、よく泡立てます。",
        "Étaler la pâte, plier en trois et recommencer deux fois.",
        "Badigeonner de jaune d'œuf et cuire 15 min à 200 °C 👩🏽‍🍳.",
    ]

    static func text(bytes: Int) -> String {
        var result = ""
        result.reserveCapacity(bytes + 200)
        var line = 0
        while result.utf8.count < bytes {
            result += "# Recette \(line / 50 + 1)\n"
            for _ in 0 ..< 49 where result.utf8.count < bytes {
                result += lines[line % lines.count]
                result += "\n"
                line += 1
            }
        }
        return result
    }
}
