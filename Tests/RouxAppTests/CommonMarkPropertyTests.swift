import Foundation
import Recipes
import RecipeFormats
import RichText
@testable import RouxApp
import RouxTestSupport
import Testing

/// What Roux saves reads the same in CommonMark: random recipes typed in
/// the editor (paragraphs, headings, bullet and numbered lists with nested
/// items, quotes, bold, italic, ingredient marks, links), saved with Ctrl-S,
/// rendered by `cmark-gfm`: the same headings, paragraphs, items and quotes
/// with the same text as the editor shows, never two paragraphs in one.
@Suite("Saved recipes read the same in CommonMark")
struct CommonMarkPropertyTests {
    static let words = ["flour", "butter", "sugar", "eggs", "milk", "salt", "Mix", "Bake", "the", "until", "golden", "for", "minutes",
                        "200", "g", "oven", "180", "°C", "crème", "fraîche", "and", "then", "gently", "dough", "2.", "-", "#", "*", ">"]

    /// A document typed as a user would, block after block, each begun on
    /// an empty body paragraph and left with Enter.
    struct Typist {
        var random: SystemRandomNumberGenerator
        let app: EditorController
        var log: [String] = []

        mutating func words(_ range: ClosedRange<Int>) -> String {
            var chosen: [String] = []
            for _ in 0 ..< Int.random(in: range, using: &random) {
                chosen.append(CommonMarkPropertyTests.words.randomElement(using: &random) ?? "x")
            }
            // Markup-looking words are text inside a line, a word at the start is a letter.
            return "Now " + chosen.joined(separator: " ")
        }

        mutating func typeParagraphText() {
            let text = words(1 ... 6)
            log.append("type \(text.debugDescription)")
            app.type(text)
            formatALastWord()
        }

        /// Bold, italic, a link or an ingredient mark on a word of the paragraph just typed.
        mutating func formatALastWord() {
            guard Bool.random(using: &random) else { return }
            let word = ["flour", "butter", "sugar", "dough", "oven"].randomElement(using: &random) ?? "flour"
            let choice = Int.random(in: 0 ..< 4, using: &random)
            log.append("format \(word) \(choice)")
            app.session.edit { recipe in
                guard let range = recipe.document.text.range(of: word, options: .backwards),
                      range.lowerBound >= recipe.document.text.startIndex else { return }
                if choice == 3 {
                    recipe.apply(IngredientSuggestion(name: word))
                    return
                }
                try? recipe.document.select(TextSelection(range))
                switch choice {
                case 0: _ = recipe.document.toggle(BoldAttribute.self)
                case 1: _ = recipe.document.toggle(ItalicAttribute.self)
                default: _ = recipe.document.setAttribute(AttributeScopes.FoundationAttributes.LinkAttribute.self,
                                                      to: URL(string: "https://example.com/\(word)"))
                }
            }
            // Formatting moved no text: the caret goes back to the end, where typing goes on.
            CommonMarkPropertyTests.moveCaret(in: app, toOffset: nil)
        }

        func setParagraph<K: AttributedStringKey>(_ key: K.Type, to value: K.Value) where K.Value: Sendable {
            app.session.edit { _ = $0.document.setParagraphAttribute(key, to: value) }
        }

        mutating func enter() {
            log.append("Enter")
            app.type([0x0D])
        }

        mutating func tab() {
            log.append("Tab")
            app.type([0x09])
        }

