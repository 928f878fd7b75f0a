import RecipeFormats
@testable import RouxApp
import TerminalUI
import Testing

/// The controller routes between a few components and holds nothing else
/// (issue 29: "about ten properties"): a new feature's state goes in the
/// pane, the overlay or the component it belongs to, not beside them. A
/// question is one value that carries its own answers: the tests below
/// make two the controller has never heard of.
@Suite("The controller's shape")
struct ControllerShapeTests {
    static func app() -> EditorController {
        EditorController(session: EditorSession(recipe: MarkdownRecipeFormat.parse("# Soupe\nDu sel.\n"), path: nil), width: 80, height: 24)
    }

    @Test func theControllerHoldsTenComponents() {
        let stored = Mirror(reflecting: Self.app()).children.compactMap(\.label)
        #expect(stored == ["session", "focus", "overlays", "message", "clipboard", "layout", "panes", "storage", "options", "run"],
                "\(stored.count) stored properties: \(stored)")
    }

    /// A key question defined here and nowhere else.
    struct TasteQuestion: KeyQuestion {
        var dish: String
        func text(controller: EditorController) -> String { "Taste the \(dish)? y add salt · Esc" }
        func answer(_ key: String) -> ((EditorController) -> Void)? {
            key == "y" ? { [dish] controller in controller.say("salted the \(dish)") } : nil
        }
    }

    /// A line question defined here and nowhere else.
    struct GuestsQuestion: LineQuestion {
        var label: String { "Guests: " }
        var historyKey: String { "test-guests" }
        func submit(_ answer: String, controller: EditorController) -> String? {
            guard Int(answer) != nil else { return "type a number" }
            controller.prompt = nil
            controller.say("\(answer) guests")
            return nil
        }
    }

    @Test func aKeyQuestionIsDrawnAndAnsweredByItself() {
        let app = Self.app()
        app.prompt = .question(TasteQuestion(dish: "soup"))
        #expect(app.screen.allText.contains("Taste the soup? y add salt · Esc"))
        app.type("x")
        #expect(app.prompt == .question(TasteQuestion(dish: "soup")), "x answers nothing: still asked")
        #expect(app.prompt != .question(TasteQuestion(dish: "stew")))
        app.type("y")
        #expect(app.prompt == nil)
        #expect(app.message == "salted the soup")
        #expect(app.text == "Soupe\nDu sel.", "no key reached the text")
        app.prompt = .question(TasteQuestion(dish: "stew"))
        app.type(Keys.escape)
        #expect(app.prompt == nil && app.message == "cancelled")
    }

    @Test func aLineQuestionIsDrawnCheckedAndAnsweredByItself() {
        let app = Self.app()
        app.ask(GuestsQuestion())
        app.type("many")
        #expect(app.screen.allText.contains("Guests: many"))
        app.type([0x0D])
        #expect(app.prompt == .line(GuestsQuestion(), "many"), "not a number: the question stays")
        #expect(app.screen.allText.contains("Guests: many  — type a number"))
        app.type(Array(repeating: 0x7F, count: 4) + Array("6\r".utf8))
        #expect(app.prompt == nil)
        #expect(app.message == "6 guests")
        app.ask(GuestsQuestion())
        app.type(Array("\u{1B}[A".utf8))
        #expect(app.prompt == .line(GuestsQuestion(), "6"), "its answers are recalled under its own key")
    }
}
