/// A key with its modifiers, as decoded from the terminal's bytes.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public enum Code: Hashable, Sendable {
        case character(Character)
        case up, down, left, right, home, end, pageUp, pageDown, insert, delete
        case backspace, enter, tab, escape
        case function(Int)
    }

    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let control = Modifiers(rawValue: 4)
    }

    public var code: Code
    public var modifiers: Modifiers

    public init(_ code: Code, _ modifiers: Modifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    /// Ctrl plus a letter: `Key.control("s")`.
    public static func control(_ letter: Character) -> Key { Key(.character(letter), .control) }
    public static func alt(_ letter: Character) -> Key { Key(.character(letter), .alt) }

    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.shift) { parts.append("Shift") }
        parts.append(code.name)
        return parts.joined(separator: "-")
    }
}

extension Key.Code {
    /// The name on a keyboard, as help screens write it.
    public var name: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character).uppercased()
        case .function(let number): "F\(number)"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .insert: "Insert"
        case .delete: "Delete"
        case .backspace: "Backspace"
        case .enter: "Enter"
        case .tab: "Tab"
        case .escape: "Esc"
        }
    }
}

public struct MouseEvent: Hashable, Sendable {
    public enum Action: Hashable, Sendable { case press, release, drag, scrollUp, scrollDown }
    public var action: Action
    public var button: Int
    /// 0-based cell.
    public var x: Int
    public var y: Int
    public var modifiers: Key.Modifiers

    public init(action: Action, button: Int, x: Int, y: Int, modifiers: Key.Modifiers = []) {
        self.action = action
        self.button = button
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }
}

public enum InputEvent: Hashable, Sendable {
    case key(Key)
    /// Typed text: printable characters, never commands.
    case text(String)
    /// A bracketed paste: one plain-text insertion, never interpreted as keys.
    case paste(String)
    case mouse(MouseEvent)
    case resize
    /// The terminal's answer to a mode query (DECRPM, `CSI ? mode ; setting $ y`):
    /// setting 1 set, 2 reset, 3 always set, 4 always reset, 0 unknown.
    case modeReport(mode: Int, setting: Int)
    /// The terminal's primary device attributes (DA1, `CSI ? 62 ; 4 ; 22 c`):
    /// its class, then what it can do (4: sixels).
    case deviceAttributes([Int])
    /// An answer of kitty's graphics protocol (`ESC _ Gi=31;OK ESC \`): the
    /// text between `ESC _` and `ESC \`.
    case graphicsReply(String)
}
