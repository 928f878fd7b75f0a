import Foundation
import RecipeFormats
import RouxApp
import TerminalUI

/// `--profile-typing FILE`: the editor as peers.py drives it — the file opened
/// as the launcher opens it, read to the end, the middle line shown, then
/// characters typed there, each handled and drawn into the cell grid.
enum TypingProfile {
    static func run(path: String) {
        guard let opened = try? RecipeFiles.open(path: path, progressively: true) else { return print("could not open \(path)") }
        let app = EditorController(session: EditorSession(opened: opened, width: 120), width: 120, height: 40)
        while app.session.isLoading { app.session.loadMore() }
        app.handle(.key(.control("l")))
        let environment = ProcessInfo.processInfo.environment
        // ROUX_LINE: the line to type on (peers.py's middle line), else the middle paragraph.
        let line = environment["ROUX_LINE"].flatMap(Int.init) ?? app.session.layout.paragraphCount / 2
        for digit in String(line) { app.handle(.text(String(digit))) }
        app.handle(.key(Key(.enter)))
        _ = app.render()
        _ = app.session.title  // found once, by a scan peers.py sees in the settled first screen
        // A pause between keys, as a typist leaves (the caches cool down).
        let pause = environment["ROUX_PAUSE_MS"].flatMap(Double.init)
        var samples: [Double] = []
        var handling: [Double] = []
        let rounds = environment["ROUX_ROUNDS"].flatMap(Int.init) ?? 3000
        // ROUX_EVICT_KB: walks this much memory between keys instead of
        // waiting, to tell which cache level the keystroke's memory comes from.
        var evict = [UInt8](repeating: 1, count: (environment["ROUX_EVICT_KB"].flatMap(Int.init) ?? 0) << 10)
        var evictSum = 0
        for round in 0 ..< rounds {
            // 50 keys a line, as peers.py types, so lines stay their usual length.
            if round % 50 == 0 { app.handle(.key(Key(.down))); _ = app.render() }
            if let pause {
                // ROUX_SPIN=1 waits busy instead: tells a cold cache from a CPU
                // that slowed down or slept while the process waited.
                if environment["ROUX_SPIN"] == "1" {
                    let end = Stopwatch.seconds() + pause / 1000
                    while Stopwatch.seconds() < end {}
                } else {
                    usleep(useconds_t(pause * 1000))
                }
            }
            evict.withUnsafeMutableBufferPointer { bytes in
                for index in stride(from: 0, to: bytes.count, by: 64) { bytes[index] &+= 1; evictSum &+= Int(bytes[index]) }
            }
            var handled = 0.0
            samples.append(Stopwatch.time {
                handled = Stopwatch.time { app.handle(.text(round % 6 == 5 ? " " : "a")) }
                _ = app.render()
            })
            handling.append(handled)
        }
        // The sum is printed so the walk is not optimised away.
        let evicted = evict.isEmpty ? "" : "; \(evict.count >> 10) KB walked between keys (sum \(evictSum))"
        let sorted = samples.sorted()
        print("typing in \((path as NSString).lastPathComponent): median \(Stopwatch.format(Stopwatch.median(samples))), p95 \(Stopwatch.format(sorted[sorted.count * 95 / 100])); handling alone: median \(Stopwatch.format(Stopwatch.median(handling)))\(evicted)")
    }
}
