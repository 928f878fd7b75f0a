import Foundation
import Recipes
import RichText
import TextLayout

/// Issue 3's layout figures: each should be small and the same at 5 and 50 MB.
enum LayoutBenchmarks {
    static let viewport = (width: 80, height: 40)

    static func run() {
        print("\n## Layout (TextLayout), \(viewport.width)×\(viewport.height) viewport, medians")
        print("| operation | 5 MB | 50 MB |")
        print("|---|---|---|")
        let small = measure(bytes: 5_000_000)
        let large = measure(bytes: 50_000_000)
        for (name, _) in small {
            let largeValue = large.first { $0.0 == name }?.1 ?? 0
            print("| \(name) | \(Stopwatch.format(small.first { $0.0 == name }?.1 ?? 0)) | \(Stopwatch.format(largeValue)) |")
        }
    }

    private static func measure(bytes: Int) -> [(String, Double)] {
        let source = RecipeBook.text(bytes: bytes)
        let text = AttributedString(source)
        var index = ParagraphIndex(lengths: [])
        let indexTime = Stopwatch.time { index = ParagraphIndex(text: String(text.characters[...])) }
        let configuration = LayoutConfiguration(width: viewport.width)
        let middle = index.count / 2

        var firstScreens: [Double] = []
        for round in 0 ..< 9 {
            let layout = TextLayoutManager(text: text, configuration: configuration, paragraphs: index)
            let top = LinePosition(paragraph: middle + round * 1000, line: 0)
            firstScreens.append(Stopwatch.time { _ = layout.lines(from: top, count: viewport.height) })
        }

        var document = RichTextDocument(text: text, definition: .recipe)
        let layout = TextLayoutManager(text: document.text, configuration: configuration, paragraphs: index)
        let top = LinePosition(paragraph: middle, line: 0)
        _ = layout.lines(from: top, count: viewport.height)
        try? document.select(TextSelection(caret: document.text.characterIndex(atUTF8Offset: index.start(ofParagraph: middle + 10) + 3)))
        var edits: [Double] = []
        for _ in 0 ..< 200 {
            let version = document.version
            document.insert("a")
            edits.append(Stopwatch.time {
                layout.apply(document.text, change: document.change(since: version))
                _ = layout.lines(from: top, count: viewport.height)
            })
        }

        var pages: [Double] = []
        var position = LinePosition(paragraph: index.count / 4, line: 0)
        for _ in 0 ..< 50 {
            pages.append(Stopwatch.time {
                position = layout.position(position, movedBy: viewport.height)
                _ = layout.lines(from: position, count: viewport.height)
            })
        }

        var jumps: [Double] = []
        for _ in 0 ..< 9 {
            let cold = TextLayoutManager(text: text, configuration: configuration, paragraphs: index)
            jumps.append(Stopwatch.time {
                let last = cold.position(cold.lastLine, movedBy: -(viewport.height - 1))
                _ = cold.lines(from: last, count: viewport.height)
            })
        }
        return [
            ("paragraph index, built once at load (O(n))", indexTime),
            ("first viewport, cold cache", Stopwatch.median(firstScreens)),
            ("one-character edit, then the viewport again", Stopwatch.median(edits)),
            ("scroll a page", Stopwatch.median(pages)),
            ("jump to the last line, cold cache", Stopwatch.median(jumps)),
        ]
    }
}
