import Foundation
import RichText
import TerminalUI

/// A command the user can run. The table of them (`EditorCommand.all`) is
/// the one place keys are defined: the key dispatch, the F1 help, the key
/// bar, the command palette (Ctrl-P) and the README's key tables all come
/// from it (a test compares the README with `markdownTables`).
struct EditorCommand: Sendable {
    /// Where a command's keys work: in every pane, or in one (each pane
    /// is a scope of its own, titled by `Pane.scopeTitle`).
    enum Scope: Equatable, CaseIterable, Sendable {
        /// In every pane.
        case everywhere
        case pane(EditorController.Pane)

        static let text = Scope.pane(.editor)
        static let ingredients = Scope.pane(.inspector)
        static let recipes = Scope.pane(.list)
        static let details = Scope.pane(.details)

        /// F1's and the README's order: everywhere, then the panes in F6's order.
        static var allCases: [Scope] { [.everywhere] + EditorController.Pane.allCases.map(Scope.pane) }

        var title: String {
            switch self {
            case .everywhere: "Everywhere"
            case .pane(let pane): pane.scopeTitle
            }
        }

        func applies(in pane: EditorController.Pane) -> Bool {
            self == .everywhere || self == .pane(pane)
        }
    }

    /// The palette's name: "Save as".
    var name: String
    /// What it does, for the help and the README.
    var summary: String
    var scope: Scope
    var keys: [Key]
    /// How the help writes the keys, when not by their names ("arrows").
    var keyLabel: String?
    /// Its label on the key bar, if it has a place there.
    var keyBar: String?
    /// Offered by the palette (moves and list keys are not).
    var inPalette = true
    /// Runs the command; the key is the one pressed (the first for the palette).
    var run: @Sendable (EditorController, Key) -> Void

    /// A command without a key runs from the palette (Ctrl-P) by its name.
    var keysText: String {
        keyLabel ?? (keys.isEmpty ? "Ctrl-P \"\(name)\"" : keys.map(\.description).joined(separator: ", "))
    }

    /// The first key, as the key bar writes it: `^S`, `M-S`, `F1`.
    var shortKey: String {
        guard let key = keys.first else { return "" }
        switch (key.code, key.modifiers) {
        case (.character(let character), .control): return "^" + String(character).uppercased()
        case (.character(let character), .alt): return "M-" + String(character).uppercased()
        default: return key.description
        }
    }
}

extension EditorCommand {
    /// The README's key tables, one per scope.
    static var markdownTables: String {
        Scope.allCases.map { scope in
            "**\(scope.title)**\n\n| Key | Command |\n|---|---|\n"
                + all.filter { $0.scope == scope }.map { command in
                    "| \(command.keysText.replacingOccurrences(of: "|", with: "\\|")) | \(command.summary.replacingOccurrences(of: "|", with: "\\|")) |\n"
                }.joined()
        }.joined(separator: "\n")
    }
}

private extension Key {
    static func f(_ number: Int, _ modifiers: Modifiers = []) -> Key { Key(.function(number), modifiers) }
}

extension EditorCommand {
    private static let moveKeys: [Key.Code] = [.left, .right, .up, .down, .home, .end, .pageUp, .pageDown]

    /// Every command, in the order the help and the README list them.
    static let all: [EditorCommand] = everywhere + kitchen + EditorController.Pane.allCases.flatMap(\.commands)

