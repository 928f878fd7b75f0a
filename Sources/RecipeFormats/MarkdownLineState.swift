/// What the Markdown reader carries from one line to the next: whether a
/// code block or an HTML block goes on, whether the line before was blank
/// and whether a list is open (an indented line there is the list's, not
/// code). Packed in a number so a source map can keep it per line.
struct MarkdownLineState: Equatable {
    enum Block: Equatable {
        case normal
        /// Inside a fenced code block opened by `length` backticks or tildes.
        case fenced(tilde: Bool, length: Int)
        /// Inside an HTML block that ends as CommonMark's condition `condition` (1…7) says.
        case html(condition: Int)
        /// After a line of an indented code block.
        case indentedCode
    }

    var block: Block = .normal
    var afterBlank = false
    var inList = false

    /// The state before a body's first line: as after a blank line.
    static let start = MarkdownLineState(afterBlank: true)

    init(block: Block = .normal, afterBlank: Bool = false, inList: Bool = false) {
        self.block = block
        self.afterBlank = afterBlank
        self.inList = inList
    }

    init(packed: UInt32) {
        let detail = Int(packed >> 3 & 0xFF)
        switch packed & 0x7 {
        case 1: block = .fenced(tilde: false, length: detail)
        case 2: block = .fenced(tilde: true, length: detail)
        case 3: block = .html(condition: detail)
        case 4: block = .indentedCode
        default: block = .normal
        }
        afterBlank = packed & (1 << 16) != 0
        inList = packed & (1 << 17) != 0
    }

    var packed: UInt32 {
        var value: UInt32
        switch block {
        case .normal: value = 0
        case .fenced(let tilde, let length): value = (tilde ? 2 : 1) | UInt32(min(length, 255)) << 3
        case .html(let condition): value = 3 | UInt32(condition) << 3
        case .indentedCode: value = 4
        }
        if afterBlank { value |= 1 << 16 }
        if inList { value |= 1 << 17 }
        return value
    }
}
