import Foundation
import PropertyBased
@testable import Recipes
@testable import RecipeFormats
import RichText

/// Recipe files that look like the ones people write, built from codes:
/// Markdown with lists, links, images, HTML, code blocks, tables, quotes,
/// escapes, emphasis of both kinds, front matter or none; Cooklang with
/// components, comments, notes, sections and metadata; LF or CRLF, with or
/// without a final newline.
enum RealLookingFiles {
    static let markdownLines: [[String]] = [
        ["# Tarte aux pommes"], ["## Pâte ##"], ["### Étape 3"], ["#5 tip, not a heading"],
        ["- 200 g de farine"], ["* 4-6 bacon strips*"], ["+ sel"], ["  - nested item"], ["1. Mix the flour"], ["2) Bake"], ["10. Serve"],
        ["Mix **flour** and _water_ for ~30 minutes."], ["snake_case_name and 2*3 and a * b"], ["Use `code *here*` now"],
        ["See [the site](https://example.com \"Example\") or <https://cook.example>"], ["![A photo](/pix/a.webp)"],
        ["Du ^[beurre](ingredient: \"beurre\") doux"], ["A ***strong*** word, __bold__ too"], ["~~struck~~ text and a ~ b"],
        ["\\* not a list, \\_ not emphasis"], ["Tab\there"], ["עברית **מודגש** כאן"], ["emoji 👩‍🍳 ok"], ["&amp; entity &nbsp;"],
        ["two trailing spaces  "], ["ends with a backslash\\"], ["| a | **b** |", "|---|---|", "| 1 | 2 |"], ["> quoted **text**"],
        ["> - quoted item"], ["---"], ["***"], [""], [""], ["```", "code *x* \\p", "```"], ["~~~sh", "$ ls _x_", "~~~"],
        ["<div>", "<p>\\p raw *html*</p>", "</div>"], ["<script>", "var a = \"\\p_x_\";", "</script>"],
        ["", "    indented code *x*", "    more"], ["<!-- a comment *x* -->"], ["[ref link][1]"], ["Footnote star*"],
    ]

    static let cooklangLines: [[String]] = [
        ["Add @salt and @ground black pepper{} to taste."], ["Poke holes in @potato{2}."], ["Place @bacon strips{1%kg} on a #baking sheet{}."],
        ["Bake for ~{25%minutes}, then ~eggs{3%minutes}."], ["-- a comment line"], ["Mash @potato{2%kg} -- until smooth"],
        ["Slowly add @milk{4%cup} [- TODO litres -], keep mixing"], ["> A note with @no{} ingredient"], ["> and a second note line"],
        ["= Dough"], ["== Filling =="], ["Mix @onion{1}(peeled and finely chopped) and @garlic{2%cloves}(minced)."],
        ["Pour over with @./sauces/Hollandaise{150%g}."], ["Use @?thyme{} and @-salt, then more @&flour{300%g}."],
        ["Add some @🧂 and @tipo 00 flour{250%g}."], ["Fry in #frying pan{ } for ~{1/2%hour}."], ["Escaped \\@ sign and \\# hash"],
        ["@oil{1%tbsp} first"], ["then @oil{2%tbsp} again"], ["A fixed @salt{=1%tsp}."], ["Line continued\\"], [""], [""],
        ["[-", "a block comment", "over lines -]"], ["Text with {braces} and 50% off"], ["Email me@example.com"],
    ]

    /// A file from codes: its lines, then how it is laid out.
    static func file(_ codes: [Int], cooklang: Bool) -> String {
        let vocabulary = cooklang ? cooklangLines : markdownLines
        var lines: [String] = []
        let layout = codes.first ?? 0
        if !cooklang, layout % 3 == 0 {
            lines += ["---", "title: Tarte", "servings: 4", "ingredients:", "  - id: beurre", "    name: beurre", "    quantity: 50 g", "---"]
        }
        if cooklang, layout % 3 == 0 { lines += [">> title: Tarte", ">> servings: 4", ""] }
        if cooklang, layout % 3 == 1 { lines += ["---", "title: Tarte", "tags:", "  - dessert", "---", ""] }
        for code in codes.dropFirst() { lines += vocabulary[code % vocabulary.count] }
        let lineEnding = layout % 5 == 1 ? "\r\n" : "\n"
        return lines.joined(separator: lineEnding) + (layout % 7 == 2 ? "" : lineEnding)
    }

    static let files = Gen.int(in: 0 ... 10_000).array(of: 1 ... 40)
    static let editCodes = Gen.int(in: 0 ... 1_000_000).array(of: 1 ... 10)

    /// An edit picked by `code`, somewhere in the text: typing (markup
    /// characters too), deleting (line breaks too), bold, a new ingredient
    /// (Ctrl-E), undo.
    static func edit(_ code: Int, _ recipe: inout Recipe) {
        let text = recipe.document.text
        let count = text.characters.count
        let lower = text.characters.index(text.startIndex, offsetBy: (code / 7) % (count + 1))
        let upper = text.characters.index(lower, offsetBy: min(1 + code % 9, text.characters.distance(from: lower, to: text.endIndex)))
        switch code % 7 {
        case 0, 1:
            try? recipe.document.select(TextSelection(caret: lower))
            recipe.document.insert(["x", " ", "\n", "*", "_", "#", "[", "`", "é", "2. ", "- ", "@", "--", "~", "> ", "**x**"][code % 16])
        case 2:
            try? recipe.document.select(TextSelection(lower ..< upper))
            recipe.document.deleteBackward()
        case 3:
            try? recipe.document.select(TextSelection(lower ..< upper))
            _ = recipe.document.toggle(BoldAttribute.self)
        case 4:
            try? recipe.document.select(TextSelection(lower ..< upper))
            if let suggestion = recipe.suggestion(for: recipe.document.selection) { recipe.apply(suggestion) }
        case 5:
            recipe.document.undo()
        default:
            try? recipe.document.select(TextSelection(caret: lower))
            recipe.document.deleteForward()
        }
    }
}

/// Which paragraphs of the text are still lines of the file, untouched:
/// an oracle kept apart from the source map, from each change's extent.
struct UntouchedLines {
    /// For each paragraph, the file line it still is (from 0), or nil.
    var origins: [Int?]

    init(paragraphs: Int) {
        origins = Array(0 ..< paragraphs)
    }

    /// A paragraph is untouched when it ends (its newline) before the change
    /// starts, or starts after the change ends.
    mutating func follow(_ change: TextChange, old: AttributedString, new: AttributedString) {
        let oldStarts = Self.paragraphStarts(old)
        let newCount = Self.paragraphStarts(new).count
        let oldEnd = change.oldLength - change.suffix
        var before: [Int?] = []
        var after: [Int?] = []
        for (index, start) in oldStarts.enumerated() {
            let end = index + 1 < oldStarts.count ? oldStarts[index + 1] - 1 : change.oldLength
            if end < change.prefix {
                before.append(origins[index])
            } else if start > oldEnd {
                after.append(origins[index])
            }
        }
        let middle = newCount - before.count - after.count
        origins = before + Array(repeating: nil, count: max(0, middle)) + after
    }

    static func paragraphStarts(_ text: AttributedString) -> [Int] {
        var starts = [0]
        for (offset, byte) in String(text.characters[...]).utf8.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        return starts
    }
}
