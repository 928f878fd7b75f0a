import Testing
@testable import TerminalPictures

/// Which protocol a terminal draws pixels with, from its answers, and the
/// bytes each protocol is sent.
@Suite struct PixelProtocolTests {
    @Test func aTerminalThatAnswersTheKittyQueryDrawsWithIt() {
        #expect(PixelProtocol.detect(kittyReply: "Gi=31;OK", deviceAttributes: [62, 22], environment: [:]) == .kitty)
    }

    @Test func aKittyErrorIsNoKittyGraphics() {
        #expect(PixelProtocol.detect(kittyReply: "Gi=31;ENOTSUPPORTED:", deviceAttributes: [62, 22], environment: [:]) == nil)
    }

    @Test func sixelsWhenTheDeviceAttributesListFour() {
        #expect(PixelProtocol.detect(kittyReply: nil, deviceAttributes: [62, 4, 22], environment: [:]) == .sixels)
        // The first number is the terminal's class (VT220 = 62, or 4 on none), not a feature.
        #expect(PixelProtocol.detect(kittyReply: nil, deviceAttributes: [4, 6], environment: [:]) == nil)
    }

    @Test func iTerm2ByItsName() {
        #expect(PixelProtocol.detect(kittyReply: nil, deviceAttributes: [62, 22], environment: ["TERM_PROGRAM": "iTerm.app"]) == .iterm2)
    }

    @Test func iTerm2ByWhatWezTermAndSshSay() {
        #expect(PixelProtocol.detect(kittyReply: nil, deviceAttributes: [62], environment: ["TERM_PROGRAM": "WezTerm"]) == .iterm2)
        #expect(PixelProtocol.detect(kittyReply: nil, deviceAttributes: [62], environment: ["LC_TERMINAL": "iTerm2"]) == .iterm2)
    }

    /// tmux and screen answer the device attributes themselves (tmux lists
    /// 4 when its outer terminal has sixels) and pass no pixels on.
    @Test func insideTmuxOrScreenBlockSymbolsAndNoQuery() {
        for environment in [["TMUX": "/tmp/tmux-0/default,1,0"], ["STY": "1.pts-0"], ["TERM": "tmux-256color"], ["TERM": "screen"]] {
            let inside = environment.merging(["LC_TERMINAL": "iTerm2"]) { $1 }
            #expect(PixelProtocol.detect(kittyReply: "Gi=31;OK", deviceAttributes: [62, 4], environment: inside) == nil, "\(environment)")
            #expect(!PixelProtocol.asks(environment: inside), "\(environment)")
        }
        #expect(PixelProtocol.asks(environment: ["TERM": "xterm-256color"]))
        for name in ["linux", "vt100", "dumb"] { #expect(!PixelProtocol.asks(environment: ["TERM": name]), "\(name)") }
    }

    @Test func neitherIsBlockSymbols() {
        #expect(PixelProtocol.detect(kittyReply: nil, deviceAttributes: [1, 2], environment: ["TERM": "xterm-256color"]) == nil)
    }

    static let picture = Picture(width: 16, height: 8, rgba: (0 ..< 128).flatMap { $0 % 16 < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255] as [UInt8] })

    @Test func kittyBytesPlaceThePictureInItsCells() {
        let text = String(decoding: Self.picture.pixelSequence(.kitty, columns: 4, rows: 2), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}_Ga=T,f=32,"))
        #expect(text.contains(",c=4,r=2"))
        #expect(text.hasSuffix("\u{1B}\\"))
    }

    /// With an id the editor can take the picture off again, and kitty
    /// answers nothing to its transmission.
    @Test func kittyPicturesHaveTheIdTheyAreErasedBy() {
        let text = String(decoding: Self.picture.pixelSequence(.kitty, columns: 4, rows: 2, kittyID: 107), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}_Gi=107,q=2,a=T,f=32,"))
        #expect(text.contains(",c=4,r=2"))
        #expect(String(decoding: PixelProtocol.kittyErasure(id: 107), as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=107,q=2\u{1B}\\")
    }

    @Test func iTerm2BytesAreAnInlineFile() {
        let text = String(decoding: Self.picture.pixelSequence(.iterm2, columns: 4, rows: 2), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;width=4;height=2;"))
        #expect(text.hasSuffix("\u{07}"))
    }

    @Test func sixelBytesAreADeviceControlString() {
        let bytes = Self.picture.pixelSequence(.sixels, columns: 4, rows: 2)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;40;"))
        #expect(text.hasSuffix("\u{1B}\\"))
        // Sixel data is printable: nothing in it could be read as another sequence.
        #expect(bytes.dropFirst(2).dropLast(2).allSatisfy { $0 >= 0x20 && $0 < 0x7F || $0 == 0x0A })
    }
}
