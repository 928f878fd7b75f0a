import Foundation
import Testing

/// The sample's picture in a real terminal that draws no pixels (tmux,
/// which sets TMUX): Roux asks nothing and draws it in block symbols.
@Suite("A picture in tmux", .serialized)
struct TmuxPictureTests {
    @Test func thePictureIsDrawnInBlockSymbols() throws {
        let path = try TmuxEndToEndTests.scratchCopy(of: "dorayaki.md")
        let picture = TmuxEndToEndTests.root.appendingPathComponent("Resources/Recipes/dorayaki.png").path
        try FileManager.default.copyItem(atPath: picture, toPath: (path as NSString).deletingLastPathComponent + "/dorayaki.png")
        let screen = try TmuxEndToEndTests.Terminal(command: "env -u NO_COLOR \(TmuxEndToEndTests.binary) \(path)")
        #expect(try screen.waitFor("Ingredients"))
        // The picture's rows above the ingredients, once decoded: cells with colours of their own.
        func colouredRows() throws -> Int {
            let lines = try screen.screen(colors: true)
            let title = lines.firstIndex { $0.contains("Ingredients") } ?? 0
            return lines[..<title].filter { $0.contains("\u{1B}[48;") }.count
        }
        let deadline = Date().addingTimeInterval(10)
        while try colouredRows() < 4, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        let lines = try screen.screen(colors: true)
        #expect(try colouredRows() >= 4, "\(lines.joined(separator: "\n").debugDescription)")
        #expect(!lines.joined().contains("Gi=31"), "nothing of a query is shown")
        try screen.keys("C-q")
    }
}
