import Foundation
import Recipes
import RecipeFormats
import TerminalUI
import TextLayout

/// The details pane's keys and the questions it asks: a value, a new key,
/// a line of a front matter that does not parse. Each change is one undo
/// step (`EditorSession.editData`); Ctrl-Z gives back the value and, once
/// saved, the file's bytes.
extension DetailsPane {
    /// What a question of the pane is for.
    enum Question: Hashable {
        /// The value of `key`; `isNew`: a key being added.
        case value(key: String, isNew: Bool)
        /// The name of a key to add.
        case newKey
        /// Line `index` of a front matter that does not parse (from 0); `inserting`: a new line before it.
        case line(index: Int, inserting: Bool)
    }

    private func question(_ purpose: Question, _ label: String, historyKey: String) -> DetailsQuestion {
        DetailsQuestion(purpose: purpose, label: label, historyKey: historyKey)
    }

    /// F8: the keys go to the details (shown in full while they have them); F8 again gives them back to the text.
    func toggleFocus(_ controller: EditorController) {
        if controller.focus == .details {
            controller.focus = .editor
            return
        }
        controller.focus = .details
        controller.say(focusHint ?? "")
    }

    /// The highlighted detail, if the highlight is on one.
    private func selectedDetail(_ controller: EditorController) -> Recipe.Detail? {
        guard case .details(let details) = content(of: controller.session.recipe), details.indices.contains(rows.selected) else {
            return nil
        }
        return details[rows.selected]
    }

    /// Enter: the highlighted value (or line) in a prompt; on "Add a detail…", a new key.
    func editSelected(_ controller: EditorController) {
        syncRows(controller)
        switch content(of: controller.session.recipe) {
        case .unread(let unread):
            guard unread.lines.indices.contains(rows.selected) else { return askLine(controller, index: unread.lines.count, inserting: true) }
            controller.ask(question(.line(index: rows.selected, inserting: false), "Line \(unread.firstLine + rows.selected): ",
                                    historyKey: "front-matter-line"), unread.lines[rows.selected])
        case .details:
            guard let detail = selectedDetail(controller) else { return askNewKey(controller) }
            guard !detail.isNested else {
                return controller.say("\(detail.key) holds more than a line (nested keys, lines of text): edit it in the file; Delete removes it")
            }
            controller.ask(question(.value(key: detail.key, isNew: false), label(for: detail.key, isList: detail.isList),
                                    historyKey: "detail-" + detail.key), detail.text)
        }
    }

    private func label(for key: String, isList: Bool) -> String {
        "\(VisualLabel.isolated(key))\(isList ? " (a list: commas between items)" : ""): "
    }

    /// `a`, or the palette's "Add a detail": the new key's name, then its value.
    func askNewKey(_ controller: EditorController) {
        syncRows(controller)
        if case .unread(let unread) = content(of: controller.session.recipe) {
            return askLine(controller, index: min(unread.lines.count, rows.selected + 1), inserting: true)
        }
        controller.focus = .details
        controller.ask(question(.newKey, "New detail (title, servings, time, tags, source…): ", historyKey: "detail-key"))
    }

    private func askLine(_ controller: EditorController, index: Int, inserting: Bool) {
        controller.ask(question(.line(index: index, inserting: inserting), "New line \(2 + index): ", historyKey: "front-matter-line"))
    }

    /// Delete: the highlighted detail (or line) goes, as one undo step.
    func removeSelected(_ controller: EditorController) {
        syncRows(controller)
        let session = controller.session
        if case .unread(var unread) = content(of: session.recipe) {
            guard unread.lines.indices.contains(rows.selected) else { return }
            let removed = unread.lines.remove(at: rows.selected)
            replaceLines(unread.lines, controller, done: "line \(unread.firstLine + rows.selected) removed (\(removed))")
            return
        }
        guard let detail = selectedDetail(controller) else { return }
        session.editData { recipe, _ in recipe.removeDetail(detail.key) }
        controller.say("\(detail.key) removed (\(controller.keyHint("Undo")) brings it back)")
    }

