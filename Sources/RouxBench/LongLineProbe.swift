import Foundation
import RichText
import TextLayout

/// One very long paragraph (a pasted page): wrapped in pieces, so the first
/// viewport and a keystroke cost the lines about them, not the paragraph.
enum LongLineProbe {
    static func run() {
        print("\nA single long paragraph (wrapped in pieces):")
        for bytes in [1_000_000, 5_000_000] {
            let string = String(repeating: "beurre doux ", count: bytes / 12)
            var text = AttributedString(string)
            let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 120))
            let first = Stopwatch.time { _ = layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 40) }
            var edits: [Double] = []
            for round in 0 ..< 50 {
                let offset = bytes / 2 + round
                let old = text.utf8.count
                text.insert(AttributedString("a"), at: text.utf8.index(text.startIndex, offsetBy: offset))
                edits.append(Stopwatch.time {
                    layout.apply(text, change: TextChange(prefix: offset, suffix: old - offset, oldLength: old, newLength: old + 1))
                    let line = layout.linePosition(of: CaretPosition(offset: offset + 1))
                    _ = layout.lines(from: layout.position(line, movedBy: -13), count: 40)
                })
            }
            print("one \(bytes / 1_000_000) MB paragraph: first viewport", Stopwatch.format(first),
                  "· a character typed in its middle, re-wrapped and 40 lines laid out:", Stopwatch.format(Stopwatch.median(edits)))
        }
    }
}
