public import RichText

/// Colours as the recipe file writes them: the 16 ANSI names ("green",
/// "brightBlue"), a few common names for 24-bit colours ("orange"),
/// "#rrggbb", and "palette(208)" for the 256-colour palette.
extension TerminalColor {
    static let extraNames: [(String, TerminalColor)] = [
        ("orange", .rgb(red: 255, green: 165, blue: 0)),
        ("purple", .rgb(red: 128, green: 0, blue: 128)),
        ("pink", .rgb(red: 255, green: 192, blue: 203)),
        ("brown", .rgb(red: 165, green: 42, blue: 42)),
        ("gray", .rgb(red: 128, green: 128, blue: 128)),
    ]

    public init?(fileName name: String) {
        if let ansi = ANSIColor.allCases.first(where: { "\($0)" == name }) {
            self = .ansi(ansi)
        } else if let extra = Self.extraNames.first(where: { $0.0 == name || (name == "grey" && $0.0 == "gray") }) {
            self = extra.1
        } else if name.hasPrefix("#"), name.count == 7, let value = UInt32(name.dropFirst(), radix: 16) {
            self = .rgb(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
        } else if name.hasPrefix("palette("), name.hasSuffix(")"), let index = UInt8(name.dropFirst(8).dropLast()) {
            self = .palette(index)
        } else if name == "default" {
            self = .default
        } else {
            return nil
        }
    }

    public var fileName: String {
        switch self {
        case .default: return "default"
        case .ansi(let ansi): return "\(ansi)"
        case .palette(let index): return "palette(\(index))"
        case .rgb(let red, let green, let blue):
            if let extra = Self.extraNames.first(where: { $0.1 == self }) { return extra.0 }
            return "#" + [red, green, blue].map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }
    }
}
