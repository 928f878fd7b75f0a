import Foundation
@testable import Recipes
import RichText
import Testing

/// A whole file is read in pieces of whole lines built on several threads and
/// joined: however it is cut, the result is the same document and the same
/// located errors.
@Suite("Loading in pieces")
struct PieceLoadingTests {
    static let body: Substring = {
        var lines: [String] = []
        for number in 0 ..< 300 {
            switch number % 7 {
            case 0: lines.append("## Étape \(number)")
            case 1: lines.append("")
            case 2: lines.append("Du ^[beurre](ingredient: \"beurre\") et **\(number)** g de ^[sucre ^[fin](underline: true)](ingredient: \"sucre\").")
            case 3: lines.append("שורה \(number) ~~barré~~ *italique* 👩‍🍳")
            case 4: lines.append(number % 3 == 0 ? "Cassé ^[ici(x)" : "Rien \\* de spécial")
            case 5: lines.append("#")
            default: lines.append("^[centré](alignment: \"center\") fin")
            }
        }
        return Substring(lines.joined(separator: "\n"))
    }()

    @Test(arguments: [1, 17, 400, 5000, 1 << 20])
    func anyCutGivesTheSameDocumentAndErrors(pieceBytes: Int) {
        let whole = MarkdownBody.parse(Self.body, path: "r.md", firstLine: 3, definition: .recipeFile, pieceBytes: 1 << 30)
        let cut = MarkdownBody.parse(Self.body, path: "r.md", firstLine: 3, definition: .recipeFile, pieceBytes: pieceBytes)
        #expect(cut.document.text.hasSameContent(as: whole.document.text))
        #expect(cut.errors == whole.errors)
        #expect(cut.ingredientIDs == [IngredientID("beurre"), IngredientID("sucre")])
        // Line 3 of the file is the body's first: line n of the body is n + 2.
        let brokenLines = (0 ..< 300).filter { $0 % 7 == 4 && $0 % 3 == 0 }.map { $0 + 3 }
        #expect(whole.errors.map(\.line) == brokenLines)
    }

    @Test(arguments: [1, 17, 400, 5000])
    func anyCutSavesTheSameMarkdown(pieceBytes: Int) throws {
        var texts = [MarkdownBody.parse(Self.body, path: "r.md", firstLine: 1, definition: .recipeFile).document.text]
        // Every fixture too, and a text ending with an empty paragraph.
        for name in FixtureTests.cases {
            let input = try String(contentsOf: FixtureTests.folder.appendingPathComponent(name).appendingPathComponent("in.md"), encoding: .utf8)
            if let recipe = try? MarkdownRecipeFormat.parse(input) { texts.append(recipe.document.text) }
        }
        texts.append(AttributedString("## Titre\n\nfin\n"))
        for text in texts {
            #expect(Self.markdown(text, pieceBytes: pieceBytes) == Self.markdown(text, pieceBytes: 1 << 30))
        }
    }

    /// The body written in pieces of `pieceBytes`, joined as a file joins them.
    static func markdown(_ text: AttributedString, pieceBytes: Int) -> [UInt8] {
        var joined: [UInt8] = []
        for (index, piece) in MarkdownBody.pieces(of: text, reusing: nil, lineEnding: "\n", pieceBytes: pieceBytes).enumerated() {
            if index > 0 { joined.append(0x0A) }
            guard case .written(let bytes, _) = piece.content else { return [] }
            joined += bytes
        }
        return joined
    }

    @Test func piecesAreWholeLinesEndingWithTheirNewline() {
        let pieces = Substring("ab\ncd\n\nef").piecesOfWholeLines(about: 2)
        #expect(pieces == ["ab\n", "cd\n", "\nef"])
        #expect(Substring("").piecesOfWholeLines(about: 8) == [""])
        #expect(Substring("abc").piecesOfWholeLines(about: 8) == ["abc"])
        #expect(Substring("abc\n").piecesOfWholeLines(about: 1) == ["abc\n", ""].filter { !$0.isEmpty })
    }
}
