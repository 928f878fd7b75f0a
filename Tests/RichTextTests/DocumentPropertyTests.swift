import Foundation
import PropertyBased
import Recipes
import RichText
import RouxTestSupport
import Testing

/// Random sessions of edits, selection moves, attribute toggles, marking,
/// paste, undo and redo. After every step the document must hold its
/// invariants; at the end, undoing everything must give back the original
/// text and attributes exactly.
@Suite("Document properties")
struct DocumentPropertyTests {
    static let original: AttributedString = {
        var text = AttributedString("Le beurre fond.\nPut the סופגניות in 🍩 the pan 👍🏽.\nCafe\u{301} au lait, beurre doux.")
        if let range = text.range(of: "fond") { text[range].bold = true }
        return text
    }()

    static let fragments = ["a", " ", "beurre", "\n", "é", "e\u{301}", "👍🏽", "ש", "👨‍👩‍👧", "\t", "\u{1B}[31m", "\r\n"]

    /// One step, decoded from a random number so shrinking works on plain integers.
    static func step(_ code: Int, on document: inout RichTextDocument) {
        let operation = code % 14
        let argument = code / 14
        let length = document.text.utf8.count
        switch operation {
        case 0, 1: document.insert(fragments[argument % fragments.count])
        case 2: document.deleteBackward()
        case 3: document.deleteForward()
        case 4: document.deleteWordBackward()
        case 5:
            let offset = argument % (length + 1)
            try? document.select(TextSelection(caret: document.text.characterIndex(atUTF8Offset: offset)))
        case 6:
            let first = argument % (length + 1)
            let second = (argument / 7) % (length + 1)
            let third = (argument / 13) % (length + 1)
            let text = document.text
            try? document.select(TextSelection(ranges: [
                .init(anchor: text.characterIndex(atUTF8Offset: first), head: text.characterIndex(atUTF8Offset: second)),
                .caret(text.characterIndex(atUTF8Offset: third)),
            ]))
        case 7: document.toggle(BoldAttribute.self)
        case 8: document.setAttribute(ForegroundColorAttribute.self, to: .ansi(.red))
        case 9:
            var ingredient = AttributeContainer()
            ingredient.ingredient = IngredientID("beurre")
            document.addAttributes(ingredient, toMatchesOf: TextSearch("beurre", caseInsensitive: true, wholeWords: true))
        case 10:
            var pasted = AttributedString(fragments[argument % fragments.count])
            pasted.foregroundColor = .ansi(.magenta)
            pasted.languageIdentifier = "fr"
            pasted.italic = true
            document.paste(argument % 2 == 0 ? pasted : document.copy())
        case 11: document.undo()
        case 12: document.redo()
        default: document.setParagraphAttribute(HeadingLevelAttribute.self, to: argument % 8)
        }
    }

