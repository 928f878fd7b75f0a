import Foundation

/// Readable identifiers for ingredients: "Farine de blé" → "farine-de-blé".
package enum Slug {
    /// Lowercased, letters and digits of any script kept, everything else
    /// folded into single hyphens; "ingredient" when nothing is left.
    package static func make(_ name: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for character in name.lowercased() {
            // Emoji and other symbols outside ASCII name things too ("@🧂").
            if character.isLetter || character.isNumber || (!character.isASCII && character.isSymbol)
                || character.unicodeScalars.first?.properties.generalCategory == .nonspacingMark {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                slug.append(character)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? "ingredient" : slug
    }

    /// `make(name)`, with "-2", "-3", … when it is taken.
    package static func unique(_ name: String, taken: Set<String>) -> String {
        let base = make(name)
        guard taken.contains(base) else { return base }
        var number = 2
        while taken.contains("\(base)-\(number)") { number += 1 }
        return "\(base)-\(number)"
    }
}
