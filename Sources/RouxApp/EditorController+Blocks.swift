import Foundation
import RecipeFormats
import Recipes
import RichText
import TextLayout

/// Blocks from the keyboard: Markdown shortcuts typed at a paragraph's
/// start, the list and quote toggles, and Markdown pasted from another
/// program. The open file's format says which blocks it can save; only
/// those are made.
extension EditorController {
    /// The last shortcut taken, so that Backspace right after it gives
    /// the characters back, and the paragraph where they were given back,
    /// so that typing there does not take them again.
    struct TypedMarkupMemory {
        /// The session and the document's version right after the shortcut.
        var converted: (session: ObjectIdentifier, version: Int)?
        /// The session and the start of the paragraph that keeps its markup as text.
        var declined: (session: ObjectIdentifier, paragraphStart: Int)?
    }

    /// After typing that began at `typedFrom` (a UTF-8 offset): markup it
    /// finished at the start of the caret's paragraph (`- `, `1. `, `> `,
    /// `## `) becomes the paragraph's block, in an undo step of its own.
    func convertTypedMarkup(typedFrom: Int) {
        let document = session.document
        let (candidates, paragraph) = document.typedMarkupCandidates(typedFrom: typedFrom)
        guard !candidates.isEmpty else { return }
        let caret = document.text.utf8Offset(of: document.selection.primary.head)
        let paragraphStart = caret - document.paragraphTextBeforeCaretLength
        let id = ObjectIdentifier(session)
        if let declined = panes.editor.typedMarkup.declined, declined.session == id, declined.paragraphStart == paragraphStart { return }
        panes.editor.typedMarkup.declined = nil
        let format = session.format
        guard let (markup, block) = candidates.lazy.compactMap({ markup in
            format.block(typing: markup, on: paragraph, between: document.neighboursOfCaretParagraph).map { (markup, $0) }
        }).first else { return }
        if selectedStepsHoldComponents {
            say(Self.componentsInABlock(block: block.blockQuote != nil ? "a note" : "a section"))
            return
        }
        session.edit { $0.document.convertTypedMarkup(length: markup.utf8.count, to: block) }
        panes.editor.typedMarkup.converted = (id, session.document.version)
    }

    /// Whether a space typed now would end markup that becomes a block
    /// (the typing echo leaves such a space to the real frame).
    var spaceWouldConvertMarkup: Bool {
        guard let (before, paragraph) = session.document.textBeforeCaretInParagraph, !before.isEmpty else { return false }
        return session.format.block(typing: before + " ", on: paragraph, between: session.document.neighboursOfCaretParagraph) != nil
    }

    /// After a character typed at a single caret: inline markup it closed
    /// (`**pepper**` then a space or a comma) becomes the style, in an undo
    /// step of its own, so Ctrl-Z gives the characters back. Markdown only:
    /// Cooklang and plain text write no styles.
    /// With `atLineEnd` (before Enter) markup that ends at the caret closes
    /// at the line's end.
    func convertTypedInlineMarkup(atLineEnd: Bool = false) {
        if !atLineEnd, convertTypedLink() { return }
        guard session.format == .markdown, followsInlineDelimiter(back: atLineEnd ? 0 : 1),
              let (window, start) = session.document.textBeforeCaretForInlineMarkup,
              let found = MarkdownRecipeFormat.typedInlineSpan(endingBefore: window, atLineEnd: atLineEnd) else { return }
        let span = start + found.span.lowerBound ..< start + found.span.upperBound
        session.edit { recipe in
            recipe.document.convertTypedInline(span: span, openerLength: found.delimiterLength, closerLength: found.delimiterLength,
                                               inner: found.inner)
        }
    }

