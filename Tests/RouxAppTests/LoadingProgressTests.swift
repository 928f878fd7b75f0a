import Foundation
import RecipeFormats
@testable import RouxApp
import TerminalUI
import Testing

/// A large file loads in the background after its first screen. The status
/// line says how much is loaded only once the load lasts: a load that ends
/// sooner leaves the first screen as it was drawn, not drawn again three
/// times (with the percentage, the percentage moved, without it).
@Suite("The loading progress of a large file")
struct LoadingProgressTests {
    /// A terminal where no key comes, which goes away once the file is loaded.
    final class QuietTerminal: TerminalBackend {
        let memory: MemoryTerminal
        var isDone: () -> Bool = { true }
        init(width: Int, height: Int) { memory = MemoryTerminal(width: width, height: height) }
        var width: Int { memory.width }
        var height: Int { memory.height }
        func present(_ grid: CellGrid, cursor: (x: Int, y: Int)?) { memory.present(grid, cursor: cursor) }
        func read(timeout: Double) -> [UInt8] { [] }
        var hasHungUp: Bool { isDone() }
        func sendControl(_ sequence: String) {}
        func updateSize() -> Bool { false }
        func graphemeClusteringReported(setting: Int) {}
        func showPictures(_ placements: [PicturePlacement]) {}
        func handOver() {}
    }

    /// The frames a run loop presents while it loads a large book, to the end.
    static func framesWhileLoading(saidAfter delay: TimeInterval) throws -> (frames: [CellGrid], app: EditorController) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-loading-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var book = "# Livre\n\n"
        for number in 0 ..< 120_000 { book += "Ligne \(number) du livre, sans rien de marqué.\n" }
        try book.write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path, progressively: true)),
                                   width: 100, height: 24)
        try #require(app.session.isLoading, "the book is large enough to load after its first screen")
        let terminal = QuietTerminal(width: 100, height: 24)
        terminal.isDone = { !app.isLoadingFile }
        var loop = EditorRunLoop(controller: app, terminal: terminal)
        loop.loadingSaidAfter = delay
        loop.run()
        return (terminal.memory.presented.map(\.grid), app)
    }

    @Test func aLoadThatEndsBeforeTheDelayLeavesTheFirstScreenAsItWas() throws {
        let (frames, app) = try Self.framesWhileLoading(saidAfter: .infinity)
        #expect(app.text.hasSuffix("Ligne 119999 du livre, sans rien de marqué."), "the run loop loaded the whole book")
        let first = try #require(frames.first)
        #expect(!first.line(22).contains("loading"), "the first screen does not announce the load")
        #expect(first.line(22).contains("1:1"))
        let redrawn = frames.indices.filter { frames[$0] != first }
        #expect(redrawn.isEmpty, "every frame is the first screen again: the screen was settled from the first")
    }

    @Test func aLoadThatLastsSaysHowMuchIsLoadedThenStopsSayingIt() throws {
        let (frames, _) = try Self.framesWhileLoading(saidAfter: 0)
        let first = try #require(frames.first)
        let last = try #require(frames.last)
        #expect(!first.line(22).contains("loading"))
        #expect(frames.contains { $0.line(22).contains("loading") && $0.line(22).contains("%…") })
        #expect(!last.line(22).contains("loading"), "once loaded, the status line no longer says it")
        #expect(last.line(0) == first.line(0))
    }
}
