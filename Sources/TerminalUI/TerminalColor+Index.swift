public import RichText

extension TerminalColor {
    /// The colour number a curses library takes for this colour on a terminal
    /// of `colors` colours; -1 is the theme's own colour.
    ///
    /// With a direct-colour terminfo (`TERM=xterm-direct`, `tmux-direct`:
    /// 16,777,216 colours) a number is 0xRRGGBB, except 0–7, which stay the
    /// ANSI colours, and 8–15 when `brightIndexed` (the terminal's entry was
    /// made to send them as SGR 90–97, as xterm-direct16's does): 24-bit
    /// colours are shown exactly, the ANSI colours from the user's palette
    /// (by their xterm values when 8–15 cannot be). Otherwise 24-bit colours
    /// go to the nearest of the 256-colour cube, or to the theme's colour on
    /// terminals with fewer.
    public func cursesIndex(colors: Int, brightIndexed: Bool = false) -> Int32 {
        let direct = colors >= 1 << 24
        switch self {
        case .default:
            return -1
        case .ansi(let ansi):
            let index = Int32(ansi.rawValue)
            if direct, index >= 8, !brightIndexed { return Self.xtermBright[Int(index) - 8] }
            return index < Int32(colors) ? index : index % 8
        case .palette(let index):
            if direct { return brightIndexed && index < 16 ? Int32(index) : Self.xterm256(index) }
            return Int(index) < colors ? Int32(index) : -1
        case .rgb(let red, let green, let blue):
            if direct {
                let value = Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
                // The numbers of the ANSI colours: the nearest distinct value.
                let indexed: Int32 = brightIndexed ? 16 : 8
                return value < indexed ? indexed : value
            }
            guard colors >= 256 else { return -1 }
            func level(_ value: UInt8) -> Int32 { value < 48 ? 0 : value < 115 ? 1 : Int32((Int(value) - 35) / 40) }
            return 16 + 36 * level(red) + 6 * level(green) + level(blue)
        }
    }

    /// xterm's bright colours 8–15 as RGB.
    private static let xtermBright: [Int32] = [0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]

    /// An entry of xterm's 256-colour palette as RGB (for a direct-colour terminal).
    private static func xterm256(_ index: UInt8) -> Int32 {
        switch index {
        case 0 ..< 8: return Int32(index)
        case 8 ..< 16: return xtermBright[Int(index) - 8]
        case 16 ..< 232:
            let cube = Int32(index) - 16
            func channel(_ level: Int32) -> Int32 { level == 0 ? 0 : 55 + 40 * level }
            return max(8, channel(cube / 36) << 16 | channel(cube / 6 % 6) << 8 | channel(cube % 6))
        default:
            let gray = 8 + 10 * (Int32(index) - 232)
            return gray << 16 | gray << 8 | gray
        }
    }
}
