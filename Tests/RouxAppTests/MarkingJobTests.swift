import Foundation
import PropertyBased
import Recipes
import RichText
@testable import RouxApp
import RouxTestSupport
import TerminalUI
import Testing
import TextLayout

/// Ctrl-E on a word found many times is marked a part at a time between
/// keystrokes (the run loop calls `continueMarking`; here the test does, as
/// the scheduler): its progress is on screen, Esc stops it with nothing
/// marked, keys typed meanwhile are handled at once, and the marks made in
/// parts are exactly those made at once, undone and redone in one step.
@Suite("Marking between keystrokes")
struct MarkingJobTests {
    /// Steps that each say "Step" and "butter" once, with bold text, the
    /// caret on the first "Step"; with a run loop's background work.
    static func book(steps: Int = 400, inParts: Bool = true) -> EditorController {
        let app = editor((1 ... steps).map { "Step \($0): melt the butter, then **stir** it." }.joined(separator: "\n"))
        app.loadsInBackground = inParts
        app.options.marksAtOnce = 10
        return app
    }

    static func finish(_ app: EditorController, parts sizes: [Int] = [37]) {
        var next = 0
        while app.isMarking {
            app.continueMarking(marks: sizes[next % sizes.count])
            next += 1
        }
    }

    static func marks(_ app: EditorController) -> [String] { MarkingTests.marks(app) }

    /// The text pane's cells, styles included.
    static func textRows(_ app: EditorController) -> [[Cell]] {
        let grid = app.screen
        let frame = app.editorFrame
        return (frame.y ..< frame.y + frame.height).map { row in (frame.x ..< frame.x + frame.width).map { grid[$0, row] } }
    }

