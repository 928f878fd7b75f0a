public import RichText

/// The colours the editor shows marks in: an ingredient's, cookware's and
/// a timer's (the file never holds them), and how each highlight colour of
/// the colour menu (Alt-C) is shown. The file keeps the highlight's own
/// colour name; the theme only changes what this terminal shows for it.
public struct Theme: Equatable, Sendable {
    public var ingredient: TerminalColor = .green
    public var cookware: TerminalColor = .ansi(.cyan)
    public var timer: TerminalColor = .ansi(.magenta)
    /// A highlight's colour (as saved) → the colour shown.
    public var highlights: [TerminalColor: TerminalColor] = [:]

    public init() {}

    public static let standard = Theme()

    /// What is shown for a highlight saved as `color`.
    func highlight(_ color: TerminalColor) -> TerminalColor {
        highlights[color] ?? color
    }
}
