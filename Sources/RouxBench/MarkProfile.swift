import Foundation
import RecipeFormats
import RouxApp
import TerminalUI

/// `--profile-mark FILE WORD`: Ctrl-E in the editor on the first WORD of a
/// large file, marking every occurrence, handled and drawn; then characters
/// typed next to a mark in the middle of that paragraph (issue 14's "marking
/// on long lines": a 200 KB line with 10,000 occurrences).
enum MarkProfile {
    static func run(path: String, word: String) {
        guard let opened = try? RecipeFiles.open(path: path, progressively: true) else { return print("could not open \(path)") }
        for round in 0 ..< 3 {
            let app = EditorController(session: EditorSession(opened: opened, width: 120), width: 120, height: 40)
            app.session.finishLoading()
            find(word, in: app)
            var handled = 0.0
            let time = Stopwatch.time {
                handled = Stopwatch.time { app.handle(.key(.control("e"))) }
                _ = app.render()
            }
            let marks = app.session.occurrenceCounts.values.reduce(0, +)
            print("Ctrl-E on \"\(word)\" (\(marks) marks), round \(round + 1): \(Stopwatch.format(time)) (handling \(Stopwatch.format(handled)))")
            if round == 2 { typeInTheMiddle(of: app, path: path) }
        }
    }

    /// Goes to the first occurrence of `word` (Ctrl-F, the word, Enter) and draws.
    private static func find(_ word: String, in app: EditorController) {
        app.handle(.key(.control("f")))
        for character in word { app.handle(.text(String(character))) }
        app.handle(.key(Key(.enter)))
        _ = app.render()
    }

    /// Goes to the middle of the file's longest line (Ctrl-L LINE:COLUMN),
    /// to the next occurrence from there (F3) and past it, then types: each
    /// keystroke handled and drawn.
    private static func typeInTheMiddle(of app: EditorController, path: String) {
        let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
        guard let longest = lines.indices.max(by: { lines[$0].utf8.count < lines[$1].utf8.count }) else { return }
        app.handle(.key(.control("l")))
        for character in "\(longest + 1):\(lines[longest].count / 2)" { app.handle(.text(String(character))) }
        app.handle(.key(Key(.enter)))
        app.handle(.key(Key(.function(3))))
        app.handle(.key(Key(.right)))
        _ = app.render()
        var samples: [Double] = []
        for round in 0 ..< 200 {
            samples.append(Stopwatch.time {
                app.handle(.text(round % 6 == 5 ? " " : "a"))
                _ = app.render()
            })
        }
        let sorted = samples.sorted()
        print("typing beside the middle mark: median \(Stopwatch.format(Stopwatch.median(samples))), p95 \(Stopwatch.format(sorted[sorted.count * 95 / 100]))")
        let spaces = samples.indices.filter { $0 % 6 == 5 }.map { samples[$0] }
        let letters = samples.indices.filter { $0 % 6 != 5 }.map { samples[$0] }
        print("  letters: median \(Stopwatch.format(Stopwatch.median(letters))), spaces: median \(Stopwatch.format(Stopwatch.median(spaces)))")
    }
}