    /// Undoing or redoing a marking is said as a marking (marks taken off or
    /// put back): the counts and the layout it keeps must be what reading
    /// the whole text again gives, and the rows what a fresh draw gives.
    static func expectFollowsTheText(_ app: EditorController, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(app.session.occurrenceCounts == app.session.recipe.occurrenceCounts, sourceLocation: sourceLocation)
        let fresh = TextLayoutManager(text: app.session.document.text, configuration: app.session.layout.configuration)
        let layout = app.session.layout
        #expect(layout.paragraphCount == fresh.paragraphCount, sourceLocation: sourceLocation)
        #expect((0 ..< layout.paragraphCount).allSatisfy { layout.range(ofParagraph: $0) == fresh.range(ofParagraph: $0) },
                sourceLocation: sourceLocation)
        let shown = app.screen
        app.forgetDrawnRows()
        #expect(app.screen == shown, sourceLocation: sourceLocation)
    }

    @Test func theProgressIsOnScreenAndEscLeavesTheTextExactlyAsItWas() throws {
        let app = Self.book()
        let before = app.session.document.text
        let state = app.session.document.editState
        app.type(MarkingTests.mark)
        #expect(app.isMarking)
        app.continueMarking(marks: 100)
        #expect(app.isMarking)
        #expect(app.screen.allText.contains("marking Step 25%… Esc stops"))
        #expect(app.session.document.text.hasSameContent(as: before), "nothing marked before the last part")
        app.type(Keys.escape)
        #expect(!app.isMarking)
        #expect(app.message == "stopped marking Step: nothing was marked")
        #expect(app.session.document.text.hasSameContent(as: before))
        #expect(app.session.document.editState == state)
        #expect(app.session.recipe.ingredients.isEmpty)
        #expect(!app.session.isModified)
        #expect(!app.screen.allText.contains("Esc stops"))
        app.type(Keys.control("z"))
        #expect(app.message == "nothing to undo")
    }

    @Test func marksMadeInPartsAreThoseMadeAtOnceAndUndoAsOneStep() async {
        await propertyCheck(count: PropertyCases.scaled(20), input: Gen.int(in: 1 ... 500).array(of: 1 ... 4)) { sizes in
            let atOnce = Self.book(steps: 120, inParts: false)
            atOnce.type(MarkingTests.mark)
            #expect(!atOnce.isMarking)
            let app = Self.book(steps: 120)
            let before = app.session.document.text
            let unmarkedRows = Self.textRows(app)
            app.type(MarkingTests.mark)
            Self.finish(app, parts: sizes)
            #expect(app.session.document.text.hasSameContent(as: atOnce.session.document.text))
            #expect(Self.marks(app).count == 120)
            #expect(app.session.recipe.ingredients == atOnce.session.recipe.ingredients)
            #expect(app.message == "Step is an ingredient, marked 120 times")
            let marked = app.session.document.text
            let markedRows = Self.textRows(app)
            #expect(markedRows != unmarkedRows, "marks are drawn")
            app.type(Keys.control("z"))
            #expect(app.session.document.text.hasSameContent(as: before))
            #expect(app.session.recipe.ingredients.isEmpty)
            #expect(!app.session.isModified)
            Self.expectFollowsTheText(app)
            #expect(Self.textRows(app) == unmarkedRows)
            app.type(Keys.control("y"))
            #expect(app.session.document.text.hasSameContent(as: marked))
            #expect(app.session.recipe.ingredients.map(\.name) == ["Step"])
            Self.expectFollowsTheText(app)
            #expect(Self.textRows(app) == markedRows)
        }
    }

    @Test func aKeyTypedWhileMarkingIsHandledAtOnceAndTheMarkingGoesOn() {
        let app = Self.book()
        app.type(MarkingTests.mark)
        app.continueMarking(marks: 100)
        app.type(Keys.end + Array(" Step".utf8))
        #expect(app.text.hasPrefix("Step 1: melt the butter, then stir it. Step\nStep 2:"), "typed before the marking ends")
        #expect(app.isMarking)
        Self.finish(app)
        #expect(Self.marks(app).count == 401, "the word typed meanwhile is marked too")
        #expect(app.message == "Step is an ingredient, marked 401 times")
        // The marking is one undo step, after the typing's.
        app.type(Keys.control("z"))
        #expect(Self.marks(app).isEmpty)
        #expect(app.text.hasPrefix("Step 1: melt the butter, then stir it. Step\n"))
        app.type(Keys.control("z"))
        #expect(app.text.hasPrefix("Step 1: melt the butter, then stir it.\n"))
    }

    /// In a large text the marks are found on another thread: the progress
    /// shows at once, a key is handled at once, and what was found in the
    /// text before it is found again.
    @Test func whileTheMarksAreFoundKeysAreHandledAndTheSearchStartsOver() {
        let app = Self.book()
        app.options.searchesAtOnce = 0
        app.type(MarkingTests.mark)
        #expect(app.isFindingMarks)
        #expect(app.screen.allText.contains("marking Step 0%… Esc stops"))
        app.type(Keys.end + Array(" Step".utf8))
        #expect(app.text.hasPrefix("Step 1: melt the butter, then stir it. Step\nStep 2:"))
        Self.finish(app)
        #expect(Self.marks(app).count == 401)
        #expect(app.message == "Step is an ingredient, marked 401 times")
        // Esc while they are found: nothing marked.
        let stopped = Self.book()
        stopped.options.searchesAtOnce = 0
        let before = stopped.session.document.text
        stopped.type(MarkingTests.mark)
        stopped.type(Keys.escape)
        #expect(!stopped.isMarking)
        #expect(stopped.session.document.text.hasSameContent(as: before))
        #expect(stopped.session.recipe.ingredients.isEmpty)
    }

    @Test func quittingWhileMarkingDoesNotWaitForIt() {
        let app = Self.book()
        app.type(MarkingTests.mark)
        app.continueMarking(marks: 100)
        app.type(Keys.control("q"))
        #expect(app.quitRequested, "nothing was changed: it quits at once")
        #expect(!app.isMarking)
    }

    /// The run loop sizes each part from how long the last took: about
    /// 30 ms, so a key typed meanwhile never waits much longer.
    @Test func aPartIsSizedFromHowLongTheLastOneTook() {
        #expect(EditorRunLoop.nextMarkingPart(after: 1000, took: 0.03) == 1000)
        #expect(EditorRunLoop.nextMarkingPart(after: 1000, took: 0.06) == 500)
        #expect(EditorRunLoop.nextMarkingPart(after: 1000, took: 0.0001) == 2000, "grows at most twofold")
        #expect(EditorRunLoop.nextMarkingPart(after: 100, took: 1) == 50, "never below 50")
    }

    @Test func fewOccurrencesAreMarkedAtOnce() {
        let app = Self.book(steps: 9)
        app.type(MarkingTests.mark)
        #expect(!app.isMarking)
        #expect(Self.marks(app).count == 9)
    }
}
