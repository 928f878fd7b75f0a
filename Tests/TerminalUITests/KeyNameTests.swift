import Testing
import TerminalUI

/// Key names as a configuration file writes them, read into the keys the
/// terminal's bytes decode to.
@Suite("Key names")
struct KeyNameTests {
    @Test(arguments: [
        ("ctrl-e", Key.control("e")), ("Ctrl-E", .control("e")), ("C-e", .control("e")), ("ctrl+k", .control("k")),
        ("alt-x", .alt("x")), ("Alt-Shift-x", .alt("X")), ("M-X", .alt("X")), ("alt--", .alt("-")),
        ("f2", Key(.function(2))), ("F12", Key(.function(12))), ("shift-f6", Key(.function(6), .shift)),
        ("ctrl-left", Key(.left, .control)), ("ctrl-shift-home", Key(.home, [.control, .shift])),
        ("pgdn", Key(.pageDown)), ("shift-tab", Key(.tab, .shift)), ("ctrl-space", Key(.character(" "), .control)),
        ("esc", Key(.escape)), ("alt-backspace", Key(.backspace, .alt)),
    ])
    func aNameReadsAsTheKeyTheTerminalSends(_ name: String, _ key: Key) throws {
        #expect(try Key(name: name) == key)
    }

    /// Every key a name gives is one the decoder makes from the terminal's bytes.
    @Test func namedKeysAreTheDecodedOnes() throws {
        var decoder = InputDecoder()
        #expect(decoder.feed([0x05]) == [.key(try Key(name: "ctrl-e"))])
        #expect(decoder.feed(Array("\u{1B}X".utf8)) == [.key(try Key(name: "alt-shift-x"))])
        #expect(decoder.feed(Array("\u{1B}[12~".utf8)) == [.key(try Key(name: "f2"))])
    }

    @Test(arguments: [
        ("e", "\"e\" types text: bind it with ctrl- or alt- (\"ctrl-e\", \"alt-e\")"),
        ("ctrl-i", "\"ctrl-i\": a terminal sends Tab for it; choose another key"),
        ("ctrl-m", "\"ctrl-m\": a terminal sends Enter for it; choose another key"),
        ("ctrl-shift-e", "\"ctrl-shift-e\": a terminal cannot send it apart from Ctrl-E; choose another key"),
        ("ctrl-1", "\"ctrl-1\": a terminal has no Ctrl- for \"1\" (letters, space, \\, ], ^, _)"),
        ("f13", "\"f13\": function keys go from F1 to F12"),
        ("hyper-e", "\"hyper\" in \"hyper-e\" is not a modifier (ctrl, alt, shift)"),
        ("ctrl-foo", "\"foo\" in \"ctrl-foo\" is not a key (a letter, f1–f12, up, down, left, right, home, end, pageup, pagedown, insert, delete, backspace, enter, tab, esc, space)"),
        ("", "\"\" is not a key name (write \"ctrl-e\", \"alt-x\", \"f2\", \"shift-f6\")"),
    ])
    func aNameThatIsNoKeySaysWhy(_ name: String, _ message: String) {
        #expect(throws: Key.NameProblem(description: message)) { try Key(name: name) }
    }
}
