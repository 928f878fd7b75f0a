import Foundation
import Recipes
import RouxApp
import TerminalUI

/// `--profile-mark FILE WORD`: Ctrl-E in the editor on the first WORD of a
/// large file, marking every occurrence, handled and drawn.
enum MarkProfile {
    static func run(path: String, word: String) {
        guard let opened = try? RecipeFiles.open(path: path, progressively: true) else { return print("could not open \(path)") }
        for round in 0 ..< 3 {
            let app = EditorController(session: EditorSession(opened: opened, width: 120), width: 120, height: 40)
            app.session.finishLoading()
            app.handle(.key(.control("f")))
            for character in word { app.handle(.text(String(character))) }
            app.handle(.key(Key(.enter)))
            _ = app.render()
            let time = Stopwatch.time {
                app.handle(.key(.control("e")))
                _ = app.render()
            }
            print("Ctrl-E on \"\(word)\" (\(app.session.occurrenceCounts.values.reduce(0, +)) marks), round \(round + 1): \(Stopwatch.format(time))")
        }
    }
}
