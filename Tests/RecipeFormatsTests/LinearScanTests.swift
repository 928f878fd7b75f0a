import Foundation
@testable import RecipeFormats
import Testing

/// A line of openers that nothing closes (`[a](`, `^[a](`, `@a{`
/// repeated) is read looking ahead a bounded number of times its length:
/// each opener used to search to the line's end, 8.7 s for 160 KB and
/// minutes for 1 MB. The counts are of bytes looked at, not of time.
@Suite("Unclosed openers are scanned in linear time")
struct LinearScanTests {
    static let repetitions = 40_000

    static func markdown(_ line: String) -> MarkdownInlineReader.Result {
        var reader = MarkdownInlineReader()
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { reader.read($0, 0 ..< $0.count, origins: false) }
    }

    /// Link destinations nest at most 32 parentheses, so a search passes at
    /// most 33 of the repeated openers; an attribute list's search stops
    /// where an earlier one passed; a comment's "-->" is not searched for
    /// again after a search found none.
    @Test(arguments: ["[a](", "![a](", "^[a](", "[a](b (", "[a](<", "^[a](\"", "^[a](x \"", "<!--", "<a '\""])
    func aLineOfUnclosedMarkdownOpeners(piece: String) {
        let line = String(repeating: piece, count: Self.repetitions)
        let result = Self.markdown(line)
        #expect(result.lookaheadSteps <= 40 * line.utf8.count, "\(piece) repeated: \(result.lookaheadSteps) steps")
        // Nothing closes: the line is its text, as before.
        let isItsText = result.text == Array(line.utf8)
        #expect(isItsText && result.spans.isEmpty, "\(piece) repeated")
    }

    /// Backtick runs of 600 lengths, none closed: each length's search
    /// went to the line's end.
    @Test func backtickRunsOfManyLengthsThatNothingCloses() {
        let line = (1 ... 600).map { String(repeating: "`", count: $0) + "a" }.joined()
        let result = Self.markdown(line)
        #expect(result.lookaheadSteps <= 4 * line.utf8.count, "\(result.lookaheadSteps) steps")
        let isItsText = result.text == Array(line.utf8)
        #expect(isItsText && result.spans.isEmpty)
        // Runs that close still make code spans, after an opener that did not.
        let closed = Self.markdown("`` a ` b ` c ``` d")
        #expect(String(decoding: closed.text, as: UTF8.self) == "`` a b c ``` d")
        #expect(closed.spans.count == 1)
    }

    /// What does close is read as before, nested parentheses included.
    @Test func linksAndAttributeListsThatCloseReadAsBefore() throws {
        let line = "Voir [la page](https://a.fr/(x)) et ^[sel](ingredient: \"sel (fin)\") puis [b](c (titre)) et [d](e (ti(tre)). <!-- *a* -->*b*"
        let result = Self.markdown(line)
        #expect(String(decoding: result.text, as: UTF8.self) == "Voir la page et sel puis b et [d](e (ti(tre)). <!-- *a* -->b")
        #expect(result.spans.count == 4)
        // 32 parentheses deep is a destination; 33 is not.
        let deep = { (depth: Int) in "[a](" + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + ")" }
        #expect(String(decoding: Self.markdown(deep(32)).text, as: UTF8.self) == "a")
        #expect(String(decoding: Self.markdown(deep(33)).text, as: UTF8.self) == deep(33))
    }

    @Test(arguments: ["@a{", "#a{", "~{", "@a(", "@a{1}(", "@b@a{"])
    func aLineOfUnclosedCooklangOpeners(piece: String) {
        let line = Array(String(repeating: piece, count: Self.repetitions).utf8)
        let steps = line.withUnsafeBufferPointer { buffer in
            var reader = CooklangStepReader(line: buffer, startsInsideComment: false)
            reader.read()
            return reader.closers.steps
        }
        #expect(steps <= 4 * line.count, "\(piece) repeated: \(steps) steps")
    }

    /// Through a whole file, as `roux check` and the editor read it: each
    /// opener also has its warning, whose column used to be counted from
    /// the line's start. Read quadratically, this would take hours.
    @Test(.timeLimit(.minutes(1))) func aLongLineOfOpenersIsReadWithItsWarnings() throws {
        let markdown = "# Titre\n\n" + String(repeating: "[a](^[a](", count: 40_000) + "\n"
        let (recipe, warnings) = MarkdownRecipeFormat.read(markdown, path: "r.md")
        // "# " and the final newline are not text.
        #expect(recipe.document.text.utf8.count == markdown.utf8.count - 3)
        #expect(warnings.count == 40_000)
        #expect(warnings.last?.description == "r.md:3:\(9 * 40_000): attribute list not closed with \")\"; kept as text")
        let cooklang = String(repeating: "@a{#b(", count: 40_000) + "\n"
        let read = CooklangFormat.read(cooklang, path: "r.cook")
        #expect(read.recipe.document.text.utf8.count < cooklang.utf8.count)
        #expect(read.warnings.count == 40_000)
    }

    @Test func columnsInOneWalkAreTheColumnsOfEach() {
        let line = Array("é[a](ça^[x](🍩".utf8)
        let offsets = [12, 0, 3, 1, 30, 7, 3]
        let expected = offsets.map { offset in line.withUnsafeBufferPointer { MarkdownSyntax.column(of: offset, in: $0) } }
        #expect(line.withUnsafeBufferPointer { MarkdownSyntax.columns(of: offsets, in: $0) } == expected)
    }
}
