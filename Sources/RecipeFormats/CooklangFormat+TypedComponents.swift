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
    /// reads everything else in it exactly as it stands: nil when none, or
    /// when the reading differs anywhere else (an escape, a comment, a
    /// component inside a mark), so nothing changes then.
    public static func typedComponents(in typed: AttributedString) -> [TypedComponent]? {
        let plain = String(typed.characters)
        let bytes = Array(plain.utf8)
        guard bytes.contains(where: { $0 == 0x40 || $0 == 0x23 || $0 == 0x7E }), !bytes.contains(0x0A), !bytes.contains(0x0D)
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
                      typed[typed.characterRange(atUTF8Offsets: cursor ..< cursor + length)].runs.allSatisfy({ $0.attributes.isTypedText })
                else { return nil }
                found.append(TypedComponent(source: cursor ..< cursor + length, shown: shown))
                cursor += length
            } else {
                let same = Array(String(shown.characters).utf8)
                guard run.attributes == AttributeContainer(), cursor + same.count <= bytes.count,
                      Array(bytes[cursor ..< cursor + same.count]) == same else { return nil }
                cursor += same.count
            }
        }
        return cursor == bytes.count && !found.isEmpty ? found : nil
    }

    /// After typed components became marks: their ingredients join the
    /// list (named as the reader names them), those already there stay.
    public static func addIngredients(of components: [TypedComponent], to recipe: inout Recipe) {
        let known = Set(recipe.ingredients.map(\.id))
        let shown = components.reduce(into: AttributedString()) { $0 += $1.shown }
        recipe.ingredients += ingredients(in: shown).filter { !known.contains($0.id) }
    }
}
