import Synchronization

/// A cell's grapheme in four bytes, so that a `Cell` holds no reference: a
/// screen of them is copied and compared like plain memory (the ncurses
/// backend compares 4,800 cells a keystroke). One scalar — nearly every cell
/// — is stored as itself; a longer cluster (a combining sequence, an emoji
/// sequence, the empty text of a continuation cell) by its number in a table
/// shared by the process, which only grows by the distinct clusters shown.
struct CellText: Hashable, Sendable {
    let raw: UInt32

    init(raw: UInt32) {
        self.raw = raw
    }

    /// Numbers above the last scalar name clusters of the table.
    private static let firstCluster: UInt32 = 0x11_0000

    init(_ text: String) {
        // ASCII first: no scalar decoding for the cells of most text.
        let utf8 = text.utf8
        if utf8.count == 1, let byte = utf8.first {
            raw = UInt32(byte)
            return
        }
        var scalars = text.unicodeScalars.makeIterator()
        if let first = scalars.next(), scalars.next() == nil {
            raw = first.value
        } else {
            raw = Self.firstCluster + ClusterTable.shared.number(of: text)
        }
    }

    /// More than one scalar: a number of the table (continuation cells' empty text too).
    var isCluster: Bool { raw >= Self.firstCluster }

    var string: String {
        raw < Self.firstCluster ? String(Unicode.Scalar(raw).map(Character.init) ?? " ")
            : ClusterTable.shared.cluster(numbered: raw - Self.firstCluster)
    }
}

/// The clusters longer than one scalar that cells have held, numbered.
private final class ClusterTable: Sendable {
    static let shared = ClusterTable()

    private struct Table {
        var clusters: [String] = []
        var numbers: [String: UInt32] = [:]
    }

    private let table = Mutex(Table())

    func number(of cluster: String) -> UInt32 {
        table.withLock { table in
            if let number = table.numbers[cluster] { return number }
            let number = UInt32(table.clusters.count)
            table.clusters.append(cluster)
            table.numbers[cluster] = number
            return number
        }
    }

    func cluster(numbered number: UInt32) -> String {
        table.withLock { $0.clusters[Int(number)] }
    }
}
