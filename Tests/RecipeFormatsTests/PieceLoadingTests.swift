import Foundation
import PropertyBased
@testable import RecipeStorage
@testable import Recipes
@testable import RecipeFormats
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
            // A missing fixture is a failure, not a case skipped.
            let input = try String(contentsOf: FixtureTests.root.appendingPathComponent(name).appendingPathComponent("in.md"),
                                   encoding: .utf8)
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

    /// A piece that is one plain line is read straight into its text (the
    /// way a 5 MB paragraph loads): lines one to a piece read as they do
    /// among others, in every syntax and with "\r\n" line endings, text,
    /// attributes, warnings, states and the map's lines alike.
    @Test(arguments: [false, true])
    func aLineAloneInItsPieceReadsAsAmongOthers(crlf: Bool) async {
        let lines = ["Du sel et du poivre", "שורה עם מילים 12", "", "   ", "Titre", "===", "```", "**pas gras** ici", "```",
                     "Des @œufs{2} et #bol{}", "[- commentaire", "encore", "-]", ">> servings: 4", "-- note", "> citation",
                     "- 2 œufs", "plain (with) brackets; and-dashes", "\u{1B}[31m", "    indented", "fin"]
        await propertyCheck(count: PropertyCases.scaled(150), input: Gen.int(in: 0 ..< lines.count).array(of: 1 ... 14)) { codes in
            let body = Substring(codes.map { lines[$0] }.joined(separator: crlf ? "\r\n" : "\n"))
            Self.expectSameReadings(body, syntax: MarkdownSyntax(), crlf: crlf)
            Self.expectSameReadings(body, syntax: CooklangSyntax(), crlf: crlf)
            Self.expectSameReadings(body, syntax: PlainTextSyntax(), crlf: crlf)
            // Loaded a line a slice, each line's state comes from the one before.
            for format in [MarkdownRecipeFormat.self, PlainTextRecipeFormat.self] as [any RecipeFileFormat.Type] {
                let syntax = format.displayName
                var whole = ProgressiveRecipeLoad(recipe: Recipe(), body: body, nextLine: 1, path: "r", format: format, crlf: crlf)
                whole.loadMore(maxBytes: Int.max)
                var sliced = ProgressiveRecipeLoad(recipe: Recipe(), body: body, nextLine: 1, path: "r", format: format, crlf: crlf)
                while !sliced.isComplete { sliced.loadMore(maxBytes: 1) }
                #expect(sliced.recipe.document.text.hasSameContent(as: whole.recipe.document.text), "\(syntax): \(body.debugDescription)")
                #expect(sliced.warnings == whole.warnings, "\(syntax): \(body.debugDescription)")
            }
        }
    }

    static func expectSameReadings<Syntax: LineSyntax>(_ body: Substring, syntax: Syntax, crlf: Bool) {
        func read(_ pieceBytes: Int) -> (document: RichTextDocument, warnings: [RecipeFileError], ingredientIDs: Set<IngredientID>,
                                          lines: [[Int]]) {
            let read = BodyReader.readWhole(body, syntax: syntax, path: "r", crlf: crlf, firstLine: 1, sourceStart: 0,
                                            definition: .recipeFile, pieceBytes: pieceBytes)
            let lines = read.blocks.flatMap { block, textStart in
                (0 ..< block.lineCount).map { line -> [Int] in
                    let source = block.sourceRange(ofLine: line, lineEndingLength: crlf ? 2 : 1)
                    let text = block.textRange(ofLine: line)
                    return [source.lowerBound, source.upperBound, textStart + text.lowerBound, textStart + text.upperBound,
                            Int(block.state(beforeLine: line))]
                }
            }
            return (read.document, read.warnings, read.ingredientIDs, lines)
        }
        let whole = read(1 << 30)
        let alone = read(1)
        let context = "\(Syntax.self): \(body.debugDescription)"
        #expect(alone.document.text.hasSameContent(as: whole.document.text), "\(context)")
        #expect(alone.warnings == whole.warnings, "\(context)")
        #expect(alone.ingredientIDs == whole.ingredientIDs, "\(context)")
        #expect(alone.lines == whole.lines, "\(context)")
    }

    @Test func piecesAreWholeLinesEndingWithTheirNewline() {
        let pieces = Substring("ab\ncd\n\nef").piecesOfWholeLines(about: 2)
        #expect(pieces == ["ab\n", "cd\n", "\nef"])
        #expect(Substring("").piecesOfWholeLines(about: 8) == [""])
        #expect(Substring("abc").piecesOfWholeLines(about: 8) == ["abc"])
        #expect(Substring("abc\n").piecesOfWholeLines(about: 1) == ["abc\n", ""].filter { !$0.isEmpty })
    }
}
