import RouxTestSupport
import Foundation
import PropertyBased
import RouxApp
import TerminalUI
import Testing

/// The editor copies a row from the last frame when its line has not changed;
/// whatever the user does, the screen must be what drawing afresh gives.
@Suite("Reusing drawn rows")
struct RowReuseTests {
    static let keys: [[UInt8]] = [
        Array("beurre ".utf8), Array("sel".utf8), [0x0D], [0x7F], Array("\u{1B}[C".utf8), Array("\u{1B}[D".utf8),
        Array("\u{1B}[A".utf8), Array("\u{1B}[B".utf8), Array("\u{1B}[1;2C".utf8), Array("\u{1B}[1;2B".utf8),
        Keys.control("e"), [0x1B, 0x68], Array("\u{1B}[15~".utf8), Keys.control("z"), Keys.control("y"), Keys.control("b"),
        Array("\u{1B}[6~".utf8), Array("\u{1B}[5~".utf8), Array("\u{1B}[14~".utf8), [0x1B, 0x64], Array("שלום ".utf8),
        [0x1B, 0x63, 0x0D], Keys.control("a"), Array("\u{1B}[1;5F".utf8), Array("\u{1B}[1;5H".utf8),
    ]

    @Test func everyFrameIsWhatDrawingAfreshGives() async throws {
        let input = Gen.int(in: 0 ..< Self.keys.count).array(of: 1 ... 40)
        await propertyCheck(count: PropertyCases.scaled(60), input: input) { codes in
            var book = "# Croissants\nDu beurre et du sel.\n\n## Pâte\n"
            for line in 0 ..< 30 { book += "Ligne \(line) : beurre, farine, sel, et un long texte qui passe à la ligne suivante.\n" }
            let app = editor(book, width: 90, height: 20)
            for code in codes {
                app.type(Self.keys[code])
                if app.prompt != nil || app.colorMenu != nil { app.type(Keys.escape) }
                let reused = app.render().grid
                app.forgetDrawnRows()
                let fresh = app.render().grid
                #expect(reused == fresh, "after \(codes.prefix { $0 != code }.count + 1) keys")
                if reused != fresh { return }
            }
        }
    }
}