    /// A link typed as Markdown (`[text](https://…)`, `<https://…>`) becomes
    /// a link once its `)` or `>` is typed, an image (`![alt](pic.png)`) a
    /// picture, in an undo step of its own: left as typed it would be saved
    /// escaped, no link or picture for any reader. True when it did.
    private func convertTypedLink() -> Bool {
        guard session.format == .markdown, followsInlineDelimiter(back: 0, among: [0x29, 0x3E]),
              let (window, start) = session.document.textBeforeCaretForInlineMarkup else { return false }
        if let found = MarkdownRecipeFormat.typedLinkSpan(endingWith: window) {
            session.edit { recipe in
                recipe.document.convertTypedInline(span: start + found.span.lowerBound ..< start + found.span.upperBound,
                                                   openerLength: found.openerLength, closerLength: found.closerLength, inner: found.inner)
            }
            return true
        }
        guard let found = MarkdownRecipeFormat.typedAutolinkSpan(endingWith: window) else { return false }
        session.edit { recipe in
            recipe.document.convertTypedInline(span: start + found.span.lowerBound ..< start + found.span.upperBound,
                                               openerLength: 1, closerLength: 1, inner: found.inner)
        }
        return true
    }

    /// Cooklang typed in a step (`@olive oil{2%tbsp}`, `#pan{}`, `~{5%min}`,
    /// `@salt`): once closed by `}` or a punctuation mark typed (`typed`),
    /// or by Enter or a save (`typed` nil: the whole paragraph), the
    /// components the reader reads there become its marks, in an undo
    /// step of its own. A space does not close `@olive`: `@olive oil{}` may
    /// be under way.
    @discardableResult
    func convertTypedCooklang(typed: String?) -> Bool {
        guard session.format == .cooklang else { return false }
        if typed == nil, closeTypedSection() { return true }
        if let typed, !(typed.last.map(Self.closesCooklang.contains) ?? false) { return false }
        guard let (window, start) = session.document.textBeforeCaret(lookingBack: 2_048, toParagraphEnd: typed == nil),
              let first = window.runs.first, first.blockQuote == nil, first.headingLevel == nil, first.verbatimLine == nil,
              let components = CooklangFormat.typedComponents(in: window, lineClosed: typed == nil) else { return false }
        session.edit { recipe in
            recipe.document.replaceTyped(components.map { start + $0.source.lowerBound ..< start + $0.source.upperBound },
                                         with: components.map(\.shown))
            CooklangFormat.addIngredients(of: components, to: &recipe)
            CooklangFormat.addMetadata(of: components, to: &recipe)
        }
        return true
    }

    /// Whether the caret's paragraph is a Markdown table's row, which Enter
    /// follows with the next row, no blank line between.
    var caretIsOnATableRow: Bool {
        guard session.format == .markdown,
              let (window, _) = session.document.textBeforeCaret(lookingBack: 2_048, toParagraphEnd: true), window.utf8.count < 2_048,
              let first = window.runs.first else { return false }
        return MarkdownRecipeFormat.isTableRow(Array(window.utf8), attributes: first.attributes)
    }

    /// Enter on the closing `---` of front matter typed at the top of a
    /// Markdown recipe with no details yet: the lines leave the text and
    /// become its details, as opening the file would read them, in one
    /// undo step. True when they did (Enter then makes no new line).
    func convertTypedFrontMatter() -> Bool {
        let document = session.document
        guard session.format == .markdown, session.recipe.metadata == RecipeMetadata(), document.selection.ranges.count == 1,
              document.selection.primary.isCaret else { return false }
        let text = document.text
        let caret = text.utf8Offset(of: document.selection.primary.head)
        guard caret >= 11, caret < 4_096 else { return false }
        let atLineEnd = caret == text.utf8.count || text.utf8[text.utf8.index(text.startIndex, offsetBy: caret)] == 0x0A
        let typed = text[text.startIndex ..< text.characterIndex(atUTF8Offset: caret)]
        guard atLineEnd, String(typed.characters).hasSuffix("\n---"),
              typed.runs.allSatisfy({ $0.listItem == nil && $0.headingLevel == nil && $0.blockQuote == nil && $0.verbatimLine == nil }),
              let read = MarkdownRecipeFormat.typedFrontMatter(String(typed.characters).split(separator: "\n", omittingEmptySubsequences: false)),
              read.ingredients.isEmpty || session.recipe.ingredients.isEmpty else { return false }
        let end = caret < text.utf8.count ? caret + 1 : caret
        session.editData { recipe, _ in
            recipe.document.replaceTyped([0 ..< end], with: [AttributedString()])
            recipe.metadata = read.metadata
            if !read.ingredients.isEmpty { recipe.ingredients = read.ingredients }
        }
        say("the front matter is the recipe's details now (\(keyHint("Recipe details")) shows them)")
        return true
    }

