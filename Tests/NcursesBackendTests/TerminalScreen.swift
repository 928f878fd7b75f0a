/// What a terminal shows after the bytes a program sent: the cells with
/// their text and pen, and the private modes set and reset (mouse, bracketed
/// paste, the alternate screen). It understands the sequences ncurses sends
/// for xterm-256color; any other sequence is skipped whole.
struct TerminalScreen {
    /// How a cell is drawn: SGR attributes and colour numbers (nil: the default).
    struct Pen: Equatable {
        var bold = false
        var dim = false
        var italic = false
        var underline = false
        /// SGR 4:3 (4:0 and 24 end it, 4 and 4:1 make it plain).
        var curly = false
        var reverse = false
        var foreground: Int?
        var background: Int?
    }

    struct Cell: Equatable {
        var text: Character = " "
        var pen = Pen()
    }

    let width: Int
    let height: Int
    private(set) var cells: [[Cell]]
    private(set) var x = 0
    private(set) var y = 0
    private var pen = Pen()
    private var last: Character = " "
    /// The last setting of each private mode (`CSI ? n h` / `CSI ? n l`).
    private(set) var modes: [Int: Bool] = [:]
    /// The application program commands and device control strings received
    /// (kitty's graphics, sixels), each with the cell the cursor was on.
    private(set) var strings: [(text: String, x: Int, y: Int)] = []
    /// The cells a sixel covers from the cursor, painted "▓" as a terminal
    /// paints its pixels over them (until they are drawn again).
    let sixelSize: (columns: Int, rows: Int)

    init(width: Int, height: Int, bytes: [UInt8], sixelSize: (columns: Int, rows: Int) = (0, 0)) {
        self.width = width
        self.height = height
        self.sixelSize = sixelSize
        cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
        feed(String(decoding: bytes, as: UTF8.self))
    }

