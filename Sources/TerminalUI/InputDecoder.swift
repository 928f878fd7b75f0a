/// Turns the terminal's bytes into events: UTF-8 text, control keys, CSI and
/// SS3 sequences with modifiers (xterm style: `ESC [1;5C` is Ctrl-Right), SGR
/// mouse (`ESC [<b;x;yM`) and bracketed paste (`ESC [200~ … ESC [201~`), whose
/// content is text and never keys.
///
/// A lone ESC may start a sequence; the caller calls `flush()` when no byte
/// followed within the escape delay (~25 ms), and it becomes the Esc key.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    private var pasting: [UInt8]?

    public init() {}

    public var hasPending: Bool { !pending.isEmpty || pasting != nil }

    public mutating func feed(_ bytes: [UInt8]) -> [InputEvent] {
        pending += bytes
        var events: [InputEvent] = []
        while let (event, used) = decodeNext() {
            pending.removeFirst(used)
            if let event { events.append(Self.merging(event, into: &events)) }
        }
        return events.filter { $0 != .text("") }
    }

    /// Text typed in one read arrives as one event.
    private static func merging(_ event: InputEvent, into events: inout [InputEvent]) -> InputEvent {
        if case .text(let more) = event, case .text(let previous)? = events.last {
            events.removeLast()
            return .text(previous + more)
        }
        return event
    }

    /// What is pending after the escape delay: a lone ESC is the Esc key;
    /// an incomplete sequence is dropped rather than typed.
    public mutating func flush() -> [InputEvent] {
        defer { pending.removeAll() }
        if pending == [0x1B] { return [.key(Key(.escape))] }
        if pending.count == 2, pending[0] == 0x1B, pending[1] >= 0x20, pending[1] < 0x7F {
            return [.key(Key(.character(Character(Unicode.Scalar(pending[1]))), .alt))]
        }
        return []
    }

    /// The next event and how many bytes it used; nil when more bytes are needed.
    private mutating func decodeNext() -> (InputEvent?, Int)? {
        guard let first = pending.first else { return nil }
        if pasting != nil { return decodePaste() }
        switch first {
        case 0x1B: return decodeEscape()
        case 0x0D, 0x0A: return (.key(Key(.enter)), 1)
        case 0x09: return (.key(Key(.tab)), 1)
        case 0x7F, 0x08: return (.key(Key(.backspace)), 1)
        case 0x00: return (.key(Key(.character(" "), .control)), 1)
        case 0x01 ... 0x1A: return (.key(.control(Character(Unicode.Scalar(first + 0x60)))), 1)
        case 0x1C ... 0x1F: return (.key(.control(Character(Unicode.Scalar(first + 0x40)))), 1)
        default: return decodeText()
        }
    }

    /// One UTF-8 character. A broken sequence (a lead byte whose next byte
    /// does not continue it, as a terminal in another encoding sends) is one
    /// U+FFFD and never swallows the byte that broke it, which may be a key;
    /// C1 control characters (U+0080–U+009F) are not text and are dropped.
    private func decodeText() -> (InputEvent?, Int)? {
        let expected: Int
        switch pending[0] {
        case 0x00 ..< 0x80: expected = 1
        case 0xC0 ..< 0xE0: expected = 2
        case 0xE0 ..< 0xF0: expected = 3
        case 0xF0 ..< 0xF8: expected = 4
        default: return (nil, 1) // a stray continuation byte: dropped
        }
        var length = 1
        while length < expected {
            guard length < pending.count else { return nil }
            guard (0x80 ..< 0xC0).contains(pending[length]) else { return (.text("\u{FFFD}"), length) }
            length += 1
        }
        let text = String(decoding: pending[0 ..< length], as: UTF8.self)
        if text.unicodeScalars.contains(where: { (0x80 ..< 0xA0).contains($0.value) }) { return (nil, length) }
        return (.text(text), length)
    }

    private mutating func decodeEscape() -> (InputEvent?, Int)? {
        guard pending.count >= 2 else { return nil }
        switch pending[1] {
        case 0x5B: return decodeCSI()
        case 0x4F:
            guard pending.count >= 3 else { return nil }
            return (Self.key(final: pending[2], parameters: [], isSS3: true).map(InputEvent.key), 3)
        case 0x1B:
            return (.key(Key(.escape)), 1)
        case 0x5F:
            return decodeGraphicsReply()
        default:
            if pending[1] < 0x20 { return (.key(Key(.escape)), 1) }
            guard let (event, used) = Self.decodeTextAt(pending, from: 1) else { return nil }
            // ESC before a byte that is no character: the Esc key, and the rest read on its own.
            guard case .text(let text)? = event, let character = text.first, text != "\u{FFFD}" else { return (.key(Key(.escape)), 1) }
            return (.key(Key(.character(character), .alt)), 1 + used)
        }
    }

    /// `ESC _ G … ESC \`, kitty's graphics answer, read whole (never typed
    /// as text); `ESC _` before anything else is Alt-_.
    private mutating func decodeGraphicsReply() -> (InputEvent?, Int)? {
        guard pending.count >= 3 else { return nil }
        guard pending[2] == 0x47 else { return (.key(Key(.character("_"), .alt)), 2) }
        // Waits for its end; one that never ends goes with the escape delay (`flush`).
        guard let end = Self.find([0x1B, 0x5C], in: pending) else { return nil }
        return (.graphicsReply(String(decoding: pending[2 ..< end], as: UTF8.self)), end + 2)
    }

    private static func decodeTextAt(_ bytes: [UInt8], from start: Int) -> (InputEvent?, Int)? {
        var decoder = InputDecoder()
        decoder.pending = Array(bytes[start...])
        return decoder.decodeText()
    }

    private mutating func decodeCSI() -> (InputEvent?, Int)? {
        var index = 2
        while index < pending.count, !(0x40 ... 0x7E).contains(pending[index]) { index += 1 }
        guard index < pending.count else { return nil }
        let body = String(decoding: pending[2 ..< index], as: UTF8.self)
        let final = pending[index]
        let used = index + 1
        if final == 0x7E, body == "200" {
            pasting = []
            return (nil, used)
        }
        if body.hasPrefix("<"), final == 0x4D || final == 0x6D {
            return (Self.mouse(body.dropFirst(), released: final == 0x6D).map(InputEvent.mouse), used)
        }
        if body.hasPrefix("?"), body.hasSuffix("$"), final == 0x79 {
            // A mode report: "?2027;2$" then "y".
            let numbers = body.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) }
            return (numbers.count == 2 ? .modeReport(mode: numbers[0], setting: numbers[1]) : nil, used)
        }
        if body.hasPrefix("?"), final == 0x63 {
            // The device attributes: "?62;4;22" then "c".
            return (.deviceAttributes(body.dropFirst().split(separator: ";").compactMap { Int($0) }), used)
        }
        let parameters = body.split(separator: ";").map { Int($0) ?? 1 }
        return (Self.key(final: final, parameters: parameters, isSS3: false).map(InputEvent.key), used)
    }

    private mutating func decodePaste() -> (InputEvent?, Int)? {
        let end: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E] // ESC [201~
        guard let position = Self.find(end, in: pending) else {
            // Keep what may be the start of the end marker; the rest is content.
            let keep = min(pending.count, end.count - 1)
            let content = pending.count - keep
            pasting?.append(contentsOf: pending[..<content])
            return content > 0 ? (nil, content) : nil
        }
        pasting?.append(contentsOf: pending[..<position])
        let text = String(decoding: pasting ?? [], as: UTF8.self)
            .replacingCRLF()
        pasting = nil
        return (.paste(text), position + end.count)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0 ... haystack.count - needle.count where haystack[start] == needle[0] {
            if Array(haystack[start ..< start + needle.count]) == needle { return start }
        }
        return nil
    }

    /// xterm modifier parameter: 1 + (shift 1, alt 2, control 4).
    private static func modifiers(_ parameter: Int) -> Key.Modifiers {
        let bits = max(0, parameter - 1)
        var result: Key.Modifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        if bits & 8 != 0 { result.insert(.alt) } // meta
        return result
    }

    private static func key(final: UInt8, parameters: [Int], isSS3: Bool) -> Key? {
        let modifiers = parameters.count >= 2 ? modifiers(parameters[1]) : []
        switch final {
        case 0x41: return Key(.up, modifiers)
        case 0x42: return Key(.down, modifiers)
        case 0x43: return Key(.right, modifiers)
        case 0x44: return Key(.left, modifiers)
        case 0x48: return Key(.home, modifiers)
        case 0x46: return Key(.end, modifiers)
        case 0x5A: return Key(.tab, .shift)
        case 0x50, 0x51, 0x52, 0x53: return Key(.function(Int(final) - 0x4F), modifiers)
        case 0x7E:
            switch parameters.first ?? 0 {
            case 1, 7: return Key(.home, modifiers)
            case 4, 8: return Key(.end, modifiers)
            case 2: return Key(.insert, modifiers)
            case 3: return Key(.delete, modifiers)
            case 5: return Key(.pageUp, modifiers)
            case 6: return Key(.pageDown, modifiers)
            case 11 ... 15: return Key(.function((parameters.first ?? 11) - 10), modifiers)
            case 17 ... 21: return Key(.function((parameters.first ?? 17) - 11), modifiers)
            case 23, 24: return Key(.function((parameters.first ?? 23) - 12), modifiers)
            default: return nil
            }
        default: return nil
        }
    }

    private static func mouse(_ body: Substring, released: Bool) -> MouseEvent? {
        let numbers = body.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        let code = numbers[0]
        var modifiers: Key.Modifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let action: MouseEvent.Action
        if code & 64 != 0 {
            action = code & 1 == 0 ? .scrollUp : .scrollDown
        } else if released {
            action = .release
        } else {
            action = code & 32 != 0 ? .drag : .press
        }
        return MouseEvent(action: action, button: code & 3, x: numbers[1] - 1, y: numbers[2] - 1, modifiers: modifiers)
    }
}

extension String {
    /// Terminals send Enter in a paste as "\r": the editor's line break is "\n".
    func replacingCRLF() -> String {
        var result = ""
        var previousWasCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result.unicodeScalars.append("\n")
                previousWasCR = true
                continue
            }
            if scalar == "\n", previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
