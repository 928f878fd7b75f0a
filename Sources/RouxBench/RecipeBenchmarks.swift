import Foundation
import RecipeStorage
import Recipes
import RecipeFormats
import RichText

/// Issue 4's figures: loading and saving a recipe book, each size in its own
/// process so its peak memory is its own.
enum RecipeBenchmarks {
    static func run() {
        print("\n## Recipe files (Recipes), Markdown recipe book, medians of 3")
        print("| size | load | AttributedString floor | load / floor (CPU time / floor) | first screen ready | save, every line written | save after opening | save after typing a line | save after 100 edits all over |")
        print("|---|---|---|---|---|---|---|---|---|")
        for bytes in [5_000_000, 50_000_000] {
            print(runChild(["--recipe-files", String(bytes)]), terminator: "")
        }
        print("\nPeak memory opening a recipe book from disk (a process that does only that):")
        for bytes in [5_000_000, 50_000_000] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-book-\(bytes).md").path
            try? Data(book(bytes: bytes).utf8).write(to: URL(fileURLWithPath: path))
            print(runChild(["--recipe-memory", path]), terminator: "")
            unlink(path)
        }
    }

    static func runChild(_ arguments: [String]) -> String {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = arguments
        let pipe = Pipe()
        child.standardOutput = pipe
        do {
            try child.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            return String(decoding: output, as: UTF8.self)
        } catch {
            return "could not run \(arguments): \(error)\n"
        }
    }

    /// Runs in a child process: opens one file as the editor will, prints peak memory.
    static func measureMemory(path: String) {
        let size = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 1)
        let opened = try? RecipeFiles.open(path: path)
        let peak = Double(Stopwatch.peakMemory())
        print(String(format: "- %.0f MB file: peak %.0f MB, %.1f× the file (%d paragraphs)", size / 1e6, peak / 1e6, peak / size,
                     opened?.recipe.document.text.characters.filter(\.isNewline).count ?? 0))
    }

    /// A recipe book in the file format: marks, bold, headings, several scripts.
    static func book(bytes: Int) -> String {
        var text = "---\ntitle: Le grand livre\ningredients:\n  - id: beurre\n    name: beurre\n    quantity: 250 g\n---\n"
        let lines = [
            "Faire fondre le ^[beurre](ingredient: \"beurre\") dans une casserole à feu **doux**.",
            "Ajouter la farine, le sucre et une pincée de sel, puis mélanger.",
            "Put the סופגניות in the pan and fry them until golden 🍩.",
            "砂糖と卵を混ぜて、よく泡立てます。",
            "Badigeonner de jaune d'œuf et cuire 15 min à 200 °C.",
        ]
        var number = 0
        while text.utf8.count < bytes {
            if number % 40 == 0 { text += "## Recette \(number / 40 + 1)\n" }
            text += lines[number % lines.count] + "\n"
            number += 1
        }
        return text
    }

    /// Runs in the child process: one size, printed as a table row.
    static func measure(bytes: Int) {
        let contents = book(bytes: bytes)
        let megabytes = Double(contents.utf8.count) / 1_000_000
        var loads: [Double] = []
        var loadCPUs: [Double] = []
        var floors: [Double] = []
        var firstSlices: [Double] = []
        var saves: [Double] = []
        var serializations: [Double] = []
        var savesAfterOpening: [Double] = []
        var savesAfterTyping: [Double] = []
        var savesAfterEdits: [Double] = []
        var recipe = Recipe()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-bench-\(getpid()).md").path
        for _ in 0 ..< 3 {
            firstSlices.append(Stopwatch.time { _ = MarkdownRecipeFormat.beginLoading(contents) })
            let load = Stopwatch.timeWithCPU { recipe = MarkdownRecipeFormat.parse(contents) }
            loads.append(load.wall)
            loadCPUs.append(load.cpu)
            let plain = String(recipe.document.text.characters[...])
            floors.append(Stopwatch.time { _ = AttributedString(plain) })
            // Parsed from a string, the recipe has no file to copy lines from.
            saves.append(Stopwatch.time {
                _ = try? RecipeFiles.save(recipe, as: .markdown, to: path, expected: nil, checkConflicts: false)
            })
            serializations.append(Stopwatch.time { _ = MarkdownRecipeFormat.serialize(recipe) })
            // As the editor does: open the file, save, edit, save.
            guard var opened = try? RecipeFiles.open(path: path) else { continue }
            savesAfterOpening.append(Stopwatch.time {
                if let saved = try? RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint) {
                    opened.fingerprint = saved.fingerprint
                    opened.recipe.document.sourceMap = saved.sourceMap
                }
            })
            func timedSave() -> Double {
                Stopwatch.time {
                    if let saved = try? RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint) {
                        opened.fingerprint = saved.fingerprint
                        opened.recipe.document.sourceMap = saved.sourceMap
                    }
                }
            }
            // A sentence typed a key at a time in the middle of the book.
            let middle = opened.recipe.document.text.utf8.count / 2
            try? opened.recipe.document.select(TextSelection(caret: opened.recipe.document.text.utf8.index(
                opened.recipe.document.text.startIndex, offsetBy: middle)))
            for character in "Laisser reposer la pâte une heure. " { opened.recipe.document.insert(String(character)) }
            savesAfterTyping.append(timedSave())
            scatterEdits(100, in: &opened.recipe.document)
            savesAfterEdits.append(timedSave())
        }
        unlink(path)
        let load = Stopwatch.median(loads)
        let floor = Stopwatch.median(floors)
        let save = Stopwatch.median(saves)
        let serialization = Stopwatch.median(serializations)
        let afterOpening = Stopwatch.median(savesAfterOpening)
        let afterTyping = Stopwatch.median(savesAfterTyping)
        let afterEdits = Stopwatch.median(savesAfterEdits)
        print(String(format: "| %.0f MB | %@ (%.1f MB/s) | %@ | %.2f× (%.2f×) | %@ | %@ (%.0f MB/s; to a string %.0f MB/s) | %@ (%.0f MB/s) | %@ (%.0f MB/s) | %@ (%.0f MB/s) |",
                     megabytes, Stopwatch.format(load), megabytes / load, Stopwatch.format(floor), load / floor,
                     Stopwatch.median(loadCPUs) / floor,
                     Stopwatch.format(Stopwatch.median(firstSlices)), Stopwatch.format(save), megabytes / save,
                     megabytes / serialization, Stopwatch.format(afterOpening), megabytes / afterOpening,
                     Stopwatch.format(afterTyping), megabytes / afterTyping, Stopwatch.format(afterEdits), megabytes / afterEdits))
    }

    /// Types a word at `count` places spread over the text, as a user would.
    static func scatterEdits(_ count: Int, in document: inout RichTextDocument) {
        for step in 0 ..< count {
            let text = document.text
            let offset = text.utf8.count * step / count
            let index = text.utf8.index(text.startIndex, offsetBy: offset)
            try? document.select(TextSelection(caret: index))
            document.insert("miel ")
        }
    }
}
