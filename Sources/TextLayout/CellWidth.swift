import CWideCharacter

/// How many terminal cells a grapheme takes, and what is drawn for it.
///
/// Widths come from glibc's `wcwidth`, which is what ncurses uses, so the
/// layout and the terminal agree: CJK and emoji presentation are 2, combining
/// marks join their base. The width of a grapheme is its first scalar's, but
/// for an emoji sequence that asks for emoji presentation (two cells).
///
/// Fallbacks, for what `wcwidth` does not know (glibc here has Unicode 14):
/// an unassigned scalar with emoji presentation is 2, other unknowns are 1.
/// Control characters are never sent to the terminal: C0 and DEL show in caret
/// notation (`^[`, `^?`, 2 cells), C1 as `<9b>` (4 cells). A combining mark with
/// no base is drawn on a dotted circle.
public enum CellWidth {
    /// `wcwidth` answers for the C library's locale; without a UTF-8 one it
    /// returns -1 for everything beyond ASCII. Use the user's locale when it is
    /// UTF-8, else C.UTF-8. Runs once.
    static let localeIsReady: Bool = roux_use_utf8_ctype() == 1

    /// The cells of one scalar as the terminal will count them.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        _ = localeIsReady
        let width = Int(roux_wcwidth(scalar.value))
        if width >= 0 { return width }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// What to draw for a grapheme and how wide it is, ignoring tabs (their
    /// width depends on the column, see `LineBreaker`).
    public static func display(of character: Character) -> (text: String, width: Int) {
        guard let first = character.unicodeScalars.first else { return ("", 0) }
        if first.value >= 0x20, first.value < 0x7F, character.utf8.count == 1 { return (String(character), 1) }
        if let placeholder = controlPlaceholder(first) { return (placeholder, placeholder.count) }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark:
            return ("\u{25CC}" + String(character), 1)
        default:
            let scalars = character.unicodeScalars
            if scalars.count > 1, isEmojiSequence(scalars) { return (String(character), emojiSequenceWidth(scalars)) }
            return (drawable(character), of(first))
        }
    }

    /// Whether a grapheme is an emoji sequence (ZWJ, flag, skin tone,
    /// keycap, tag or emoji presentation): its cell holds the whole sequence,
    /// which a terminal that clusters graphemes (mode 2027) draws whole and
    /// any other draws as `drawable` shows (the backend decides).
    public static func isEmojiSequence(_ scalars: String.UnicodeScalarView) -> Bool {
        guard let first = scalars.first, scalars.count > 1 else { return false }
        guard first.properties.isEmoji || isRegionalIndicator(first) else { return false }
        return scalars.dropFirst().contains { scalar in
            switch scalar.value {
            case 0x200D, 0xFE0F, 0x20E3, 0x1F3FB ... 0x1F3FF, 0xE0020 ... 0xE007F: true
            default: isRegionalIndicator(scalar)
            }
        }
    }

    /// The cells an emoji sequence takes: two when it asks for emoji
    /// presentation (U+FE0F, a flag's pair of regional indicators), as
    /// terminals that cluster graphemes draw it; else its first scalar's.
    /// The same whatever the terminal, so the layout never depends on it.
    static func emojiSequenceWidth(_ scalars: String.UnicodeScalarView) -> Int {
        guard let first = scalars.first else { return 0 }
        let presentation = scalars.contains { $0.value == 0xFE0F } || (isRegionalIndicator(first) && scalars.count > 1)
        return max(of(first), presentation ? 2 : 0)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6 ... 0x1F1FF).contains(scalar.value)
    }

    /// What a terminal that does not cluster graphemes can draw of one in
    /// the cells the layout gives it (its first scalar's width): the first
    /// scalar and the zero-width marks after it. Terminals disagree on the
    /// width of emoji sequences, so a ZWJ sequence is drawn as its first
    /// emoji ("👩‍🍳" as "👩"), a flag as its first regional indicator, a skin
    /// tone or variation selector is left out: otherwise the terminal may
    /// take more cells and push the line's end off.
    public static func drawable(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        guard scalars.count > 1, let first = scalars.first else { return String(character) }
        var kept = String.UnicodeScalarView([first])
        for scalar in scalars.dropFirst() {
            if scalar.value == 0x200D { break }
            // Variation selectors and the tags of a subdivision flag (🏴 + tags) are left out.
            if (0xFE00 ... 0xFE0F).contains(scalar.value) || (0xE0100 ... 0xE01EF).contains(scalar.value)
                || (0xE0020 ... 0xE007F).contains(scalar.value) { continue }
            guard of(scalar) == 0 else { break }
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Caret notation for C0 controls and DEL, hex for C1; nil for the rest.
    static func controlPlaceholder(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x00 ..< 0x20:
            return "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F:
            return "^?"
        case 0x80 ..< 0xA0:
            let hex = String(scalar.value, radix: 16)
            return "<" + hex + ">"
        default:
            return nil
        }
    }
}
