import Foundation
import RecipeFormats
import RouxApp
import TerminalUI

/// Issue 32's dense marks: a Markdown book with bold text and an ingredient
/// mark on every line, a hundred distinct ingredients (peers.py's
/// `20MB-marked` has ten). Each book is measured in a process of its own
/// (`--profile-dense-marks FILE WORD`), so its peak memory is its own: the
/// marked book beside the same text without its marks.
enum DenseMarks {
    /// A hundred ingredient names, two words each (`smoked paprika`).
    static let names: [String] = {
        let first = ["smoked", "sweet", "dried", "fresh", "ground", "toasted", "pickled", "roasted", "wild", "brown"]
        let second = ["paprika", "basil", "fennel", "ginger", "almonds", "shallots", "capers", "thyme", "walnuts", "lentils"]
        return first.flatMap { adjective in second.map { "\(adjective) \($0)" } }
    }()

    static let words = ["whisk", "the", "batter", "until", "smooth", "and", "pale", "then", "fold", "in", "gently",
                        "with", "a", "spatula", "over", "low", "heat", "for", "about", "minutes", "stirring", "often"]

    /// The book's text: `Step N: … **bold** … ^[name](ingredient: "name") …`
    /// on every line, as Roux writes a mark, to `bytes`; and the same lines
    /// with their marks written as plain words (the bold kept).
    static func books(bytes: Int) -> (marked: String, unmarked: String) {
        var generator = SystemRandomNumberGenerator.Seeded(seed: 32)
        var marked = "Dense marks - a marked recipe book (generated test text)\n\n"
        var unmarked = marked
        marked.reserveCapacity(bytes + 400)
        unmarked.reserveCapacity(bytes + 400)
        var step = 0
        while marked.utf8.count < bytes {
            step += 1
            let count = 12 + Int(generator.next() % 30)
            let line = (0 ..< count).map { _ in words[Int(generator.next() % UInt64(words.count))] }
            let name = names[Int(generator.next() % UInt64(names.count))]
            let start = "Step \(step): \(line[0 ..< 2].joined(separator: " ")) **\(line[2]) \(line[3])** \(line[4 ..< 8].joined(separator: " ")) "
            let end = " " + line[8...].joined(separator: " ") + "\n"
            marked += start + "^[\(name)](ingredient: \"\(name)\")" + end
            unmarked += start + name + end
        }
        return (marked, unmarked)
    }

    /// `make bench`: both books written to a temporary folder, each opened,
    /// marked, undone and redone by a child process.
    static func run(bytes: Int = 20_000_000) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-dense-marks-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print("\n## Dense marks (\(bytes / 1_000_000) MB, a mark and bold text on every line, \(names.count) ingredients; the same lines unmarked)")
        let texts = books(bytes: bytes)
        for marked in [false, true] {
            let path = folder.appendingPathComponent(marked ? "marked.md" : "unmarked.md").path
            FileManager.default.createFile(atPath: path, contents: Data((marked ? texts.marked : texts.unmarked).utf8))
            // The child's lines come after this process's.
            fflush(nil)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["--profile-dense-marks", path, "Step"]
            try? child.run()
            child.waitUntilExit()
        }
    }

    /// `--profile-dense-marks FILE WORD`: opening the file as the editor does
    /// (read in slices to the end), then Ctrl-E on WORD, Ctrl-Z and Ctrl-Y,
    /// each handled and drawn; time and peak memory after each.
    static func profile(path: String, word: String) {
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 1
        func report(_ stage: String, _ seconds: Double) {
            let peak = Stopwatch.peakMemory()
            print("  " + stage.padding(toLength: 34, withPad: " ", startingAt: 0)
                + String(format: "%9.1f ms   resident %4d MiB, peak %4d MiB (%.1f× the file)", seconds * 1000,
                         Stopwatch.residentMemory() >> 20, peak >> 20, Double(peak) / Double(bytes)))
        }
        print("\(URL(fileURLWithPath: path).lastPathComponent), \(bytes / 1000) KB:")
        defer { fflush(nil) }
        var app: EditorController?
        report("opened and loaded", Stopwatch.time {
            guard let opened = try? RecipeFiles.open(path: path, progressively: true) else { return }
            let controller = EditorController(session: EditorSession(opened: opened, width: 120), width: 120, height: 40)
            controller.session.finishLoading()
            _ = controller.render()
            app = controller
        })
        guard let app else { return print("cannot open \(path)") }
        app.handle(.key(.control("f")))
        for character in word { app.handle(.text(String(character))) }
        app.handle(.key(Key(.enter)))
        _ = app.render()
        // As in the run loop: the marks are found and the progress drawn,
        // then merged a part at a time.
        app.loadsInBackground = true
        report("Ctrl-E on \"\(word)\", progress drawn", Stopwatch.time {
            app.handle(.key(.control("e")))
            _ = app.render()
        })
        var parts: [Double] = []
        report("  marked, in parts", Stopwatch.time {
            while app.isMarking { parts.append(Stopwatch.time { app.continueMarking(marks: 2000) }) }
            _ = app.render()
        })
        if !parts.isEmpty { print("    \(parts.count) parts of 2,000 marks, the longest \(Stopwatch.format(parts.max() ?? 0))") }
        print("    " + (app.message ?? ""))
        report("Ctrl-Z", Stopwatch.time {
            app.handle(.key(.control("z")))
            _ = app.render()
        })
        report("Ctrl-Y", Stopwatch.time {
            app.handle(.key(.control("y")))
            _ = app.render()
        })
    }
}

extension SystemRandomNumberGenerator {
    /// A small seeded generator (SplitMix64): the same book every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
