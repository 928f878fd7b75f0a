import Foundation
import RecipeFormats
import RichText
import RouxApp
import TerminalUI

/// Issue 5's keystroke figure from inside: a character typed in the middle of
/// a large recipe, handled and drawn into the cell grid (no terminal).
enum EditorBenchmarks {
    static func run(profileOnly: Bool = false) {
        print("\n## Editor (RouxApp), keystroke handled and drawn, 120×40, medians")
        for bytes in [5_000_000, 50_000_000] where !profileOnly || bytes == 5_000_000 {
            let book = RecipeBenchmarks.book(bytes: bytes)
            let recipe = MarkdownRecipeFormat.parse(book)
            let app = EditorController(session: EditorSession(recipe: recipe, path: nil), width: 120, height: 40)
            app.handle(.key(.control("l")))
            for digit in String(app.session.layout.paragraphCount / 2) { app.handle(.text(String(digit))) }
            app.handle(.key(Key(.enter)))
            _ = app.render()
            var samples: [Double] = []
            for round in 0 ..< (profileOnly ? 2000 : 200) {
                let character = round % 6 == 5 ? " " : "a"
                samples.append(Stopwatch.time {
                    app.handle(.text(character))
                    _ = app.render()
                })
            }
            let sorted = samples.sorted()
            print("- \(bytes / 1_000_000) MB: median \(Stopwatch.format(Stopwatch.median(samples))), p95 \(Stopwatch.format(sorted[sorted.count * 95 / 100]))")
        }
    }
}