    private static let everywhere: [EditorCommand] = [
        EditorCommand(name: "Save", summary: "save the recipe (asks first when the file changed on disk or is read-only)",
                      scope: .everywhere, keys: [.control("s")], keyBar: "Save") { controller, _ in controller.save(force: false) },
        EditorCommand(name: "Save as", summary: "save under another name or format (.md, .cook); Tab completes the path",
                      scope: .everywhere, keys: [.alt("s")]) { controller, _ in controller.askSaveAs() },
        EditorCommand(name: "Quit", summary: "quit (with unsaved changes: y save and quit, n quit without saving, Esc stay)",
                      scope: .everywhere, keys: [.control("q")], keyBar: "Quit") { controller, _ in controller.quit() },
        EditorCommand(name: "Undo", summary: "undo the last change, from any pane (typing undoes a word at a time)",
                      scope: .everywhere, keys: [.control("z")], keyBar: "Undo") { controller, _ in controller.undo(redo: false) },
        EditorCommand(name: "Redo", summary: "redo what was undone", scope: .everywhere, keys: [.control("y")]) { controller, _ in
            controller.undo(redo: true)
        },
        EditorCommand(name: "Find", summary: "find (Enter goes to the next match; shows which of how many)",
                      scope: .everywhere, keys: [.control("f")], keyBar: "Find") { controller, _ in controller.askFind() },
        EditorCommand(name: "Replace", summary: "replace: the text (any case, as find), what to put instead, then for each match y replace · n skip · a all the rest · Esc stop; one Ctrl-Z undoes them all",
                      scope: .everywhere, keys: [.control("r")]) { controller, _ in controller.askReplace() },
        EditorCommand(name: "Find next", summary: "the next match of the last search", scope: .everywhere, keys: [.f(3)]) { controller, _ in
            controller.findNext()
        },
        EditorCommand(name: "Go to line", summary: "go to a line of the file: LINE or LINE:COLUMN",
                      scope: .everywhere, keys: [.control("l")], keyBar: "Line") { controller, _ in controller.ask(GoToLineQuestion()) },
        EditorCommand(name: "Open", summary: "open a recipe file (Tab completes the path)", scope: .everywhere, keys: [.control("o")]) { controller, _ in
            controller.ask(OpenFileQuestion())
        },
        EditorCommand(name: "New recipe", summary: "a new recipe beside the open one", scope: .everywhere, keys: [.control("n")]) { controller, _ in
            controller.newRecipe()
        },
        EditorCommand(name: "Commands", summary: "every command by name: type words to filter, Enter runs",
                      scope: .everywhere, keys: [.control("p")], keyBar: "Commands") { controller, _ in controller.openPalette() },
        EditorCommand(name: "Help", summary: "this list of keys", scope: .everywhere, keys: [.f(1), .control("g")], keyBar: "Help") { controller, _ in
            controller.showHelp()
        },
        EditorCommand(name: "Show or hide the ingredients", summary: "show or hide the ingredient inspector",
                      scope: .everywhere, keys: [.f(2)]) { controller, _ in controller.togglePane(\.showsInspector) },
        EditorCommand(name: "Text width", summary: "lines at most 100 columns wide, 120, the whole pane, or 80 (centred on wide terminals)",
                      scope: .everywhere, keys: []) { controller, _ in controller.cycleTextWidth() },
        EditorCommand(name: "Line numbers", summary: "show or hide the file's line numbers", scope: .everywhere, keys: [.f(4)]) { controller, _ in
            controller.togglePane(\.showsLineNumbers)
        },
        EditorCommand(name: "Next pane", summary: "move between the text, the ingredient list, the recipe list and the details shown (Shift-F6 back)",
                      scope: .everywhere, keys: [.f(6), .f(6, .shift)], keyLabel: "F6, Shift-F6") { controller, key in
            controller.cyclePanes(backwards: key.modifiers.contains(.shift))
        },
        EditorCommand(name: "Recipe list", summary: "show or hide the list of the folder's recipes", scope: .everywhere, keys: [.f(7)]) { controller, _ in
            controller.toggleRecipeList()
        },
        EditorCommand(name: "Recipe details", summary: "the recipe's details above the text (title, servings, time, tags, source…): edit, add, remove; F8 again: back to the text",
                      scope: .everywhere, keys: [.f(8)]) { controller, _ in controller.detailsPane.toggleFocus(controller) },
        EditorCommand(name: "Add a detail", summary: "add a detail to the recipe (a Markdown file without front matter gets one)",
                      scope: .everywhere, keys: []) { controller, _ in controller.detailsPane.askNewKey(controller) },
        EditorCommand(name: "Details: all or one line", summary: "show every detail above the text, or one line that sums them up",
                      scope: .everywhere, keys: []) { controller, _ in
            controller.detailsPane.showsAll.toggle()
            controller.resize(width: controller.width, height: controller.height)
        },
    ]

