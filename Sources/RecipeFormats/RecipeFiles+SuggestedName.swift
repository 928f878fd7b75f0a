import Foundation
import Recipes

extension RecipeFiles {
    /// The longest name offered, in characters before the extension: a
    /// first line taken as the title can be a whole sentence.
    static let longestSuggestedName = 48

    /// The file name offered for a recipe not saved yet: its title as a
    /// slug ("Chocolate mousse" → `chocolate-mousse.md`), cut at a word to
    /// a few words, then `-2`, `-3`… while `isTaken` says the name is taken;
    /// `untitled` with no title.
    public static func suggestedName(forTitle title: String?, extension pathExtension: String,
                                     isTaken: (String) -> Bool) -> String {
        let hasWords = title?.contains { $0.isLetter || $0.isNumber } ?? false
        var base = hasWords ? title.map(Slug.make) ?? "" : ""
        if base.count > longestSuggestedName {
            let cut = base.prefix(longestSuggestedName)
            base = String(cut.lastIndex(of: "-").map { cut[..<$0] } ?? cut)
        }
        if base.isEmpty { base = "untitled" }
        let suffix = pathExtension.isEmpty ? "" : "." + pathExtension
        var name = base + suffix
        var number = 2
        while isTaken(name) {
            name = "\(base)-\(number)\(suffix)"
            number += 1
        }
        return name
    }
}
