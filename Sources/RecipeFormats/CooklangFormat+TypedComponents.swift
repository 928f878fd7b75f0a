public import Foundation
import RichText
public import Recipes

/// Cooklang typed as Cooklang: `@olive oil{2%tbsp}`, `#pan{}`, `~{5%minutes}`
/// or `@salt` typed in a step becomes the ingredient, cookware or timer the
/// file's reader reads there, once the component is closed: its `}` typed,
/// or for a single word (`@salt`) a punctuation mark after it, Enter, or a
/// save. Left as typed, the writer would have to escape it (`\@salt`), and
/// CookCLI would read text where the cook meant an ingredient.
extension CooklangFormat {
    /// A component found in typed text: the UTF-8 range of its source in
    /// that text and what the step shows for it, with its attributes.
    public struct TypedComponent: Sendable {
        public var source: Range<Int>
        public var shown: AttributedString
    }

    /// The components the reader reads in `typed` (a step's text; typed
    /// parts are plain, components already read show their names), when it
    /// reads everything else in it exactly as it stands, and the comments
    /// typed there (kept as they stand): nil when none, or when the reading
    /// differs anywhere else (an escape, a component inside a mark), so
    /// nothing changes then.
    /// `lineClosed` (Enter, the caret leaving the line, a save): a whole
    /// line the reader reads as metadata (`>> servings: 4`) or a comment
    /// (`-- for the base`) becomes that line; not while it is typed.
    public static func typedComponents(in typed: AttributedString, lineClosed: Bool = false) -> [TypedComponent]? {
        let pieces = TypedPiece.pieces(of: typed)
        let plain = pieces.map(\.source).joined()
        let bytes = Array(plain.utf8)
        guard pieces.contains(where: { !$0.isConverted }),
              bytes.contains(where: { $0 == 0x40 || $0 == 0x23 || $0 == 0x7E }) || plain.contains("[-") || plain.contains("--")
                || plain.hasPrefix(">>"),
              !bytes.contains(0x0A), !bytes.contains(0x0D)
        else { return nil }
        let read = BodyReader.readWhole(Substring(plain), syntax: CooklangSyntax(), path: "", crlf: false, firstLine: 1, sourceStart: 0,
                                        definition: .recipeFile)
        guard read.warnings.isEmpty else { return nil }
        let text = read.document.text
        var cursor = 0
        var found: [TypedComponent] = []
        for run in text.runs {
            let shown = AttributedString(text[run.range])
            if let source = run[CooklangSourceAttribute.self] {
                let length = source.utf8.count
                guard cursor + length <= bytes.count, Array(bytes[cursor ..< cursor + length]) == Array(source.utf8),
                      let within = TypedPiece.window(of: cursor ..< cursor + length, in: pieces)
                else { return nil }
                let covered = pieces.filter { $0.plain.overlaps(cursor ..< cursor + length) }
                // A component converted before, read the same again: it stays.
                let unchanged = covered.count == 1 && covered[0].isConverted
                if !unchanged {
                    // Typed text, a name marked as it was typed (`@lemon{3}`
                    // with lemon known), or a component converted before with
                    // what was typed right after it (its `(torn)` note).
                    guard covered.allSatisfy({ piece in
                        piece.isConverted || typed[typed.characterRange(atUTF8Offsets: piece.window)].runs.allSatisfy(\.attributes.isTypedOrTypedMark)
                    }) else { return nil }
                    found.append(TypedComponent(source: within, shown: shown))
                }
                cursor += length
            } else {
                let same = Array(String(shown.characters).utf8)
                guard cursor + same.count <= bytes.count, Array(bytes[cursor ..< cursor + same.count]) == same,
                      let within = TypedPiece.window(of: cursor ..< cursor + same.count, in: pieces),
                      !pieces.contains(where: { $0.isConverted && $0.plain.overlaps(cursor ..< cursor + same.count) })
                else { return nil }
                if run.attributes != AttributeContainer() {
                    // A comment (`[- warm -]`, `-- to taste`) is written as it
                    // stands: typed, it becomes the comment the reader reads
                    // there, so the components after it on the line are read too.
                    // `-- …` runs to the line's end: whole once the line is.
                    let isLine = run.attributes.verbatimLine != nil || same.starts(with: [0x2D, 0x2D])
                    // `[- …` not closed yet is still being typed (`[- hot! -]`).
                    let isOpen = same.starts(with: [0x5B, 0x2D]) && !same.reversed().starts(with: [0x5D, 0x2D])
                    guard run.attributes.comment == true || run.attributes.verbatimLine == .metadata, !isLine || lineClosed, !isOpen
                    else { return nil }
                    let typedRuns = typed[typed.characterRange(atUTF8Offsets: within)].runs
                    if typedRuns.allSatisfy({ $0.attributes.isTypedText }) {
                        found.append(TypedComponent(source: within, shown: shown))
                    } else if !typedRuns.allSatisfy({ $0.comment == true }) {
                        return nil
                    }
                }
                cursor += same.count
            }
        }
        return cursor == bytes.count && !found.isEmpty ? found : nil
    }

