import RichText

/// A `CellStyle` in 64 bits — two colours of 26 bits and the flags — so that
/// cells compare as integers and a row of them as plain memory.
extension CellStyle {
    init(packed: UInt64) {
        self.init(foreground: Self.color(UInt32(packed & 0x3FF_FFFF)),
                  background: Self.color(UInt32((packed >> 26) & 0x3FF_FFFF)))
        let flags = packed >> 52
        bold = flags & 1 != 0
        italic = flags & 2 != 0
        underline = flags & 4 != 0
        strikethrough = flags & 8 != 0
        reverse = flags & 16 != 0
        dim = flags & 32 != 0
        curlyUnderline = flags & 64 != 0
    }

    var packed: UInt64 {
        var flags: UInt64 = 0
        if bold { flags |= 1 }
        if italic { flags |= 2 }
        if underline { flags |= 4 }
        if strikethrough { flags |= 8 }
        if reverse { flags |= 16 }
        if dim { flags |= 32 }
        if curlyUnderline { flags |= 64 }
        return UInt64(Self.bits(foreground)) | UInt64(Self.bits(background)) << 26 | flags << 52
    }

    /// Two bits of kind above 24 of value.
    private static func bits(_ color: TerminalColor) -> UInt32 {
        switch color {
        case .default: 0
        case .ansi(let ansi): 1 << 24 | UInt32(ansi.rawValue)
        case .palette(let index): 2 << 24 | UInt32(index)
        case .rgb(let red, let green, let blue): 3 << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        }
    }

    private static func color(_ bits: UInt32) -> TerminalColor {
        let value = bits & 0xFF_FFFF
        switch bits >> 24 {
        case 1: return .ansi(ANSIColor(rawValue: UInt8(value & 0xF)) ?? .white)
        case 2: return .palette(UInt8(value & 0xFF))
        case 3: return .rgb(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        default: return .default
        }
    }
}