    /// The row's text, trailing blanks left out.
    func line(_ row: Int) -> String {
        var text = String(cells[row].map(\.text))
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The pens of `word`'s cells where it first appears on `row`.
    func pens(of word: String, row: Int) -> [Pen]? {
        guard let start = line(row).range(of: word) else { return nil }
        let column = line(row).distance(from: line(row).startIndex, to: start.lowerBound)
        return cells[row][column ..< column + word.count].map(\.pen)
    }

    private mutating func feed(_ text: String) {
        var characters = text[...]
        while let character = characters.popFirst() {
            switch character {
            case "\u{1B}": escape(&characters)
            case "\r": x = 0
            case "\n": y = min(height - 1, y + 1)
            case "\u{08}": x = max(0, x - 1)
            case "\t": x = min(width - 1, (x / 8 + 1) * 8)
            default:
                guard character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { continue }
                put(character)
            }
        }
    }

    private mutating func put(_ character: Character) {
        if x >= width { x = width - 1 }
        cells[y][x] = Cell(text: character, pen: pen)
        last = character
        x += 1
    }

    private mutating func escape(_ characters: inout Substring) {
        guard let kind = characters.popFirst() else { return }
        switch kind {
        case "[": controlSequence(&characters)
        case "]":
            // An operating system command, up to BEL or ESC \.
            while let next = characters.popFirst(), next != "\u{07}" {
                if next == "\u{1B}" { characters.removeFirst(min(1, characters.count)); break }
            }
        case "_", "P":
            // A string up to ESC \.
            var text = ""
            while let next = characters.popFirst() {
                if next == "\u{1B}", characters.first == "\\" {
                    characters.removeFirst()
                    break
                }
                text.append(next)
            }
            strings.append((String(kind) + text, x, y))
            if kind == "P" {
                for row in y ..< min(height, y + sixelSize.rows) {
                    for column in x ..< min(width, x + sixelSize.columns) { cells[row][column] = Cell(text: "▓", pen: pen) }
                }
            }
        case "(", ")", "*", "+", "#", " ": characters.removeFirst(min(1, characters.count))
        default: break
        }
    }

    private mutating func controlSequence(_ characters: inout Substring) {
        var parameters = ""
        var final: Character = "@"
        while let next = characters.popFirst() {
            if let value = next.asciiValue, (0x40 ... 0x7E).contains(value) {
                final = next
                break
            }
            parameters.append(next)
        }
        let isPrivate = parameters.hasPrefix("?")
        let intermediate = parameters.contains { "$ !\"'".contains($0) }
        // A parameter with sub-parameters (4:3, 58:5:1) becomes its first
        // number times 1000 plus its second (4003, 58005).
        let numbers = parameters.drop { "?>=<".contains($0) }.split(separator: ";", omittingEmptySubsequences: false).map { piece in
            let parts = piece.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            return parts.count > 1 ? parts[0] * 1000 + parts[1] : Int(piece)
        }
        func number(_ index: Int, _ fallback: Int = 1) -> Int {
            index < numbers.count ? (numbers[index] ?? fallback) : fallback
        }
        if intermediate { return }
        if isPrivate {
            if final == "h" || final == "l" {
                for mode in numbers.compactMap({ $0 }) { modes[mode] = final == "h" }
            }
            return
        }
        switch final {
        case "H", "f":
            y = min(height - 1, max(0, number(0) - 1))
            x = min(width - 1, max(0, number(1) - 1))
        case "A": y = max(0, y - number(0))
        case "B": y = min(height - 1, y + number(0))
        case "C": x = min(width - 1, x + number(0))
        case "D": x = max(0, x - number(0))
        case "G", "`": x = min(width - 1, max(0, number(0) - 1))
        case "d": y = min(height - 1, max(0, number(0) - 1))
        case "K": erase(row: y, from: number(0, 0) == 0 ? x : 0, to: number(0, 0) == 1 ? x + 1 : width)
        case "J":
            switch number(0, 0) {
            case 0:
                erase(row: y, from: x, to: width)
                for row in y + 1 ..< height { erase(row: row, from: 0, to: width) }
            case 1:
                for row in 0 ..< y { erase(row: row, from: 0, to: width) }
                erase(row: y, from: 0, to: x + 1)
            default:
                for row in 0 ..< height { erase(row: row, from: 0, to: width) }
            }
        case "X": erase(row: y, from: x, to: min(width, x + number(0)))
        case "b": for _ in 0 ..< number(0) { put(last) }
        case "m": select(numbers.map { $0 ?? 0 })
        default: break
        }
    }

    private mutating func erase(row: Int, from start: Int, to end: Int) {
        for column in max(0, start) ..< min(width, max(start, end)) {
            cells[row][column] = Cell(text: " ", pen: Pen(background: pen.background))
        }
    }

    /// Select graphic rendition.
    private mutating func select(_ numbers: [Int]) {
        var codes = (numbers.isEmpty ? [0] : numbers)[...]
        while let code = codes.popFirst() {
            switch code {
            case 0: pen = Pen()
            case 1: pen.bold = true
            case 2: pen.dim = true
            case 3: pen.italic = true
            case 4, 4001: pen.underline = true; pen.curly = false
            case 4003: pen.underline = true; pen.curly = true
            case 4000: pen.underline = false; pen.curly = false
            case 7: pen.reverse = true
            case 22: pen.bold = false; pen.dim = false
            case 23: pen.italic = false
            case 24: pen.underline = false; pen.curly = false
            case 27: pen.reverse = false
            case 30 ... 37: pen.foreground = code - 30
            case 90 ... 97: pen.foreground = code - 90 + 8
            case 39: pen.foreground = nil
            case 40 ... 47: pen.background = code - 40
            case 100 ... 107: pen.background = code - 100 + 8
            case 49: pen.background = nil
            case 38, 48:
                // 5;n (a palette colour) or 2;r;g;b (kept as -1: not a palette colour).
                let kind = codes.popFirst()
                let colour = kind == 5 ? codes.popFirst() ?? 0 : -1
                if kind == 2 { codes = codes.dropFirst(3) }
                if code == 38 { pen.foreground = colour } else { pen.background = colour }
            default: break
            }
        }
    }
}
