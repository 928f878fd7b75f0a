import Foundation
import RichText
import TextLayout

/// One very long paragraph (a pasted page): wrapped in pieces, so the first
/// viewport and a keystroke cost the lines about them, not the paragraph;
/// also with right-to-left text, whose lines are resolved in windows.
enum LongLineProbe {
    static func run() {
        print("\nA single long paragraph (wrapped in pieces):")
        let kinds: [(name: String, repeated: String, word: String?)] = [
            ("English", "beurre doux ", nil),
            ("English and one Hebrew word", "beurre (doux) ", "חמאה "),
            ("Hebrew", "חמאה רכה (250 גרם) ", nil),
            ("Arabic", "زبدة طرية (٢٥٠ غرام) لا ", nil),
        ]
        for kind in kinds {
            for bytes in [1_000_000, 5_000_000] {
                var string = String(repeating: kind.repeated, count: bytes / kind.repeated.utf8.count)
                if let word = kind.word {
                    string.insert(contentsOf: word, at: string.index(string.startIndex, offsetBy: string.count / 2))
                }
                var text = AttributedString(string)
                var layout: TextLayoutManager?
                let first = Stopwatch.time {
                    layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 120))
                    _ = layout?.lines(from: LinePosition(paragraph: 0, line: 0), count: 40)
                }
                guard let layout else { continue }
                var edits: [Double] = []
                for round in 0 ..< 50 {
                    let offset = text.utf8Offset(of: text.characterIndex(atUTF8Offset: text.utf8.count / 2 + round))
                    let old = text.utf8.count
                    text.insert(AttributedString("a"), at: text.utf8.index(text.startIndex, offsetBy: offset))
                    edits.append(Stopwatch.time {
                        layout.apply(text, change: TextChange(prefix: offset, suffix: old - offset, oldLength: old, newLength: old + 1))
                        let line = layout.linePosition(of: CaretPosition(offset: offset + 1))
                        _ = layout.lines(from: layout.position(line, movedBy: -13), count: 40)
                    })
                }
                print("one \(bytes / 1_000_000) MB paragraph, \(kind.name): layout and first viewport", Stopwatch.format(first),
                      "· a character typed in its middle, re-wrapped and 40 lines laid out:", Stopwatch.format(Stopwatch.median(edits)))
            }
        }
    }
}
