/// A colour a terminal can show: its own default, one of the 16 ANSI colours,
/// an index into the 256-colour palette, or 24-bit RGB.
///
/// `.default` means "whatever the user's theme uses"; as an attribute value it
/// is normalised away (a missing attribute already means the default), so a
/// document never stores it.
public enum TerminalColor: Hashable, Sendable, Codable {
    case `default`
    case ansi(ANSIColor)
    case palette(UInt8)
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    public static let green = TerminalColor.ansi(.green)
}

/// The 16 colours every colour terminal has, in SGR order (30–37, then 90–97).
public enum ANSIColor: UInt8, CaseIterable, Hashable, Sendable, Codable {
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow
    case brightBlue, brightMagenta, brightCyan, brightWhite
}
