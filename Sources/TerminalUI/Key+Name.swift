/// A key as a configuration file names it: `"ctrl-e"`, `"alt-x"`, `"f2"`,
/// `"shift-f6"`, `"ctrl-left"`, as micro and helix users write them
/// (modifiers `ctrl`/`c`, `alt`/`a`/`meta`/`m`, `shift`/`s`, joined by `-`
/// or `+`, in any case). Only keys a terminal can tell apart are accepted:
/// Ctrl-I is the byte Tab sends, Ctrl-Shift-E the byte of Ctrl-E.
extension Key {
    /// Why a key name cannot be read.
    public struct NameProblem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    private static let namedCodes: [String: Code] = [
        "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
        "pageup": .pageUp, "pgup": .pageUp, "pagedown": .pageDown, "pgdn": .pageDown,
        "insert": .insert, "ins": .insert, "delete": .delete, "del": .delete, "backspace": .backspace,
        "enter": .enter, "return": .enter, "tab": .tab, "esc": .escape, "escape": .escape, "space": .character(" "),
    ]

    /// The byte a terminal sends for Ctrl and a key, when that byte is
    /// another key's (Tab, Enter, Backspace) rather than Ctrl's own.
    private static let controlTakenBy: [Character: String] = ["i": "Tab", "m": "Enter", "j": "Enter", "h": "Backspace"]

    /// Characters Ctrl can go with: the letters, and the few others whose
    /// control byte a terminal sends (Ctrl-Space, Ctrl-\, Ctrl-], Ctrl-^, Ctrl-_).
    private static let controlCharacters: Set<Character> = Set("abcdefghijklmnopqrstuvwxyz \\]^_")

    /// Reads a key name; throws what is wrong with it, in words.
    public init(name: String) throws(NameProblem) {
        var parts = Self.split(name)
        guard let last = parts.popLast(), !last.isEmpty else {
            throw NameProblem(description: "\"\(name)\" is not a key name (write \"ctrl-e\", \"alt-x\", \"f2\", \"shift-f6\")")
        }
        var modifiers: Modifiers = []
        for part in parts {
            switch part.lowercased() {
            case "ctrl", "control", "c": modifiers.insert(.control)
            case "alt", "meta", "a", "m", "option": modifiers.insert(.alt)
            case "shift", "s": modifiers.insert(.shift)
            default: throw NameProblem(description: "\"\(part)\" in \"\(name)\" is not a modifier (ctrl, alt, shift)")
            }
        }
        let code = try Self.code(named: last, in: name)
        self.init(code, modifiers)
        try normalizeCharacter(name: name)
    }

    /// "ctrl-+" and "alt--": a `-` or `+` at the end is the key itself.
    private static func split(_ name: String) -> [String] {
        var parts: [String] = []
        var current = ""
        for character in name {
            if (character == "-" || character == "+"), !current.isEmpty {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    private static func code(named last: String, in name: String) throws(NameProblem) -> Code {
        let lowered = last.lowercased()
        if let code = namedCodes[lowered] { return code }
        if lowered.count >= 2, lowered.first == "f", let number = Int(lowered.dropFirst()) {
            guard (1...12).contains(number) else { throw NameProblem(description: "\"\(name)\": function keys go from F1 to F12") }
            return .function(number)
        }
        guard last.count == 1, let character = last.first else {
            throw NameProblem(description: "\"\(last)\" in \"\(name)\" is not a key (a letter, f1–f12, up, down, left, right, home, end, pageup, pagedown, insert, delete, backspace, enter, tab, esc, space)")
        }
        guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw NameProblem(description: "\"\(name)\" holds a control character")
        }
        return .character(character)
    }

    /// A character key as the terminal sends it: Ctrl with a lowercase
    /// letter, Alt with the character typed (Alt-Shift-x is Alt-X); a key
    /// that only types text, or that the terminal cannot send, is refused.
    private mutating func normalizeCharacter(name: String) throws(NameProblem) {
        guard case .character(var character) = code else { return }
        if modifiers.contains(.control) {
            if let small = character.lowercased().first, character.lowercased().count == 1 { character = small }
            if let taken = Self.controlTakenBy[character] {
                throw NameProblem(description: "\"\(name)\": a terminal sends \(taken) for it; choose another key")
            }
            guard Self.controlCharacters.contains(character) else {
                throw NameProblem(description: "\"\(name)\": a terminal has no Ctrl- for \"\(character)\" (letters, space, \\, ], ^, _)")
            }
            guard modifiers == .control else {
                throw NameProblem(description: "\"\(name)\": a terminal cannot send it apart from \(Key.control(character)); choose another key")
            }
        } else if modifiers.contains(.alt) {
            // Alt-Shift-x arrives as Alt and the capital the terminal typed.
            let capital = character.uppercased()
            if modifiers.contains(.shift), capital.count == 1, let typed = capital.first {
                character = typed
                modifiers.remove(.shift)
            }
        } else {
            throw NameProblem(description: "\"\(name)\" types text: bind it with ctrl- or alt- (\"ctrl-\(character.lowercased())\", \"alt-\(character)\")")
        }
        code = .character(character)
    }
}
