@testable import RouxApp
import RouxTestSupport
import TerminalUI
import Testing

/// The one layout (`PaneLayout`): every pane's frame from the window, the
/// user's choices and what the panes want, on random windows.
@Suite("Where the panes are")
struct PaneLayoutTests {
    typealias Frame = EditorController.Frame

    private static func randomLayout(_ random: inout some RandomNumberGenerator) -> (PaneLayout, listsRecipes: Bool, detailsRows: Int) {
        var layout = PaneLayout(width: Int.random(in: 20 ... 240, using: &random), height: Int.random(in: 4 ... 80, using: &random))
        layout.showsInspector = Bool.random(using: &random)
        layout.showsKeyBar = Bool.random(using: &random)
        layout.showsLineNumbers = Bool.random(using: &random)
        layout.showsList = Bool.random(using: &random)
        layout.listOnNarrowTerminal = Bool.random(using: &random)
        layout.maxTextWidth = PaneLayout.textWidthChoices.randomElement(using: &random) ?? nil
        return (layout, Bool.random(using: &random), [0, 1, 3, 12, 500].randomElement(using: &random) ?? 0)
    }

    @Test func thePanesShareTheWindowWithoutOverlapping() {
        var random = SystemRandomNumberGenerator()
        for _ in 0 ..< PropertyCases.scaled(3000) {
            let (layout, listsRecipes, detailsRows) = Self.randomLayout(&random)
            let contents = PaneLayout.Contents { pane, room in
                switch pane {
                case .list: listsRecipes ? room : 0
                case .details: detailsRows
                default: room
                }
            }
            let frames = Dictionary(uniqueKeysWithValues: EditorController.Pane.allCases.map { ($0, layout.frame(of: $0, contents)) })
            let (list, inspector, details, editor) = (frames[.list, default: Frame(x: 0, y: 0, width: 0, height: 0)],
                                                      frames[.inspector, default: Frame(x: 0, y: 0, width: 0, height: 0)],
                                                      frames[.details, default: Frame(x: 0, y: 0, width: 0, height: 0)],
                                                      frames[.editor, default: Frame(x: 0, y: 0, width: 0, height: 0)])
            let context = "\(layout) lists: \(listsRecipes) details: \(detailsRows)"
            // Between the title bar and the bottom rows, inside the window.
            for (pane, frame) in frames where frame.width > 0 && frame.height > 0 {
                #expect(frame.x >= 0 && frame.x + frame.width <= layout.width, "\(pane) \(frame) \(context)")
                #expect(frame.y >= 1 && frame.y + frame.height <= layout.height - layout.bottomRows, "\(pane) \(frame) \(context)")
            }
            // Side by side: the list, the text column, the inspector.
            #expect(list.x + list.width <= editor.x, "\(context)")
            #expect(inspector.width == 0 || editor.x + editor.width <= inspector.x, "\(context)")
            #expect(listsRecipes || list.width == 0, "\(context)")
            // The details sit on the text, which always keeps a row and at most the text width asked for.
            #expect(details.x == editor.x && details.width == editor.width && details.y + details.height == editor.y, "\(context)")
            #expect(editor.height >= 1 && details.height <= detailsRows, "\(context)")
            #expect(layout.maxTextWidth.map { editor.width <= $0 + layout.gutterWidth } ?? true, "\(context)")
        }
    }

    @Test func theTopOverlayHasTheKeysAndOneOfAKindIsReplacedWhereItIs() {
        var stack = OverlayStack()
        let wait = LoadWait(purpose: "saving", paragraphs: nil, action: {}, preview: nil)
        stack.push(wait)
        stack.set(PromptOverlay.self, to: PromptOverlay(.question(QuitUnsavedQuestion())))
        #expect(stack.top is PromptOverlay)
        // A new prompt takes the old one's place, not a second place on top.
        stack.set(PromptOverlay.self, to: PromptOverlay(.question(SaveLossyQuestion())))
        #expect(stack.items.count == 2 && stack.first(PromptOverlay.self)?.prompt == .question(SaveLossyQuestion()))
        stack.set(PromptOverlay.self, to: nil)
        #expect(stack.top === wait && stack.items.count == 1)
    }
}
