import Foundation
public import TerminalPictures
public import TerminalUI

/// The pictures the panes draw, decoded and drawn off the main thread and
/// kept by file and size, as a text system's attachments are by their
/// provider: a pane asks for a file's drawing in a box of cells on every
/// frame and gets it at once, drawn or not yet; the work is done on a queue
/// of its own, and the run loop redraws when some has arrived. A keystroke
/// never waits for a picture.
public final class PictureCache: @unchecked Sendable {
    /// What a pane draws for a picture now.
    public enum Drawing: Equatable, Sendable {
        /// Not decoded yet.
        case loading
        /// The picture in block symbols, a row of cells per row.
        case cells([[Cell]])
        /// Why it cannot be drawn (the file is missing, damaged, too large).
        case failed(String)
        /// The picture in the terminal's pixels (`EditorController.placePicture`).
        case pixels(PixelDrawing)

        /// The cells it takes once drawn (nil while loading or failed).
        public var size: (columns: Int, rows: Int)? {
            switch self {
            case .cells(let rows): (rows.first?.count ?? 0, rows.count)
            case .pixels(let drawing): (drawing.columns, drawing.rows)
            case .loading, .failed: nil
            }
        }
    }

    /// A picture drawn with a terminal's pixel protocol over `columns`×`rows`
    /// cells, from the file at `path` fitted in a box of `box` cells.
    public struct PixelDrawing: Equatable, Sendable {
        public var path: String
        public var box: Box
        public var columns: Int
        public var rows: Int
        /// What draws it from its top-left cell.
        public var bytes: [UInt8]
        /// What takes it off the screen (kitty: delete by id); empty when its cells drawn again do.
        public var erasure: [UInt8]
    }

    /// A box of cells a picture is fitted in.
    public struct Box: Hashable, Sendable {
        public var columns: Int
        public var rows: Int
    }

    /// A file's drawing in a box of cells, in block symbols (`kind` nil) or pixels.
    struct Key: Hashable {
        var path: String
        var columns: Int
        var rows: Int
        var kind: PixelProtocol?
    }

    private let lock = NSLock()
    private var drawings: [Key: Drawing] = [:]
    /// Decoded pictures by file, the last used last (the oldest go first).
    private var decoded: [(path: String, picture: Result<Picture, PictureError>)] = []
    private var arrived = false
    private var arrivalCount = 0
    private let queue: DispatchQueue?
    /// How the terminal draws pixels (nil: it does not, or not known yet):
    /// set when its answers have come, and then drawings are made for it.
    private var terminalProtocol: PixelProtocol?
    /// A cell's size in pixels on this terminal (sixels are drawn at it).
    private var cellPixels = (width: 10, height: 20)
    /// The id of the next kitty picture: each drawing has its own.
    private var nextKittyID: UInt32 = 100

    /// How many decoded pictures are kept; each is at most `Picture.workingSide`² pixels.
    static let keptPictures = 4
    /// How many drawings are kept (a pane resized many times makes one a size).
    static let keptDrawings = 64

    /// `inBackground` false does the work when asked (tests).
    public init(inBackground: Bool = true) {
        queue = inBackground ? DispatchQueue(label: "roux.pictures", qos: .utility) : nil
    }

    /// The protocol drawings are made for from now on, and a cell's size in
    /// pixels when the terminal told it.
    public func drawWithPixels(_ kind: PixelProtocol?, cellPixels: (width: Int, height: Int)? = nil) {
        lock.lock()
        defer { lock.unlock() }
        terminalProtocol = kind
        if let cellPixels, cellPixels.width > 0, cellPixels.height > 0 { self.cellPixels = cellPixels }
    }

    /// The protocol drawings are made for (nil: block symbols).
    public var pixelProtocol: PixelProtocol? {
        lock.lock()
        defer { lock.unlock() }
        return terminalProtocol
    }

    /// The drawing of the file at `path` as large as `columns`×`rows` allow,
    /// in the terminal's pixels when it has a protocol, else in block
    /// symbols; `.loading` starts the work.
    public func drawing(of path: String, columns: Int, rows: Int) -> Drawing {
        let kind = pixelProtocol
        let drawn = drawing(of: path, columns: columns, rows: rows, kind: kind)
        // While the pixels are made, the symbols already drawn stay.
        guard kind != nil, case .loading = drawn else { return drawn }
        lock.lock()
        defer { lock.unlock() }
        return drawings[Key(path: path, columns: columns, rows: rows, kind: nil)] ?? drawn
    }

