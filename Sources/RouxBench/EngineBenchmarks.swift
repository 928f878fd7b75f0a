import Foundation
import Recipes
import RichText

/// Issue 2's engine figures on a 5 MB recipe-like text.
enum EngineBenchmarks {
    static func run() {
        let source = RecipeBook.text(bytes: 5_000_000)
        let text = AttributedString(source)
        print("\n## Engine (RichText), \(source.utf8.count / 1_000_000) MB, \(source.split(separator: "\n").count) paragraphs")

        var document = RichTextDocument(text: text, definition: .recipe)
        let middle = text.characterIndex(atUTF8Offset: source.utf8.count / 2)
        try? document.select(TextSelection(caret: middle))

        var inserts: [Double] = []
        for round in 0 ..< 400 {
            let character = round % 6 == 5 ? " " : "a"
            inserts.append(Stopwatch.time { document.insert(character) })
        }
        print("insert one character (with selection update, coalesced undo): median \(Stopwatch.format(Stopwatch.median(inserts)))")

        var deletes: [Double] = []
        for _ in 0 ..< 400 {
            deletes.append(Stopwatch.time { document.deleteBackward() })
        }
        print("delete one character backward: median \(Stopwatch.format(Stopwatch.median(deletes)))")

        var ingredient = AttributeContainer()
        ingredient[IngredientAttribute.self] = IngredientID("beurre")
        let search = TextSearch("beurre", caseInsensitive: true, wholeWords: true)
        var finds: [Double] = []
        var marks: [Double] = []
        var markCPUs: [Double] = []
        var undos: [Double] = []
        var count = 0
        for _ in 0 ..< 7 {
            var fresh = RichTextDocument(text: text, definition: .recipe)
            try? fresh.select(TextSelection(caret: fresh.text.characterIndex(atUTF8Offset: 1000)))
            finds.append(Stopwatch.time { count = fresh.ranges(matching: search).count })
            let mark = Stopwatch.timeWithCPU { fresh.addAttributes(ingredient, toMatchesOf: search) }
            marks.append(mark.wall)
            markCPUs.append(mark.cpu)
            undos.append(Stopwatch.time { fresh.undo() })
        }
        print("find \(count) occurrences of \"beurre\" (whole words, any case): median \(Stopwatch.format(Stopwatch.median(finds)))")
        print("find and mark all \(count) occurrences in one edit: median \(Stopwatch.format(Stopwatch.median(marks)))"
              + " (CPU time on all cores \(Stopwatch.format(Stopwatch.median(markCPUs))))")
        print("undo the marking: median \(Stopwatch.format(Stopwatch.median(undos)))")
    }
}
