public import RichText

/// A short line of the interface (the title bar, a list entry, an
/// ingredient, a message) in the order a terminal must draw it: the same
/// bidi algorithm, mirroring and Arabic shaping as the text pane, with
/// graphemes kept whole. The line's base direction is left to right, the
/// interface's; right-to-left runs inside it read right to left.
public enum VisualLabel {
    /// `text` in visual order, left to right; text without right-to-left
    /// characters is returned as it is.
    public static func visual(_ text: String, direction: ParagraphDirection = .leftToRight) -> String {
        guard text.unicodeScalars.contains(where: mayBeRightToLeft) else { return text }
        return String(String.UnicodeScalarView(visualGraphemes(text, direction: direction).flatMap(\.text)))
    }

    /// `text` in visual order and where a cursor before its `cursor`-th
    /// character (counted in logical order) is drawn: on that character's
    /// cell, as the number of characters of the visual text before it; at
    /// the end when `cursor` is past the last character. What a prompt
    /// being typed in shows.
    public static func visual(_ text: String, cursor: Int) -> (text: String, cursor: Int) {
        guard text.unicodeScalars.contains(where: mayBeRightToLeft) else { return (text, min(cursor, text.count)) }
        let graphemes = visualGraphemes(text, direction: .leftToRight)
        let shown = String(String.UnicodeScalarView(graphemes.flatMap(\.text)))
        guard let position = graphemes.firstIndex(where: { $0.logical == cursor }) else { return (shown, shown.count) }
        // Graphemes without a cell (direction controls) are not characters of the visual text.
        let before = graphemes[..<position].filter { !$0.text.isEmpty }.count
        return (shown, before)
    }

    /// The graphemes of `text` in visual order, each with its logical index
    /// and its scalars as drawn (shaped, direction controls left out).
    private static func visualGraphemes(_ text: String, direction: ParagraphDirection)
        -> [(logical: Int, text: String.UnicodeScalarView)] {
        let paragraph = BidiParagraph(text, direction: direction)
        let count = paragraph.scalars.count
        let shaped = paragraph.shapedScalars()
        // Where each scalar goes on screen.
        var column = [Int](repeating: 0, count: count)
        for (position, index) in paragraph.visualOrder(0 ..< count).enumerated() { column[index] = position }
        // Graphemes, each placed by its leftmost scalar, drawn in logical order inside.
        var graphemes: [(column: Int, logical: Int, text: String.UnicodeScalarView)] = []
        var index = 0
        for (logical, character) in text.enumerated() {
            var scalars = String.UnicodeScalarView()
            var leftmost = Int.max
            for _ in character.unicodeScalars {
                leftmost = min(leftmost, column[index])
                // A lam-alef ligature leaves U+FEFF on the alef: nothing to draw.
                if shaped[index] != 0xFEFF, let scalar = Unicode.Scalar(shaped[index]) { scalars.append(scalar) }
                index += 1
            }
            // Direction controls and isolates did their work: they have no cell.
            graphemes.append((leftmost, logical, String.UnicodeScalarView(scalars.filter { !isDirectionControl($0) })))
        }
        return graphemes.sorted { $0.column < $1.column }.map { ($0.logical, $0.text) }
    }

    /// `piece` (a name, a title) isolated from the words around it (FSI … PDI),
    /// so that a Hebrew name does not carry "×1" after it into its run.
    public static func isolated(_ piece: String) -> String {
        guard piece.unicodeScalars.contains(where: mayBeRightToLeft) else { return piece }
        return "\u{2068}" + piece + "\u{2069}"
    }

    /// A file or folder name (`שקשוקה.md`) isolated left to right (LRI …
    /// PDI), as a left-to-right interface's file manager or shell shows it:
    /// its extension stays at its right end whatever script the name is in
    /// (an isolate that takes the name's direction would draw `md.שקשוקה`).
    /// The title bar, the status line and the recipe list name files through it.
    public static func fileName(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: mayBeRightToLeft) else { return name }
        return "\u{2066}" + name + "\u{2069}"
    }

    private static func isDirectionControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069: true
        default: false
        }
    }

    /// Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms,
    /// and the explicit direction controls.
    private static func mayBeRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590 ... 0x08FF, 0xFB1D ... 0xFDFF, 0xFE70 ... 0xFEFF, 0x10800 ... 0x10FFF, 0x1E800 ... 0x1EFFF,
             0x200F, 0x202B, 0x202E, 0x2067: true
        default: false
        }
    }
}
