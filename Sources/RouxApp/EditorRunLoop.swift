import Foundation
import RecipeStorage
import RecipeFormats
public import TerminalUI

/// Runs the editor on a terminal until the user quits or a signal asks.
public struct EditorRunLoop {
    public let controller: EditorController
    public let terminal: any TerminalBackend
    /// A signal number when SIGTERM or SIGHUP arrived (checked between events).
    public let terminationRequested: () -> Int32

    public init(controller: EditorController, terminal: any TerminalBackend,
                terminationRequested: @escaping () -> Int32 = { 0 }) {
        self.controller = controller
        self.terminal = terminal
        self.terminationRequested = terminationRequested
    }

    /// The status line says how much of a large file is loaded once its
    /// load has lasted this long (seconds). A load that ends sooner (a 5 MB
    /// file's) is not announced, so its first screen is also its last: no
    /// percentage drawn, then drawn again, then taken off. Apps delay a
    /// progress indicator the same way.
    public var loadingSaidAfter: Double = 0.5

    /// Unsaved work is kept in the recovery file after this much idle time.
    static let recoveryDelay = 2.0
    /// How often an idle editor looks whether its file changed on disk (a `stat`).
    static let diskCheckInterval = 3.0

    /// How much of a large file to read between two looks at the keyboard. A
    /// key that arrives during a slice waits for it: while keys are coming
    /// (less than 0.15 s apart) nothing is read, just after that small slices
    /// (too short to feel), and larger ones once the user pauses, to load sooner.
    static func loadingSlice(idle: TimeInterval) -> Int {
        idle < 0.15 ? 0 : idle < 1 ? 32 << 10 : 128 << 10
    }

    /// A part of a marking takes about this long: a key typed meanwhile waits no more.
    static let markingPartTime = 0.03

    /// The marks the next part merges, from how long the last part took.
    static func nextMarkingPart(after marks: Int, took seconds: TimeInterval) -> Int {
        let scaled = Double(marks) * markingPartTime / max(seconds, 0.001)
        return max(50, min(Int(scaled), marks * 2))
    }

