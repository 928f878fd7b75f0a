import Foundation
import RecipeFormats
import RichText
import RouxApp
import TerminalUI
import TextLayout

/// Issue 5's keystroke figure from inside: a character typed in the middle of
/// a large recipe, handled and drawn into the cell grid (no terminal). Besides
/// plain text, the keystrokes the run loop's echo never shows first (a
/// selection replaced, bold text, a right-to-left paragraph, a prompt): for
/// them the whole frame is what the user waits for.
enum EditorBenchmarks {
    /// Where the keys go, and what each round does before its timed key.
    enum Case: String, CaseIterable {
        case plain, selection, bold, rightToLeft = "right to left", prompt

        /// Puts the caret where this case types, on the middle line of the book.
        func prepare(_ app: EditorController) {
            switch self {
            case .plain, .selection, .prompt: break
            case .bold:
                // `RecipeBenchmarks.book`'s first kind of line ends "feu **doux**.":
                // the caret goes inside "doux".
                let text = app.session.document.plainText.utf8
                func paragraph() -> Substring {
                    let layout = app.session.layout
                    let range = layout.range(ofParagraph: layout.paragraph(containing: app.session.caret.offset))
                    let start = text.index(text.startIndex, offsetBy: range.lowerBound)
                    return Substring(text[start ..< text.index(start, offsetBy: range.count)])
                }
                while !paragraph().hasSuffix("doux.") { app.handle(.key(Key(.down))) }
                app.handle(.key(Key(.end)))
                app.handle(.key(Key(.left)))
                app.handle(.key(Key(.left)))
            case .rightToLeft:
                // A paragraph of Hebrew of its own, typed on.
                app.handle(.key(Key(.end)))
                app.handle(.key(Key(.enter)))
                app.handle(.text("מקציפים את השמנת עם הסוכר עד שהיא יציבה"))
            }
            if self == .prompt { app.handle(.key(.control("f"))) }
        }

        /// The timed key of a round; what comes before it is not timed.
        func key(round: Int, in app: EditorController) -> InputEvent {
            if self == .selection { app.handle(.key(Key(.right, .shift))) }
            switch self {
            case .rightToLeft: return .text(round % 6 == 5 ? " " : "א")
            case .prompt:
                // The find field is emptied now and then, so it stays a few words long.
                if round % 40 == 39 { for _ in 0 ..< 39 { app.handle(.key(Key(.backspace))) } }
                return .text(round % 6 == 5 ? " " : "a")
            default: return .text(round % 6 == 5 ? " " : "a")
            }
        }
    }

    static func run(profileOnly: Bool = false) {
        print("\n## Editor (RouxApp), keystroke handled and drawn, 120×40, medians")
        // ROUX_CASE=bold (or plain, selection, "right to left", prompt): one case alone, for callgrind.
        let only = ProcessInfo.processInfo.environment["ROUX_CASE"]
        for bytes in [5_000_000, 50_000_000] where !profileOnly || bytes == 5_000_000 {
            let book = RecipeBenchmarks.book(bytes: bytes)
            // Every case at 5 MB; at 50 MB the plain one.
            for keystrokes in Case.allCases where (only.map { $0 == keystrokes.rawValue } ?? true) && (bytes == 5_000_000 || keystrokes == .plain) {
                let recipe = MarkdownRecipeFormat.parse(book)
                let app = EditorController(session: EditorSession(recipe: recipe, path: nil), width: 120, height: 40)
                app.handle(.key(.control("l")))
                for digit in String(app.session.layout.paragraphCount / 2) { app.handle(.text(String(digit))) }
                app.handle(.key(Key(.enter)))
                keystrokes.prepare(app)
                _ = app.render()
                var samples: [Double] = []
                for round in 0 ..< (profileOnly ? 2000 : 200) {
                    let key = keystrokes.key(round: round, in: app)
                    if keystrokes == .selection { _ = app.render() }
                    samples.append(Stopwatch.time {
                        app.handle(key)
                        _ = app.render()
                    })
                }
                let sorted = samples.sorted()
                print("- \(bytes / 1_000_000) MB, \(keystrokes.rawValue): median \(Stopwatch.format(Stopwatch.median(samples))), p95 \(Stopwatch.format(sorted[sorted.count * 95 / 100]))")
            }
        }
    }
}
