/// What the app needs from a terminal; ncurses is one implementation, the
/// in-memory `MemoryTerminal` another (for tests).
public protocol TerminalBackend: AnyObject {
    var width: Int { get }
    var height: Int { get }
    /// Shows the grid, and the hardware cursor at `cursor` (or hidden).
    func present(_ grid: CellGrid, cursor: (x: Int, y: Int)?)
    /// Bytes typed, waiting at most `timeout` seconds; empty when none came.
    func read(timeout: Double) -> [UInt8]
    /// The terminal is gone (its window closed, the connection dropped):
    /// nothing will be read from it again.
    var hasHungUp: Bool { get }
    /// Sends text to the terminal outside the grid (OSC 52 clipboard).
    func sendControl(_ sequence: String)
    /// Re-reads the terminal's size; true when it changed.
    func updateSize() -> Bool
    /// The terminal answered the start-up query for mode 2027 (grapheme
    /// clustering, `InputEvent.modeReport`): with setting 1, 2 or 3 it can
    /// draw an emoji sequence whole in the cells the layout gives it.
    func graphemeClusteringReported(setting: Int)
    /// Draws the frame's pictures in pixels, after `present`: those not on
    /// screen yet are drawn, those gone or moved taken off. Called after
    /// every `present` of a whole frame, with the same list when nothing
    /// changed (then nothing is sent).
    func showPictures(_ placements: [PicturePlacement])
    /// Lets the terminal take what `present` wrote before the program works
    /// on: the typed character's echo, with the edit and its frame to come.
    func handOver()
}

/// A terminal in memory: the grid shown last, and input queued by a test.
public final class MemoryTerminal: TerminalBackend {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var screen: CellGrid
    public private(set) var cursor: (x: Int, y: Int)?
    public private(set) var controlSequences: [String] = []
    private var input: [[UInt8]] = []

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        screen = CellGrid(width: width, height: height)
    }

    /// Every frame presented, in order (tests of what the run loop draws when).
    public private(set) var presented: [(grid: CellGrid, cursor: (x: Int, y: Int)?)] = []

    public func present(_ grid: CellGrid, cursor: (x: Int, y: Int)?) {
        screen = grid
        self.cursor = cursor
        presented.append((grid, cursor))
    }

    public func read(timeout: Double) -> [UInt8] {
        input.isEmpty ? [] : input.removeFirst()
    }

    /// Set by `hangUpAfterInput`: the terminal goes once the queued input is read.
    private var hangsUp = false
    public var hasHungUp: Bool { hangsUp && input.isEmpty }

    public func hangUpAfterInput() {
        hangsUp = true
    }

    public func sendControl(_ sequence: String) {
        controlSequences.append(sequence)
    }

    public func updateSize() -> Bool { false }

    /// The settings the terminal reported for mode 2027, in order.
    public private(set) var graphemeClusteringReports: [Int] = []

    public func graphemeClusteringReported(setting: Int) {
        graphemeClusteringReports.append(setting)
    }

    /// The pictures of the last frame presented.
    public private(set) var pictures: [PicturePlacement] = []

    public func showPictures(_ placements: [PicturePlacement]) {
        pictures = placements
    }

    /// How many frames had been presented at each `handOver`, in order.
    public private(set) var handOvers: [Int] = []

    public func handOver() {
        handOvers.append(presented.count)
    }

    public func queue(_ bytes: [UInt8]) {
        input.append(bytes)
    }

    public func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
