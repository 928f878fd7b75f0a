import Foundation
@testable import Recipes
import RichText
import RouxTestSupport
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

    static func read(_ body: Substring, pieceBytes: Int, firstLine: Int = 3) -> (document: RichTextDocument, warnings: [RecipeFileError],
                                                                                ingredientIDs: Set<IngredientID>) {
        let read = BodyReader.readWhole(body, syntax: MarkdownSyntax(), path: "r.md", crlf: false, firstLine: firstLine, sourceStart: 0,
                                        definition: .recipeFile, pieceBytes: pieceBytes)
        return (read.document, read.warnings, read.ingredientIDs)
    }

    @Test(arguments: [1, 17, 400, 5000, 1 << 20])
    func anyCutGivesTheSameDocumentAndWarnings(pieceBytes: Int) {
        let whole = Self.read(Self.body, pieceBytes: 1 << 30)
        let cut = Self.read(Self.body, pieceBytes: pieceBytes)
        #expect(cut.document.text.hasSameContent(as: whole.document.text))
        #expect(cut.warnings == whole.warnings)
        #expect(cut.ingredientIDs == [IngredientID("beurre"), IngredientID("sucre")])
        // Line 3 of the file is the body's first: line n of the body is n + 2.
        let brokenLines = (0 ..< 300).filter { $0 % 7 == 4 && $0 % 3 == 0 }.map { $0 + 3 }
        #expect(whole.warnings.map(\.line) == brokenLines)
    }

    /// A fenced code block across a cut is still one: the state at each cut
    /// comes from the lines before it.
    @Test(arguments: [1, 5, 40])
    func aCodeBlockAcrossACutStaysCode(pieceBytes: Int) {
        let body: Substring = "avant **gras**\n```\n**pas gras**\n\n*ni italique*\n```\napres *italique*"
        let text = Self.read(body, pieceBytes: pieceBytes).document.text
        let whole = Self.read(body, pieceBytes: 1 << 30).document.text
        #expect(text.hasSameContent(as: whole))
        #expect(RunsDescription.of(text).contains { $0.hasPrefix("**pas gras**") })
        #expect(RunsDescription.of(text).contains("italique{italic}"))
    }

    @Test(arguments: [1, 17, 400, 5000])
    func anyCutSavesTheSameMarkdown(pieceBytes: Int) throws {
        var texts = [Self.read(Self.body, pieceBytes: 1 << 30, firstLine: 1).document.text]
        for name in FixtureTests.cases where name.hasPrefix("markdown/") {
            guard let input = try? String(contentsOf: FixtureTests.root.appendingPathComponent(name).appendingPathComponent("in.md"),
                                          encoding: .utf8) else { continue }
            texts.append(MarkdownRecipeFormat.parse(input).document.text)
        }
        texts.append(AttributedString("## Titre\n\nfin\n"))
        for text in texts {
            var recipe = Recipe()
            recipe.document = RichTextDocument(text: text, definition: .recipeFile)
            var writer = BodyWriter(syntax: MarkdownSyntax(), definition: .recipeFile, lineEnding: [0x0A], map: nil, source: nil)
            var wholeWriter = writer
            #expect(Self.bytes(writer.write(text, pieceBytes: pieceBytes)) == Self.bytes(wholeWriter.write(text, pieceBytes: 1 << 30)))
        }
    }

    static func bytes(_ output: BodyWriter<MarkdownSyntax>.Output) -> [UInt8] {
        var joined: [UInt8] = []
        for (index, unit) in output.units.enumerated() {
            if index > 0 { joined.append(0x0A) }
            guard case .bytes(let bytes) = unit.content else { return [] }
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