    /// After a typed `>> key: value` line became metadata: its key is the
    /// recipe's, as the file's reader reads it there (the head keeps no
    /// change of its own for it: the line holds it, as for a file read).
    public static func addMetadata(of components: [TypedComponent], to recipe: inout Recipe) {
        for component in components { addMetadata(in: component.shown, to: &recipe) }
    }

    /// The `>>` lines of `text` (typed or pasted, read as metadata) give
    /// the recipe their keys, as the file's reader reads them there.
    public static func addMetadata(in text: AttributedString, to recipe: inout Recipe) {
        // A run holds every `>>` line in a row, each with its line break.
        let lines = text.runs[\.verbatimLine].filter { $0.0 == .metadata }
            .flatMap { String(text.characters[$0.1]).split(whereSeparator: \.isNewline) }
        for line in lines {
            guard let (key, value) = metadataEntry(line) else { continue }
            recipe.metadata.set(key, toText: value)
            var head = recipe.originalFrontMatter ?? ("", RecipeMetadata(), recipe.ingredients)
            head.metadata.set(key, toText: value)
            recipe.originalFrontMatter = head
        }
    }

    /// Text pasted from another program, read as the lines of a Cooklang
    /// file's body are read (the file reader itself): components,
    /// comments, notes, sections and `>>` lines as opening such a file
    /// would show them, so the file says what was pasted (left as typed
    /// text, every marker would be saved escaped, `\@eggs{3}`). Nil when it
    /// holds no Cooklang (read, it is itself with no attributes).
    public static func readPasted(_ pasted: String) -> AttributedString? {
        let read = BodyReader.readWhole(Substring(pasted), syntax: CooklangSyntax(), path: "", crlf: false, firstLine: 1, sourceStart: 0,
                                        definition: .recipeFile).document.text
        let isPlain = read.runs.allSatisfy { $0.attributes == AttributeContainer() }
        return isPlain && String(read.characters) == pasted ? nil : read
    }

    /// After typed components became marks: their ingredients join the
    /// list (named as the reader names them), those already there stay.
    public static func addIngredients(of components: [TypedComponent], to recipe: inout Recipe) {
        addIngredients(in: components.reduce(into: AttributedString()) { $0 += $1.shown }, to: &recipe)
    }

    /// The same for text read from a paste.
    public static func addIngredients(in text: AttributedString, to recipe: inout Recipe) {
        let known = Set(recipe.ingredients.map(\.id))
        recipe.ingredients += ingredients(in: text).filter { !known.contains($0.id) }
    }
}

extension CooklangFormat {
    /// A section's text typed with its closing `=`s (`== Sauce ==`): the
    /// name as the file's reader reads that line (it ends at the first
    /// `=`), the `=`s kept as the line's markup where it keeps the markup
    /// typed. Left in the name they would be written inside it
    /// (`== Sauce == ==`), which other readers take for a step. Nil when
    /// something other than `=`s and spaces follows a `=` (`Gas mark = 4`:
    /// no closing markers) or no name comes before them.
    public static func closedSection(_ section: AttributedString) -> AttributedString? {
        let characters = String(section.characters)
        guard let equals = characters.firstIndex(of: "="),
              characters[equals...].allSatisfy({ $0 == "=" || $0 == " " || $0 == "\t" }),
              let last = characters[..<equals].lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return nil }
        let nameEnd = characters.index(after: last)
        var closed = AttributedString(section[section.characterRange(atUTF8Offsets: 0 ..< characters.utf8.distance(from: characters.startIndex,
                                                                                                                   to: nameEnd))])
        if var markup = closed.runs.first?[LineMarkupAttribute.self], markup.suffix.isEmpty {
            markup.suffix = String(characters[nameEnd...])
            closed[LineMarkupAttribute.self] = markup
        }
        return closed
    }
}
