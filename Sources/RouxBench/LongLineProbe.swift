import Foundation
import RichText
import TextLayout

/// The known limitation: a paragraph is laid out whole, so one very long line
/// costs O(its length) on first display. Printed so the figure stays visible.
enum LongLineProbe {
    static func run() {
        print("\nKnown limitation, a single long paragraph (laid out whole):")
        for bytes in [100_000, 1_000_000] {
            let text = AttributedString(String(repeating: "beurre doux ", count: bytes / 12))
            let layout = TextLayoutManager(text: text, configuration: LayoutConfiguration(width: 80))
            let time = Stopwatch.time { _ = layout.lines(from: LinePosition(paragraph: 0, line: 0), count: 40) }
            print("one \(bytes / 1000) KB paragraph, first viewport:", Stopwatch.format(time), "peak", Stopwatch.peakMemory() / 1_000_000, "MB")
        }
    }
}