    /// Runs until the user quits (returns 0) or a signal ends it: then the
    /// work is in the recovery file and the signal's number is returned, for
    /// the process to exit with 128 plus it, as shells expect.
    @discardableResult
    public func run() -> Int32 {
        var decoder = InputDecoder()
        var lastActivity = Date.distantPast
        var recoveredVersion = -1
        var lastDiskCheck = Date()
        controller.offerKeptWork()
        var needsDrawing = true
        // The frame on screen, for the typed character's echo.
        var shown: (grid: CellGrid, cursor: (x: Int, y: Int)?)?
        // The background loading's percentage is redrawn at most this often:
        // the screen stays still while the user reads.
        var lastLoadingDraw = Date()
        // When the load under way began (nil while none is).
        var loadBegan: Date?
        controller.saysLoadingProgress = false
        // How many marks a part of a marking merges, grown or shrunk to take `markingPartTime`.
        var markingPart = 500
        var lastMarkingDraw = Date.distantPast
        controller.loadsInBackground = true
        // Which pixels the terminal draws: its answers come with the keys, and nothing waits for them.
        if let query = controller.takePixelQuery() { terminal.sendControl(query) }
        while !controller.quitRequested {
            if terminal.updateSize() || terminal.width != controller.width || terminal.height != controller.height {
                controller.resize(width: terminal.width, height: terminal.height)
                needsDrawing = true
            }
            // Drawn only when something happened: an idle editor costs nothing.
            if needsDrawing {
                let (grid, cursor) = controller.render()
                terminal.present(grid, cursor: cursor)
                terminal.showPictures(controller.picturePlacements)
                shown = (grid, cursor)
                needsDrawing = false
            }
            for sequence in controller.takeTerminalSequences() { terminal.sendControl(sequence) }

            // A signal, or a terminal that is gone without one (a closed
            // window whose hang-up went to another process): keep the work, stop.
            if terminationRequested() != 0 || terminal.hasHungUp {
                controller.keepUnsavedWork(now: true)
                controller.stopSharingTimers()
                return terminationRequested() != 0 ? terminationRequested() : SIGHUP
            }
            if controller.isWaitingForLoad {
                // A command waits for text not read yet: load at full speed,
                // drawing the progress; keys go to the wait (Esc stops it).
                let bytes = terminal.read(timeout: 0)
                var events = decoder.feed(bytes)
                // A lone Esc: a whole slice has passed since it came, time for a sequence to follow.
                if bytes.isEmpty, decoder.hasPending { events += decoder.flush() }
                dispatch(events)
                if controller.continueLoadWait() || !events.isEmpty { needsDrawing = true }
                continue
            }
            if controller.isMarking {
                // Marks are merged a part at a time; keys are read between
                // parts and handled at once (Esc stops the marking). While
                // they are found on another thread, it waits for keys a little.
                let bytes = terminal.read(timeout: controller.isFindingMarks ? 0.01 : 0)
                var events = decoder.feed(bytes)
                if bytes.isEmpty, decoder.hasPending { events += decoder.flush() }
                if !events.isEmpty {
                    lastActivity = Date()
                    needsDrawing = true
                    dispatch(events)
                    continue
                }
                let start = Date()
                let finding = controller.isFindingMarks
                let moved = controller.continueMarking(marks: markingPart, waiting: false)
                if !finding { markingPart = Self.nextMarkingPart(after: markingPart, took: Date().timeIntervalSince(start)) }
                if moved, Date().timeIntervalSince(lastMarkingDraw) > 0.1 || !controller.isMarking {
                    needsDrawing = true
                    lastMarkingDraw = Date()
                }
                continue
            }
            let isLoading = controller.isLoadingFile
            if isLoading {
                let began = loadBegan ?? Date()
                loadBegan = began
                if !controller.saysLoadingProgress, Date().timeIntervalSince(began) >= loadingSaidAfter {
                    controller.saysLoadingProgress = true
                    needsDrawing = true
                }
            } else if loadBegan != nil {
                loadBegan = nil
                controller.saysLoadingProgress = false
            }
            let slice = isLoading ? Self.loadingSlice(idle: Date().timeIntervalSince(lastActivity)) : 0
            let bytes = terminal.read(timeout: decoder.hasPending ? 0.025 : slice > 0 ? 0 : isLoading ? 0.05 : 0.2)
            var events = decoder.feed(bytes)
            // The timers count in the status line and ring, whatever else goes on.
            if controller.advanceTimers() { needsDrawing = true }
            if bytes.isEmpty, decoder.hasPending { events += decoder.flush() }
            if events.isEmpty, isLoading {
                // The rest of a large file, a slice at a time while the user reads.
                guard slice > 0 else { continue }
                let loaded = controller.loadSlice(bytes: slice)
                let moved = loaded.percentMoved && controller.saysLoadingProgress && Date().timeIntervalSince(lastLoadingDraw) > 0.5
                if loaded.foundProblems || moved || loaded.isComplete {
                    needsDrawing = true
                    lastLoadingDraw = Date()
                }
                continue
            }
            if events.isEmpty {
                // A write of unsaved work that failed is not silent.
                if controller.showRecoveryProblem() { needsDrawing = true }
                // Spelling is checked when no key comes, never on a key's path.
                if controller.checkSpellingOnScreen() { needsDrawing = true }
                // A picture decoded in the background is drawn.
                if controller.pictures.takeArrivals() { needsDrawing = true }
                if Date().timeIntervalSince(lastDiskCheck) > Self.diskCheckInterval {
                    lastDiskCheck = Date()
                    if controller.noticeDiskChange() { needsDrawing = true }
                }
                let idle = Date().timeIntervalSince(lastActivity)
                if idle > Self.recoveryDelay, let version = controller.unsavedWorkVersion, version != recoveredVersion {
                    controller.keepUnsavedWork(now: false)
                    recoveredVersion = version
                }
                continue
            }
            lastActivity = Date()
            needsDrawing = true
            // A typed character shows at once; the frame that follows the edit corrects all else.
            if let frame = shown, let echo = controller.typingEcho(for: events, on: frame.grid, cursor: frame.cursor) {
                terminal.present(echo.grid, cursor: echo.cursor)
                // The terminal shows it now, not after the frame the edit draws.
                terminal.handOver()
                shown = nil
            }
            dispatch(events)
        }
        // Quitting on purpose: saved or discarded, the recovery file has done its job.
        controller.discardKeptWork()
        controller.stopSharingTimers()
        return 0
    }

    /// Events to the editor; the terminal's reports to the terminal.
    private func dispatch(_ events: [InputEvent]) {
        for event in events {
            if case .modeReport(let mode, let setting) = event {
                if mode == 2027 { terminal.graphemeClusteringReported(setting: setting) }
            } else if !controller.noteTerminalAnswer(event) {
                controller.handle(event)
            }
        }
    }
}
