import Foundation
import TerminalPictures
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
    }

    /// A file's drawing in a box of cells.
    struct Key: Hashable {
        var path: String
        var columns: Int
        var rows: Int
    }

    private let lock = NSLock()
    private var drawings: [Key: Drawing] = [:]
    /// Decoded pictures by file, the last used last (the oldest go first).
    private var decoded: [(path: String, picture: Result<Picture, PictureError>)] = []
    private var arrived = false
    private var arrivalCount = 0
    private let queue: DispatchQueue?

    /// How many decoded pictures are kept; each is at most `Picture.workingSide`² pixels.
    static let keptPictures = 4
    /// How many drawings are kept (a pane resized many times makes one a size).
    static let keptDrawings = 64

    /// `inBackground` false does the work when asked (tests).
    public init(inBackground: Bool = true) {
        queue = inBackground ? DispatchQueue(label: "roux.pictures", qos: .utility) : nil
    }

    /// The drawing of the file at `path` as large as `columns`×`rows` allow;
    /// `.loading` starts the work.
    public func drawing(of path: String, columns: Int, rows: Int) -> Drawing {
        let key = Key(path: path, columns: columns, rows: rows)
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
            return drawing(of: path, columns: columns, rows: rows)
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
            drawing = .cells(picture.symbolCells(columns: size.columns, rows: size.rows))
        case .failure(let error):
            drawing = .failed(error.message)
        }
        lock.lock()
        drawings[key] = drawing
        arrived = true
        arrivalCount += 1
        lock.unlock()
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