    /// Enter or a save on a Markdown heading typed with its closing `#`s
    /// (`# Crêpes #`): they leave the heading's text for its line markup,
    /// in an undo step of its own, as the file's reader would read the line.
    func closeTypedHeading() {
        guard session.format == .markdown,
              let (window, start) = session.document.textBeforeCaret(lookingBack: 2_048, toParagraphEnd: true), window.utf8.count < 2_048,
              window.runs.first?.headingLevel != nil, let closed = MarkdownRecipeFormat.closedHeading(window) else { return }
        session.edit { $0.document.replaceTyped([start ..< start + window.utf8.count], with: [closed]) }
    }

    /// Enter, the caret leaving the line or a save on a Cooklang section
    /// typed with its closing `=`s (`== Sauce ==`): they leave the name,
    /// in an undo step of its own, as the file's reader would read the line.
    private func closeTypedSection() -> Bool {
        guard let (window, start) = session.document.textBeforeCaret(lookingBack: 2_048, toParagraphEnd: true), window.utf8.count < 2_048,
              window.runs.first?.headingLevel != nil, let closed = CooklangFormat.closedSection(window) else { return false }
        session.edit { $0.document.replaceTyped([start ..< start + window.utf8.count], with: [closed]) }
        return true
    }

    /// The caret leaving its paragraph for `destination` (an arrow, a
    /// click) closes a component typed last there, as Enter does: left as
    /// typed it would be saved escaped. True when the text changed, so the
    /// caller works the destination out again.
    func closeTypedCooklang(leavingFor destination: CaretPosition) -> Bool {
        guard session.format == .cooklang, !session.document.selection.hasSelectedText else { return false }
        let layout = session.layout
        guard layout.paragraph(containing: destination.offset) != layout.paragraph(containing: session.caret.offset)
        else { return false }
        return convertTypedCooklang(typed: nil)
    }

    /// What closes a Cooklang component as it is typed.
    static let closesCooklang: Set<Character> = ["}", ".", ",", ";", ":", "!", "?", ")", "]"]

    /// Whether the character `back` characters before the single caret
    /// follows `*`, `_`, `~` or a backtick: only then can typing close a
    /// span (one byte looked at, so other keystrokes cost nothing).
    func followsInlineDelimiter(back: Int, among delimiters: Set<UInt8> = inlineDelimiters) -> Bool {
        let document = session.document
        guard document.selection.ranges.count == 1, document.selection.primary.isCaret else { return false }
        let text = document.text
        var index = document.selection.primary.head
        for _ in 0 ..< back {
            guard index > text.startIndex else { return false }
            index = text.characterBoundary(atOrBefore: text.utf8.index(before: index))
        }
        guard index > text.startIndex else { return false }
        return delimiters.contains(text.utf8[text.utf8.index(before: index)])
    }

    /// `*`, `_`, `~` and the backtick: the bytes that can close a style.
    static let inlineDelimiters: Set<UInt8> = [0x2A, 0x5F, 0x7E, 0x60]

    /// The bytes whose typing may close markup: a style's delimiters, a link's `)` and an autolink's `>`.
    static let closesInlineMarkup: Set<UInt8> = inlineDelimiters.union([0x29, 0x3E])

    /// Whether the last edit is a shortcut taken (Backspace and Ctrl-Z then give its characters back).
    private var lastEditConvertedMarkup: Bool {
        guard let converted = panes.editor.typedMarkup.converted else { return false }
        return converted.session == ObjectIdentifier(session) && converted.version == session.document.version
    }

    /// Backspace: right after a shortcut, with the caret where its markup
    /// was, the markup comes back as typed; else as usual (at an item's
    /// start its marker goes).
    func deleteBackward() {
        if lastEditConvertedMarkup, session.document.paragraphTextBeforeCaretLength == 0 {
            undo(redo: false)
            return
        }
        session.edit { recipe in
            if !recipe.document.removeParagraphSpacingAtCarets(), !recipe.document.removeBlockMarkersAtCarets() {
                recipe.document.deleteBackward()
            }
        }
    }