        mutating func typeBlock() {
            switch Int.random(in: 0 ..< 6, using: &random) {
            case 0, 1:
                typeParagraphText()
                // Now and then Enter in the middle of it too: a paragraph split in two.
                if Bool.random(using: &random), let middle = app.text.range(of: " ", options: .backwards) {
                    let offset = app.text.utf8.distance(from: app.text.startIndex, to: middle.upperBound)
                    log.append("Enter at \(offset)")
                    CommonMarkPropertyTests.moveCaret(in: app, toOffset: offset)
                    app.type([0x0D])
                    CommonMarkPropertyTests.moveCaret(in: app, toOffset: nil)
                }
                enter()
            case 2:
                typeParagraphText()
                let level = Int.random(in: 1 ... 3, using: &random)
                log.append("heading \(level)")
                setParagraph(HeadingLevelAttribute.self, to: level)
                enter()
            case 3, 4:
                typeParagraphText()
                let ordered = Bool.random(using: &random)
                let start = [1, 1, 2, 3].randomElement(using: &random) ?? 1
                log.append(ordered ? "numbered from \(start)" : "bullets")
                setParagraph(ListItemAttribute.self, to: ListMarker(kind: ordered ? .ordered(number: start, delimiter: ".") : .bullet("-")))
                for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) {
                    enter()
                    if Int.random(in: 0 ..< 3, using: &random) == 0 { tab() }
                    typeParagraphText()
                }
                // Enter continues the list; Enter on the empty item ends it.
                enter()
                enter()
            default:
                typeParagraphText()
                log.append("quote")
                setParagraph(BlockQuoteAttribute.self, to: 1)
                for _ in 0 ..< Int.random(in: 0 ... 2, using: &random) {
                    enter()
                    typeParagraphText()
                }
                enter()
                enter()
            }
        }
    }

    /// The caret at a UTF-8 offset of the text, or at its end.
    static func moveCaret(in app: EditorController, toOffset offset: Int?) {
        app.session.edit { recipe in
            let text = recipe.document.text
            let index = offset.map { text.utf8.index(text.startIndex, offsetBy: $0) } ?? text.endIndex
            try? recipe.document.select(TextSelection(caret: index))
        }
    }

    @Test func randomRecipesTypedAndSavedRenderAsTheEditorShowsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-commonmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for number in 0 ..< PropertyCases.scaled(25) {
            let path = folder.appendingPathComponent("recipe-\(number).md").path
            try "".write(toFile: path, atomically: true, encoding: .utf8)
            let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
            var typist = Typist(random: SystemRandomNumberGenerator(), app: app)
            for _ in 0 ..< Int.random(in: 1 ... 7, using: &typist.random) { typist.typeBlock() }
            // Backspace at a body paragraph's start: the blank line Enter left goes, or two paragraphs join.
            // (At an item's start it takes the marker: items nested under it are then under none, which
            // CommonMark reads as code; Roux says the line may read differently.)
            if Bool.random(using: &typist.random) {
                let text = app.session.document.text
                let starts = app.text.indices.filter { index in
                    guard index > app.text.startIndex, app.text[app.text.index(before: index)] == "\n" else { return false }
                    let offset = app.text.utf8.distance(from: app.text.startIndex, to: index)
                    let position = text.utf8.index(text.startIndex, offsetBy: offset)
                    guard position < text.endIndex else { return false }
                    let attributes = text.runs[position].attributes
                    return attributes.listItem == nil && attributes.blockQuote == nil && attributes.headingLevel == nil
                }
                if let start = starts.randomElement(using: &typist.random) {
                    let offset = app.text.utf8.distance(from: app.text.startIndex, to: start)
                    typist.log.append("Backspace at \(offset)")
                    Self.moveCaret(in: app, toOffset: offset)
                    app.type([0x7F])
                }
            }
            app.type([0x13]) // Ctrl-S
            let file = try String(contentsOfFile: path, encoding: .utf8)
            let shown = RenderedBlock.paragraphs(of: app.session.document.text)
            let rendered = try CommonMarkReference.blocks(of: file)
            #expect(rendered == shown, "typed: \(typist.log)\nfile:\n\(file)")
            // Opened again, the file shows the same paragraphs (and the blank lines between them).
            let reopened = try RecipeFiles.open(path: path)
            #expect(RenderedBlock.paragraphs(of: reopened.recipe.document.text) == shown, "file:\n\(file)")
        }
    }
}