    /// The drawing for `kind` (nil: block symbols).
    public func drawing(of path: String, columns: Int, rows: Int, kind: PixelProtocol?) -> Drawing {
        let key = Key(path: path, columns: columns, rows: rows, kind: kind)
        lock.lock()
        if let drawing = drawings[key] {
            lock.unlock()
            return drawing
        }
        if drawings.count >= Self.keptDrawings { drawings.removeAll() }
        drawings[key] = .loading
        lock.unlock()
        guard let queue else {
            draw(key)
            return drawing(of: path, columns: columns, rows: rows, kind: kind)
        }
        queue.async { [self] in draw(key) }
        return .loading
    }

    /// Whether a drawing arrived since the last call: the screen needs drawing.
    public func takeArrivals() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let result = arrived
        arrived = false
        return result
    }

    /// How many drawings have arrived so far: what a layout that makes
    /// room for pictures depends on (`TextAttachment`).
    public var arrivals: Int {
        lock.lock()
        defer { lock.unlock() }
        return arrivalCount
    }

    /// Forgets every drawing of the file (it changed on disk).
    public func forget(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        drawings = drawings.filter { $0.key.path != path }
        decoded.removeAll { $0.path == path }
    }

    private func draw(_ key: Key) {
        let drawing: Drawing
        switch picture(at: key.path) {
        case .success(let picture):
            let size = picture.cellSize(fitting: key.columns, key.rows)
            if let kind = key.kind {
                drawing = pixelDrawing(picture, kind: kind, key: key, size: size)
            } else {
                drawing = .cells(picture.symbolCells(columns: size.columns, rows: size.rows))
            }
        case .failure(let error):
            drawing = .failed(error.message)
        }
        lock.lock()
        drawings[key] = drawing
        arrived = true
        arrivalCount += 1
        lock.unlock()
    }

    /// The picture in pixels over the cells its symbols would take.
    private func pixelDrawing(_ picture: Picture, kind: PixelProtocol, key: Key, size: (columns: Int, rows: Int)) -> Drawing {
        lock.lock()
        let id = nextKittyID
        nextKittyID = nextKittyID == UInt32.max ? 100 : nextKittyID + 1
        let cell = cellPixels
        lock.unlock()
        let bytes = picture.pixelSequence(kind, columns: size.columns, rows: size.rows, cellPixels: cell,
                                          kittyID: kind == .kitty ? id : nil)
        guard !bytes.isEmpty else { return .cells(picture.symbolCells(columns: size.columns, rows: size.rows)) }
        return .pixels(PixelDrawing(path: key.path, box: Box(columns: key.columns, rows: key.rows), columns: size.columns, rows: size.rows,
                                    bytes: bytes, erasure: kind == .kitty ? PixelProtocol.kittyErasure(id: id) : []))
    }

    /// The decoded picture of a file, decoded once.
    private func picture(at path: String) -> Result<Picture, PictureError> {
        lock.lock()
        if let index = decoded.firstIndex(where: { $0.path == path }) {
            let entry = decoded.remove(at: index)
            decoded.append(entry)
            lock.unlock()
            return entry.picture
        }
        lock.unlock()
        let picture = Result { () throws(PictureError) in try Picture.decode(Self.bytes(at: path)) }
        lock.lock()
        decoded.append((path, picture))
        if decoded.count > Self.keptPictures { decoded.removeFirst() }
        lock.unlock()
        return picture
    }

    /// The file's bytes; its size is checked before it is read.
    static func bytes(at path: String) throws(PictureError) -> [UInt8] {
        let name = (path as NSString).lastPathComponent
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            throw PictureError("\(name) is not there")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw PictureError("\(name) is not a file") }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Picture.maximumFileBytes else { throw PictureError("\(name) is larger than \(Picture.maximumFileBytes >> 20) MB") }
        guard let data = FileManager.default.contents(atPath: path) else { throw PictureError("\(name) cannot be read") }
        return [UInt8](data)
    }
}
