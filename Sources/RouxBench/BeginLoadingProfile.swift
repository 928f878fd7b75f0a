import Foundation
import RecipeFormats
import RouxApp

/// `--profile-begin-loading`: the first slice of a 50 MB Markdown book, and
/// where the time goes when the editor reads a 50 MB plain-text file slice
/// by slice as it does between keystrokes.
enum BeginLoadingProfile {
    static func run() {
        let book = RecipeBenchmarks.book(bytes: 50_000_000)
        for _ in 0 ..< 3 {
            let time = Stopwatch.time { _ = MarkdownRecipeFormat.beginLoading(book) }
            print("beginLoading", Stopwatch.format(time))
        }
        let path = NSTemporaryDirectory() + "roux-profile-\(getpid()).txt"
        defer { unlink(path) }
        guard (try? book.write(toFile: path, atomically: false, encoding: .utf8)) != nil,
              let opened = try? RecipeFiles.open(path: path, progressively: true) else { return print("could not write \(path)") }
        let session = EditorSession(opened: opened, width: 120)
        var slices = 0
        var slowest = 0.0
        let total = Stopwatch.time {
            while session.isLoading {
                slices += 1
                slowest = max(slowest, Stopwatch.time { session.loadMore() })
            }
        }
        var text = AttributedString()
        var building = 0.0, appending = 0.0
        let utf8 = Array(book.utf8)
        var start = 0
        while start < utf8.count {
            let end = min(utf8.count, start + (128 << 10))
            var piece = AttributedString()
            building += Stopwatch.time { piece = AttributedString(String(decoding: utf8[start ..< end], as: UTF8.self)) }
            appending += Stopwatch.time { text.append(piece) }
            start = end
        }
        print("AttributedString of 128 KB slices:", Stopwatch.format(building), "building,", Stopwatch.format(appending), "appending")
        print("plain text 50 MB in the editor:", slices, "slices,", Stopwatch.format(total), "in all, slowest slice", Stopwatch.format(slowest))
        typingWhileLoading(path: path)
    }

    /// Keystrokes at the first screen while the rest is still being read, as
    /// the run loop interleaves them: a key, then a slice.
    static func typingWhileLoading(path: String) {
        guard let opened = try? RecipeFiles.open(path: path, progressively: true) else { return }
        let app = EditorController(session: EditorSession(opened: opened, width: 120), width: 120, height: 40)
        _ = app.render()
        var keys: [Double] = []
        var slices: [Double] = []
        for round in 0 ..< 40 {
            keys.append(Stopwatch.time {
                app.handle(.text(round % 6 == 5 ? " " : "a"))
                _ = app.render()
            })
            slices.append(Stopwatch.time { app.session.loadMore() })
        }
        print("typing while loading: key median", Stopwatch.format(Stopwatch.median(keys)), "max", Stopwatch.format(keys.max() ?? 0),
              "/ slice median", Stopwatch.format(Stopwatch.median(slices)), "max", Stopwatch.format(slices.max() ?? 0))
    }
}
