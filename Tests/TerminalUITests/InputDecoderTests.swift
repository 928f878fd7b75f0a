import Testing
import TerminalUI

@Suite("Decoding terminal input")
struct InputDecoderTests {
    private func decode(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = InputDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    @Test func textKeysAndControls() {
        #expect(decode(Array("héllo".utf8)) == [.text("héllo")])
        #expect(decode([0x13]) == [.key(.control("s"))])
        #expect(decode([0x7F, 0x0D, 0x09]) == [.key(Key(.backspace)), .key(Key(.enter)), .key(Key(.tab))])
        #expect(decode([0x1B]) == [.key(Key(.escape))])
        #expect(decode(Array("\u{1B}i".utf8)) == [.key(.alt("i"))])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key(.up)), ("\u{1B}[1;2C", Key(.right, .shift)), ("\u{1B}[1;5D", Key(.left, .control)),
        ("\u{1B}[1;6C", Key(.right, [.shift, .control])), ("\u{1B}[H", Key(.home)), ("\u{1B}OF", Key(.end)),
        ("\u{1B}[5~", Key(.pageUp)), ("\u{1B}[3~", Key(.delete)), ("\u{1B}OP", Key(.function(1))),
        ("\u{1B}[13~", Key(.function(3))), ("\u{1B}[1;5H", Key(.home, .control)), ("\u{1B}[Z", Key(.tab, .shift)),
    ])
    func sequences(sequence: String, key: Key) {
        #expect(decode(Array(sequence.utf8)) == [.key(key)])
    }

    /// The terminal's answer to the start-up query for mode 2027 is a report,
    /// never keys, however the reads cut it; what follows is typing.
    /// The answers to the pictures' start-up query: never typed as text.
    @Test func theTerminalsGraphicsAnswersAreNotText() {
        #expect(decode(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22c".utf8)) == [.graphicsReply("Gi=31;OK"), .deviceAttributes([62, 4, 22])])
        #expect(decode(Array("\u{1B}[?1;2cx".utf8)) == [.deviceAttributes([1, 2]), .text("x")])
        // Alt-_ stays a key.
        #expect(decode(Array("\u{1B}_a".utf8)) == [.key(Key(.character("_"), .alt)), .text("a")])
    }

    @Test func aGraphicsAnswerSplitAcrossReadsIsReadWhole() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}_Gi=31;".utf8)).isEmpty)
        #expect(decoder.feed(Array("OK\u{1B}\\".utf8)) == [.graphicsReply("Gi=31;OK")])
    }

    @Test func aModeReportIsNotAKey() {
        #expect(decode(Array("\u{1B}[?2027;2$y".utf8)) == [.modeReport(mode: 2027, setting: 2)])
        #expect(decode(Array("\u{1B}[?2027;0$yA".utf8)) == [.modeReport(mode: 2027, setting: 0), .text("A")])
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in Array("a\u{1B}[?2027;1$yb".utf8) { events += decoder.feed([byte]) }
        events += decoder.flush()
        #expect(events == [.text("a"), .modeReport(mode: 2027, setting: 1), .text("b")])
    }

    @Test func aPasteIsTextEvenWhenItLooksLikeKeys() {
        let paste = "\u{1B}[200~du \u{13}beurre\r\n\u{1B}[A fin\u{1B}[201~"
        #expect(decode(Array(paste.utf8)) == [.paste("du \u{13}beurre\n\u{1B}[A fin")])
    }

    @Test func aPasteSplitAcrossReadsIsOnePaste() {
        var decoder = InputDecoder()
        let bytes = Array("\u{1B}[200~un long collage\u{1B}[201~x".utf8)
        var events: [InputEvent] = []
        for chunk in stride(from: 0, to: bytes.count, by: 3) {
            events += decoder.feed(Array(bytes[chunk ..< min(bytes.count, chunk + 3)]))
        }
        #expect(events == [.paste("un long collage"), .text("x")])
    }

    @Test func sgrMouse() {
        #expect(decode(Array("\u{1B}[<0;10;5M".utf8)) == [.mouse(MouseEvent(action: .press, button: 0, x: 9, y: 4, modifiers: []))])
        #expect(decode(Array("\u{1B}[<32;11;5M".utf8)) == [.mouse(MouseEvent(action: .drag, button: 0, x: 10, y: 4, modifiers: []))])
        #expect(decode(Array("\u{1B}[<65;1;1M".utf8)) == [.mouse(MouseEvent(action: .scrollDown, button: 1, x: 0, y: 0, modifiers: []))])
    }

    /// A terminal in Latin-1 sends "é" as one byte: it is one replacement
    /// character, and the Backspace after it is still a key.
    @Test func brokenUTF8NeverSwallowsTheKeyAfterIt() {
        #expect(decode([0x63, 0xE9, 0x7F, 0x61]) == [.text("c\u{FFFD}"), .key(Key(.backspace)), .text("a")])
        #expect(decode([0xED, 0x08]) == [.text("\u{FFFD}"), .key(Key(.backspace))])
        // A C1 control character (U+0085) is no text.
        #expect(decode([0x61, 0xC2, 0x85, 0x62]) == [.text("ab")])
        // Alt before a byte that is no character: Esc, then the rest.
        #expect(decode([0x1B, 0x80, 0x61]) == [.key(Key(.escape)), .text("a")])
    }
}
