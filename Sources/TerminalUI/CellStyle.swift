public import RichText

/// How a cell looks. `.default` colours are the user's theme.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor = .default
    public var background: TerminalColor = .default
    public var bold = false
    public var italic = false
    public var underline = false
    public var strikethrough = false
    public var reverse = false
    public var dim = false
    /// A misspelt word's wavy line: curly where the terminal draws one
    /// (SGR 4:3), a plain underline elsewhere.
    public var curlyUnderline = false

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, bold: Bool = false,
                italic: Bool = false, underline: Bool = false, strikethrough: Bool = false, reverse: Bool = false, dim: Bool = false,
                curlyUnderline: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
        self.reverse = reverse
        self.dim = dim
        self.curlyUnderline = curlyUnderline
    }

    public static let plain = CellStyle()
}