    /// After an undo that took a shortcut back: its paragraph keeps the
    /// markup as text from then on.
    func keepMarkupAsText() {
        panes.editor.typedMarkup.converted = nil
        let document = session.document
        let caret = document.text.utf8Offset(of: document.selection.primary.head)
        panes.editor.typedMarkup.declined = (ObjectIdentifier(session), caret - document.paragraphTextBeforeCaretLength)
    }

    /// Whether an undo now would take a shortcut back.
    var undoTakesBackMarkup: Bool { lastEditConvertedMarkup }

    // MARK: Toggles

    enum BlockToggle {
        case list(RichTextDocument.ListStyle)
        case quote
    }

    /// Alt-L, Alt-N, Alt-Q: a bullet list, a numbered list or a quote on
    /// the paragraphs of the selection, or off again; one undo step.
    func toggleBlock(_ toggle: BlockToggle) {
        switch (toggle, session.format) {
        case (_, .plainText):
            say("plain text has no lists or quotes (\(keyHint("Save as")) saves the recipe as Markdown, .md)")
        case (.list, .cooklang):
            say("Cooklang has no lists: steps are paragraphs, ingredients are marked in them (\(keyHint("Save as")) saves as Markdown, .md)")
        case (.list(let style), _):
            session.edit { $0.document.toggleList(style) }
        case (.quote, .cooklang) where selectedStepsHoldComponents:
            say(Self.componentsInABlock(block: "a note"))
        case (.quote, .cooklang) where !session.format.canQuote(between: session.document.neighboursOfSelectedBlocks):
            say("a Cooklang note needs a blank line before and after it (else it is read as part of the step beside it)")
        case (.quote, _):
            session.edit { $0.document.toggleBlockQuote() }
        }
    }

    /// Whether the paragraphs a block toggle would change are Cooklang
    /// steps with ingredients, cookware or timers: the reader takes a
    /// note's or a section's line as text (`> Melt @butter{30%g}` has no
    /// ingredient), so making one of them would lose the components.
    var selectedStepsHoldComponents: Bool {
        session.format == .cooklang && session.document.selectedBlocksContain {
            $0.ingredient != nil || $0.cookware != nil || $0.timer != nil
        }
    }

    /// Why a step with components stays a step.
    static func componentsInABlock(block: String) -> String {
        "Cooklang reads \(block) as text: ingredients, cookware and timers would be lost; the step stays"
    }

    // MARK: Paste

    /// Text pasted through the terminal (from another program). In a
    /// Markdown recipe, Markdown in it gives the blocks and styles the file
    /// reader would give the same lines; in a Cooklang recipe, Cooklang
    /// gives its components, notes, sections and `>>` metadata. The literal
    /// paste is one undo step and the reading another, so one Ctrl-Z gives
    /// the literal text back.
    func pasteFromTerminal(_ pasted: String) {
        session.edit { $0.document.paste(plainText: pasted) }
        switch session.format {
        case .markdown:
            guard let content = MarkdownRecipeFormat.readPasted(pasted) else { return }
            session.edit { recipe in
                recipe.document.replacePasted(pasted, with: content)
                recipe.addIngredientsForUnknownMarks(in: content)
            }
        case .cooklang:
            guard let content = CooklangFormat.readPasted(pasted) else { return }
            session.edit { recipe in
                recipe.document.replacePasted(pasted, with: content)
                CooklangFormat.addIngredients(in: content, to: &recipe)
                CooklangFormat.addMetadata(in: content, to: &recipe)
            }
        default:
            return
        }
    }
}

extension RichTextDocument {
    /// UTF-8 bytes from the start of the primary caret's paragraph to the caret.
    var paragraphTextBeforeCaretLength: Int {
        let head = selection.primary.head
        let start = text.paragraphRange(around: head).lowerBound
        return text.utf8Offset(of: head) - text.utf8Offset(of: start)
    }
}
