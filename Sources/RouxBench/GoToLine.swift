import Foundation
import RecipeFormats
import RouxApp
import TerminalUI

/// Issue 32's go-to-line: Ctrl-L, a line number, Enter, handled and drawn,
/// in a 50 MB book before it is loaded (the place shows from a preview) and
/// once it is.
enum GoToLine {
    static func run(bytes: Int = 50_000_000) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-goto-\(getpid()).txt").path
        FileManager.default.createFile(atPath: path, contents: Data(RecipeBenchmarks.book(bytes: bytes).utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        print("\n## Go to a line of a \(bytes / 1_000_000) MB book, handled and drawn, 120×40, medians")
        profile(path: path)
    }

    /// `--profile-goto FILE`: lines spread over the file, each gone to in a
    /// new editor before the file is loaded, then in one editor once it is.
    static func profile(path: String) {
        guard let lineCount = try? Data(contentsOf: URL(fileURLWithPath: path)).reduce(into: 0, { if $1 == 0x0A { $0 += 1 } }),
              lineCount > 10 else { return print("cannot read \(path)") }
        let targets = (1 ... 9).map { lineCount * $0 / 10 }
        var before: [Double] = []
        for line in targets {
            guard let opened = try? RecipeFiles.open(path: path, progressively: true) else { return print("cannot open \(path)") }
            let app = EditorController(session: EditorSession(opened: opened, width: 120), width: 120, height: 40)
            app.loadsInBackground = true
            _ = app.render()
            before.append(Stopwatch.time { go(to: line, in: app) })
        }
        guard let opened = try? RecipeFiles.open(path: path, progressively: true) else { return }
        let app = EditorController(session: EditorSession(opened: opened, width: 120), width: 120, height: 40)
        app.session.finishLoading()
        _ = app.render()
        var loaded: [Double] = []
        for _ in 0 ..< 3 {
            for line in targets { loaded.append(Stopwatch.time { go(to: line, in: app) }) }
        }
        print("- before it is loaded (a preview): median \(Stopwatch.format(Stopwatch.median(before))), slowest \(Stopwatch.format(before.max() ?? 0))")
        print("- once it is loaded: median \(Stopwatch.format(Stopwatch.median(loaded))), slowest \(Stopwatch.format(loaded.max() ?? 0))")
    }

    private static func go(to line: Int, in app: EditorController) {
        app.handle(.key(.control("l")))
        for digit in String(line) { app.handle(.text(String(digit))) }
        app.handle(.key(Key(.enter)))
        _ = app.render()
    }
}
