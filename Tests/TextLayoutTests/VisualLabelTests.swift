import Testing
import TextLayout

/// Labels of the interface drawn in visual order, as the text pane draws text.
@Suite("Labels in visual order")
struct VisualLabelTests {
    @Test func leftToRightTextIsUnchanged() {
        #expect(VisualLabel.visual("Croissants au beurre — croissants.md") == "Croissants au beurre — croissants.md")
    }

    @Test func hebrewReadsRightToLeftInsideALeftToRightLine() {
        #expect(VisualLabel.visual("Roux  סופגניות — sufganiyot.md") == "Roux  תוינגפוס — sufganiyot.md")
        // Numbers after Hebrew join its run (UAX #9); brackets around Latin stay Latin.
        #expect(VisualLabel.visual("קמח (500 g)") == "חמק (500 g)")
        #expect(VisualLabel.visual("[ ] שמרים 25 g ×1") == "[ ] 25 םירמש g ×1")
        // Isolated, a name keeps what follows it out of its run.
        #expect(VisualLabel.visual("[ ] \(VisualLabel.isolated("שמרים")) 25 g ×1") == "[ ] םירמש 25 g ×1")
        #expect(VisualLabel.visual("(\(VisualLabel.isolated("א (ב)")))") == "((ב) א)")
    }

    @Test func combiningMarksStayOnTheirLetter() {
        // בָּ: bet with dagesh and qamats, then a lamed: the marks go with the bet.
        let label = VisualLabel.visual("\u{05D1}\u{05BC}\u{05B8}\u{05DC}")
        #expect(Array(label) == ["\u{05DC}", "\u{05D1}\u{05BC}\u{05B8}"])
    }

    @Test func arabicIsShapedForTheTerminal() {
        // حمص: the three letters joined (presentation forms), right to left.
        let label = VisualLabel.visual("حمص")
        // Sad final, meem medial, hah initial: drawn left to right.
        #expect(label.unicodeScalars.map(\.value) == [0xFEBA, 0xFEE4, 0xFEA3])
    }
}
