import Foundation
import Recipes
import RichText

enum InsertProfile {
    static func run() {
        let text = AttributedString(RecipeBook.text(bytes: 5_000_000))
        var document = RichTextDocument(text: text, definition: .recipe)
        try? document.select(TextSelection(caret: text.characterIndex(atUTF8Offset: 2_500_000)))
        let start = Stopwatch.seconds()
        for round in 0 ..< 20000 { document.insert(round % 6 == 5 ? " " : "a") }
        print("per insert", (Stopwatch.seconds() - start) / 20000 * 1e6, "µs")
    }
}
