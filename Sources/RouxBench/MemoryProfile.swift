import Foundation
import RecipeFormats
import RichText
import RouxApp
import TextLayout

/// `--profile-memory FILE`: resident memory after each stage of opening a
/// large file in the editor, to see where the peak comes from.
enum MemoryProfile {
    static func run(path: String) {
        let start = Date()
        func report(_ stage: String) {
            print(stage.padding(toLength: 46, withPad: " ", startingAt: 0)
                + String(format: "%7.0f ms  resident %4d MB, peak %4d MB", Date().timeIntervalSince(start) * 1000,
                         Stopwatch.residentMemory() >> 20, Stopwatch.peakMemory() >> 20))
        }
        report("start")
        guard let opened = try? RecipeFiles.open(path: path, progressively: true) else { return print("cannot open \(path)") }
        report("opened (first slice)")
        let session = EditorSession(opened: opened, width: 120)
        report("session")
        while session.isLoading { session.loadMore() }
        report("loaded")
        let text = session.document.text
        report("(text)")
        let plain = AttributedString(String(text.characters[...]))
        report("+ a plain AttributedString of the same text")
        let index = TextLayoutManager(text: plain, configuration: LayoutConfiguration(width: 120))
        report("+ a layout manager (paragraph index) for it")
        withExtendedLifetime((plain, index)) {}
    }
}
