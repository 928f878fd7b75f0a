import Foundation
import RichText
import TextLayout

enum ViewportProfile {
    static func run() {
        let text = AttributedString(RecipeBook.text(bytes: 5_000_000))
        let index = ParagraphIndex(text: String(text.characters[...]))
        let start = Stopwatch.seconds()
        for round in 0 ..< 300 {
            let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 80), paragraphs: index)
            _ = layout.lines(from: LinePosition(paragraph: 1000 + round * 200, line: 0), count: 40)
        }
        print("per cold viewport", (Stopwatch.seconds() - start) / 300 * 1e3, "ms")
    }
}