    static func checkInvariants(_ document: RichTextDocument, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = document.text
        for range in document.selection.ranges {
            #expect(range.bounds.isValid(within: text), "selection index is stale", sourceLocation: sourceLocation)
            for index in [range.lowerBound, range.upperBound] where index < text.endIndex {
                #expect(text.characterBoundary(atOrBefore: index) == index, "selection splits a grapheme", sourceLocation: sourceLocation)
            }
        }
        for (previous, next) in zip(document.selection.ranges, document.selection.ranges.dropFirst()) {
            #expect(previous.upperBound < next.lowerBound, "ranges overlap or touch", sourceLocation: sourceLocation)
        }
        for run in text.runs {
            let isIngredient = run.ingredient != nil
            #expect((run.foregroundColor == .green) == isIngredient, "IngredientsAreGreen broken: \(run.attributes)", sourceLocation: sourceLocation)
            #expect(run.foregroundColor == nil || isIngredient, "colour outside an ingredient", sourceLocation: sourceLocation)
            #expect(run.languageIdentifier == nil, "attribute outside the scope", sourceLocation: sourceLocation)
            #expect(run.bold != false, "a default value was stored", sourceLocation: sourceLocation)
            if let level = run.headingLevel { #expect((1...6).contains(level), sourceLocation: sourceLocation) }
        }
    }

    /// The change a document reports keeps its promise: the prefix and suffix
    /// it calls unchanged are equal, text and attributes, before and after.
    static func checkChange(from old: AttributedString, version: Int, to document: RichTextDocument,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        guard document.version != version else { return }
        let new = document.text
        guard let change = document.change(since: version) else {
            Issue.record("no change recorded for one step", sourceLocation: sourceLocation)
            return
        }
        #expect(change.oldLength == old.utf8.count && change.newLength == new.utf8.count, sourceLocation: sourceLocation)
        func slice(_ text: AttributedString, _ range: Range<Int>) -> AttributedString {
            let lower = text.utf8.index(text.startIndex, offsetBy: range.lowerBound)
            return AttributedString(text[lower ..< text.utf8.index(lower, offsetBy: range.count)])
        }
        // Characters outside the range are unchanged...
        #expect(String(slice(old, 0 ..< change.prefix).characters) == String(slice(new, 0 ..< change.prefix).characters),
                "the unchanged prefix changed", sourceLocation: sourceLocation)
        let oldSuffix = change.oldLength - change.suffix ..< change.oldLength
        let newSuffix = change.newLength - change.suffix ..< change.newLength
        #expect(String(slice(old, oldSuffix).characters) == String(slice(new, newSuffix).characters),
                "the unchanged suffix changed", sourceLocation: sourceLocation)
        // ...and so are attributes outside the paragraphs containing its ends,
        // in the old text or the new one.
        func paragraphMargins(_ text: AttributedString, _ range: Range<Int>) -> (before: Int, after: Int) {
            let first = text.paragraphRange(around: text.characterIndex(atUTF8Offset: range.lowerBound))
            let last = text.paragraphRange(around: text.characterIndex(atUTF8Offset: max(range.lowerBound, range.upperBound - 1)))
            return (text.utf8Offset(of: first.lowerBound), text.utf8.count - text.utf8Offset(of: last.upperBound))
        }
        let oldMargins = paragraphMargins(old, change.oldRange)
        let newMargins = paragraphMargins(new, change.newRange)
        let before = min(oldMargins.before, newMargins.before)
        let after = min(oldMargins.after, newMargins.after)
        #expect(slice(old, 0 ..< min(before, change.prefix)) == slice(new, 0 ..< min(before, change.prefix)),
                "attributes before the changed paragraphs changed", sourceLocation: sourceLocation)
        let kept = min(after, change.suffix)
        #expect(slice(old, change.oldLength - kept ..< change.oldLength) == slice(new, change.newLength - kept ..< change.newLength),
                "attributes after the changed paragraphs changed", sourceLocation: sourceLocation)
    }

    @Test func invariantsHoldAndUndoingEverythingRestoresTheOriginal() async {
        await propertyCheck(count: PropertyCases.scaled(400), input: Gen.int(in: 0 ... 1_000_000).array(of: 1 ... 40)) { codes in
            var document = RichTextDocument(text: Self.original, definition: .recipe)
            let start = document.text
            // Moving the selection is not an undo step: undoing everything
            // gives back the selection from just before the bottom step of the
            // undo stack, the last edit (or redo) made with nothing to undo.
            var markupBeforeFirstEdit: String?
            for code in codes {
                let before = (version: document.version, markup: SelectionMarkup.markup(of: document),
                              canUndo: document.canUndo, text: document.text)
                Self.step(code, on: &document)
                Self.checkChange(from: before.text, version: before.version, to: document)
                if document.version != before.version, !before.canUndo {
                    markupBeforeFirstEdit = before.markup
                }
                Self.checkInvariants(document)
            }
            var undone = 0
            while document.undo() { undone += 1 }
            #expect(document.text == start)
            if let markupBeforeFirstEdit, undone > 0 {
                #expect(SelectionMarkup.markup(of: document) == markupBeforeFirstEdit)
            }
        }
    }

    @Test func redoingEverythingAfterUndoingEverythingGivesTheSameDocument() async {
        await propertyCheck(count: PropertyCases.scaled(150), input: Gen.int(in: 0 ... 1_000_000).array(of: 1 ... 25)) { codes in
            var document = RichTextDocument(text: Self.original, definition: .recipe)
            // Redo gives back the selection each step left, not later moves.
            var endMarkup: String?
            for code in codes where code % 14 != 11 && code % 14 != 12 {
                let version = document.version
                Self.step(code, on: &document)
                if document.version != version { endMarkup = SelectionMarkup.markup(of: document) }
            }
            let end = document.text
            guard let endMarkup else { return }
            while document.undo() {}
            while document.redo() {}
            #expect(document.text == end)
            #expect(SelectionMarkup.markup(of: document) == endMarkup)
        }
    }
}