    /// The text pane's keys (with a few that work everywhere, listed among them in F1).
    static let text: [EditorCommand] = textEditing + spelling

    private static let textEditing: [EditorCommand] = [
        EditorCommand(name: "Move", summary: "move (Left/Right go where the arrow points, also in Hebrew and Arabic)",
                      scope: .text, keys: moveKeys.map { Key($0) }, keyLabel: "arrows, Home, End, PgUp, PgDn",
                      inPalette: false) { controller, key in controller.move(key.code, extending: false) },
        EditorCommand(name: "Select", summary: "select what looks contiguous (in bidi text, several ranges)",
                      scope: .text, keys: moveKeys.map { Key($0, .shift) }, keyLabel: "Shift + a move",
                      inPalette: false) { controller, key in controller.move(key.code, extending: true) },
        EditorCommand(name: "Word left or right", summary: "by word (with Shift, select)", scope: .text,
                      keys: [Key(.left, .control), Key(.right, .control), Key(.left, [.control, .shift]), Key(.right, [.control, .shift])],
                      keyLabel: "Ctrl-Left, Ctrl-Right", inPalette: false) { controller, key in
            controller.moveWord(toRight: key.code == .right, extending: key.modifiers.contains(.shift))
        },
        EditorCommand(name: "Start of the recipe", summary: "to the start of the recipe (with Shift, select)", scope: .text,
                      keys: [Key(.home, .control), Key(.home, [.control, .shift])], keyLabel: "Ctrl-Home") { controller, key in
            controller.moveToEnd(start: true, extending: key.modifiers.contains(.shift))
        },
        EditorCommand(name: "End of the recipe", summary: "to the end of the recipe (with Shift, select)", scope: .text,
                      keys: [Key(.end, .control), Key(.end, [.control, .shift])], keyLabel: "Ctrl-End") { controller, key in
            controller.moveToEnd(start: false, extending: key.modifiers.contains(.shift))
        },
        EditorCommand(name: "Select all", summary: "select the whole recipe", scope: .text, keys: [.control("a")]) { controller, _ in
            controller.session.edit { $0.document.selectAll() }
        },
        EditorCommand(name: "New paragraph", summary: "a new paragraph; in a list the next item (numbers follow), in a quote or code block more of it; on an empty item or quote line the list or quote ends; a heading ends; on a match Ctrl-F selected, the next match",
                      scope: .text, keys: [Key(.enter)], inPalette: false) { controller, _ in
            guard !controller.isShowingFindMatch else { return controller.findNext() }
            if controller.convertTypedFrontMatter() { return }
            // Markdown and Cooklang readers join lines of text: the blank line between paragraphs is shown
            // (not after a table's row: the next row follows it).
            let spacing = controller.session.format != .plainText && !controller.caretIsOnATableRow
            controller.convertTypedInlineMarkup(atLineEnd: true)
            controller.closeTypedHeading()
            controller.convertTypedCooklang(typed: nil)
            controller.session.edit { $0.document.insertParagraphBreak(spacing: spacing) }
            controller.markFinishedWord()
        },
        EditorCommand(name: "List level", summary: "in a list, the item a level deeper / back out (else Tab types a tab)",
                      scope: .text, keys: [Key(.tab), Key(.tab, .shift)], keyLabel: "Tab, Shift-Tab", inPalette: false) { controller, key in
            controller.changeListLevel(deeper: !key.modifiers.contains(.shift))
        },
        EditorCommand(name: "Delete backward", summary: "delete the character before the caret; at an item's start, its marker; at a paragraph's start after Enter's blank line, that line; right after typed markup made a block, the markup as text again",
                      scope: .text, keys: [Key(.backspace)], inPalette: false) { controller, _ in controller.deleteBackward() },
        EditorCommand(name: "Delete forward", summary: "delete the character after the caret", scope: .text,
                      keys: [Key(.delete)], inPalette: false) { controller, _ in controller.session.edit { $0.document.deleteForward() } },
        EditorCommand(name: "Delete word", summary: "delete the word before the caret (Ctrl-Delete: after it)", scope: .text,
                      keys: [.control("w"), Key(.backspace, .control), Key(.backspace, .alt), Key(.delete, .control), Key(.delete, .alt)],
                      keyLabel: "Ctrl-W, Ctrl-Backspace, Ctrl-Delete", inPalette: false) { controller, key in
            if key.code == .delete {
                controller.session.edit { $0.document.deleteWordForward() }
            } else {
                controller.session.edit { $0.document.deleteWordBackward() }
            }
        },
        EditorCommand(name: "Copy", summary: "copy (ingredients kept within Roux; also to the system clipboard through OSC 52)",
                      scope: .text, keys: [.control("c")]) { controller, _ in controller.copy(cut: false) },
        EditorCommand(name: "Cut", summary: "cut", scope: .text, keys: [.control("x")]) { controller, _ in controller.copy(cut: true) },
        EditorCommand(name: "Paste", summary: "paste what Roux copied (the terminal's paste brings text from other programs)",
                      scope: .text, keys: [.control("v")]) { controller, _ in controller.paste() },
        EditorCommand(name: "Mark as an ingredient", summary: "the selected words (or the word at the caret; in an ingredient list, the item) become an ingredient, marked wherever they occur, plurals too (the inspector's [+]); a quantity before the name (\"200 g flour\") and a note after it go with it",
                      scope: .text, keys: [.control("e")], keyBar: "Ingredient") { controller, _ in controller.markIngredient() },
        EditorCommand(name: "Mark the ingredient list", summary: "every item of the list under the caret becomes an ingredient with its quantity and note (\"200 g flour\": flour, 200 g), its name marked (one undo step)",
                      scope: .text, keys: [.alt("e")]) { controller, _ in controller.markIngredientList() },
        EditorCommand(name: "Servings", summary: "how many the recipe serves (shown atop the ingredients, saved in its front matter or metadata)",
                      scope: .everywhere, keys: [.alt("v")]) { controller, _ in controller.askServings() },
        EditorCommand(name: "Cook for", summary: "show every quantity for another number of servings (6), times a factor (×1.5) or for what you have of one ingredient (flour=700g); the file keeps its own",
                      scope: .everywhere, keys: [.alt("x")]) { controller, _ in controller.askScale() },
        EditorCommand(name: "Apply the scale", summary: "write the scaled quantities and servings into the recipe (one undo step)",
                      scope: .everywhere, keys: []) { controller, _ in controller.applyScale() },
        EditorCommand(name: "Units", summary: "show quantities and temperatures as written, in metric or in US units (each press the next); the file keeps its own",
                      scope: .everywhere, keys: [.alt("m")]) { controller, _ in controller.cycleUnits() },
        EditorCommand(name: "Apply the units", summary: "write the quantities and temperatures shown in metric or US units into the recipe (one undo step)",
                      scope: .everywhere, keys: []) { controller, _ in controller.applyUnits() },
        EditorCommand(name: "Pictures", summary: "hide the recipe's pictures, showing their alternative text (or show them again)",
                      scope: .everywhere, keys: [.alt("p")]) { controller, _ in controller.togglePictures() },
        EditorCommand(name: "Clear the ticks", summary: "untick every ingredient (ticks are kept per recipe until cleared)",
                      scope: .everywhere, keys: []) { controller, _ in controller.clearTicks() },
        EditorCommand(name: "Mark as you type", summary: "turn off (or on) marking an ingredient's name as soon as a word typed spells it",
                      scope: .everywhere, keys: []) { controller, _ in
            controller.marksAsYouType.toggle()
            controller.say("marking as you type is \(controller.marksAsYouType ? "on" : "off")")
        },
        EditorCommand(name: "Bold", summary: "bold", scope: .text, keys: [.control("b")], keyBar: "Bold") { controller, _ in
            controller.toggle(BoldAttribute.self, name: "bold")
        },
        EditorCommand(name: "Italic", summary: "italic", scope: .text, keys: [.alt("i")]) { controller, _ in
            controller.toggle(ItalicAttribute.self, name: "italic")
        },
        EditorCommand(name: "Underline", summary: "underline", scope: .text, keys: [.alt("u")]) { controller, _ in
            controller.toggle(UnderlineAttribute.self, name: "underline")
        },
        EditorCommand(name: "Strikethrough", summary: "strikethrough", scope: .text, keys: [.alt("k")]) { controller, _ in
            controller.toggle(StrikethroughAttribute.self, name: "strikethrough")
        },
        EditorCommand(name: "Colour", summary: "colour menu: highlight colours (text colours are greyed out in a recipe, where only ingredients have one)",
                      scope: .text, keys: [.alt("c")]) { controller, _ in controller.openColorMenu() },
        EditorCommand(name: "Heading", summary: "body → heading 1 → 2 → 3 → body (or type # to ###### and a space at a line's start)", scope: .text, keys: [.alt("h")]) { controller, _ in
            controller.cycleHeading()
        },
        EditorCommand(name: "Bullet list", summary: "a bullet list of the selected paragraphs, or body text again (or type - and a space at a line's start)",
                      scope: .text, keys: [.alt("l")]) { controller, _ in controller.toggleBlock(.list(.bullet)) },
        EditorCommand(name: "Numbered list", summary: "numbered steps 1, 2, 3… of the selected paragraphs, or body text again (or type 1. and a space at a line's start)",
                      scope: .text, keys: [.alt("n")]) { controller, _ in controller.toggleBlock(.list(.numbered)) },
        EditorCommand(name: "Quote", summary: "a quote of the selected paragraphs (a note in Cooklang), or body text again (or type > and a space at a line's start)",
                      scope: .text, keys: [.alt("q")]) { controller, _ in controller.toggleBlock(.quote) },
        EditorCommand(name: "Direction", summary: "paragraph direction: auto, right to left, left to right", scope: .text,
                      keys: [.alt("d")]) { controller, _ in controller.cycleDirection() },
        EditorCommand(name: "Open the recipe referenced here", summary: "open the recipe the reference at the caret names (@./sauce{} in Cooklang; o in the ingredient pane)",
                      scope: .text, keys: [.alt("o")]) { controller, _ in controller.openReferencedRecipeAtCaret() },
        EditorCommand(name: "Fold", summary: "fold or unfold the section under a heading (or click the ▾ / ▸ after it)",
                      scope: .text, keys: [.f(5)]) { controller, _ in controller.toggleSectionAtCaret() },
        EditorCommand(name: "Cancel", summary: "drop the selection; from another pane, back to the text", scope: .text,
                      keys: [Key(.escape)], inPalette: false) { controller, _ in controller.collapseSelection() },
    ]
}

extension EditorController {
    /// The README's key tables, one per pane (a test keeps the README equal to them).
    public static var keyTablesMarkdown: String { EditorCommand.markdownTables }

    /// The palette's commands for what is typed, by name, best first.
    public static func commandNames(matching query: String) -> [String] {
        CommandTable.standard.matching(query).map(\.name)
    }

    /// Keys that two commands claim in one pane (the first would always win).
    public static var keysBoundTwice: [String] { CommandTable.standard.keysBoundTwice }
}