    /// The answer to one of its questions; returns why it cannot be taken
    /// (the question stays open).
    func answer(_ purpose: Question, with text: String, controller: EditorController) -> String? {
        let session = controller.session
        switch purpose {
        case .newKey:
            let key = text.trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { return "type the detail's name (servings, time, tags…)" }
            guard !key.contains(":"), !key.hasPrefix("#"), !key.hasPrefix("-"), !key.contains(where: \.isNewline) else {
                return "a name without \":\", and not starting with # or -"
            }
            guard key != "ingredients" else { return "the ingredients are the inspector's list (\(controller.keyHint("Next pane")))" }
            if let detail = session.recipe.detail(key) {
                // A key it has already: its value is edited.
                controller.ask(self.question(.value(key: key, isNew: false), label(for: key, isList: detail.isList),
                                             historyKey: "detail-" + key), detail.text)
                return nil
            }
            controller.ask(self.question(.value(key: key, isNew: true), label(for: key, isList: false), historyKey: "detail-" + key))
        case .value(let key, let isNew):
            controller.prompt = nil
            let before = session.recipe.detail(key)?.text
            session.editData { recipe, _ in recipe.setDetail(key, to: text) }
            // A title typed here is the title on purpose: saving no longer sets it to the heading.
            if key == "title" { session.titleFollowsHeading = false }
            if case .details(let details) = content(of: session.recipe), let row = details.firstIndex(where: { $0.key == key }) {
                rows.setCount(details.count + 1)
                rows.select(row)
            }
            let value = session.recipe.detail(key)?.text ?? text
            controller.say(isNew ? "\(key) added: \(value) (\(controller.keyHint("Undo")) takes it back)"
                : before == value ? "\(key) unchanged" : "\(key): \(value) (\(controller.keyHint("Undo")) takes it back)")
        case .line(let index, let inserting):
            guard case .unread(var unread) = content(of: session.recipe) else {
                controller.prompt = nil
                return nil
            }
            controller.prompt = nil
            if inserting { unread.lines.insert(text, at: min(index, unread.lines.count)) } else if unread.lines.indices.contains(index) {
                unread.lines[index] = text
            }
            replaceLines(unread.lines, controller, done: "line \(unread.firstLine + index) \(inserting ? "added" : "changed")")
            if inserting { rows.select(index) }
        }
        return nil
    }

    /// The front matter's lines replaced, as one undo step: says whether it parses now.
    private func replaceLines(_ lines: [String], _ controller: EditorController, done: String) {
        var reads = false
        controller.session.editData { recipe, _ in reads = recipe.replaceUnreadFrontMatterLines(with: lines) }
        if reads {
            // Whether the title follows the heading is decided as for a file read with this front matter.
            let session = controller.session
            session.titleFollowsHeading = session.recipe.metadata.title == nil || session.recipe.metadata.title == session.heading
            rows.select(0)
            controller.say("the front matter reads now: its details are back (\(controller.keyHint("Undo")) undoes the change)")
        } else if case .unread(let unread) = content(of: controller.session.recipe) {
            controller.say("\(done); line \(unread.problem.line) still does not parse")
        }
    }
}

/// A line question the details pane asks (a value, a new key, a line of a
/// front matter that does not parse): its answer goes back to the pane.
struct DetailsQuestion: LineQuestion {
    var purpose: DetailsPane.Question
    var label: String
    /// Values of one key are recalled together, keys' names together, lines together.
    var historyKey: String

    func submit(_ answer: String, controller: EditorController) -> String? {
        controller.detailsPane.answer(purpose, with: answer, controller: controller)
    }
}

extension EditorCommand {
    /// The details pane's keys (its scope), in the one key table.
    static let detailsPane: [EditorCommand] = [
        EditorCommand(name: "Choose a detail", summary: "choose (the details scroll)", scope: .details,
                      keys: ([.up, .down, .pageUp, .pageDown, .home, .end] as [Key.Code]).map { Key($0) },
                      keyLabel: "Up, Down, PgUp, PgDn, Home, End", inPalette: false) { controller, key in
            controller.detailsPane.syncRows(controller)
            controller.detailsPane.rows.handle(key)
        },
        EditorCommand(name: "Edit the detail", summary: "edit its value in a prompt (a list: items between commas); a front matter that does not parse: the line",
                      scope: .details, keys: [Key(.enter)], inPalette: false) { controller, _ in
            controller.detailsPane.editSelected(controller)
        },
        EditorCommand(name: "Add a detail here", summary: "add a key and its value (saved in the front matter, or as a >> line in Cooklang); a line of a front matter that does not parse",
                      scope: .details, keys: [Key(.character("a"))], keyLabel: "a", inPalette: false) { controller, _ in
            controller.detailsPane.askNewKey(controller)
        },
        EditorCommand(name: "Remove the detail", summary: "remove it from the file (Ctrl-Z brings it back)", scope: .details,
                      keys: [Key(.delete), Key(.backspace)], keyLabel: "Delete", inPalette: false) { controller, _ in
            controller.detailsPane.removeSelected(controller)
        },
        EditorCommand(name: "Back to the text", summary: "back to the text", scope: .details,
                      keys: [Key(.escape), Key(.tab)], keyLabel: "Esc, Tab", inPalette: false) { controller, _ in controller.focus = .editor },
    ]
}
