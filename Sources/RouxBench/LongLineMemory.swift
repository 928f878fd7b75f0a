import Foundation
import RecipeStorage
import RecipeFormats
import RichText

/// Issue 27's huge line: one letter typed in the middle of a line of 20 and
/// 100 MB, the work kept in the recovery folder and saved, each size in its
/// own process; the peak of each writing is its own (VmHWM reset before it).
enum LongLineMemory {
    static func run() {
        print("\nOne letter typed on one long line, kept and saved (peak resident memory of each writing):")
        for bytes in [20_000_000, 100_000_000] {
            print(RecipeBenchmarks.runChild(["--long-line-memory", String(bytes)]), terminator: "")
        }
    }

    /// Runs in the child process: one size, printed as a line.
    static func measure(bytes: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-long-line-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ligne.md").path
        let line = String(repeating: "beurre doux ", count: bytes / 12)
        guard (try? Data(("# Une ligne\n" + line + "\n").utf8).write(to: URL(fileURLWithPath: path))) != nil,
              var opened = try? RecipeFiles.open(path: path) else {
            print("- \(bytes / 1_000_000) MB: could not write or open the file")
            return
        }
        let text = opened.recipe.document.text
        try? opened.recipe.document.select(TextSelection(caret: text.characterIndex(atUTF8Offset: text.utf8.count / 2)))
        opened.recipe.document.insert("x")
        let open = Stopwatch.residentMemory()
        func resetPeak() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }
        resetPeak()
        let store = RecoveryStore(directory: folder.appendingPathComponent("state"))
        let kept = Stopwatch.time { _ = try? store.keep(opened.recipe, as: opened.format, for: path) }
        let keepPeak = Stopwatch.peakMemory()
        resetPeak()
        let saved = Stopwatch.time { _ = try? RecipeFiles.save(opened.recipe, as: opened.format, to: path, expected: opened.fingerprint) }
        let savePeak = Stopwatch.peakMemory()
        let size = Double(bytes)
        print(String(format: "- %.0f MB line: open recipe %.0f MB; kept in %@, peak %.0f MB (%.2f× the line); saved in %@, peak %.0f MB (%.2f× the line)",
                     size / 1e6, Double(open) / 1e6, Stopwatch.format(kept), Double(keepPeak) / 1e6, Double(keepPeak) / size,
                     Stopwatch.format(saved), Double(savePeak) / 1e6, Double(savePeak) / size))
    }
}
