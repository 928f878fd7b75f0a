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
        let lines = try screen.screen(colors: true)
        let title = try #require(lines.firstIndex { $0.contains("Ingredients") })
        // The picture's rows above the ingredients: cells with colours of their own.
        let coloured = lines[..<title].filter { $0.contains("\u{1B}[48;") }
        #expect(coloured.count >= 4, "\(lines[..<title].map(\.debugDescription).joined(separator: "\n"))")
        #expect(!lines.joined().contains("Gi=31"), "nothing of a query is shown")
        try screen.keys("C-q")
    }
}
