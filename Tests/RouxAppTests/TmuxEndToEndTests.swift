import Foundation
import Testing

/// The built `roux` in a real terminal (tmux, 120×40), played as a user would:
/// the seed's story. `make test` builds the binary and installs tmux first.
@Suite("In a real terminal (tmux)", .serialized)
struct TmuxEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/debug/roux").path

    /// A tmux server of its own, so tests never meet the user's sessions.
    final class Terminal {
        let socket = "roux-test-\(UUID().uuidString.prefix(8))"

        init(command: String) throws {
            try tmux(["new-session", "-d", "-s", "t", "-x", "120", "-y", "40", command])
        }

        deinit { _ = try? tmux(["kill-server"]) }

        /// Runs a tmux command through the shell. Not `Process`: the server
        /// that `new-session` starts inherits its descriptors, and `Process`
        /// then waits for it forever.
        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            let command = (["tmux", "-L", socket] + arguments).map(Self.quoted).joined(separator: " ")
            guard arguments.first == "capture-pane" || arguments.first == "list-panes" else {
                let status = system(command + " </dev/null >/dev/null 2>&1")
                guard status == 0 else { throw Failure(description: "\(command) exited with status \(status)") }
                return ""
            }
            guard let pipe = popen(command + " 2>/dev/null", "r") else { throw Failure(description: "\(command) did not start") }
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = fread(&buffer, 1, buffer.count, pipe)
                if count <= 0 { break }
                output.append(contentsOf: buffer[..<count])
            }
            let status = pclose(pipe)
            guard status == 0 else {
                let said = (try? tmuxErrors(command)) ?? ""
                throw Failure(description: "\(command) exited with status \(status): \(said)")
            }
            return String(decoding: output, as: UTF8.self)
        }

        /// What `command` says on its standard error, run again.
        private func tmuxErrors(_ command: String) throws -> String {
            guard let pipe = popen(command + " 2>&1 >/dev/null", "r") else { return "" }
            defer { pclose(pipe) }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = fread(&buffer, 1, buffer.count, pipe)
            return String(decoding: buffer[..<max(0, count)], as: UTF8.self)
        }

        struct Failure: Error, CustomStringConvertible {
            var description: String
        }

        static func quoted(_ argument: String) -> String {
            "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }

        func keys(_ keys: String...) throws {
            let before = try screen(colors: true)
            try tmux(["send-keys", "-t", "t"] + keys)
            settle(from: before)
        }

        func typeText(_ text: String) throws {
            let before = try screen(colors: true)
            // "--": text may start with "-" (a list item typed as a cook would).
            try tmux(["send-keys", "-t", "t", "-l", "--", text])
            settle(from: before)
        }

        /// Waits for the keys to show: until the screen differs from `before`
        /// and then holds still for a moment, or (keys that change nothing
        /// on screen) half a second. Not a fixed sleep: a loaded machine is
        /// slower than any fixed guess, an idle one faster.
        private func settle(from before: [String]) {
            let deadline = Date().addingTimeInterval(0.5)
            var last = before
            while Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
                // The keys may have ended the program, and its terminal with it.
                guard let now = try? screen(colors: true) else { return }
                if now != before, now == last { return }
                last = now
            }
        }

        /// Ctrl-Q, and `n` if the program asks whether to save: done when
        /// the program has ended (its terminal with it).
        func quitWithoutSaving() throws {
            try tmux(["send-keys", "-t", "t", "C-q"])
            let deadline = Date().addingTimeInterval(5)
            var answered = false
            while Date() < deadline {
                guard let screen = try? screen() else { return }
                if !answered, screen.contains(where: { $0.contains("Save changes before quitting?") }) {
                    _ = try? tmux(["send-keys", "-t", "t", "n"])
                    answered = true
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            throw Failure(description: "the program did not end after Ctrl-Q")
        }

        /// The screen, with colours as SGR codes (`capture-pane -e`).
        func screen(colors: Bool = false) throws -> [String] {
            try tmux(["capture-pane", "-t", "t", "-p"] + (colors ? ["-e"] : [])).components(separatedBy: "\n")
        }

        /// Waits until the screen shows `text` (the app takes a moment to start).
        func waitFor(_ text: String, timeout: Double = 5) throws -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if try screen().contains(where: { $0.contains(text) }) { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
    }

    static func scratchCopy(of sample: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(sample).path
        try FileManager.default.copyItem(atPath: root.appendingPathComponent("Resources/Recipes/\(sample)").path, toPath: path)
        return path
    }

    /// "beurre" drawn in green (SGR 32) on a screen line.
    static func greenWords(_ line: String) -> [String] {
        line.components(separatedBy: "\u{1B}[32m").dropFirst().map { $0.components(separatedBy: "\u{1B}[").first ?? "" }
    }

    @Test func theSeedStoryWithCroissants() throws {
        let path = try Self.scratchCopy(of: "croissants.md")
        var terminal: Terminal? = try Terminal(command: "env -u NO_COLOR \(Self.binary) \(path)")
        let screen = try #require(terminal)
        #expect(try screen.waitFor("Croissants au beurre"))

        // Mark "sucre" with Ctrl-E: the inspector lists it, the text shows it green.
        try screen.keys("C-f")
        try screen.typeText("pâte")
        try screen.keys("Enter")
        try screen.keys("C-e")
        #expect(try screen.waitFor("[ ] pâte" + String(repeating: " ", count: 20) + "2"))
        let colored = try screen.screen(colors: true)
        #expect(colored.contains { Self.greenWords($0).contains("pâte") })

        // Type right after a "beurre": the new letter is not green.
        try screen.keys("C-f")
        try screen.typeText("beurre")
        try screen.keys("Enter", "Right")
        try screen.typeText("s")
        let line = try #require(try screen.screen(colors: true).first { $0.contains("Aplatir") })
        #expect(Self.greenWords(line).contains("beurre"))
        #expect(!Self.greenWords(line).contains { $0.contains("s") })

        // Change a letter inside another "beurre": it loses its colour.
        try screen.keys("F3", "Left", "Right", "Right", "S-Right")
        try screen.typeText("l")
        let changed = try #require(try screen.screen(colors: true).first { $0.contains("Enfermer") })
        #expect(changed.contains("belrre"))
        #expect(!Self.greenWords(changed).contains { $0.contains("rre") })

        // Save, quit, reopen: the marks are back.
        try screen.keys("C-s")
        #expect(try screen.waitFor("saved"))
        try screen.keys("C-q")
        terminal = nil
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved.contains("^[pâte](ingredient: \"pâte\")"))
        #expect(saved.contains("Aplatir le ^[beurre](ingredient: \"beurre\")s"))
        #expect(saved.contains("Enfermer le belrre"))

        let reopened = try Terminal(command: "env -u NO_COLOR \(Self.binary) \(path)")
        #expect(try reopened.waitFor("[ ] pâte" + String(repeating: " ", count: 20) + "2"))
        #expect(try reopened.screen(colors: true).contains { Self.greenWords($0).contains("beurre") })
        try reopened.keys("C-q")
    }

    @Test func unsavedWorkSurvivesACrash() throws {
        let path = try Self.scratchCopy(of: "croissants.md")
        let state = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("state").path
        let command = "env -u NO_COLOR XDG_STATE_HOME=\(state) \(Self.binary) \(path)"
        var terminal: Terminal? = try Terminal(command: command)
        let screen = try #require(terminal)
        #expect(try screen.waitFor("Croissants au beurre"))
        try screen.keys("C-End")
        try screen.typeText(" Note avant la panne.")
        // After two seconds without a key the work is kept, in the background.
        let deadline = Date().addingTimeInterval(8)
        var kept: [String] = []
        while Date() < deadline {
            kept = (try? FileManager.default.contentsOfDirectory(atPath: state + "/roux")) ?? []
            if kept.contains(where: { !$0.hasPrefix(".") }) { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let file = try #require(kept.first { !$0.hasPrefix(".") })
        #expect(try String(contentsOfFile: state + "/roux/" + file, encoding: .utf8).contains("Note avant la panne."))
        // A crash: no chance to clean up.
        let pid = try screen.tmux(["list-panes", "-t", "t", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        kill(try #require(Int32(pid)), SIGKILL)
        terminal = nil
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Note avant la panne.") == false)

        let reopened = try Terminal(command: command)
        #expect(try reopened.waitFor("Unsaved work from an earlier session"))
        try reopened.keys("r")
        #expect(try reopened.waitFor("Note avant la panne."))
        try reopened.keys("C-s")
        #expect(try reopened.waitFor("saved"))
        try reopened.keys("C-q")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Note avant la panne."))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: state + "/roux")) ?? []).filter { !$0.hasPrefix(".") }.isEmpty,
                "quitting after saving removes the recovery file")
    }

    @Test func aHebrewLineWithAVisualSelectionAcrossTheWordAndIn() throws {
        let path = try Self.scratchCopy(of: "sufganiyot.md")
        let screen = try Terminal(command: "env -u NO_COLOR \(Self.binary) \(path)")
        #expect(try screen.waitFor("Put the תוינגפוס in the pan"))
        try screen.keys("C-f")
        try screen.typeText("Put the ")
        try screen.keys("Enter", "Escape", "Home")
        for _ in 0 ..< 12 { try screen.keys("Right") }
        for _ in 0 ..< 7 { try screen.keys("S-Right") }
        #expect(try screen.waitFor("2 ranges · 7 characters"))
        let line = try #require(try screen.screen(colors: true).first { $0.contains("Put the") })
        // Reverse video (SGR 7) on what is visually contiguous: גפוס in
        #expect(line.contains("\u{1B}[7m"))
        // The suggestion, grown to the whole words (a name that starts in
        // Hebrew), drawn as a right-to-left label.
        #expect(try screen.screen().contains { $0.contains("[+] in תוינגפוס") })
        try screen.keys("C-q")
    }

    /// A direct-colour terminal (entries like xterm-direct and xterm-direct16,
    /// compiled here: Debian ships them in ncurses-term) shows a named bright
    /// colour from the user's palette (SGR 104), never as fixed RGB, when
    /// terminfo has the sibling entry with 16 indexed colours; without one it
    /// stays RGB. 24-bit colours are exact on both.
    @Test func aDirectColourTerminalShowsBrightColoursFromItsPalette() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-direct-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("roux-direct.ti")
        let rgb = "38:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d"
        let rgbBackground = "48:2::%p1%{65536}%/%d:%p1%{256}%/%{255}%&%d:%p1%{255}%&%d"
        func entry(_ name: String, bright: Bool) -> String {
            let foreground = bright ? "%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e\(rgb)%;" : "%?%p1%{8}%<%t3%p1%d%e\(rgb)%;"
            let background = bright ? "%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e\(rgbBackground)%;"
                : "%?%p1%{8}%<%t4%p1%d%e\(rgbBackground)%;"
            return "\(name)|test entry,\n\tuse=xterm-256color, colors#0x1000000, pairs#0x10000, RGB,\n"
                + "\tsetaf=\\E[\(foreground)m,\n\tsetab=\\E[\(background)m,\n\tinitc@, ccc@, oc@,\n"
        }
        try (entry("roux-direct", bright: false) + entry("roux-direct16", bright: true) + entry("roux-alone", bright: false))
            .write(to: source, atomically: true, encoding: .utf8)
        let terminfo = folder.appendingPathComponent("terminfo").path
        #expect(system("tic -x -o \(terminfo) \(source.path) >/dev/null 2>&1") == 0, "tic compiles the entries")
        let path = folder.appendingPathComponent("colours.md").path
        try "# Couleurs\n\n^[bleu vif](backgroundColor: \"brightBlue\") et ^[orange](backgroundColor: \"#FF8000\")\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        for (term, bright) in [("roux-direct", "\u{1B}[104mbleu vif"), ("roux-alone", "\u{1B}[48;2;92;92;255mbleu vif")] {
            let screen = try Terminal(command: "env -u NO_COLOR TERMINFO=\(terminfo) TERM=\(term) \(Self.binary) \(path)")
            #expect(try screen.waitFor("bleu vif"))
            let line = try #require(try screen.screen(colors: true).first { $0.contains("bleu vif") })
            #expect(line.contains(bright), "\(term): \(line.debugDescription)")
            #expect(line.contains("\u{1B}[48;2;255;128;0morange"), "\(term): \(line.debugDescription)")
            try screen.keys("C-q")
        }
    }

    @Test func theTerminalIsRestoredOnQuit() throws {
        let path = try Self.scratchCopy(of: "dorayaki.md")
        let screen = try Terminal(command: "\(Self.binary) \(path); echo ROUX-EXITED; sleep 5")
        #expect(try screen.waitFor("どら焼き"))
        try screen.keys("C-q")
        #expect(try screen.waitFor("ROUX-EXITED"))
    }

    /// SIGTERM and SIGHUP keep the work in the recovery file and end with
    /// 143 and 129 (128 plus the signal), as shells expect.
    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129)])
    func aSignalKeepsTheWorkAndEndsWithItsStatus(signal: Int32, status: Int) throws {
        let path = try Self.scratchCopy(of: "croissants.md")
        let state = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("state").path
        let screen = try Terminal(command: "env XDG_STATE_HOME=\(state) \(Self.binary) \(path); echo ROUX-STATUS=$?; sleep 5")
        #expect(try screen.waitFor("Croissants au beurre"))
        try screen.keys("C-End")
        try screen.typeText(" Avant le signal.")
        let shell = try screen.tmux(["list-panes", "-t", "t", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let shellPID = try #require(Int32(shell))
        let roux = try #require(Self.child(of: shellPID), "no roux process under the pane's shell")
        kill(roux, signal)
        #expect(try screen.waitFor("ROUX-STATUS=\(status)"))
        let kept = ((try? FileManager.default.contentsOfDirectory(atPath: state + "/roux")) ?? []).filter { !$0.hasPrefix(".") }
        let file = try #require(kept.first)
        #expect(try String(contentsOfFile: state + "/roux/" + file, encoding: .utf8).contains("Avant le signal."))
        var info = stat()
        #expect(stat(state + "/roux/" + file, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(state + "/roux", &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    /// The process whose parent is `parent` (from /proc).
    static func child(of parent: Int32) -> Int32? {
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
                guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { continue }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                if fields.count > 1, Int32(fields[1]) == parent { return pid }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }
}
